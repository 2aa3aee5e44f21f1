import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import { useFormErrorText } from '~/i18n/form-errors'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
  type SerializeFrom,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AppLink } from '~/components/app-link'
import { type ReactNode, useMemo, useState } from 'react'
import { ErrorSummary } from '~/components/error-summary'
import { SongForm, songFormTargets } from '~/components/song-form'
import { SongSummary, SummaryHiddenFields } from '~/components/song-summary'
import { StepHeading } from '~/components/step-heading'
import { SubmitSuccess } from '~/components/submit-success'
import { TimeZoneNote, useTimeZone } from '~/components/time-zone'
import { Button } from '~/components/ui/button'
import { todayIso } from '~/lib/dates'
import { formFromPairs, refusal } from '~/lib/form.server'
import { emptyFieldMessages } from '~/lib/form-rules.server'
import { revalidateWhileTyping } from '~/lib/form-revalidation'
import { useHydrated, useIsPending } from '~/lib/hooks'
import { contributionFormRows, contributorSlots } from '~/lib/song-constants'
import { type SongFormFields, SongSchema, SUBMIT_FORM } from '~/lib/song-schema'
import type { EmptyFieldMessages } from '~/lib/form-revalidation'
import { pageViewOf } from '~/lib/client-address.server'
import { isAccountHoldersName } from '~/lib/dispute-person.server'
import { recordUserAction } from '~/services/platform/analytics.server'
import { requireUser } from '~/services/accounts/auth.server'
import { SpaceError, spaceRefusal, textBytes } from '~/services/songs/byte-budget.server'
import { db, inTransaction } from '~/services/platform/db.server'
import { queueSnapshotTimestamp } from '~/services/certificates/record/snapshot-timestamps.server'
import { resolveTimeZone } from '~/services/platform/time-zone.server'
import { readFormFingerprintingRecordings } from '~/services/songs/recording-fingerprint.server'
import {
  createSong,
  getOwnedSong,
  parseSongId,
  SongCeilingError,
  songCeilingMessage,
  songCeilingReached,
} from '~/services/songs/songs.server'
import { canSupersede, linkVersion, newVersionValues } from '~/services/songs/versions.server'
import {
  getReviewDraft,
  markReviewDraftCreated,
  parseReviewDraftId,
  reviewDraftFields,
  saveReviewDraft,
} from '~/services/songs/review-drafts.server'
import { redirectWithToast } from '~/services/platform/toast.server'
import { songPageMessages, songRefusalText, songText } from '~/services/songs/song-text.server'
import { Alert } from '~/components/forms'
import type { RenderLocale } from '~/i18n/locales'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { timeZone } = resolveTimeZone(request.headers.get('Cookie'), user)
  const createdId = parseSongId(new URL(request.url).searchParams.get('created') ?? undefined)
  const created = createdId === null ? null : await getOwnedSong(db(), user.id, createdId)
  const fromId = parseSongId(new URL(request.url).searchParams.get('from') ?? undefined)
  const version = fromId === null ? null : await newVersionValues(db(), user.id, fromId)
  const reviewId = new URL(request.url).searchParams.get('review')
  const locale = requestLocale(request, user)
  return json({
    // The page's words in the owner's language: the song pages' area, the form's and the shared words.
    i18n: songPageMessages(locale),
    review: reviewId === null ? null : await reviewStep(user.id, reviewId, locale),
    version,
    // A new song starts with the account's own PRO details (decision 118); a new version, the song's.
    accountPro: {
      mainContributorPro: user.pro ?? '',
      mainContributorProNumber: user.proNumber ?? '',
    },
    emptyMessages: emptyFieldMessages(SongSchema),
    today: todayIso(new Date(), timeZone),
    created: created
      ? {
          id: created.id,
          title: created.title,
          certificateId: created.certificateId,
          // Named contributors other than the owner: the ones to invite before registering.
          coWriters: contributorSlots(created).filter(
            (slot) => !isAccountHoldersName(user, slot.name),
          ).length,
        }
      : null,
  })
}

const submitFailed = (locale: RenderLocale) => ({
  id: 'submit-failed',
  type: 'error' as const,
  title: songText(locale, 'song.submit.failed.title'),
  description: songText(locale, 'song.submit.failed.text'),
})

// The review's post names the draft it shows (decision 114). A function, not a constant: a
// module-level value built from the schema's module would stay in the page's browser bundle and
// bring zod with it (decision 044); an unused function is dropped with the action.
function submitPost() {
  return { ...SUBMIT_FORM, fields: [...SUBMIT_FORM.fields, 'draft'] }
}

// The song area's `formError` entry says it in the owner's language where it is shown.
const REVIEW_GONE =
  'This review is no longer kept (a review waits a day): check the song and review it again.'

// Three buttons, one form: review the form, go back to edit it, or create the song.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const locale = requestLocale(request, user)
  // Without JavaScript the form is multipart, with the files in it: hashed on the way past and dropped.
  const { form: posted, problems } = await readFormFingerprintingRecordings(request, submitPost())
  const intent = posted.get('intent')
  // "Create Certificate" creates what was reviewed, as the review page kept it (decision 114).
  const draft =
    intent === 'create' && posted.has('draft')
      ? await getReviewDraft(db(), user.id, parseReviewDraftId(posted.get('draft')))
      : undefined
  // Created already (Back, reload, a second tap): the song it made, never a second one.
  if (draft?.songId) return redirect(`/submit?created=${draft.songId}`)
  const formData = draft ? formFromPairs(draft.fields, submitPost()) : posted
  const rawSupersedes = formData.get('supersedes')
  const supersedes = typeof rawSupersedes === 'string' ? parseSongId(rawSupersedes) : null
  if (rawSupersedes && (supersedes === null || !(await canSupersede(db(), user.id, supersedes))))
    throw refusal(400, 'Only a registered song of yours can have a new version.')
  const submission = parseWithZod(formData, { schema: SongSchema })
  // The values and errors of conform's reply, which the view hands back to useForm as lastResult.
  const reply = submission.reply()
  const values = reply.initialValue ?? {}
  if (intent === 'edit')
    return json({ step: 'form' as const, values, errors: {}, supersedes, refused: null })
  // Said before the review, so nobody fills in a song the account cannot hold (decision 079).
  const refuse = (refused: string, status: number) =>
    json(
      {
        step: 'form' as const,
        values,
        errors: {},
        supersedes,
        refused: songRefusalText(locale, refused),
      },
      { status },
    )
  const full = () => refuse(songCeilingMessage(), 409)
  if (draft === null) return refuse(REVIEW_GONE, 409)
  if (await songCeilingReached(db(), user.id)) return full()
  if (submission.status !== 'success' || Object.keys(problems).length > 0) {
    const errors: Record<string, string[] | null> = { ...(reply.error ?? {}), ...problems }
    return json(
      { step: 'form' as const, values, errors, supersedes, refused: null },
      { status: 400 },
    )
  }
  // The account's byte budget and the server's disk, said before the review as the ceiling is.
  const noSpace = await spaceRefusal(db(), user.id, textBytes(submission.value))
  if (noSpace) return refuse(noSpace.message, noSpace.status)
  if (intent === 'create') {
    try {
      // A new version and its link are one write: never a song that says it supersedes nothing.
      const song = await inTransaction(db(), async (trx) => {
        // Of two posts of one review at once, the second waits here and finds the first's song.
        const claimed = draft && (await getReviewDraft(trx, user.id, draft.id, { lock: true }))
        if (claimed?.songId) return { id: claimed.songId, isNew: false }
        const created = await createSong(trx, user.id, submission.value)
        if (supersedes !== null && !(await linkVersion(trx, user.id, created.id, supersedes)))
          throw new Error(`Song ${created.id} could not be linked to song ${supersedes}`)
        await queueSnapshotTimestamp(trx, user.id, created.id, 'created')
        if (draft) await markReviewDraftCreated(trx, draft.id, created.id)
        return { id: created.id, isNew: true }
      })
      if (song.isNew) await recordUserAction(db(), pageViewOf(request), 'submit_song', user.id)
      return redirect(`/submit?created=${song.id}`)
    } catch (error) {
      if (error instanceof SongCeilingError) return full()
      if (error instanceof SpaceError) return refuse(error.message, error.refusal.status)
      // The database's own words stay in the log; the writer keeps every value on the summary.
      console.error('[submit] song not created', error)
      return json(
        {
          step: 'summary' as const,
          values: submission.value,
          errors: {},
          supersedes,
          draft: draft?.id ?? null,
          createdSongId: null,
          toast: submitFailed(locale),
        },
        { status: 503 },
      )
    }
  }
  // The review is a page of its own, so Back and reload never post the form again (issue 52.9).
  const id = await saveReviewDraft(db(), user.id, reviewDraftFields(formData))
  return redirect(`/submit?review=${id}`)
}

/** The review page's step, from its draft: the summary, or the form when it no longer passes. */
async function reviewStep(userId: string, id: string, locale: RenderLocale) {
  const draft = await getReviewDraft(db(), userId, parseReviewDraftId(id))
  if (!draft)
    throw await redirectWithToast('/submit', {
      type: 'message',
      title: songText(locale, 'song.submit.reviewLost.title'),
      description: songText(locale, 'song.submit.reviewLost.text'),
    })
  const form = formFromPairs(draft.fields, submitPost())
  const rawSupersedes = form.get('supersedes')
  const supersedes = typeof rawSupersedes === 'string' ? parseSongId(rawSupersedes) : null
  const submission = parseWithZod(form, { schema: SongSchema })
  if (submission.status !== 'success') {
    const reply = submission.reply()
    const values = reply.initialValue ?? {}
    return { step: 'form' as const, values, errors: reply.error ?? {}, supersedes, refused: null }
  }
  return {
    step: 'summary' as const,
    values: submission.value,
    errors: {},
    supersedes,
    draft: draft.id,
    createdSongId: draft.songId,
  }
}

export default function SubmitPage() {
  const { today, created, version, accountPro, emptyMessages, review } =
    useLoaderData<typeof loader>()
  // A post's answer (Edit Details, a refused form) first; else the review page's own step.
  const data = useActionData<typeof action>() ?? review
  const creating = useIsPending({ intent: 'create' })
  const t = useT()
  // One object per answer: conform reports a new lastResult again, over what was fixed since.
  const lastResult = useMemo<SubmissionResult | undefined>(
    () =>
      data?.step === 'form'
        ? {
            status: Object.keys(data.errors).length > 0 ? 'error' : undefined,
            initialValue: data.values,
            error: data.errors,
          }
        : undefined,
    [data],
  )

  if (created) return <SubmitSuccess song={created} />
  const supersedes = data ? data.supersedes : (version?.supersedes.id ?? null)
  const supersedesField = supersedes !== null && (
    <input type="hidden" name="supersedes" value={supersedes} />
  )

  if (data?.step === 'summary') {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <StepHeading className="text-3xl font-bold text-slate-900">
          {t('song.review.title')}
        </StepHeading>
        {data.createdSongId ? (
          <p className="mt-2 text-slate-700" role="status">
            {t('song.review.created')}{' '}
            <AppLink
              to={`/certificate/${data.createdSongId}`}
              className="font-semibold text-brand-700 underline"
            >
              {t('song.review.seeCertificate')}
            </AppLink>
          </p>
        ) : (
          <p className="mt-2 text-slate-600">{t('song.review.intro')}</p>
        )}
        <Form method="post" className="mt-6 space-y-6">
          {data.draft && <input type="hidden" name="draft" value={data.draft} />}
          <SummaryHiddenFields values={data.values} />
          {supersedesField}
          <SongSummary values={data.values} />
          {!data.createdSongId && (
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
              <Button type="submit" name="intent" value="edit" variant="secondary">
                {t('song.review.edit')}
              </Button>
              <Button type="submit" name="intent" value="create" disabled={creating}>
                {creating ? t('song.review.creating') : t('song.review.create')}
              </Button>
            </div>
          )}
        </Form>
      </div>
    )
  }

  // Mounted afresh when the summary sends the values back, so conform starts from them.
  return (
    <SongFormStep
      refused={data?.step === 'form' ? data.refused : null}
      lastResult={lastResult}
      emptyMessages={emptyMessages}
      today={today}
      defaultValue={version?.values}
      accountPro={accountPro}
      supersedesField={supersedesField}
      notice={
        version && supersedes !== null
          ? t('song.submit.newVersion', { certificateId: version.supersedes.certificateId })
          : null
      }
    />
  )
}

function SongFormStep({
  lastResult,
  emptyMessages,
  today: serverToday,
  defaultValue,
  accountPro,
  supersedesField,
  notice,
  refused,
}: {
  refused: string | null
  lastResult: SubmissionResult | undefined
  emptyMessages: EmptyFieldMessages
  today: string
  defaultValue: NonNullable<SerializeFrom<typeof loader>['version']>['values'] | undefined
  accountPro: SerializeFrom<typeof loader>['accountPro']
  supersedesField: ReactNode
  notice: string | null
}) {
  // Without JavaScript the form carries the recording file itself (multipart); with it, only the digest.
  const hydrated = useHydrated()
  const zone = useTimeZone()
  // The server's today is in the zone it knew; once JavaScript runs, the browser's zone decides.
  const today = hydrated ? todayIso(new Date(), zone.timeZone) : serverToday
  const [fingerprinting, setFingerprinting] = useState(false)
  const reviewing = useIsPending({ intent: 'review' })
  const t = useT()
  const shown = useFormErrorText()
  const [form, fields] = useForm<SongFormFields>({
    id: 'song',
    lastResult,
    // A new version starts from every field of the registered song it supersedes.
    defaultValue: defaultValue ?? { contributions: contributionFormRows(), ...accountPro },
    // A field refused by the server is checked again as it is typed in (issue 52.1).
    shouldRevalidate: 'onInput',
    onValidate: revalidateWhileTyping({ refused: lastResult, emptyMessages }),
  })

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">{t('song.submit.title')}</h1>
      {notice && (
        <p className="mt-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
          {notice}
        </p>
      )}
      <p className="mt-2 text-slate-600">{t('song.submit.intro')}</p>
      {refused && <Alert className="mt-4">{shown(refused)}</Alert>}
      <ErrorSummary
        id="song-error-summary"
        className="mt-4"
        form={form}
        lastResult={lastResult}
        targets={songFormTargets(form.id)}
      />
      <Form
        method="post"
        {...getFormProps(form)}
        encType={hydrated ? 'application/x-www-form-urlencoded' : 'multipart/form-data'}
        noValidate
        className="mt-6 space-y-6"
      >
        {supersedesField}
        <TimeZoneNote choice={zone} />
        {/* Drawn again once the browser's zone decides what today is. */}
        <SongForm key={today} fields={fields} today={today} onBusyChange={setFingerprinting} />
        <div className="flex justify-end">
          <Button type="submit" name="intent" value="review" disabled={reviewing || fingerprinting}>
            {reviewing
              ? t('song.submit.checking')
              : fingerprinting
                ? t('song.submit.fingerprinting')
                : t('song.submit.review')}
          </Button>
        </div>
      </Form>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('song.submit.meta.title') },
    { name: 'description', content: t('song.submit.meta.description') },
  ]
}
