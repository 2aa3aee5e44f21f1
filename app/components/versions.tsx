import { AppLink } from '~/components/app-link'
import { formatDate } from '~/i18n/format'
import { type Translate, useLocale, useT } from '~/i18n/react'
import { withParts } from '~/i18n/form-errors'
import { CertificateId } from './certificate-id'

export interface VersionLinksView {
  supersedes: { songId: number; certificateId: string } | null
  supersededBy: { songId: number; certificateId: string; registeredAt: string } | null
}

/** Where a certificate stands in its chain of versions (issue 14). */
export function VersionNotice({ links }: { links: VersionLinksView }) {
  const t = useT()
  const locale = useLocale()
  if (!links.supersedes && !links.supersededBy) return null
  return (
    <div
      data-testid="version-links"
      className="mx-auto mb-4 max-w-4xl space-y-1 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      {links.supersededBy && (
        <p>
          {withParts(
            (marks) =>
              t('certificate.versions.supersededBy', {
                ...marks,
                day: formatDate(locale, links.supersededBy!.registeredAt),
              }),
            {
              id: (
                <AppLink
                  key="id"
                  to={`/certificate/${links.supersededBy.songId}`}
                  className="whitespace-nowrap font-mono font-semibold underline"
                >
                  {links.supersededBy.certificateId}
                </AppLink>
              ),
            },
          )}
        </p>
      )}
      {links.supersedes && (
        <p>
          {withParts((marks) => t('certificate.versions.supersedes', marks), {
            id: (
              <AppLink
                key="id"
                to={`/certificate/${links.supersedes.songId}`}
                className="whitespace-nowrap font-mono font-semibold underline"
              >
                {links.supersedes.certificateId}
              </AppLink>
            ),
          })}
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

function statusText(t: Translate, version: VersionHistoryView) {
  if (version.isRegistered) return t('certificate.versions.registered')
  if (!version.registration || version.registration.status === 'failed')
    return t('certificate.versions.notRegistered')
  return t('certificate.versions.inProgress')
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
  const t = useT()
  const locale = useLocale()
  return (
    <section
      aria-labelledby="version-history"
      className="no-print mx-auto mt-8 max-w-4xl rounded-xl border border-slate-200 p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="version-history" className="text-lg font-semibold text-slate-900">
          {t('certificate.versions.title')}
        </h2>
        {newVersionFrom !== null && (
          <AppLink
            to={`/submit?from=${newVersionFrom}`}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
          >
            {t('certificate.versions.new')}
          </AppLink>
        )}
      </div>
      {versions.length <= 1 ? (
        <p className="mt-2 text-sm text-slate-600">{t('certificate.versions.only')}</p>
      ) : (
        <ol className="mt-4 space-y-4">
          {versions.map((version, index) => (
            <li
              key={version.id}
              data-testid="version"
              className="rounded-md border border-slate-200 p-3"
            >
              <p className="text-sm">
                <span className="font-semibold">
                  {t('certificate.versions.version', { number: index + 1 })}
                </span>{' '}
                ·{' '}
                <AppLink
                  to={`/certificate/${version.id}`}
                  className="whitespace-nowrap font-mono underline"
                >
                  {version.certificateId}
                </AppLink>{' '}
                · {formatDate(locale, version.createdAt)} · {statusText(t, version)}
                {version.isCurrent ? ` · ${t('certificate.versions.current')}` : ''}
              </p>
              {version.supersedes && (
                <>
                  <p className="mt-1 text-xs text-slate-600">
                    {withParts(
                      (marks) =>
                        t(
                          version.changes.length === 0
                            ? 'certificate.versions.changesNone'
                            : 'certificate.versions.changesFrom',
                          marks,
                        ),
                      { id: <CertificateId key="id" id={version.supersedes.certificateId} /> },
                    )}
                  </p>
                  {version.changes.length > 0 && (
                    <table className="mt-2 w-full text-left text-xs">
                      <thead>
                        <tr className="text-slate-500">
                          <th className="py-1 pr-2 font-medium">
                            {t('certificate.versions.field')}
                          </th>
                          <th className="py-1 pr-2 font-medium">
                            {t('certificate.versions.before')}
                          </th>
                          <th className="py-1 font-medium">{t('certificate.versions.after')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {version.changes.map((change) => (
                          <tr key={change.label} className="border-t border-slate-100 align-top">
                            <th scope="row" lang="en" className="py-1 pr-2 font-medium">
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
