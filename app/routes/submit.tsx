import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
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
import { type ReactNode, useMemo, useState } from 'react'
import { ErrorSummary } from '~/components/error-summary'
import { SongForm, songFormTargets } from '~/components/song-form'
import { SongSummary, SummaryHiddenFields } from '~/components/song-summary'
import { SubmitSuccess } from '~/components/submit-success'
import { TimeZoneNote, useTimeZone } from '~/components/time-zone'
import { Button } from '~/components/ui/button'
import { todayIso } from '~/lib/dates'
import { refusal } from '~/lib/form.server'
import { emptyFieldMessages } from '~/lib/form-rules.server'
import { revalidateWhileTyping } from '~/lib/form-revalidation'
import { useHydrated, useIsPending } from '~/lib/hooks'
import { contributionFormRows } from '~/lib/song-constants'
import { type SongFormFields, SongSchema, SUBMIT_FORM } from '~/lib/song-schema'
import type { EmptyFieldMessages } from '~/lib/form-revalidation'
import { pageViewOf } from '~/lib/client-address.server'
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
import { Alert } from '~/components/forms'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { timeZone } = resolveTimeZone(request.headers.get('Cookie'), user)
  const createdId = parseSongId(new URL(request.url).searchParams.get('created') ?? undefined)
  const created = createdId === null ? null : await getOwnedSong(db(), user.id, createdId)
  const fromId = parseSongId(new URL(request.url).searchParams.get('from') ?? undefined)
  const version = fromId === null ? null : await newVersionValues(db(), user.id, fromId)
  return json({
    version,
    emptyMessages: emptyFieldMessages(SongSchema),
    today: todayIso(new Date(), timeZone),
    created: created
      ? { id: created.id, title: created.title, certificateId: created.certificateId }
      : null,
  })
}

const SUBMIT_FAILED = {
  id: 'submit-failed',
  type: 'error' as const,
  title: 'Submission failed',
  description:
    'Your song could not be saved just now. Your details are kept here: please try again.',
}

// Three buttons, one form: review the form, go back to edit it, or create the song.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  // Without JavaScript the form is multipart, with the files in it: hashed on the way past and dropped.
  const { form: formData, problems } = await readFormFingerprintingRecordings(request, SUBMIT_FORM)
  const intent = formData.get('intent')
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
    json({ step: 'form' as const, values, errors: {}, supersedes, refused }, { status })
  const full = () => refuse(songCeilingMessage(), 409)
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
        const created = await createSong(trx, user.id, submission.value)
        if (supersedes !== null && !(await linkVersion(trx, user.id, created.id, supersedes)))
          throw new Error(`Song ${created.id} could not be linked to song ${supersedes}`)
        await queueSnapshotTimestamp(trx, user.id, created.id, 'created')
        return created
      })
      await recordUserAction(db(), pageViewOf(request), 'submit_song', user.id)
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
          toast: SUBMIT_FAILED,
        },
        { status: 503 },
      )
    }
  }
  return json({ step: 'summary' as const, values: submission.value, errors: {}, supersedes })
}

export default function SubmitPage() {
  const { today, created, version, emptyMessages } = useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  const creating = useIsPending({ intent: 'create' })
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
        <h1 className="text-3xl font-bold text-slate-900">Review Your Submission</h1>
        <p className="mt-2 text-slate-600">
          Check the details below. Creating the certificate records them with today's timestamp.
        </p>
        <Form method="post" className="mt-6 space-y-6">
          <SummaryHiddenFields values={data.values} />
          {supersedesField}
          <SongSummary values={data.values} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Button type="submit" name="intent" value="edit" variant="secondary">
              Edit Details
            </Button>
            <Button type="submit" name="intent" value="create" disabled={creating}>
              {creating ? 'Creating...' : 'Create Certificate'}
            </Button>
          </div>
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
      supersedesField={supersedesField}
      notice={
        version && supersedes !== null
          ? `New version of ${version.supersedes.certificateId}: every field is filled in from it. Once registered, the new certificate names the earlier one.`
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
  supersedesField,
  notice,
  refused,
}: {
  refused: string | null
  lastResult: SubmissionResult | undefined
  emptyMessages: EmptyFieldMessages
  today: string
  defaultValue: NonNullable<SerializeFrom<typeof loader>['version']>['values'] | undefined
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
  const [form, fields] = useForm<SongFormFields>({
    id: 'song',
    lastResult,
    // A new version starts from every field of the registered song it supersedes.
    defaultValue: defaultValue ?? { contributions: contributionFormRows() },
    // A field refused by the server is checked again as it is typed in (issue 52.1).
    shouldRevalidate: 'onInput',
    onValidate: revalidateWhileTyping({ refused: lastResult, emptyMessages }),
  })

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Submit New Song</h1>
      {notice && (
        <p className="mt-2 rounded-md border border-sky-200 bg-sky-50 p-3 text-sm text-sky-900">
          {notice}
        </p>
      )}
      <p className="mt-2 text-slate-600">
        Document who made your song — every person and every AI tool — and get a timestamped
        certificate.
      </p>
      {refused && <Alert className="mt-4">{refused}</Alert>}
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
            {reviewing ? 'Checking...' : fingerprinting ? 'Fingerprinting...' : 'Review & Continue'}
          </Button>
        </div>
      </Form>
    </div>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Submit New Song' },
  { name: 'description', content: 'Certify a new song and its contributors.' },
]
