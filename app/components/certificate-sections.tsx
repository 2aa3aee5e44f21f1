import { Fragment, type ReactNode } from 'react'
import type {
  CertificateRow,
  CertificateSection,
  Tone,
} from '~/services/certificates/record/certificate-rows'
import { SplitTotalsWarning } from './split-totals-warning'
import { Shares } from './shares'
import { Isolated } from './bidi'
import { TermNote } from './term'
import { TAP_TARGET, TAP_TARGET_SUMMARY } from './ui/button'
import { useT } from '~/i18n/react'

// The certificate's sections laid out (components/certificate.tsx draws the whole certificate
// with them; the verify page's record lead draws its first two). A module of its own, so the
// verify page loads the layout of the sections it shows and not the whole certificate's view.

function Section({
  section,
  level = 2,
  children,
}: {
  section: CertificateSection
  /** Under a page's own title (the verify page's record), the sections' headings go one down. */
  level?: 2 | 3
  children: ReactNode
}) {
  const id = `cert-${section.id}`
  const wide = section.width === 'half' ? '' : 'cert-section-long cert-wide sm:col-span-2'
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <section aria-labelledby={id} className={`cert-section min-w-0 break-inside-avoid ${wide}`}>
      <Heading
        id={id}
        className="cert-heading border-b border-slate-300 pb-1 text-xs font-bold uppercase tracking-[0.18em] text-brand-700"
      >
        {section.title}
      </Heading>
      <div className="mt-2">{children}</div>
    </section>
  )
}

/**
 * Some of a certificate view's sections, laid out as the certificate lays them out: what the
 * verify page leads with (the people, their confirmations and the split), in the certificate's
 * own words.
 */
export function CertificateSections({
  sections,
  level = 2,
}: {
  sections: CertificateSection[]
  level?: 2 | 3
}) {
  return (
    <>
      {sections
        .filter((section) => section.rows.length > 0 || section.empty !== null)
        .map((section) => (
          <Section key={section.id} section={section} level={level}>
            <SectionRows section={section} />
          </Section>
        ))}
    </>
  )
}

export function ExternalLink({
  href,
  children,
  className = '',
}: {
  href: string
  children: ReactNode
  className?: string
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      // A long address breaks where it must; a label's words break only between words.
      className={`text-brand-700 underline underline-offset-2 [overflow-wrap:anywhere] hover:text-brand-900 ${className}`}
    >
      {children}
    </a>
  )
}

const TONES: Record<Tone, string> = {
  plain: 'text-slate-900',
  muted: 'text-slate-600',
  confirmed: 'font-semibold text-green-800',
  disputed: 'font-semibold text-red-800',
}

type Row<K extends CertificateRow['kind']> = Extract<CertificateRow, { kind: K }>

function Person({ row }: { row: Row<'person'> }) {
  return (
    <li className="text-sm">
      <p>
        <bdi className="font-semibold">{row.name}</bdi>{' '}
        {row.latinName ? (
          <>
            (<bdi data-testid="latin-name">{row.latinName}</bdi>){' '}
          </>
        ) : null}
        <span className="text-slate-500">— {row.role}</span>
      </p>
      {row.details.length > 0 ? (
        <p className="text-xs text-slate-600">
          {row.details.map((detail, index) => (
            <Fragment key={detail.label}>
              {index > 0 ? ' · ' : null}
              {detail.label}: {detail.value}
            </Fragment>
          ))}
        </p>
      ) : null}
      <p
        className={`text-xs ${TONES[row.status.tone]}`}
        data-testid={`contributor-status-${row.slot}`}
      >
        <Isolated text={row.status.text} values={row.status.names} />
      </p>
    </li>
  )
}

function Fact({ row, across = false }: { row: Row<'fact'>; across?: boolean }) {
  return (
    <div className={`cert-fact min-w-0 ${across ? 'col-span-full' : ''}`}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{row.label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">
        <span
          className={
            row.code ? 'block break-all font-mono text-xs' : 'whitespace-pre-line break-words'
          }
          data-testid={`certificate-${row.name}`}
        >
          {/* A link alone in its row is a control of its own: 24 px tall at least (issue 39.9). */}
          {row.link ? (
            <ExternalLink href={row.link} className="inline-block min-h-6 leading-6">
              {row.value}
            </ExternalLink>
          ) : (
            <WithNames text={row.value} />
          )}
        </span>
        {row.note ? (
          <span
            className="block text-xs text-slate-600"
            data-testid={`certificate-${row.note.name}`}
          >
            {row.note.text}
          </span>
        ) : null}
      </dd>
    </div>
  )
}

/**
 * A text whose typed names the view set apart (U+2068 … U+2069, lib/bidi.ts' isolate), each name
 * drawn in a <bdi> of its own: the words around it are the page's language, the name as typed.
 */
function WithNames({ text }: { text: string }) {
  const parts = text.split(/\u2068([^\u2069]*)\u2069/)
  if (parts.length === 1) return <>{text}</>
  return (
    <>
      {parts.map((part, index) =>
        // split() with a capture group puts each name at an odd index.
        index % 2 === 1 ? <bdi key={index}>{part}</bdi> : part,
      )}
    </>
  )
}

/** Consecutive rows of one kind, shown as one list. */
function runs(rows: CertificateRow[]) {
  const key = (row: CertificateRow) =>
    (row.kind === 'fact' || row.kind === 'term') && row.technical ? 'technical' : row.kind
  const groups: { key: string; rows: CertificateRow[] }[] = []
  for (const row of rows) {
    const last = groups.at(-1)
    if (last?.key === key(row)) last.rows.push(row)
    else groups.push({ key: key(row), rows: [row] })
  }
  return groups
}

function SectionRows({ section }: { section: CertificateSection }) {
  const t = useT()
  if (section.rows.length === 0) return <p className="text-sm text-slate-600">{section.empty}</p>
  const grid = {
    half: 'space-y-2',
    wide: 'grid gap-2 sm:grid-cols-2',
    // A table's short facts side by side (the AI disclosure's components); a fact with a note
    // across. One column below 400 px: two cut "INSTRUMENTATION" mid-word at 320 px.
    table: 'grid grid-cols-1 gap-2 min-[400px]:grid-cols-2 sm:grid-cols-3 lg:grid-cols-5',
    long: 'grid gap-2 sm:grid-cols-2',
  }[section.width]
  return (
    <>
      {runs(section.rows).map(({ key, rows }, index) => {
        const of = <K extends CertificateRow['kind']>(kind: K) =>
          rows.filter((row): row is Row<K> => row.kind === kind)
        switch (key) {
          case 'person':
            return (
              <ul key={index} className="space-y-2">
                {of('person').map((row) => (
                  <Person key={row.slot} row={row} />
                ))}
              </ul>
            )
          case 'shares':
            return (
              <dl key={index} className="space-y-1.5">
                {of('shares').map((row) => (
                  <div
                    key={row.component}
                    className="flex flex-wrap gap-x-2 text-sm"
                    data-testid={`breakdown-${row.component}`}
                  >
                    <dt className="font-semibold">{row.label}:</dt>
                    <dd>
                      <Shares shares={row.shares} empty={row.text} />
                    </dd>
                  </div>
                ))}
              </dl>
            )
          case 'fact':
            return (
              <dl key={index} className={grid}>
                {of('fact').map((row) => (
                  <Fact
                    key={row.name + row.label}
                    row={row}
                    across={section.width === 'table' && Boolean(row.note)}
                  />
                ))}
              </dl>
            )
          case 'technical':
            // Closed on screen, printed open (tailwind.css). Issue 25.9.
            return (
              <details key={index} className="cert-tech mt-3" data-testid="certificate-technical">
                <summary
                  className={`${TAP_TARGET_SUMMARY} no-print cursor-pointer text-sm font-semibold text-slate-700`}
                >
                  {t('certificate.technical')}
                </summary>
                {of('term').map((row) => (
                  <TermNote key={row.term} note={row.note} className="mt-2" />
                ))}
                <dl className="mt-2 grid gap-2 sm:grid-cols-2">
                  {of('fact').map((row) => (
                    <Fact key={row.name} row={row} />
                  ))}
                </dl>
              </details>
            )
          case 'warning':
            return of('warning').map((row) =>
              row.name === 'split-totals' ? (
                <SplitTotalsWarning key={row.name} warning={row.text} />
              ) : (
                <p
                  key={row.name}
                  role="note"
                  data-testid={`certificate-${row.name}`}
                  className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
                >
                  {row.text}
                </p>
              ),
            )
          case 'link':
            return (
              <p
                key={index}
                className="mt-3 flex flex-col gap-x-6 gap-y-1 text-sm sm:flex-row sm:flex-wrap"
              >
                {of('link').map((row) => (
                  <ExternalLink
                    key={row.label}
                    href={row.href}
                    className={`${TAP_TARGET} cert-print-url`}
                  >
                    {row.label}
                  </ExternalLink>
                ))}
              </p>
            )
          case 'long':
            return of('long').map((row) => (
              <div
                key={row.style}
                className={
                  row.style === 'lyrics'
                    ? 'cert-lyrics whitespace-pre-line break-words font-serif text-sm leading-relaxed text-slate-800'
                    : 'whitespace-pre-line break-words text-sm text-slate-800'
                }
              >
                {row.text}
              </div>
            ))
          case 'term':
            // Under the title that may name it, before the rows that use it.
            return of('term').map((row) => (
              <TermNote key={row.term} note={row.note} className="mb-2" />
            ))
          default:
            return null
        }
      })}
    </>
  )
}
