import type { ReactNode } from 'react'

// A sentence with elements inside it (a name in <bdi>, an address in <strong>) is translated
// whole (decision 120): its placeholders are filled with private-use marks, and the marks then
// replaced by the elements. Up to eight parts a sentence.
const MARKS = ['\uE000', '\uE001', '\uE002', '\uE003', '\uE004', '\uE005', '\uE006', '\uE007']

/**
 * `withParts((marks) => t(id, marks), { name: <bdi>…</bdi> })`: the sentence `t` formats, each
 * part's placeholder drawn as the part.
 */
export function withParts(
  format: (marks: Record<string, string>) => string,
  parts: Record<string, ReactNode>,
) {
  const names = Object.keys(parts)
  const text = format(Object.fromEntries(names.map((name, index) => [name, MARKS[index]!])))
  const byMark = new Map(names.map((name, index) => [MARKS[index], parts[name]]))
  return text.split(/([\uE000-\uE007])/).map((piece) => byMark.get(piece) ?? piece)
}
