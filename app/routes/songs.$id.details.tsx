import { getFormProps, useForm } from '@conform-to/react'
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
import { EDIT_VOIDS_NOTICE } from '~/lib/page-messages'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorSummary } from '~/components/error-summary'
import { Alert } from '~/components/forms'
import { formatDuration } from '~/lib/duration'
import {
  ContentSection,
  GenreSelect,
  IdentifiersSection,
  PrivacyNotice,
  ProSection,
  RecordingSection,
  songFormTargets,
} from '~/components/song-form'
import { SongWritersSection } from '~/components/song-writers-section'
import { StatusPage } from '~/components/status-page'
import { Button, ButtonLink } from '~/components/ui/button'
import { pageViewOf } from '~/lib/client-address.server'
import { readForm } from '~/lib/form.server'
import { emptyFieldMessages } from '~/lib/form-rules.server'
import { type EmptyFieldMessages, revalidateWhileTyping } from '~/lib/form-revalidation'
import { useIsPending } from '~/lib/hooks'
import { COMPONENT_LABELS, TOTALS_MESSAGE, visibleComponents } from '~/lib/song-constants'
import {
  SONG_DETAILS_FORM,
  type SongDetailsFields,
  SongDetailsSchema,
  songDetailsSchemaFor,
} from '~/lib/song-details-schema'
import { AiToolsSection } from '~/components/ai-tools-field'
import { REGISTRATION_IN_PROGRESS_MESSAGE, registrationLockMessage } from '~/lib/song-lock'
import { recordUserAction } from '~/services/platform/analytics.server'
import { requireSongOwner, requireUser, songNotFound } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import { NOTHING_CHANGED_TOAST, updateSongDetails } from '~/services/co-writers/song-edits.server'
import { withSnapshot } from '~/services/certificates/record/snapshot-timestamps.server'
import { hasLiveInvitations, reinvitedText } from '~/services/co-writers/invitations.server'
import { redirectWithToast } from '~/services/platform/toast.server'

// Issue 25 item 7 (decision 052): the details the edit form leaves out, added to an unregistered
// song. A registered song's details go into a new version of it (decision 038).

const NEW_VERSION_TOAST = {
  type: 'message' as const,
  title: 'This song is registered',
  description:
    'A registered song cannot change. Add the details to a new version of it: it points back to this certificate.',
}
export const GENRE_SPLIT_NOTE =
  'The genre decides which components the split covers: Instrumental has no lyrics or vocals, Acappella/Spoken Word no instrumentation. A component a new genre adds starts at 100% for the main contributor; change the shares on the edit page.'
const GENRE_TOTALS_MESSAGE = `This genre changes which components the split covers. ${TOTALS_MESSAGE} Correct the split on the edit page first, then change the genre.`

async function requireDetailsSong(request: Request, param: string | undefined) {
  const user = await requireUser(request)
  const song = await requireSongOwner(user.id, param)
  if (song.isRegistered) throw await redirectWithToast(`/submit?from=${song.id}`, NEW_VERSION_TOAST)
  return { user, song }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, song } = await requireDetailsSong(request, params.id)
  return json({
    // The page's words in the owner's language: the song pages' area, the form's and the shared words.
    i18n: pageMessagesWithFormErrors(requestLocale(request, user), ['words', 'form', 'song']),
    song,
    // A registration under way holds the song until it ends (confirmed, or failed and free again).
    lockMessage: registrationLockMessage(song.registration),
    invited: await hasLiveInvitations(db(), song.id),
    emptyMessages: emptyFieldMessages(SongDetailsSchema),
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, song } = await requireDetailsSong(request, params.id)
  // Each AI tool is checked against this song's split (decision 119).
  const submission = parseWithZod(await readForm(request, SONG_DETAILS_FORM), {
    schema: songDetailsSchemaFor(song.contributions),
  })
  if (submission.status !== 'success')
    return json({ result: submission.reply(), message: null }, { status: 400 })
  const result = await withSnapshot(
    db(),
    user.id,
    'details',
    (trx) => updateSongDetails(trx, user.id, song.id, submission.value),
    (r) => (r.ok && r.changed ? song.id : null),
  ).catch((error: unknown) => {
    console.error('[details] song details not saved', error)
    return null
  })
  const fail = (status: number, message: string, genre?: string) =>
    json(
      {
        result: submission.reply(genre ? { fieldErrors: { genre: [genre] } } : {}),
        message,
        toast: {
          id: 'details-failed',
          type: 'error' as const,
          title: 'Error',
          description: message,
        },
      },
      { status },
    )
  if (!result) return fail(503, 'Your details could not be saved just now. Please try again.')
  if (!result.ok) {
    if (result.reason === 'totals') return fail(400, GENRE_TOTALS_MESSAGE, GENRE_TOTALS_MESSAGE)
    if (result.reason === 'shareless') {
      const message = `This genre drops every component where a co-writer holds a share. ${result.message} Change the split on the edit page first, then change the genre.`
      return fail(400, message, message)
    }
    if (result.reason === 'locked') return fail(409, REGISTRATION_IN_PROGRESS_MESSAGE)
    if (result.reason === 'space') return fail(result.status, result.message)
    throw songNotFound()
  }
  if (!result.changed) return redirectWithToast(`/certificate/${song.id}`, NOTHING_CHANGED_TOAST)
  await recordUserAction(db(), pageViewOf(request), 'edit_song', user.id)
  const covered = visibleComponents(submission.value.genre).map((c) => COMPONENT_LABELS[c])
  const split = result.splitChanged
    ? ` The split now covers ${covered.join(', ')}: check the shares on the edit page.`
    : ''
  return redirectWithToast(`/certificate/${song.id}`, {
    type: 'success',
    title: 'Details saved',
    description: `The certificate shows them.${split}${reinvitedText(result.reinvited)}`,
  })
}

export default function SongDetailsPage() {
  const { song, lockMessage, invited, emptyMessages } = useLoaderData<typeof loader>()
  if (lockMessage)
    return (
      <StatusPage
        title="Details cannot be added now"
        actions={<ButtonLink to={`/certificate/${song.id}`}>View Certificate</ButtonLink>}
      >
        {lockMessage} Details can be added again if it fails; once it is registered, they go into a
        new version of the song.
      </StatusPage>
    )
  return <SongDetailsForm song={song} invited={invited} emptyMessages={emptyMessages} />
}

function SongDetailsForm({
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
  const text = (value: string | null) => value ?? ''
  const [form, fields] = useForm<SongDetailsFields>({
    id: 'song-details',
    lastResult: data?.result,
    // A field refused by the server is checked again as it is typed in (issue 52.1).
    shouldRevalidate: 'onInput',
    onValidate: revalidateWhileTyping({ refused: data?.result, emptyMessages }),
    defaultValue: {
      genre: text(song.genre),
      isrc: text(song.isrc),
      iswc: text(song.iswc),
      upc: text(song.upc),
      otherIdentifier: text(song.otherIdentifier),
      mainContributorPro: text(song.mainContributorPro),
      mainContributorProNumber: text(song.mainContributorProNumber),
      coContributorPro: text(song.coContributorPro),
      coContributorProNumber: text(song.coContributorProNumber),
      coContributor2Pro: text(song.coContributor2Pro),
      coContributor2ProNumber: text(song.coContributor2ProNumber),
      mainContributorPublisher: text(song.mainContributorPublisher),
      mainContributorPublisherIpi: text(song.mainContributorPublisherIpi),
      coContributorPublisher: text(song.coContributorPublisher),
      coContributorPublisherIpi: text(song.coContributorPublisherIpi),
      coContributor2Publisher: text(song.coContributor2Publisher),
      coContributor2PublisherIpi: text(song.coContributor2PublisherIpi),
      // The section draws its four rows from whichever the song has (decision 119).
      aiTools: song.aiTools ?? [],
      lyrics: text(song.lyrics),
      creativeNotes: text(song.creativeNotes),
      duration: song.durationSeconds === null ? '' : formatDuration(song.durationSeconds),
      contributorWroteMelody: song.contributorWroteMelody ? 'on' : '',
      coContributorWroteMelody: song.coContributorWroteMelody ? 'on' : '',
      coContributor2WroteMelody: song.coContributor2WroteMelody ? 'on' : '',
      wordsWeightPercent: String(song.wordsWeightPercent),
    },
  })

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Add Details</h1>
      <p className="mt-2 break-words text-slate-600">
        <bdi className="font-semibold text-slate-900">{song.title}</bdi> ({song.certificateId}):
        identifiers, the recording’s length, performing rights details and publishers, the AI tools
        by name, genre, lyrics and notes. Until the song is registered you can add and change them;
        the title, contributors, link and split are on the{' '}
        <a href={`/edit/${song.id}`} className="font-semibold text-brand-600 underline">
          edit page
        </a>
        .
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-6">
        <ErrorSummary
          id="song-details-error-summary"
          form={form}
          lastResult={data?.result}
          targets={songFormTargets(form.id)}
        />
        <section className="rounded-xl border border-slate-200 p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">Genre (Optional)</h2>
          <div className="mt-4 sm:w-1/2">
            <GenreSelect field={fields.genre} />
          </div>
          <p className="mt-2 text-xs text-slate-500">{GENRE_SPLIT_NOTE}</p>
        </section>
        <IdentifiersSection fields={fields} />
        <RecordingSection fields={fields} />
        <ProSection
          fields={fields}
          showCo1={Boolean(song.coContributorName)}
          showCo2={Boolean(song.coContributorName2)}
        />
        <SongWritersSection
          fields={fields}
          names={{
            main: song.contributorName,
            co1: song.coContributorName,
            co2: song.coContributorName2,
          }}
        />
        <AiToolsSection rows={fields.aiTools} />
        <ContentSection fields={fields} />
        <PrivacyNotice />
        {data?.message && <Alert>{data.message}</Alert>}
        {invited && (
          <p
            role="note"
            className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          >
            {EDIT_VOIDS_NOTICE} A genre that changes the split’s components does the same.
          </p>
        )}
        <div className="flex justify-end gap-3">
          <ButtonLink to={`/certificate/${song.id}`} variant="secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" disabled={pending}>
            {pending ? 'Saving...' : 'Save Details'}
          </Button>
        </div>
      </Form>
    </div>
  )
}

// Not the song's title: an unregistered song's title is private (decision 041).
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? 'Add Details' : 'Song Not Found' },
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
            This song does not exist, or it is not yours to change.
          </StatusPage>
        ),
      }}
    />
  )
}
