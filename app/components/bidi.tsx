import { Fragment } from 'react'

/**
 * A sentence of ours quoting what people typed, with each quoted value in its own <bdi> (issue
 * 26): a right-to-left name would otherwise reorder the words and figures around it. `values`
 * are the typed texts the sentence may hold; the longest is matched first, so a name that holds
 * another is set apart whole.
 */
export function Isolated({
  text,
  values,
}: {
  text: string
  values: (string | null | undefined)[]
}) {
  const wanted = [...new Set(values.filter((v): v is string => Boolean(v && v.trim())))].sort(
    (a, b) => b.length - a.length,
  )
  if (wanted.length === 0) return <>{text}</>
  const parts: { text: string; typed: boolean }[] = []
  let rest = text
  while (rest !== '') {
    let at = -1
    let found = ''
    for (const value of wanted) {
      const index = rest.indexOf(value)
      if (index !== -1 && (at === -1 || index < at)) {
        at = index
        found = value
      }
    }
    if (at === -1) {
      parts.push({ text: rest, typed: false })
      break
    }
    if (at > 0) parts.push({ text: rest.slice(0, at), typed: false })
    parts.push({ text: found, typed: true })
    rest = rest.slice(at + found.length)
  }
  return (
    <>
      {parts.map((part, index) =>
        part.typed ? (
          <bdi key={index}>{part.text}</bdi>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  )
}

/**
 * Text whose typed values arrive set apart by isolate() (app/lib/bidi.ts: U+2068 … U+2069), as a
 * toast's description does: each isolated run becomes a <bdi>, the marks themselves go.
 */
export function WithIsolates({ text }: { text: string }) {
  if (!text.includes('\u2068')) return <>{text}</>
  const parts = text.split(/(\u2068[^\u2068\u2069]*\u2069)/u)
  return (
    <>
      {parts.map((part, index) =>
        part.startsWith('\u2068') ? (
          <bdi key={index}>{part.slice(1, -1)}</bdi>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  )
}
