import { getFormProps, useForm } from '@conform-to/react'
import { requestLocale } from '~/i18n/locale.server'
import type { RenderLocale } from '~/i18n/locales'
import { translatorOf, useT } from '~/i18n/react'
import { useFormErrorText, withParts } from '~/i18n/form-errors'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  type SerializeFrom,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
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
import { visibleComponents } from '~/lib/song-constants'
import { translate } from '~/i18n/catalogs.server'
import { COMPONENT_IDS } from '~/i18n/words'
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
import { updateSongDetails } from '~/services/co-writers/song-edits.server'
import { withSnapshot } from '~/services/certificates/record/snapshot-timestamps.server'
import { hasLiveInvitations } from '~/services/co-writers/invitations.server'
import { redirectWithToast } from '~/services/platform/toast.server'
import {
  genreSharelessText,
  nothingChangedToast,
  reinvitedSentence,
  sentences,
  songRefusalText,
  songText,
  songPageMessages,
} from '~/services/songs/song-text.server'

// Issue 25 item 7 (decision 052): the details the edit form leaves out, added to an unregistered
// song. A registered song's details go into a new version of it (decision 038).

const newVersionToast = (locale: RenderLocale) => ({
  type: 'message' as const,
  title: songText(locale, 'song.details.newVersion.title'),
  description: songText(locale, 'song.details.newVersion.text'),
})

async function requireDetailsSong(request: Request, param: string | undefined) {
  const user = await requireUser(request)
  const song = await requireSongOwner(user.id, param)
  const locale = requestLocale(request, user)
  if (song.isRegistered)
    throw await redirectWithToast(`/submit?from=${song.id}`, newVersionToast(locale))
  return { user, song, locale }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { song, locale } = await requireDetailsSong(request, params.id)
  return json({
    // The page's words in the owner's language: the song pages' area, the form's and the shared words.
    i18n: songPageMessages(locale),
    song,
    // A registration under way holds the song until it ends (confirmed, or failed and free again).
    lockMessage: registrationLockMessage(song.registration),
    invited: await hasLiveInvitations(db(), song.id),
    emptyMessages: emptyFieldMessages(SongDetailsSchema),
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, song, locale } = await requireDetailsSong(request, params.id)
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
  // Said in the owner's language here: the page shows the message as it comes.
  const fail = (status: number, english: string, genre?: string) => {
    const message = songRefusalText(locale, english)
    return json(
      {
        result: submission.reply(genre ? { fieldErrors: { genre: [genre] } } : {}),
        message,
        toast: {
          id: 'details-failed',
          type: 'error' as const,
          title: songText(locale, 'song.details.failed.title'),
          description: message,
        },
      },
      { status },
    )
  }
  if (!result) return fail(503, 'Your details could not be saved just now. Please try again.')
  if (!result.ok) {
    if (result.reason === 'totals') {
      const message = songText(locale, 'song.details.genreTotals')
      return fail(400, message, message)
    }
    if (result.reason === 'shareless') {
      const message = genreSharelessText(locale, result.message)
      return fail(400, message, message)
    }
    if (result.reason === 'locked') return fail(409, REGISTRATION_IN_PROGRESS_MESSAGE)
    if (result.reason === 'space') return fail(result.status, result.message)
    throw songNotFound()
  }
  if (!result.changed)
    return redirectWithToast(`/certificate/${song.id}`, nothingChangedToast(locale))
  await recordUserAction(db(), pageViewOf(request), 'edit_song', user.id)
  const covered = visibleComponents(submission.value.genre).map((c) =>
    translate(locale, 'words', COMPONENT_IDS[c]),
  )
  return redirectWithToast(`/certificate/${song.id}`, {
    type: 'success',
    title: songText(locale, 'song.details.saved.title'),
    description: sentences(
      locale,
      songText(locale, 'song.details.saved.text'),
      result.splitChanged
        ? songText(locale, 'song.details.saved.split', {
            components: covered.join(locale === 'ja' ? '、' : ', '),
          })
        : '',
      reinvitedSentence(locale, result.reinvited),
    ),
  })
}

export default function SongDetailsPage() {
  const { song, lockMessage, invited, emptyMessages } = useLoaderData<typeof loader>()
  const t = useT()
  const shown = useFormErrorText()
  if (lockMessage)
    return (
      <StatusPage
        title={t('song.details.locked.title')}
        actions={
          <ButtonLink to={`/certificate/${song.id}`}>{t('song.edit.viewCertificate')}</ButtonLink>
        }
      >
        {shown(lockMessage)} {t('song.details.locked.after')}
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
  const t = useT()
  const shown = useFormErrorText()
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
      <h1 className="text-3xl font-bold text-slate-900">{t('song.details.title')}</h1>
      <p className="mt-2 break-words text-slate-600">
        {withParts(
          (marks) => t('song.details.intro', { ...marks, certificateId: song.certificateId }),
          {
            title: (
              <bdi key="title" className="font-semibold text-slate-900">
                {song.title}
              </bdi>
            ),
            editPage: (
              <a
                key="edit"
                href={`/edit/${song.id}`}
                className="font-semibold text-brand-600 underline"
              >
                {t('song.details.editPage')}
              </a>
            ),
          },
        )}
      </p>
      <Form method="post" {...getFormProps(form)} noValidate className="mt-6 space-y-6">
        <ErrorSummary
          id="song-details-error-summary"
          form={form}
          lastResult={data?.result}
          targets={songFormTargets(form.id)}
        />
        <section className="rounded-xl border border-slate-200 p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">{t('song.details.genre')}</h2>
          <div className="mt-4 sm:w-1/2">
            <GenreSelect field={fields.genre} />
          </div>
          <p className="mt-2 text-xs text-slate-500">{t('song.details.genreNote')}</p>
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
        {data?.message && <Alert>{shown(data.message)}</Alert>}
        {invited && (
          <p
            role="note"
            className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          >
            {t('song.details.editVoids')}
          </p>
        )}
        <div className="flex justify-end gap-3">
          <ButtonLink to={`/certificate/${song.id}`} variant="secondary">
            {t('song.edit.cancel')}
          </ButtonLink>
          <Button type="submit" disabled={pending}>
            {pending ? t('song.details.saving') : t('song.details.save')}
          </Button>
        </div>
      </Form>
    </div>
  )
}

// Not the song's title: an unregistered song's title is private (decision 041).
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: data ? translatorOf(matches).t('song.details.title') : 'Song Not Found' },
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
