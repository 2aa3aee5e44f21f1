import { Fragment, type ReactNode } from 'react'

// The services' English words in the page's language, as the loader found them
// (words.server.ts): a map from the English to the language's words, sent as the page's data.
export type ServiceWordsMap = Record<string, string>

/** The service's words translated, or null when they are not known. */
export function serviceWords(words: ServiceWordsMap, english: string): string | null {
  return words[english] ?? null
}

/** The service's words translated, or kept in English and marked so. */
export function ServiceWords({
  words,
  text,
  render = (shown) => shown,
}: {
  words: ServiceWordsMap
  text: string
  render?: (shown: string) => ReactNode
}) {
  const shown = serviceWords(words, text)
  return shown === null ? <span lang="en">{render(text)}</span> : <>{render(shown)}</>
}
/** Where a message's placeholder is filled with an element (a hash, a command, a link). */
export const GAP = '\u0000'

/** A whole sentence with elements in its gaps, in the order the language puts the sentence. */
export function Around({ text, parts }: { text: string; parts: ReactNode[] }) {
  return (
    <>
      {text.split(GAP).map((piece, index) => (
        <Fragment key={index}>
          {index > 0 ? parts[index - 1] : null}
          {piece}
        </Fragment>
      ))}
    </>
  )
}
