import { statusText, ROLE_LABELS } from '~/lib/confirmations'
import { formatLongDate } from '~/lib/dates'
import { COMPONENT_LABELS } from '~/lib/song-constants'
import { registrationText, SPLIT_SHEET_NOTE } from '~/lib/split-sheet'
import type { SplitSheet as SplitSheetData } from '~/services/certificates/split-sheet.server'
import { SplitTotalsWarning } from './split-totals-warning'
import { TermNote } from './term'
import { PRO } from '~/lib/glossary/pro'
import { IPI } from '~/lib/glossary/ipi'

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
 * print stylesheet drops the site's header, footer and buttons).
 */
export function SplitSheet({
  sheet,
  appName,
  timeZone,
  verifyUrl,
  totalsWarning,
}: {
  sheet: SplitSheetData
  appName: string
  timeZone: string
  /** The registered record's verify page, in full; null before registration. */
  verifyUrl: string | null
  /** What is wrong with a split that is not whole (lib/split-totals.ts); null for a whole one. */
  totalsWarning: string | null
}) {
  return (
    <article
      aria-label={`Split sheet for ${sheet.title}`}
      className="split-sheet bg-white text-black"
    >
      <header>
        <p className="text-xs font-semibold uppercase tracking-[0.2em]">{appName} · Split sheet</p>
        <h1 dir="auto" className="mt-1 break-words font-serif text-3xl font-bold">
          {sheet.title}
        </h1>
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline font-semibold">Certificate ID: </dt>
            <dd className="inline font-mono">{sheet.certificateId}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Created: </dt>
            <dd className="inline">{formatLongDate(sheet.dateCreated)}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="inline font-semibold">Registration: </dt>
            <dd className="inline" data-testid="split-sheet-registration">
              {registrationText(sheet.registration, timeZone)}
            </dd>
          </div>
          {verifyUrl ? (
            <div className="sm:col-span-2">
              <dt className="inline font-semibold">Verify: </dt>
              <dd className="inline">
                <a
                  href={`/verify/${sheet.certificateId}`}
                  className="break-all font-mono underline"
                  data-testid="split-sheet-verify-url"
                >
                  {verifyUrl}
                </a>
              </dd>
            </div>
          ) : null}
        </dl>
      </header>

      <div className="mt-4">
        <SplitTotalsWarning warning={totalsWarning} />
      </div>
      {/* The table's PRO and IPI columns, explained before them, on paper as on screen. */}
      <TermNote note={PRO} className="mt-2" />
      <TermNote note={IPI} className="mt-1" />
      <div className="split-sheet-table mt-2 overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <caption className="mb-2 text-left text-sm font-semibold">
            Shares per component (%)
          </caption>
          <thead>
            <tr>
              <th scope="col" className={cell}>
                Contributor
              </th>
              <th scope="col" className={cell}>
                PRO
              </th>
              <th scope="col" className={cell}>
                IPI / PRO #
              </th>
              {sheet.components.map((component) => (
                <th key={component} scope="col" className={`${cell} text-right`}>
                  <Label text={COMPONENT_LABELS[component]} />
                </th>
              ))}
              <th scope="col" className={cell}>
                Confirmation
              </th>
            </tr>
          </thead>
          <tbody>
            {sheet.contributors.map((person) => (
              <tr key={person.slot} data-testid={`split-sheet-${person.slot}`}>
                <th scope="row" className={`${cell} font-semibold`}>
                  <bdi>{person.name}</bdi>
                  {person.latinName ? (
                    <>
                      {' '}
                      (<bdi data-testid="latin-name">{person.latinName}</bdi>)
                    </>
                  ) : null}
                  <span className="block text-xs font-normal">
                    {ROLE_LABELS[person.slot]}
                    {person.name !== person.declaredName && (
                      <>
                        , declared as <bdi>{person.declaredName}</bdi>
                      </>
                    )}
                  </span>
                </th>
                <td className={cell}>
                  <bdi>{person.pro || '—'}</bdi>
                </td>
                <td className={`${cell} whitespace-nowrap font-mono`}>{person.ipi || '—'}</td>
                {person.shares.map((share) => (
                  <td key={share.component} className={figure}>
                    {Number(share.percent)}%
                  </td>
                ))}
                <td className={cell} data-testid={`split-sheet-status-${person.slot}`}>
                  {statusText(person.status, { recorded: sheet.recorded, timeZone })}
                </td>
              </tr>
            ))}
            <tr data-testid="split-sheet-ai">
              <th scope="row" className={`${cell} font-semibold`}>
                AI
                <span className="block text-xs font-normal">AI tools, as declared</span>
              </th>
              <td className={cell}>—</td>
              <td className={cell}>—</td>
              {sheet.ai.map((share) => (
                <td key={share.component} className={figure}>
                  {Number(share.percent)}%
                </td>
              ))}
              <td className={cell}>Declared by the submitter</td>
            </tr>
          </tbody>
        </table>
      </div>
      <p className="mt-4 text-xs">{SPLIT_SHEET_NOTE}</p>
    </article>
  )
}
