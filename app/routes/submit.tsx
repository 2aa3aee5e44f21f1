import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { SongForm, type SongFormValues } from '~/components/song-form'
import { SongSummary, SummaryHiddenFields } from '~/components/song-summary'
import { SubmitSuccess } from '~/components/submit-success'
import { Button } from '~/components/ui/button'
import { todayIso } from '~/lib/dates'
import { SONG_FORM, SongSchema } from '~/lib/song-schema'
import { requireUser } from '~/services/auth.server'
import { readFormFingerprintingRecording } from '~/services/recording-fingerprint.server'
import { createSong, getOwnedSong, parseSongId } from '~/services/songs.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const createdId = parseSongId(new URL(request.url).searchParams.get('created') ?? undefined)
  const created = createdId === null ? null : await getOwnedSong(user.id, createdId)
  return json({ today: todayIso(), created: created ? { id: created.id, title: created.title, certificateId: created.certificateId } : null })
}

// Three buttons, one form: review the form, go back to edit it, or create the song.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  // Without JavaScript the form is multipart, with the recording in it: hashed on the way past and dropped.
  const { form: formData, problem } = await readFormFingerprintingRecording(request, SONG_FORM)
  const intent = formData.get('intent')
  const submission = parseWithZod(formData, { schema: SongSchema })
  const payload: SongFormValues = submission.payload
  if (intent === 'edit') return json({ step: 'form' as const, values: payload, errors: {} })
  if (submission.status !== 'success' || problem) {
    const errors: Record<string, string[] | null> = { ...(submission.reply().error ?? {}), ...(problem ? { recordingSha256: [problem] } : {}) }
    return json({ step: 'form' as const, values: payload, errors }, { status: 400 })
  }
  if (intent === 'create') {
    const song = await createSong(user.id, submission.value)
    return redirect(`/submit?created=${song.id}`)
  }
  return json({ step: 'summary' as const, values: submission.value, errors: {} })
}

export default function SubmitPage() {
  const { today, created } = useLoaderData<typeof loader>()
  // Without JavaScript the form carries the recording file itself (multipart); with it, only the digest.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const [fingerprinting, setFingerprinting] = useState(false)
  const data = useActionData<typeof action>()
  const navigation = useNavigation()
  const pendingIntent = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null

  if (created) return <SubmitSuccess song={created} />

  if (data?.step === 'summary') {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="text-3xl font-bold text-slate-900">Review Your Submission</h1>
        <p className="mt-2 text-slate-600">Check the details below. Creating the certificate records them with today's timestamp.</p>
        <Form method="post" className="mt-6 space-y-6">
          <SummaryHiddenFields values={data.values} />
          <SongSummary values={data.values} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
            <Button type="submit" name="intent" value="edit" variant="secondary">Edit Details</Button>
            <Button type="submit" name="intent" value="create" disabled={pendingIntent === 'create'}>{pendingIntent === 'create' ? 'Creating...' : 'Create Certificate'}</Button>
          </div>
        </Form>
      </div>
    )
  }

  const errors = data?.step === 'form' ? data.errors : {}
  const errorCount = Object.keys(errors).length
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">Submit New Song</h1>
      <p className="mt-2 text-slate-600">Document who made your song — every person and every AI tool — and get a timestamped certificate.</p>
      {errorCount > 0 && (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">Please correct the highlighted fields below.</p>
      )}
      {/* The key remounts the form when the server sends values back, so its fields show them. */}
      <Form method="post" encType={hydrated ? 'application/x-www-form-urlencoded' : 'multipart/form-data'} noValidate className="mt-6 space-y-6" key={JSON.stringify(data?.values ?? null)}>
        <SongForm values={data?.step === 'form' ? data.values : {}} errors={errors} today={today} onBusyChange={setFingerprinting} />
        <div className="flex justify-end">
          <Button type="submit" name="intent" value="review" disabled={pendingIntent === 'review' || fingerprinting}>
            {pendingIntent === 'review' ? 'Checking...' : fingerprinting ? 'Fingerprinting...' : 'Review & Continue'}
          </Button>
        </div>
      </Form>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Submit New Song' }, { name: 'description', content: 'Certify a new song and its contributors.' }]
