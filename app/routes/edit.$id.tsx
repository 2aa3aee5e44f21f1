import { getFormProps, getInputProps, type SubmissionResult, useForm } from '@conform-to/react'
import { pageMessagesWithFormErrors } from '~/i18n/form-errors.server'
import { requestLocale } from '~/i18n/locale.server'
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
import { recordingDetails } from '~/lib/recording'
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
import { NOTHING_CHANGED_TOAST, updateSong } from '~/services/co-writers/song-edits.server'
import { hasLiveInvitations, reinvitedText } from '~/services/co-writers/invitations.server'
import { pageViewOf } from '~/lib/client-address.server'
import { recordUserAction } from '~/services/platform/analytics.server'
import { db } from '~/services/platform/db.server'
import { withSnapshot } from '~/services/certificates/record/snapshot-timestamps.server'
import { redirectWithToast } from '~/services/platform/toast.server'
import { StatusPage } from '~/components/status-page'
import { EDIT_VOIDS_NOTICE } from '~/lib/page-messages'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const song = await requireSongOwner(user.id, params.id)
  return json({
    // The page's words in the owner's language: the song pages' area, the form's and the shared words.
    i18n: pageMessagesWithFormErrors(requestLocale(request, user), ['words', 'form', 'song']),
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
  const submission = parseWithZod(await readForm(request, SONG_UPDATE_FORM), {
    schema: SongUpdateSchema,
  })
  const fail = (status: number, message: string, errors: Record<string, string[] | null> = {}) =>
    json(
      {
        message,
        errors,
        values: textValues(submission.payload),
        toast: {
          id: 'update-failed',
          type: 'error' as const,
          title: 'Error',
          description: message,
        },
      },
      { status },
    )
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
      return fail(400, result.message)
    throw songNotFound()
  }
  // Back to the song's own page, the certificate the toast speaks of (issue 52.10).
  const songPage = `/certificate/${song.id}`
  if (!result.changed) return redirectWithToast(songPage, NOTHING_CHANGED_TOAST)
  await recordUserAction(db(), pageViewOf(request), 'edit_song', user.id)
  return redirectWithToast(songPage, {
    type: 'success',
    title: 'Success',
    description: `Song updated successfully! Certificate will reflect the changes.${reinvitedText(result.reinvited)}`,
  })
}

export default function EditSongPage() {
  const { song, locked, invited, emptyMessages } = useLoaderData<typeof loader>()
  if (locked) {
    return (
      <StatusPage
        title="Cannot Edit Song"
        actions={
          <>
            <ButtonLink to={`/certificate/${song.id}`} variant="secondary">
              View Certificate
            </ButtonLink>
            <ButtonLink to="/">Back to Dashboard</ButtonLink>
          </>
        }
      >
        {LOCKED_MESSAGE}
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
  const totalsRefused = data?.message?.startsWith(TOTALS_MESSAGE) ? data.message : null
  const text = (name: Exclude<keyof SongUpdateFields, 'contributions'>) => ({
    errors: fields[name].errors,
    ...getInputProps(fields[name], { type: name === 'dateCreated' ? 'date' : 'text' }),
  })

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Edit Song</h1>
      <p className="mt-2 text-slate-600">
        Changes show on the certificate. Once a song is registered on the blockchain it can no
        longer be edited.{' '}
        <a href={`/songs/${song.id}/co-writers`} className="font-semibold text-brand-600 underline">
          Invite co-writers to confirm their shares
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
          <Field label="Song Title *" required {...text('title')} />
          <Field label="Date Created *" required {...text('dateCreated')} />
          <Field label="Main Contributor Name *" required {...text('contributorName')} />
          <Field label="Co-Contributor Name" {...text('coContributorName')} />
          <Field label="Co-Contributor 2 Name" {...text('coContributorName2')} />
          <LatinNameFields
            fields={fields}
            showCo1={!interactive || names.co1.trim() !== ''}
            showCo2={!interactive || names.co2.trim() !== ''}
          />
          <Field label="Tools Used *" required {...text('toolsUsed')} />
          <Field
            label="Song Link *"
            required
            className="sm:col-span-2"
            errors={fields.fileLink.errors}
            {...getInputProps(fields.fileLink, { type: 'url' })}
          />
        </section>
        <FingerprintedFiles recordings={song.recordings} />
        <section className="rounded-xl border border-slate-200 p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">Creative Contributions</h2>
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
              {totalsRefused ?? TOTALS_MESSAGE}
            </p>
          )}
        </section>
        {/* Refused fields are the summary's; this says what refused the song as a whole. */}
        {data?.message && !totalsRefused && Object.keys(data.errors).length === 0 && (
          <Alert>{data.message}</Alert>
        )}
        {invited && (
          <p
            role="note"
            data-testid="split-invitations-notice"
            className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          >
            {EDIT_VOIDS_NOTICE}{' '}
            <a href={`/songs/${song.id}/co-writers`} className="font-semibold underline">
              See the co-writers’ answers
            </a>
          </p>
        )}
        <div className="flex justify-end gap-3">
          <ButtonLink to="/" variant="secondary">
            Cancel
          </ButtonLink>
          {/* Without JavaScript the button stays usable and the server applies the 100 % rule. */}
          <Button type="submit" disabled={pending || (interactive && !complete)}>
            {pending ? 'Updating...' : 'Update Song'}
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
  return (
    <section
      className="rounded-xl border border-slate-200 p-5 sm:p-6"
      data-testid="edit-recordings"
    >
      <h2 className="text-lg font-semibold text-slate-900">Fingerprinted Files</h2>
      {recordings.length > 0 ? (
        <dl className="mt-3 space-y-2 text-sm">
          {recordings.map((f) => (
            <div key={f.label}>
              <dt className="font-medium text-slate-800">{f.label}</dt>
              <dd className="break-all font-mono text-xs text-slate-900">{f.sha256}</dd>
              <dd className="text-xs text-slate-600">
                {recordingDetails(f)}
                {f.fileName ? (f.showFileName ? ' (name shown)' : ' (name kept private)') : ''}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-slate-500">No recording fingerprinted.</p>
      )}
      <p className="mt-2 text-xs text-slate-500">
        Fingerprints are kept as they were when the song was created; this form changes the details
        above and the split.
      </p>
    </section>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Edit ${data.song.title}` : 'Song Not Found' },
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
