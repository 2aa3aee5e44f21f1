import { Fragment } from 'react'
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
      {/* On a phone, one card per person (issue 51.8); on a wider screen and on paper, the table. */}
      <PeopleCards view={view} />
      <div className="split-sheet-table mt-2 hidden overflow-x-auto sm:block print:block">
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
                  {person.publisher ? (
                    <span className="block text-xs font-normal" data-testid="publisher">
                      <WithIsolates text={person.publisher} />
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
                <AiTools ai={table.ai} />
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
      <SongSection song={view.song} />
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

/** One card per person, then the AI's: every share and confirmation inside a phone's width. */
function PeopleCards({ view }: { view: SplitSheetView }) {
  const { table } = view
  const { labels } = table
  return (
    <section aria-label={table.title} className="mt-3 sm:hidden print:hidden">
      <h2 className="text-sm font-semibold">{table.title}</h2>
      <ul className="mt-2 space-y-3">
        {table.people.map((person) => (
          <li
            key={person.slot}
            className="rounded-lg border border-slate-400 p-3 text-sm"
            data-testid={`split-sheet-card-${person.slot}`}
          >
            <p className="break-words font-semibold">
              <bdi>{person.name}</bdi>
            </p>
            <p className="text-xs">
              <WithIsolates text={person.role} />
            </p>
            <dl className="mt-2 space-y-1">
              {person.latinName ? (
                <CardFact label={labels.latinName}>
                  <bdi>{person.latinName}</bdi>
                </CardFact>
              ) : null}
              <CardFact label={labels.pro}>
                <bdi>{person.pro ?? '—'}</bdi>
              </CardFact>
              <CardFact label={labels.ipi}>
                <span className="font-mono">{person.ipi ?? '—'}</span>
              </CardFact>
              {person.publisher ? (
                <p className="text-xs">
                  <WithIsolates text={person.publisher} />
                </p>
              ) : null}
              {person.shares.map((share) => (
                <CardFact key={share.component} label={share.label} figure>
                  {share.percent}
                </CardFact>
              ))}
              <CardFact label={labels.song}>{person.song.text}</CardFact>
              <CardFact label={labels.confirmation}>{person.status.text}</CardFact>
            </dl>
          </li>
        ))}
        <li
          className="rounded-lg border border-slate-400 p-3 text-sm"
          data-testid="split-sheet-card-ai"
        >
          <p className="font-semibold">{table.ai.name}</p>
          <p className="text-xs">{table.ai.role}</p>
          <AiTools ai={table.ai} />
          <dl className="mt-2 space-y-1">
            {table.ai.shares.map((share) => (
              <CardFact key={share.component} label={share.label} figure>
                {share.percent}
              </CardFact>
            ))}
            <CardFact label={labels.confirmation}>{table.ai.status.text}</CardFact>
          </dl>
        </li>
      </ul>
    </section>
  )
}

/** Only the AI tools the owner named, with their parts; or that none were named (decision 119). */
function AiTools({ ai }: { ai: SplitSheetView['table']['ai'] }) {
  return (
    <span className="block text-xs font-normal" data-testid="split-sheet-ai-tools">
      {ai.toolsLabel}:{' '}
      {ai.tools.map((line, index) => (
        <Fragment key={line}>
          {index > 0 ? '; ' : null}
          <bdi>{line}</bdi>
        </Fragment>
      ))}
    </span>
  )
}

function CardFact({
  label,
  figure = false,
  children,
}: {
  label: string
  figure?: boolean
  children: React.ReactNode
}) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3">
      <dt className="font-medium">{label}</dt>
      <dd className={`min-w-0 break-words ${figure ? 'tabular-nums' : 'text-right'}`}>
        {children}
      </dd>
    </div>
  )
}

/** The song apart from the recording (issue 51, decision 117): each writer's share of it. */
function SongSection({ song }: { song: SplitSheetView['song'] }) {
  return (
    <section
      aria-labelledby="split-sheet-song"
      className="mt-4 text-sm"
      data-testid="split-sheet-song"
    >
      <h2 id="split-sheet-song" className="font-semibold">
        {song.title}
      </h2>
      <p className="mt-1 text-xs">
        {song.weight.label}: <span data-testid="split-sheet-weight">{song.weight.value}</span>
      </p>
      <ul className="mt-1 space-y-0.5">
        {song.writers.map((writer) => (
          <li key={writer.slot} data-testid={`split-sheet-writer-${writer.slot}`}>
            <bdi className="font-semibold">{writer.name}</bdi> — {writer.text}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs">{song.total}</p>
      {song.notes.map((note) => (
        <p key={note} className="mt-1 text-xs">
          <WithIsolates text={note} />
        </p>
      ))}
      {song.credited ? (
        <p className="mt-1 text-xs">
          <WithIsolates text={song.credited} />
        </p>
      ) : null}
    </section>
  )
}
