// The pseudo-language's text (issue 54): each letter accented, each vowel doubled. English grows
// by about a third, as German and French do, and a word the catalogue never saw stays plain
// ASCII, which is how tests/e2e/i18n-pseudo.test.ts finds it. Identifiers written in capitals
// (PRO, SHA-256, ISRC, AI) stay as they are, as every language writes them: a glossary note
// still finds its term.
const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index]!,
  ]),
)
const VOWELS = new Set([...'aeiouAEIOU'])
const IDENTIFIER = /^[A-Z0-9][A-Z0-9-]+$/

export function pseudoText(text: string) {
  return text
    .split(/([A-Za-z0-9-]+)/)
    .map((part) => (IDENTIFIER.test(part) ? part : accented(part)))
    .join('')
}

function accented(text: string) {
  let out = ''
  for (const char of text) {
    const letter = ACCENTED[char]
    if (!letter) out += char
    else out += VOWELS.has(char) ? letter + letter : letter
  }
  return out
}
