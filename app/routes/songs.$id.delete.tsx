import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AppLink } from '~/components/app-link'
import { ErrorList } from '~/components/forms'
import { pageMessagesWithFormErrors } from '~/i18n/form-errors.server'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import { Button, TAP_TARGET } from '~/components/ui/button'
import {
  type DeleteSongQuery,
  DeleteSongQuerySchema,
  DeleteSongSchema,
} from '~/lib/account-schemas'
import { fieldsOf, readForm } from '~/lib/form.server'
import { parseQuery } from '~/lib/http.server'
import { useIsPending } from '~/lib/hooks'
import { locksSong } from '~/lib/song-lock'
import {
  deleteUnregisteredSong,
  SONG_REGISTERED_CANNOT_DELETE,
} from '~/services/accounts/account.server'
import { requireSongOwner, requireUser, songNotFound } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import { redirectWithToast } from '~/services/platform/toast.server'
import { songText } from '~/services/songs/song-text.server'

// The song can be deleted from Settings, its row on the dashboard or the songs list, and its
// certificate (issue 39.18): “Keep it” goes back to where the person came from.
function backTo(from: DeleteSongQuery['from'], songId: number): `/${string}` {
  if (from === 'dashboard') return '/'
  if (from === 'songs') return '/songs'
  if (from === 'certificate') return `/certificate/${songId}`
  return '/settings'
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const song = await requireSongOwner(user.id, params.id)
  const query = parseQuery(request, DeleteSongQuerySchema)
  return json({
    // The page's words in the owner's language; its refusals are the song area's form errors.
    i18n: pageMessagesWithFormErrors(requestLocale(request, user), ['song']),
    song: { id: song.id, title: song.title },
    back: backTo(query.ok ? query.data.from : undefined, song.id),
    lockedMessage: locksSong(song.registration) ? SONG_REGISTERED_CANNOT_DELETE : null,
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  // Someone else's song is the song 404 before anything about the form is said.
  const songId = (await requireSongOwner(user.id, params.id)).id
  const submission = parseWithZod(await readForm(request, { fields: fieldsOf(DeleteSongSchema) }), {
    schema: DeleteSongSchema,
  })
  if (submission.status !== 'success')
    return json({ errors: ['Confirm that the song should be deleted.'] }, { status: 400 })
  const outcome = await deleteUnregisteredSong(db(), user.id, songId)
  if (!outcome.ok) {
    if (outcome.reason === 'not_found') throw songNotFound()
    return json({ errors: [outcome.message] }, { status: 409 })
  }
  const locale = requestLocale(request, user)
  return redirectWithToast('/songs', {
    type: 'success',
    title: songText(locale, 'song.delete.done.title'),
    description: songText(locale, 'song.delete.done.text', { title: outcome.title }),
  })
}

export default function DeleteSongPage() {
  const { song, back, lockedMessage } = useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  const pending = useIsPending()
  const message = data?.errors[0] ?? lockedMessage
  const t = useT()
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('song.delete.title')}</h1>
      <p className="mt-4 text-slate-800">
        <bdi className="font-semibold">{song.title}</bdi>
      </p>
      <ErrorList id="delete-song-error" errors={message ? [message] : null} />
      {!lockedMessage && (
        <>
          <p className="mt-3 text-sm text-slate-600">{t('song.delete.warning')}</p>
          <Form method="post" className="mt-4 flex flex-wrap gap-3">
            <input type="hidden" name="confirm" value="delete" />
            <Button type="submit" variant="danger" disabled={pending}>
              {pending ? t('song.delete.deleting') : t('song.delete.submit')}
            </Button>
            <AppLink
              to={back}
              className={`${TAP_TARGET} self-center text-sm font-medium text-brand-700 hover:underline`}
            >
              {t('song.delete.keep')}
            </AppLink>
          </Form>
        </>
      )}
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('song.delete.meta.title') },
    { name: 'description', content: t('song.delete.meta.description') },
  ]
}
