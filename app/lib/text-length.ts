// How long a text is for a minimum length (decision 080). A minimum is there to refuse a message
// that says nothing ("hi"), not a whole sentence written in a script that needs fewer
// characters for it: "登録できません。" is eight characters and says "I cannot register".
// So what counts is how much is written, measured in letters as an alphabet spells them.

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })
// A Han character is a word or most of one; in English that takes about three letters.
const HAN = /^\p{Script=Han}/u
// A kana is a syllable: a consonant and a vowel.
const KANA = /^[\p{Script=Hiragana}\p{Script=Katakana}]/u
// A Hangul syllable is written from two or three letters (jamo), which NFD takes apart.
const HANGUL = /^\p{Script=Hangul}/u
// Letters, and the vowel and tone marks of Thai, Devanagari and the other abugidas.
const LETTER = /[\p{L}\p{M}\p{N}]/gu

/**
 * The length a minimum is checked against: a letter, digit or mark counts one (so a Thai or
 * Devanagari syllable counts its consonant and its marks), a kana two, a Han character three, a
 * Hangul syllable its jamo. Anything else a reader sees as one character (a space, a
 * punctuation mark, an emoji) counts one.
 */
export function textLength(value: string) {
  let length = 0
  for (const { segment } of segmenter.segment(value)) {
    if (HAN.test(segment)) length += 3
    else if (KANA.test(segment)) length += 2
    else if (HANGUL.test(segment))
      length += Math.max(1, segment.normalize('NFD').match(LETTER)?.length ?? 0)
    else length += Math.max(1, segment.match(LETTER)?.length ?? 0)
  }
  return length
}
