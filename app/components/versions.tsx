import { Link } from '@remix-run/react'
import { formatLongDate } from '~/lib/dates'
import { CertificateId } from './certificate-id'

export interface VersionLinksView {
  supersedes: { songId: number; certificateId: string } | null
  supersededBy: { songId: number; certificateId: string; registeredAt: string } | null
}

/** Where a certificate stands in its chain of versions (issue 14). */
export function VersionNotice({ links }: { links: VersionLinksView }) {
  if (!links.supersedes && !links.supersededBy) return null
  return (
    <div
      data-testid="version-links"
      className="mx-auto mb-4 max-w-4xl space-y-1 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      {links.supersededBy && (
        <p>
          Superseded by{' '}
          <Link
            to={`/certificate/${links.supersededBy.songId}`}
            className="whitespace-nowrap font-mono font-semibold underline"
          >
            {links.supersededBy.certificateId}
          </Link>{' '}
          on {formatLongDate(links.supersededBy.registeredAt)}. This record stays valid as it was
          registered.
        </p>
      )}
      {links.supersedes && (
        <p>
          Supersedes{' '}
          <Link
            to={`/certificate/${links.supersedes.songId}`}
            className="whitespace-nowrap font-mono font-semibold underline"
          >
            {links.supersedes.certificateId}
          </Link>
          .
        </p>
      )}
    </div>
  )
}

export interface VersionHistoryView {
  id: number
  certificateId: string
  title: string
  createdAt: string
  isRegistered: boolean
  isCurrent: boolean
  registration: { status: string; createdAt: string } | null
  supersedes: { id: number; certificateId: string } | null
  changes: { label: string; before: string; after: string }[]
}

function statusText(version: VersionHistoryView) {
  if (version.isRegistered) return 'Registered'
  if (!version.registration || version.registration.status === 'failed') return 'Not registered'
  return 'Registration in progress'
}

const short = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}…` : text || '—')

/** The owner's history of a song's versions: date, status and what changed from the one before. */
export function VersionHistory({
  versions,
  newVersionFrom,
}: {
  versions: VersionHistoryView[]
  newVersionFrom: number | null
}) {
  return (
    <section
      aria-labelledby="version-history"
      className="no-print mx-auto mt-8 max-w-4xl rounded-xl border border-slate-200 p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="version-history" className="text-lg font-semibold text-slate-900">
          Version history
        </h2>
        {newVersionFrom !== null && (
          <Link
            to={`/submit?from=${newVersionFrom}`}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            Create a new version
          </Link>
        )}
      </div>
      {versions.length <= 1 ? (
        <p className="mt-2 text-sm text-slate-600">This is the only version of this song.</p>
      ) : (
        <ol className="mt-4 space-y-4">
          {versions.map((version, index) => (
            <li
              key={version.id}
              data-testid="version"
              className="rounded-md border border-slate-200 p-3"
            >
              <p className="text-sm">
                <span className="font-semibold">Version {index + 1}</span> ·{' '}
                <Link
                  to={`/certificate/${version.id}`}
                  className="whitespace-nowrap font-mono underline"
                >
                  {version.certificateId}
                </Link>{' '}
                · {formatLongDate(version.createdAt)} · {statusText(version)}
                {version.isCurrent ? ' · this certificate' : ''}
              </p>
              {version.supersedes && (
                <>
                  <p className="mt-1 text-xs text-slate-600">
                    Changes from <CertificateId id={version.supersedes.certificateId} />:
                    {version.changes.length === 0 ? ' none' : ''}
                  </p>
                  {version.changes.length > 0 && (
                    <table className="mt-2 w-full text-left text-xs">
                      <thead>
                        <tr className="text-slate-500">
                          <th className="py-1 pr-2 font-medium">Field</th>
                          <th className="py-1 pr-2 font-medium">Before</th>
                          <th className="py-1 font-medium">After</th>
                        </tr>
                      </thead>
                      <tbody>
                        {version.changes.map((change) => (
                          <tr key={change.label} className="border-t border-slate-100 align-top">
                            <th scope="row" className="py-1 pr-2 font-medium">
                              {change.label}
                            </th>
                            <td className="break-all py-1 pr-2">{short(change.before)}</td>
                            <td className="break-all py-1">{short(change.after)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  )}
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
