// A name's Latin form in plain ASCII (issue 40, decision 084; issue 49): what the DDEX export
// files as FullNameAsciiTranscribed, and what a PDF prints when no font draws the Latin form
// the writer gave.

// Latin letters that do not decompose into a base letter and a mark.
const LATIN_LETTERS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
  ŋ: 'n',
  Ŋ: 'N',
  '\u2019': "'",
  '\u2018': "'",
}

/**
 * A Latin-script name in ASCII: marks dropped ("Nguyễn" → "Nguyen"), a few letters spelled out
 * ("Łódź" → "Lodz"). Null when something would still not be ASCII: a name is never made up.
 */
export function asciiTranscription(latin: string) {
  const ascii = latin
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^ -~]/g, (letter) => LATIN_LETTERS[letter] ?? letter)
    .normalize('NFC')
  return /^[\u0020-\u007e]+$/.test(ascii) ? ascii : null
}
