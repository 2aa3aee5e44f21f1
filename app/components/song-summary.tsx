import type { SerializeFrom } from '@remix-run/node'
import { Fragment, type ReactNode } from 'react'
import { formatDate, formatNumber, formatPercent } from '~/i18n/format'
import { type Translate, useLocale, useT } from '~/i18n/react'
import { formatDuration } from '~/lib/duration'
import { recordingFormRows } from '~/lib/recording'
import type { SongInput } from '~/lib/song-schema'
import { componentLabel, genreLabel } from '~/i18n/words'
import {
  type Component,
  componentTotal,
  contributionFormRows,
  type ContributionValues,
} from '~/lib/song-constants'
import { incompleteComponents } from '~/lib/split-totals'
import { Shares } from './shares'
import { PrivacyNotice } from './song-form'

/** What the review step shows: the song as the schema parsed it, once it has travelled as JSON. */
export type SongSummaryValues = SerializeFrom<SongInput>

/**
 * Every value travels back as a hidden field, so 'Create Certificate' and 'Edit Details' work as
 * plain posts. Every component's row goes back, in the table's order (the genre's hidden ones with
 * the default split, which the server drops again), so the form finds each row where it left it.
 */
export function SummaryHiddenFields({ values }: { values: SongSummaryValues }) {
  const { contributions, recordings, duration, aiTools, ...fields } = values
  return (
    <>
      {/* Posted as typed ("3:25"), which the schema reads back to the same seconds. */}
      {duration === undefined ? null : (
        <input type="hidden" name="duration" value={formatDuration(duration)} />
      )}
      {Object.entries(fields).map(([name, value]) =>
        value === undefined ? null : (
          <input key={name} type="hidden" name={name} value={String(value)} />
        ),
      )}
      {recordingFormRows(recordings).map((row, index) =>
        Object.entries(row).map(([key, value]) =>
          value === '' ? null : (
            <input
              key={`recording-${index}-${key}`}
              type="hidden"
              name={`recordings[${index}].${key}`}
              value={value}
            />
          ),
        ),
      )}
      {/* Each named AI tool as its row posts it: the name, and each part ticked (decision 119). */}
      {aiTools.map((tool, index) => (
        <Fragment key={`ai-tool-${index}`}>
          <input type="hidden" name={`aiTools[${index}].name`} value={tool.name} />
          {tool.components.map((component) => (
            <input
              key={component}
              type="hidden"
              name={`aiTools[${index}].${component}`}
              value="on"
            />
          ))}
        </Fragment>
      ))}
      {contributionFormRows(contributions).map((row, index) =>
        Object.entries(row).map(([key, value]) => (
          <input
            key={`${index}-${key}`}
            type="hidden"
            name={`contributions[${index}].${key}`}
            value={value}
          />
        )),
      )}
    </>
  )
}

function Row({ label, value }: { label: string; value: ReactNode }) {
  if (!value) return null
  return (
    // The label above its value below 400 px: a third of a phone's width cut "Contributors"
    // mid-word.
    <div className="grid grid-cols-1 gap-x-2 py-1.5 text-sm min-[400px]:grid-cols-3">
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900 min-[400px]:col-span-2">
        {/* A value typed in a right-to-left script keeps its own direction (issue 26). */}
        {typeof value === 'string' ? <bdi>{value}</bdi> : value}
      </dd>
    </div>
  )
}

export function contributionShares(
  row: ContributionValues,
  names: { main: string; co1?: string; co2?: string },
) {
  return [
    { who: names.main, value: row.contributorPercent },
    { who: names.co1 ?? 'Co-contributor', value: row.coContributorPercent },
    { who: names.co2 ?? 'Co-contributor 2', value: row.coContributor2Percent },
    { who: 'AI', value: row.aiPercent },
  ].filter((share) => share.value > 0)
}

/** "12.3 KB (12,345 bytes)": a file's size in the page's language (recording.ts' formatFileSize). */
export function fileSizeText(t: Translate, locale: string, bytes: number) {
  const exact = t('song.summary.bytes', { size: formatNumber(locale, bytes) })
  if (bytes < 1000) return exact
  const [value, unit] =
    bytes >= 1e9 ? [bytes / 1e9, 'GB'] : bytes >= 1e6 ? [bytes / 1e6, 'MB'] : [bytes / 1e3, 'KB']
  const size = formatNumber(locale, value, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
  return t('song.files.size', { size, unit, bytes: exact })
}

export function SongSummary({ values }: { values: SongSummaryValues }) {
  const t = useT()
  const locale = useLocale()
  const names = {
    main: values.contributorName,
    co1: values.coContributorName,
    co2: values.coContributorName2,
  }
  const rows = values.contributions.filter((row) => componentTotal(row) > 0)
  const incomplete = incompleteComponents(values.contributions)
  // Each name with its Latin-script form beside it when given (issue 26), each set apart.
  const contributors = [
    [values.contributorName, values.contributorLatinName],
    [values.coContributorName, values.coContributorLatinName],
    [values.coContributorName2, values.coContributor2LatinName],
  ]
    .filter((pair): pair is [string, string | undefined] => Boolean(pair[0]))
    .map(([name, latinName], index) => (
      <Fragment key={index}>
        {index > 0 && ', '}
        <bdi>{name}</bdi>
        {latinName ? (
          <>
            {' '}
            (<bdi data-testid="latin-name">{latinName}</bdi>)
          </>
        ) : null}
      </Fragment>
    ))
  // Their PRO and number, then their publisher and its IPI (issue 51.3), as one line.
  const pro = (
    name: string | undefined,
    ...[org, number, publisher, ipi]: (string | undefined)[]
  ) => {
    const parts = [
      [org, number].filter(Boolean).join(' #'),
      [publisher, ipi && `IPI ${ipi}`].filter(Boolean).join(' · '),
    ].filter(Boolean)
    return parts.length > 0 ? (
      <>
        <bdi>{name}</bdi>: <bdi>{parts.join(' · ')}</bdi>
      </>
    ) : undefined
  }

  return (
    <div className="space-y-6">
      <section className="rounded-xl border border-slate-200 p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">{t('song.summary.basic')}</h2>
        <dl className="mt-3 divide-y divide-slate-100">
          <Row label={t('song.summary.songTitle')} value={values.title} />
          <Row
            label={t('song.summary.dateCreated')}
            value={formatDate(locale, values.dateCreated)}
          />
          <Row label={t('song.summary.contributors')} value={contributors} />
          <Row
            label={t('song.summary.genre')}
            value={values.genre ? genreLabel(t, values.genre) : undefined}
          />
          <Row label={t('song.summary.toolsUsed')} value={values.toolsUsed} />
          <Row
            label={t('song.summary.aiTools')}
            value={values.aiTools
              .map(
                (tool) =>
                  `${tool.name} — ${tool.components.map((c) => componentLabel(t, c)).join(', ')}`,
              )
              .join('; ')}
          />
          <Row label={t('song.summary.songLink')} value={values.fileLink} />
        </dl>
      </section>

      <section
        className="rounded-xl border border-slate-200 p-5 sm:p-6"
        data-testid="summary-recording"
      >
        <h2 className="text-lg font-semibold text-slate-900">{t('song.summary.recordings')}</h2>
        {values.recordings.length > 0 ? (
          values.recordings.map((f) => (
            <dl
              key={f.label}
              className="mt-3 divide-y divide-slate-100"
              data-testid="summary-recording-file"
            >
              <Row label={t('song.summary.label')} value={f.label} />
              <Row label="SHA-256" value={f.sha256} />
              <Row
                label={t('song.summary.size')}
                value={t('song.summary.bytes', { size: formatNumber(locale, f.size) })}
              />
              <Row label={t('song.summary.type')} value={f.mediaType} />
              <Row
                label={t('song.summary.fileName')}
                value={
                  f.fileName
                    ? f.showFileName
                      ? t('song.summary.fileNameShown', { fileName: f.fileName })
                      : t('song.summary.fileNamePrivate', { fileName: f.fileName })
                    : undefined
                }
              />
            </dl>
          ))
        ) : (
          <p className="mt-2 text-sm text-slate-500">{t('song.recordings.none')}</p>
        )}
      </section>

      <section className="rounded-xl border border-slate-200 p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">{t('song.summary.additional')}</h2>
        <dl className="mt-3 divide-y divide-slate-100">
          <Row label="ISRC" value={values.isrc} />
          <Row label="ISWC" value={values.iswc} />
          <Row label="UPC" value={values.upc} />
          <Row label={t('song.summary.otherIdentifier')} value={values.otherIdentifier} />
          <Row
            label={t('song.summary.duration')}
            value={values.duration === undefined ? undefined : formatDuration(values.duration)}
          />
          <Row
            label={t('song.summary.mainPro')}
            value={pro(
              values.contributorName,
              values.mainContributorPro,
              values.mainContributorProNumber,
              values.mainContributorPublisher,
              values.mainContributorPublisherIpi,
            )}
          />
          <Row
            label={t('song.summary.coPro')}
            value={pro(
              values.coContributorName,
              values.coContributorPro,
              values.coContributorProNumber,
              values.coContributorPublisher,
              values.coContributorPublisherIpi,
            )}
          />
          <Row
            label={t('song.summary.co2Pro')}
            value={pro(
              values.coContributorName2,
              values.coContributor2Pro,
              values.coContributor2ProNumber,
              values.coContributor2Publisher,
              values.coContributor2PublisherIpi,
            )}
          />
          <Row
            label={t('song.summary.lyrics')}
            value={
              values.lyrics
                ? t('song.summary.lyricsLines', { count: values.lyrics.split('\n').length })
                : undefined
            }
          />
          <Row label={t('song.summary.creativeNotes')} value={values.creativeNotes} />
        </dl>
        {!values.isrc &&
          !values.iswc &&
          !values.upc &&
          !values.otherIdentifier &&
          values.duration === undefined &&
          !values.lyrics &&
          !values.creativeNotes &&
          !values.mainContributorPro && (
            <p className="mt-2 text-sm text-slate-500">{t('song.summary.noAdditional')}</p>
          )}
      </section>

      <section className="rounded-xl border border-slate-200 p-5 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">{t('song.contributions.title')}</h2>
        {rows.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">{t('song.summary.noContributions')}</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {rows.map((row) => {
              const total = componentTotal(row)
              return (
                <li
                  key={row.component}
                  className="flex flex-wrap items-baseline justify-between gap-2 text-sm"
                >
                  <span className="font-medium text-slate-800">
                    {componentLabel(t, row.component as Component)}
                  </span>
                  <span className="text-slate-700" data-testid={`summary-shares-${row.component}`}>
                    <Shares
                      shares={contributionShares(row, names).map((s) => ({
                        who: s.who,
                        percent: s.value,
                      }))}
                    />
                  </span>
                  <span
                    className={`font-semibold ${total === 100 ? 'text-green-800' : 'text-amber-800'}`}
                  >
                    {t('song.summary.total', { percent: formatPercent(locale, total / 100) })}
                  </span>
                </li>
              )
            })}
          </ul>
        )}
        {incomplete.length > 0 && (
          <p
            role="status"
            className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          >
            {t('song.summary.incomplete', {
              components: incomplete
                .map((row) => componentLabel(t, row.component as Component))
                .join(locale === 'ja' ? '、' : ', '),
              count: incomplete.length,
            })}
          </p>
        )}
      </section>

      <PrivacyNotice />
    </div>
  )
}
