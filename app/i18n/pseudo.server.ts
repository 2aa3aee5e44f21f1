// The pseudo-language's text (issue 54): each letter accented, each vowel doubled. English grows
// by about a third, as German and French do, and a word the catalogue never saw stays plain
// ASCII, which is how tests/e2e/i18n-pseudo.test.ts finds it.
const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index]!,
  ]),
)
const VOWELS = new Set([...'aeiouAEIOU'])

export function pseudoText(text: string) {
  let out = ''
  for (const char of text) {
    const accented = ACCENTED[char]
    if (!accented) out += char
    else out += VOWELS.has(char) ? accented + accented : accented
  }
  return out
}
