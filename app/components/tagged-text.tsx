import { Fragment, type ReactNode } from 'react'

// A translated sentence with part of it drawn as an element (a link, a bold phrase): the message
// marks the part `<0>…</0>`, Lingui's convention, which translators' tools keep as a tag. The
// formatter has no rich text (decision 120); the numbered tags survive the compiler and the
// pseudo-language as plain text, so the sentence stays whole in every language (decision 123).
const TAG = /<(\d)>(.*?)<\/\1>/gs

/** `text` with each `<n>…</n>` drawn by `parts[n]`; a tag without a part stays as its words. */
export function tagged(text: string, parts: ((children: string) => ReactNode)[]): ReactNode[] {
  const drawn: ReactNode[] = []
  let at = 0
  for (const found of text.matchAll(TAG)) {
    if (found.index > at) drawn.push(text.slice(at, found.index))
    const draw = parts[Number(found[1])]
    drawn.push(<Fragment key={found.index}>{draw ? draw(found[2]!) : found[2]}</Fragment>)
    at = found.index + found[0].length
  }
  if (at < text.length) drawn.push(text.slice(at))
  return drawn
}
