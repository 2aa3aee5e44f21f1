import type { SplitSheetView } from '~/services/certificates/documents/split-sheet-view'
import { WithIsolates } from './bidi'
import { SplitTotalsWarning } from './split-totals-warning'
import { TermNote } from './term'

const cell = 'border border-slate-400 px-2 py-1.5 text-left align-top'
// Figures and numbers stay on one line; on paper the text columns wrap (split-sheet-print.css).
const figure = `${cell} whitespace-nowrap text-right tabular-nums`

/** "Mixing/Mastering" may wrap after its slash, so a printed column can be narrow (issue 37.2). */
function Label({ text }: { text: string }) {
  const [first, ...rest] = text.split('/')
  return (
    <>
      {first}
      {rest.map((part, index) => (
        <span key={index}>
          /<wbr />
          {part}
        </span>
      ))}
    </>
  )
}

/**
 * The split sheet as a document: plain black on white so it prints as it looks (the page's
 * print stylesheet drops the site's header, footer and buttons). It lays out the sheet's one view
 * (split-sheet-view.ts), which the PDF lays out too: every word comes from there.
 */
export function SplitSheet({ view }: { view: SplitSheetView }) {
  const { table, signatures } = view
  const { labels } = table
  return (
    <article aria-label={view.name} className="split-sheet bg-white text-black">
      <header>
        <p className="text-xs font-semibold uppercase tracking-[0.2em]">{view.brand}</p>
        <h1 dir="auto" className="mt-1 break-words font-serif text-3xl font-bold">
          {view.title}
        </h1>
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {view.facts.map((fact) => (
            <div key={fact.name} className={fact.name === 'registration' ? 'sm:col-span-2' : ''}>
              <dt className="inline font-semibold">{fact.label}: </dt>
              <dd
                className={`inline ${fact.code ? 'font-mono' : ''}`}
                data-testid={`split-sheet-${fact.name}`}
              >
                {fact.value}
              </dd>
            </div>
          ))}
          {view.verify.public ? (
            <div className="sm:col-span-2">
              <dt className="inline font-semibold">{view.verify.lead} </dt>
              <dd className="inline">
                <a
                  href={view.verify.href}
                  className="break-all font-mono underline"
                  data-testid="split-sheet-verify-url"
                >
                  {view.verify.url}
                </a>
              </dd>
            </div>
          ) : null}
        </dl>
        {view.verify.public ? null : (
          <p className="mt-2 text-xs text-slate-600" data-testid="split-sheet-not-verifiable">
            {view.verify.note}
          </p>
        )}
      </header>

      <div className="mt-4">
        <SplitTotalsWarning warning={view.warning} />
      </div>
      {/* The table's PRO and IPI columns, explained before them, on paper as on screen. */}
      {view.terms.map((note, index) => (
        <TermNote key={note.term} note={note} className={index === 0 ? 'mt-2' : 'mt-1'} />
      ))}
      <div className="split-sheet-table mt-2 overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <caption className="mb-2 text-left text-sm font-semibold">{table.title}</caption>
          <thead>
            <tr>
              <th scope="col" rowSpan={2} className={cell}>
                {labels.contributor}
              </th>
              <th scope="col" rowSpan={2} className={cell}>
                {labels.pro}
              </th>
              <th scope="col" rowSpan={2} className={cell}>
                {labels.ipi}
              </th>
              {table.components.length > 0 ? (
                <th scope="colgroup" colSpan={table.components.length} className={cell}>
                  {labels.shares}
                </th>
              ) : null}
              <th scope="col" rowSpan={2} className={cell}>
                {labels.confirmation}
              </th>
            </tr>
            <tr>
              {table.components.map((label) => (
                <th key={label} scope="col" className={`${cell} text-right`}>
                  <Label text={label} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.people.map((person) => (
              <tr key={person.slot} data-testid={`split-sheet-${person.slot}`}>
                <th scope="row" className={`${cell} font-semibold`}>
                  <bdi>{person.name}</bdi>
                  <span className="block text-xs font-normal">
                    <WithIsolates text={person.role} />
                  </span>
                  {person.latinName ? (
                    <span className="block text-xs font-normal">
                      {labels.latinName}: <bdi data-testid="latin-name">{person.latinName}</bdi>
                    </span>
                  ) : null}
                </th>
                <td className={cell}>
                  <bdi>{person.pro ?? '—'}</bdi>
                </td>
                <td className={`${cell} whitespace-nowrap font-mono`}>{person.ipi ?? '—'}</td>
                {person.shares.map((share) => (
                  <td key={share.component} className={figure}>
                    {share.percent}
                  </td>
                ))}
                <td className={cell} data-testid={`split-sheet-status-${person.slot}`}>
                  {person.status.text}
                </td>
              </tr>
            ))}
            <tr data-testid="split-sheet-ai">
              <th scope="row" className={`${cell} font-semibold`}>
                {table.ai.name}
                <span className="block text-xs font-normal">{table.ai.role}</span>
              </th>
              {/* The AI holds no PRO or IPI. */}
              <td className={cell}>—</td>
              <td className={cell}>—</td>
              {table.ai.shares.map((share) => (
                <td key={share.component} className={figure}>
                  {share.percent}
                </td>
              ))}
              <td className={cell}>{table.ai.status.text}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="mt-4 text-xs">{view.note}</p>

      {/* Split sheets are signed on the day (issue 37.5): a line to sign and one to date, each. */}
      <section aria-labelledby="split-sheet-signatures" className="split-sheet-signatures mt-5">
        <h2 id="split-sheet-signatures" className="text-sm font-semibold">
          {signatures.title}
        </h2>
        <p className="mt-1 text-xs">{signatures.intro}</p>
        <ul className="grid gap-x-6 sm:grid-cols-2">
          {signatures.people.map((person) => (
            <li
              key={person.slot}
              className="split-sheet-signature mt-6 grid grid-cols-[1fr_7rem] gap-4 text-xs"
              data-testid={`split-sheet-signature-${person.slot}`}
            >
              <div>
                <div aria-hidden="true" className="h-6 border-b border-slate-700" />
                <p className="mt-1">{person.line}</p>
                <p className="font-semibold">
                  <bdi>{person.name}</bdi>
                </p>
              </div>
              <div>
                <div aria-hidden="true" className="h-6 border-b border-slate-700" />
                <p className="mt-1">{signatures.date}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </article>
  )
}
