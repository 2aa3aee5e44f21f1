import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { ContributionsTable, percentValuesFrom } from '~/components/contributions-table'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Field } from '~/components/forms'
import { Toaster } from '~/components/toaster'
import { Button, ButtonLink } from '~/components/ui/button'
import { TOTALS_MESSAGE, totalsAreComplete, visibleComponents } from '~/lib/song-constants'
import { readForm } from '~/lib/form.server'
import { SONG_UPDATE_FORM, SongUpdateSchema } from '~/lib/song-schema'
import { requireUser } from '~/services/auth.server'
import { getOwnedSong, LOCKED_MESSAGE, parseSongId, updateSong } from '~/services/songs.server'
import { redirectWithToast } from '~/services/toast.server'

async function loadOwnedSong(request: Request, param: string | undefined) {
  const user = await requireUser(request)
  const id = parseSongId(param)
  const song = id === null ? null : await getOwnedSong(user.id, id)
  // Someone else's song is answered exactly like a missing one.
  if (!song) throw new Response('Song Not Found', { status: 404 })
  return { user, song }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { song } = await loadOwnedSong(request, params.id)
  return json({ song, locked: song.registration !== null && song.registration.status !== 'failed' })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, song } = await loadOwnedSong(request, params.id)
  const submission = parseWithZod(await readForm(request, SONG_UPDATE_FORM), { schema: SongUpdateSchema })
  const fail = (status: number, message: string, errors: Record<string, string[] | null> = {}) =>
    json({ message, errors, values: submission.payload, toast: { id: 'update-failed', type: 'error' as const, title: 'Error', description: message } }, { status })
  if (submission.status !== 'success') return fail(400, 'Please correct the highlighted fields.', submission.reply().error ?? {})
  const result = await updateSong(user.id, song.id, submission.value)
  if (!result.ok) {
    if (result.reason === 'locked') return fail(409, LOCKED_MESSAGE)
    if (result.reason === 'totals') return fail(400, TOTALS_MESSAGE)
    throw new Response('Song Not Found', { status: 404 })
  }
  return redirectWithToast('/', { type: 'success', title: 'Success', description: 'Song updated successfully! Certificate will reflect the changes.' })
}

export default function EditSongPage() {
  const { song, locked } = useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  const pending = useNavigation().state === 'submitting'
  const [interactive, setInteractive] = useState(false)
  useEffect(() => setInteractive(true), [])
  const values: Record<string, unknown> = data?.values ?? song
  const text = (name: string) => (typeof values[name] === 'string' ? String(values[name]) : '')
  const [names, setNames] = useState({ main: text('contributorName'), co1: text('coContributorName'), co2: text('coContributorName2') })
  const visible = visibleComponents(song.genre)
  const initialComplete = song.contributions.length > 0 && totalsAreComplete(song.contributions)
  const [complete, setComplete] = useState(initialComplete)
  const errors = data?.errors ?? {}

  if (locked) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Cannot Edit Song</h1>
        <p className="mt-4 text-slate-600">This song has been registered on the blockchain and cannot be edited.</p>
        <div className="mt-8 flex justify-center gap-3">
          <ButtonLink to={`/certificate/${song.id}`} variant="secondary">View Certificate</ButtonLink>
          <ButtonLink to="/">Back to Dashboard</ButtonLink>
        </div>
      </section>
    )
  }

  const field = (name: string) => ({ id: `edit-${name}`, name, defaultValue: text(name), errors: errors[name] ?? undefined })
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Toaster toast={data?.toast ?? null} />
      <h1 className="text-3xl font-bold text-slate-900">Edit Song</h1>
      <p className="mt-2 text-slate-600">Changes show on the certificate. Once a song is registered on the blockchain it can no longer be edited.</p>
      <Form method="post" noValidate className="mt-6 space-y-6" key={JSON.stringify(data?.values ?? null)}>
        <section className="grid gap-4 rounded-xl border border-slate-200 p-5 sm:grid-cols-2 sm:p-6">
          <Field label="Song Title *" required {...field('title')} />
          <Field label="Date Created *" type="date" required {...field('dateCreated')} />
          <Field label="Main Contributor Name *" required {...field('contributorName')} onChange={(e) => setNames((n) => ({ ...n, main: e.target.value }))} />
          <Field label="Co-Contributor Name" {...field('coContributorName')} onChange={(e) => setNames((n) => ({ ...n, co1: e.target.value }))} />
          <Field label="Co-Contributor 2 Name" {...field('coContributorName2')} onChange={(e) => setNames((n) => ({ ...n, co2: e.target.value }))} />
          <Field label="Tools Used *" required {...field('toolsUsed')} />
          <Field label="Song Link *" type="url" required className="sm:col-span-2" {...field('fileLink')} />
        </section>
        <section className="rounded-xl border border-slate-200 p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-slate-900">Creative Contributions</h2>
          <div className="mt-4">
            <ContributionsTable names={names} initial={percentValuesFrom(values.contributions)} errors={errors} visible={visible} interactive={interactive} onTotalsChange={setComplete} />
          </div>
          {(!complete || data?.message === TOTALS_MESSAGE) && (
            <p role="alert" className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">{TOTALS_MESSAGE}</p>
          )}
        </section>
        {data?.message && data.message !== TOTALS_MESSAGE && <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">{data.message}</p>}
        <div className="flex justify-end gap-3">
          <ButtonLink to="/" variant="secondary">Cancel</ButtonLink>
          {/* Without JavaScript the button stays usable and the server applies the 100 % rule. */}
          <Button type="submit" disabled={pending || (interactive && !complete)}>{pending ? 'Updating...' : 'Update Song'}</Button>
        </div>
      </Form>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `Edit ${data.song.title}` : 'Song Not Found' }]

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <section className="mx-auto max-w-xl px-4 py-24 text-center">
            <h1 className="text-3xl font-bold text-slate-900">Song Not Found</h1>
            <p className="mt-4 text-slate-600">This song does not exist, or it is not yours to edit.</p>
            <ButtonLink to="/" className="mt-8">Back to Dashboard</ButtonLink>
          </section>
        ),
      }}
    />
  )
}
