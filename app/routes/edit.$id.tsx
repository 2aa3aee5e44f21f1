import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useLocale, useT } from '~/i18n/react'
import { useFormErrorText } from '~/i18n/form-errors'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useMemo } from 'react'
import { ErrorSummary } from '~/components/error-summary'
import { ContributionsTable, liveContributionRows } from '~/components/contributions-table'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Alert, Field } from '~/components/forms'
import { Button, ButtonLink } from '~/components/ui/button'
import { LatinNameFields, songFormTargets } from '~/components/song-form'
import { fileSizeText } from '~/components/song-summary'
import { readForm, textValues } from '~/lib/form.server'
import { emptyFieldMessages } from '~/lib/form-rules.server'
import { type EmptyFieldMessages, revalidateWhileTyping } from '~/lib/form-revalidation'
import { useHydrated, useIsPending } from '~/lib/hooks'
import {
  clearedContributorErrors,
  contributionFormRows,
  PERCENT_FIELDS,
  TOTALS_MESSAGE,
  visibleComponents,
} from '~/lib/song-constants'
import { LOCKED_MESSAGE, locksSong } from '~/lib/song-lock'
import { SONG_UPDATE_FORM, type SongUpdateFields, SongUpdateSchema } from '~/lib/song-schema'
import { requireSongOwner, requireUser, songNotFound } from '~/services/accounts/auth.server'
import { updateSong } from '~/services/co-writers/song-edits.server'
import { hasLiveInvitations } from '~/services/co-writers/invitations.server'
import { pageViewOf } from '~/lib/client-address.server'
import { recordUserAction } from '~/services/platform/analytics.server'
import { db } from '~/services/platform/db.server'
import { withSnapshot } from '~/services/certificates/record/snapshot-timestamps.server'
import { redirectWithToast } from '~/services/platform/toast.server'
import { StatusPage } from '~/components/status-page'
import {
  nothingChangedToast,
  reinvitedSentence,
  sentences,
  songRefusalText,
  songText,
  songPageMessages,
} from '~/services/songs/song-text.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const song = await requireSongOwner(user.id, params.id)
  return json({
    // The page's words in the owner's language: the song pages' area, the form's and the shared words.
    i18n: songPageMessages(requestLocale(request, user)),
    song,
    locked: locksSong(song.registration),
    // Said before saving (issue 13): a changed split voids the confirmations and re-invites.
    invited: await hasLiveInvitations(db(), song.id),
    emptyMessages: emptyFieldMessages(SongUpdateSchema),
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const song = await requireSongOwner(user.id, params.id)
  const locale = requestLocale(request, user)
  const submission = parseWithZod(await readForm(request, SONG_UPDATE_FORM), {
    schema: SongUpdateSchema,
  })
  const fail = (
    status: number,
    english: string,
    errors: Record<string, string[] | null> = {},
    totals = false,
  ) => {
    const message = songRefusalText(locale, english)
    return json(
      {
        message,
        // The split's refusal shows where the live totals do, in place of the form's own line.
        totals,
        errors,
        values: textValues(submission.payload),
        toast: {
          id: 'update-failed',
          type: 'error' as const,
          title: songText(locale, 'song.edit.failed.title'),
          description: message,
        },
      },
      { status },
    )
  }
  if (submission.status !== 'success')
    return fail(400, 'Please correct the highlighted fields.', submission.reply().error ?? {})
  const result = await withSnapshot(
    db(),
    user.id,
    'edited',
    (trx) => updateSong(trx, user.id, song.id, submission.value),
    (r) => (r.ok && r.changed ? song.id : null),
  ).catch((error: unknown) => {
    console.error('[edit] song not updated', error)
    return null
  })
  if (!result) return fail(503, 'Failed to update song')
  if (!result.ok) {
    if (result.reason === 'locked') return fail(409, LOCKED_MESSAGE)
    if (result.reason === 'space') return fail(result.status, result.message)
    if (result.reason === 'totals' || result.reason === 'shareless')
      return fail(400, result.message, {}, result.reason === 'totals')
    throw songNotFound()
  }
  // Back to the song's own page, the certificate the toast speaks of (issue 52.10).
  const songPage = `/certificate/${song.id}`
  if (!result.changed) return redirectWithToast(songPage, nothingChangedToast(locale))
  await recordUserAction(db(), pageViewOf(request), 'edit_song', user.id)
  return redirectWithToast(songPage, {
    type: 'success',
    title: songText(locale, 'song.edit.saved.title'),
    description: sentences(
      locale,
      songText(locale, 'song.edit.saved.text'),
      reinvitedSentence(locale, result.reinvited),
    ),
  })
}

export default function EditSongPage() {
  const { song, locked, invited, emptyMessages } = useLoaderData<typeof loader>()
  const t = useT()
  const shown = useFormErrorText()
  if (locked) {
    return (
      <StatusPage
        title={t('song.edit.locked.title')}
        actions={
          <>
            <ButtonLink to={`/certificate/${song.id}`} variant="secondary">
              {t('song.edit.viewCertificate')}
            </ButtonLink>
            <ButtonLink to="/">{t('song.edit.backToDashboard')}</ButtonLink>
          </>
        }
      >
        {shown(LOCKED_MESSAGE)}
      </StatusPage>
    )
  }
  return <EditSongForm song={song} invited={invited} emptyMessages={emptyMessages} />
}

// The one rule the browser checks before the post (zod stays on the server): a co-contributor
// cleared while still holding a share. Everything else comes back from the action.
function clearedContributors(formData: FormData) {
  const text = (name: string) => {
    const value = formData.get(name)
    return typeof value === 'string' ? value : ''
  }
  const rows = []
  for (let index = 0; formData.has(`contributions[${index}].component`); index++)
    rows.push(
      Object.fromEntries(
        PERCENT_FIELDS.map((field) => [field, text(`contributions[${index}].${field}`)]),
      ),
    )
  const errors = clearedContributorErrors({
    coContributorName: text('coContributorName'),
    coContributorName2: text('coContributorName2'),
    contributions: rows,
  })
  return Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, [message]]))
}

function EditSongForm({
  song,
  invited,
  emptyMessages,
}: {
  song: SerializeFrom<typeof loader>['song']
  invited: boolean
  emptyMessages: EmptyFieldMessages
}) {
  const data = useActionData<typeof action>()
  const pending = useIsPending()
  const interactive = useHydrated()
  const t = useT()
  const shown = useFormErrorText()
  // One object per answer: conform reports a new lastResult again, over what was fixed since.
  const lastResult = useMemo<SubmissionResult | undefined>(
    () =>
      data
        ? {
            status: Object.keys(data.errors).length > 0 ? 'error' : undefined,
            initialValue: data.values,
            error: data.errors,
          }
        : undefined,
    [data],
  )
  const [form, fields] = useForm<SongUpdateFields, object>({
    id: 'edit-song',
    lastResult,
    defaultValue: {
      title: song.title,
      dateCreated: song.dateCreated,
      contributorName: song.contributorName,
      coContributorName: song.coContributorName ?? '',
      coContributorName2: song.coContributorName2 ?? '',
      contributorLatinName: song.contributorLatinName ?? '',
      coContributorLatinName: song.coContributorLatinName ?? '',
      coContributor2LatinName: song.coContributor2LatinName ?? '',
      toolsUsed: song.toolsUsed,
      fileLink: song.fileLink,
      contributions: contributionFormRows(song.contributions),
    },
    shouldValidate: 'onInput',
    // A field the server refused keeps its message until it is changed (issue 52.1).
    onValidate: revalidateWhileTyping({
      refused: lastResult,
      emptyMessages,
      blocking: clearedContributors,
    }),
  })
  const names = {
    main: fields.contributorName.value ?? '',
    co1: fields.coContributorName.value ?? '',
    co2: fields.coContributorName2.value ?? '',
  }
  const visible = visibleComponents(song.genre)
  const complete = liveContributionRows(fields.contributions, names, interactive)
    .filter((row) => visible.includes(row.component))
    .every((row) => row.total === 100)
  // The server's refusal names the components that are off and their totals (issue 39 item 6).
  const totalsRefused = data?.totals ? data.message : null
  const text = (name: Exclude<keyof SongUpdateFields, 'contributions'>) => ({
    errors: fields[name].errors,
    ...getInputProps(fields[name], { type: name === 'dateCreated' ? 'date' : 'text' }),
  })

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">{t('song.edit.title')}</h1>
      <p className="mt-2 text-slate-600">
        {t('song.edit.intro')}{' '}
        <a href={`/songs/${song.id}/co-writers`} className="font-semibold text-brand-600 underline">
          {t('song.edit.inviteLink')}
        </a>
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-6">
        <ErrorSummary
          id="edit-song-error-summary"
          form={form}
          lastResult={lastResult}
          targets={songFormTargets(form.id)}
        />
        <section className="grid gap-4 rounded-xl border border-slate-200 p-5 sm:grid-cols-2 sm:p-6">
          <Field label={t('song.edit.field.title')} required {...text('title')} />
          <Field label={t('song.edit.field.dateCreated')} required {...text('dateCreated')} />
          <Field
            label={t('song.edit.field.contributorName')}
            required
            {...text('contributorName')}
          />
          <Field label={t('song.edit.field.coContributorName')} {...text('coContributorName')} />
          <Field label={t('song.edit.field.coContributorName2')} {...text('coContributorName2')} />
          <LatinNameFields
            fields={fields}
            showCo1={!interactive || names.co1.trim() !== ''}
            showCo2={!interactive || names.co2.trim() !== ''}
          />
          <Field label={t('song.edit.field.toolsUsed')} required {...text('toolsUsed')} />
          <Field
            label={t('song.edit.field.fileLink')}
            required
            className="sm:col-span-2"
            errors={fields.fileLink.errors}
            {...getInputProps(fields.fileLink, { type: 'url' })}
          />
        </section>
        <FingerprintedFiles recordings={song.recordings} />
        <section className="rounded-xl border border-slate-200 p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">{t('song.contributions.title')}</h2>
          <div className="mt-4">
            <ContributionsTable
              rows={fields.contributions}
              names={names}
              visible={visible}
              interactive={interactive}
            />
          </div>
          {(!complete || totalsRefused) && (
            <p
              role="alert"
              className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
            >
              {shown(totalsRefused ?? TOTALS_MESSAGE)}
            </p>
          )}
        </section>
        {/* Refused fields are the summary's; this says what refused the song as a whole. */}
        {data?.message && !totalsRefused && Object.keys(data.errors).length === 0 && (
          <Alert>{shown(data.message)}</Alert>
        )}
        {invited && (
          <p
            role="note"
            data-testid="split-invitations-notice"
            className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          >
            {t('song.editVoids')}{' '}
            <a href={`/songs/${song.id}/co-writers`} className="font-semibold underline">
              {t('song.edit.answers')}
            </a>
          </p>
        )}
        <div className="flex justify-end gap-3">
          <ButtonLink to="/" variant="secondary">
            {t('song.edit.cancel')}
          </ButtonLink>
          {/* Without JavaScript the button stays usable and the server applies the 100 % rule. */}
          <Button type="submit" disabled={pending || (interactive && !complete)}>
            {pending ? t('song.edit.updating') : t('song.edit.update')}
          </Button>
        </div>
      </Form>
    </div>
  )
}

/** The song's fingerprinted files, shown with their labels; this form does not change them (decision 040). */
function FingerprintedFiles({
  recordings,
}: {
  recordings: SerializeFrom<typeof loader>['song']['recordings']
}) {
  const t = useT()
  const locale = useLocale()
  // File name · size · media type, the size as the page's language writes it.
  const details = (f: (typeof recordings)[number]) =>
    [f.fileName, fileSizeText(t, locale, f.size), f.mediaType].filter(Boolean).join(' · ')
  return (
    <section
      className="rounded-xl border border-slate-200 p-5 sm:p-6"
      data-testid="edit-recordings"
    >
      <h2 className="text-lg font-semibold text-slate-900">{t('song.edit.files.title')}</h2>
      {recordings.length > 0 ? (
        <dl className="mt-3 space-y-2 text-sm">
          {recordings.map((f) => (
            <div key={f.label}>
              <dt className="font-medium text-slate-800">{f.label}</dt>
              <dd className="break-all font-mono text-xs text-slate-900">{f.sha256}</dd>
              <dd className="text-xs text-slate-600">
                {!f.fileName
                  ? details(f)
                  : f.showFileName
                    ? t('song.edit.files.nameShown', { details: details(f) })
                    : t('song.edit.files.namePrivate', { details: details(f) })}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-slate-500">{t('song.recordings.none')}</p>
      )}
      <p className="mt-2 text-xs text-slate-500">{t('song.edit.files.note')}</p>
    </section>
  )
}

// Without data (a 404) the page has no messages: its title stays English, as its status page.
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  {
    title: data
      ? translatorOf(matches).t('song.edit.meta.title', { title: data.song.title })
      : 'Song Not Found',
  },
]

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <StatusPage
            title="Song Not Found"
            actions={<ButtonLink to="/">Back to Dashboard</ButtonLink>}
          >
            This song does not exist, or it is not yours to edit.
          </StatusPage>
        ),
      }}
    />
  )
}
