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
