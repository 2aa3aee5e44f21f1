import { CertificateTimeline } from './charts'
import { useNavigate } from '@remix-run/react'
import { type MouseEvent, type ReactNode, useCallback } from 'react'
import { RegisterButton } from './register-modal'
import { type RegistrationDone, RegistrationComplete } from './registration-complete'
import { formatDayInZone } from '~/lib/dates'
import { formatDate, intlLocale } from '~/i18n/format'
import { withParts } from '~/i18n/form-errors'
import { type Translate, useLocale, useT } from '~/i18n/react'
import { networkWords } from './registration-words'
import { isWebUrl } from '~/lib/web-link'
import { locksSong } from '~/lib/song-lock'
import type { RegistrationView, SongView } from '~/services/songs/songs.server'
import { TimeZoneNote, useTimeZone } from './time-zone'
import { ButtonLink, TAP_TARGET, TAP_TARGET_LINE } from './ui/button'
import { Tooltip } from './ui/tooltip'
import { COLUMN_IDS, SongsTableHead } from './dashboard-skeleton'

/** The English of 'dashboard.row.lockedTooltip' (SPEC §9), as the spec's tests read it. */
export const LOCKED_TOOLTIP =
  'Registered songs can’t be edited to keep your original work details locked and matched across all systems.'

/**
 * What a row needs of the loader's SongView. The dates and the link may be missing (rows written
 * outside the app; the row then says so), and an older registration may not name its network.
 */
export type SongRowData = Pick<SongView, 'id' | 'title' | 'isRegistered'> & {
  [K in 'fileLink' | 'dateCreated' | 'createdAt']: SongView[K] | null
} & {
  /** Issue 13: where the co-writers' confirmations stand; null for a song with nobody to ask. */
  confirmations?: { named: number; confirmed: number; disputed: number } | null
} & {
  registration:
    | (Pick<RegistrationView, 'createdAt' | 'status'> & Partial<Pick<RegistrationView, 'network'>>)
    | null
}

export interface DashboardProps {
  name: string
  /** The account's first signed-in visit: "Welcome", since there is no "back" yet (decision 115). */
  firstSignIn?: boolean
  appName: string
  stats: { totalSongs: number; blockchainCertified: number }
  emailVerified: boolean
  songs: SongRowData[]
  /** Certificates per UTC month, oldest first (certificatesByMonth). */
  timeline: { month: string; count: number }[]
  /** The registration just completed, when the dashboard was returned to after it (SPEC §4). */
  registered?: (RegistrationDone & { songId: number }) | null
}

export function Dashboard({
  name,
  firstSignIn = false,
  appName,
  stats,
  emailVerified,
  songs,
  timeline,
  registered,
}: DashboardProps) {
  const t = useT()
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      {registered && (
        <div className="mb-6">
          <RegistrationComplete songId={registered.songId} done={registered} />
        </div>
      )}
      <section className="rounded-xl bg-gradient-to-r from-brand-600 to-brand-700 p-6 text-white sm:p-8">
        <h1 className="text-2xl font-bold sm:text-3xl">
          {withParts(
            (marks) => t(firstSignIn ? 'dashboard.welcome' : 'dashboard.welcomeBack', marks),
            { name: <bdi key="name">{name}</bdi> },
          )}
        </h1>
        <p className="mt-2 text-brand-100">{t('dashboard.tagline')}</p>
        <ButtonLink to="/submit" variant="inverse" className="mt-6">
          {t('dashboard.newSubmission')}
        </ButtonLink>
      </section>

      {!emailVerified && (
        <p className="mt-6 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          {t('dashboard.verifyEmail.text')}{' '}
          <a href="/verify-email" className="font-semibold underline">
            {t('dashboard.verifyEmail.link')}
          </a>
        </p>
      )}

      <section aria-label={t('dashboard.stats.label')} className="mt-6 grid gap-4 sm:grid-cols-2">
        <StatCard
          label={t('dashboard.stats.certified', { appName })}
          testId={`${appName} Certified`}
          value={stats.totalSongs}
        />
        <StatCard
          label={t('dashboard.stats.registered')}
          testId="Blockchain Registered"
          value={stats.blockchainCertified}
        />
      </section>

      {stats.totalSongs > 0 && <CertificateTimeline months={timeline} />}

      {/* Not a landmark of its own: the table's scroll box is the "Recent Submissions" region. */}
      <section className="mt-8 rounded-xl border border-slate-200">
        <h2 className="border-b border-slate-200 px-6 py-4 text-lg font-semibold text-slate-900">
          {t('dashboard.recent.title')}
        </h2>
        {songs.length === 0 ? (
          <EmptySongs />
        ) : (
          <>
            <SongsTable songs={songs} caption={t('dashboard.recent.title')} from="dashboard" />
            <div className="border-t border-slate-200 px-6 py-4 text-center">
              <ButtonLink to="/songs" variant="secondary">
                {t('dashboard.recent.viewAll')}
              </ButtonLink>
            </div>
          </>
        )}
      </section>
    </div>
  )
}

export function EmptySongs() {
  const t = useT()
  return (
    <div className="px-6 py-12 text-center">
      <p className="text-slate-600">{t('dashboard.empty.text')}</p>
      <ButtonLink to="/submit" className="mt-4">
        {t('dashboard.empty.create')}
      </ButtonLink>
    </div>
  )
}

/**
 * The songs table of the dashboard and of /songs. Below 768 px each song is a card whose cells
 * carry their column's name, so every action is on screen without scrolling sideways (issue
 * 25.6); wider, the table's box scrolls (focusable, so it scrolls from the keyboard too).
 */
export function SongsTable({
  songs,
  caption,
  from,
}: {
  songs: SongRowData[]
  caption: string
  /** The page the table is on, so a song's delete page leads back to it. */
  from: 'dashboard' | 'songs'
}) {
  const zone = useTimeZone()
  const followLink = useTableLinks()
  // Read once for the table, not per row: a dashboard draws many rows (issue 53).
  const t = useT()
  const locale = useLocale()
  const labels = COLUMN_IDS.map((id) => t(id))
  return (
    <>
      {/* The clicks are its links' (each reachable and used by keyboard): only passed on. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions */}
      <div
        role="region"
        aria-label={caption}
        tabIndex={0}
        onClick={followLink}
        className="focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 md:overflow-x-auto"
      >
        <table className="block w-full text-left text-sm md:table md:min-w-[56rem]">
          <caption className="sr-only">{caption}</caption>
          <SongsTableHead />
          <tbody className="block divide-y divide-slate-200 md:table-row-group">
            {songs.map((song) => (
              <SongRow
                key={song.id}
                song={song}
                timeZone={zone.timeZone}
                from={from}
                t={t}
                locale={locale}
                labels={labels}
              />
            ))}
          </tbody>
        </table>
      </div>
      <TimeZoneNote choice={zone} className="px-4 py-2" />
    </>
  )
}

/**
 * The table's own links are plain anchors, and this one handler on the table sends a click on any
 * of them through the router, as a Remix Link does: six Links a row, each with its hooks, were
 * about a seventh of the server's time for a dashboard drawn for the request (issue 53, decision
 * 116). `data-discover` has Remix look their routes up ahead as it does a Link's. Without
 * JavaScript they are the same links. A link that opens a new tab, a click with a modifier key,
 * and a click a link's own handler took (Register opens its dialog) are left alone.
 */
function useTableLinks() {
  const navigate = useNavigate()
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const anchor = event.target instanceof Element ? event.target.closest('a') : null
      const href = anchor?.getAttribute('href')
      if (!anchor || anchor.target || !href?.startsWith('/')) return
      event.preventDefault()
      navigate(href)
    },
    [navigate],
  )
}

const linkClass =
  'font-medium text-brand-600 underline-offset-2 hover:text-brand-700 hover:underline'
/** A link of a row, big enough to tap on a phone's card (issue 39.9). */
const rowLink = `${TAP_TARGET} ${linkClass}`
const rowLinkLine = `${TAP_TARGET_LINE} text-xs ${linkClass}`

function SongRow({
  song,
  timeZone,
  from,
  t,
  locale,
  labels,
}: {
  song: SongRowData
  timeZone: string
  from: 'dashboard' | 'songs'
  t: Translate
  locale: string
  /** The columns' names, which each cell repeats on a phone. */
  labels: readonly string[]
}) {
  // The server's rule, so the row locks exactly when an edit would be refused.
  const locked = locksSong(song.registration)
  // The certificate's rule (decision 108): a link naming one site before an @ is not linked.
  const listenable = isWebUrl(song.fileLink)
  return (
    <tr className="block px-4 py-3 align-top text-slate-700 md:table-row md:p-0">
      <th
        scope="row"
        className="block py-1 font-medium text-slate-900 md:table-cell md:px-4 md:py-3"
      >
        <bdi className="block max-w-[16rem] break-words">{song.title}</bdi>
        {listenable && (
          <a
            href={song.fileLink ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            className={`${rowLink} text-xs`}
            aria-label={t('dashboard.row.listenLabel')}
          >
            {t('dashboard.row.listen')}
          </a>
        )}
        {song.confirmations && (
          <a
            data-discover
            href={`/songs/${song.id}/co-writers`}
            className={rowLinkLine}
            data-testid={`song-${song.id}-confirmations`}
          >
            {t('dashboard.row.coWriters', song.confirmations)}
          </a>
        )}
      </th>
      <Cell label={labels[1]}>
        {song.dateCreated
          ? formatDate(locale, song.dateCreated)
          : t('dashboard.row.dateNotAvailable')}
      </Cell>
      <Cell label={labels[2]}>
        {song.createdAt
          ? formatDayInZone(song.createdAt, timeZone, intlLocale(locale))
          : t('dashboard.row.notApplicable')}
      </Cell>
      <Cell label={labels[3]}>
        {song.isRegistered && song.registration
          ? formatDayInZone(song.registration.createdAt, timeZone, intlLocale(locale))
          : t('dashboard.row.notRegistered')}
      </Cell>
      <Cell label={labels[4]}>
        <a data-discover href={`/certificate/${song.id}`} className={rowLink}>
          {t('dashboard.row.viewCertificate')}
        </a>
      </Cell>
      <Cell label={labels[5]}>
        {locked ? (
          <>
            <Tooltip content={t('dashboard.row.lockedTooltip')}>
              <span
                // Focusable so a keyboard user reaches the explanation too.
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                tabIndex={0}
                className="inline-flex min-h-6 cursor-help items-center gap-1 text-slate-500"
                data-testid={`song-${song.id}-locked`}
              >
                <LockIcon />
                {t('dashboard.row.locked')}
              </span>
            </Tooltip>
            {song.isRegistered && (
              // A registered song changes only as a new version that points back to it (issue 14).
              <a
                data-discover
                href={`/submit?from=${song.id}`}
                className={rowLinkLine}
                aria-label={t('dashboard.row.newVersionLabel', { title: song.title })}
              >
                {t('dashboard.row.newVersion')}
              </a>
            )}
          </>
        ) : (
          <>
            <a data-discover href={`/edit/${song.id}`} className={rowLink}>
              {t('dashboard.row.edit')}
            </a>
            {/* What the edit form leaves out: identifiers, PRO, genre, lyrics, notes (issue 25).
                Relative, so its hidden words are placed inside the table's scroll box, not past the page's edge. */}
            <a
              data-discover
              href={`/songs/${song.id}/details`}
              className={`relative ${rowLinkLine}`}
              aria-label={t('dashboard.row.addDetailsLabel', { title: song.title })}
            >
              {t('dashboard.row.addDetails')}
            </a>
            {/* Not registered, so it can go (issue 39.18); the page asks before it deletes. */}
            <a
              data-discover
              href={`/songs/${song.id}/delete?from=${from}`}
              className={`relative ${TAP_TARGET_LINE} text-xs font-medium text-red-700 underline-offset-2 hover:underline`}
              data-testid={`song-${song.id}-delete`}
              aria-label={t('dashboard.row.deleteLabel', { title: song.title })}
            >
              {t('dashboard.row.delete')}
            </a>
          </>
        )}
      </Cell>
      <Cell label={labels[6]}>
        <BlockchainStatus song={song} t={t} />
      </Cell>
    </tr>
  )
}

/**
 * A cell that names its column on a phone, where the heading row is not shown: the name is drawn
 * by CSS (`data-label`), so the cell's text stays its value alone. The value wraps in its own
 * column beside the name: as one unbreakable flex item, a long value ("December 7, 2026
 * (Asia/Seoul)") dropped under its name while the shorter rows sat side by side (issue 52).
 * Its utilities are the stylesheet's `.labelled-cell` (app/tailwind.css), written once for sixty cells.
 */
function Cell({ label, children }: { label: string | undefined; children: ReactNode }) {
  return (
    <td data-label={label} className="labelled-cell">
      <div className="min-w-0 flex-1 break-words">{children}</div>
    </td>
  )
}

function BlockchainStatus({ song, t }: { song: SongRowData; t: Translate }) {
  if (song.isRegistered) {
    // The network the registration recorded, so a test network or the local ledger is never mistaken for mainnet.
    const network = networkWords(t, song.registration?.network)
    return (
      <span className="inline-flex flex-col items-start gap-0.5">
        <Tooltip content={t('dashboard.status.registeredTooltip', { network: network.label })}>
          <span
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            className="inline-flex min-h-6 cursor-help items-center rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800"
            data-testid={`song-${song.id}-status`}
          >
            {t('dashboard.status.registered')}
          </span>
        </Tooltip>
        <span className="text-xs text-slate-500" data-testid={`song-${song.id}-network`}>
          {network.short}
        </span>
      </span>
    )
  }
  if (song.registration && locksSong(song.registration)) {
    // A registration under way still claims the song: no second Register.
    const status = song.registration.status
    return (
      <Tooltip content={t('dashboard.status.underWayTooltip')}>
        <span
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="inline-flex min-h-6 cursor-help items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-800"
          data-testid={`song-${song.id}-status`}
        >
          {t('dashboard.status.underWay', { status })}
        </span>
      </Tooltip>
    )
  }
  return <RegisterButton songId={song.id} title={song.title} />
}

function LockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="h-4 w-4">
      <path
        fillRule="evenodd"
        d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
        clipRule="evenodd"
      />
    </svg>
  )
}

/** `testId` keeps the card's English name, as the tests find it in any language. */
function StatCard({ label, testId, value }: { label: string; testId: string; value: number }) {
  return (
    <div className="rounded-xl border border-slate-200 p-6">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      <p className="mt-2 text-3xl font-bold text-slate-900" data-testid={`stat-${testId}`}>
        {value}
      </p>
    </div>
  )
}
