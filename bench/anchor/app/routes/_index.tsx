import type { MetaFunction } from '@remix-run/node'

export const meta: MetaFunction = () => [{ title: 'Empty Remix page' }]

// About 5 KB of HTML with the framework's own scripts: the "empty Remix page".
const paragraphs = Array.from(
  { length: 12 },
  (_, i) =>
    `Paragraph ${i + 1}. This page has one route, no loader, no database and no styles: it is what ` +
    `Remix 2 itself costs to render a small document, measured beside the real pages in the same run.`,
)

export default function Index() {
  return (
    <main>
      <h1>Empty Remix page</h1>
      {paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </main>
  )
}
