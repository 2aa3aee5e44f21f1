import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { CoWritersList } from '~/components/co-writers'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ButtonLink } from '~/components/ui/button'
import { withParts } from '~/i18n/form-errors'
import { translateFormError } from '~/i18n/form-errors.server'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import { CO_WRITERS_FORM, CoWritersFormSchema } from '~/lib/co-writers-schema'
import { readForm } from '~/lib/form.server'
import { isAccountHoldersName } from '~/lib/dispute-person.server'
import { locksSong } from '~/lib/song-lock'
import {
  requireSongOwner,
  requireSongWithStatuses,
  requireUser,
} from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import {
  coWritersPageMessages,
  coWritersText,
  refusalText,
} from '~/services/co-writers/co-writers-text.server'
import {
  INVITATION_DAYS,
  MAX_SENDS,
  resendInvitation,
  revokeInvitation,
  sendInvitation,
} from '~/services/co-writers/invitations.server'
import { publicSlotStatus } from '~/services/co-writers/split-statuses.server'
import { redirectWithToast } from '~/services/platform/toast.server'

// Issue 13: the owner invites each named contributor to confirm their share (decision 041).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  // The page a decision's mail links to, so often the one its toast shows on: the song and its
  // slots in one statement keep it within 3 with the toast (issue 16).
  const { song, statuses } = await requireSongWithStatuses(user.id, params.id)
  const locale = requestLocale(request, user)
  return json({
    i18n: coWritersPageMessages(locale, ['role', 'meta', 'page', 'slot', 'invite', 'refusal']),
    song: { id: song.id, title: song.title },
    slots: statuses.map(publicSlotStatus),
    // The owner named as a contributor is not someone to invite (issue 52.11).
    ownSlot: statuses.find((slot) => isAccountHoldersName(user, slot.name))?.slot ?? null,
    final: locksSong(song.registration),
    // Only a verified account invites (issue 24): the page says why and how.
    inviteRefusal: user.emailVerified
      ? null
      : coWritersText(locale, 'cowriters.refusal.verifyToInvite'),
    maxSends: MAX_SENDS,
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const song = await requireSongOwner(user.id, params.id)
  const locale = requestLocale(request, user)
  // The page shows the message in its own language; a field's error travels as the schema's
  // English and is looked up where it is shown (decision 120's Form errors).
  const submission = parseWithZod(await readForm(request, CO_WRITERS_FORM), {
    schema: CoWritersFormSchema,
  })
  if (submission.status !== 'success') {
    const error = submission.error ?? {}
    const fieldErrors = error.email ?? undefined
    const message = translateFormError(
      locale,
      'cowriters',
      Object.values(error).flat()[0] ?? 'Please check the form.',
    )
    const payload = submission.payload
    return json(
      {
        message,
        fieldErrors,
        slot: typeof payload.slot === 'string' ? payload.slot : undefined,
        invitationId: Number(payload.invitationId) || undefined,
      },
      { status: 400 },
    )
  }
  const input = submission.value
  const result =
    input.intent === 'invite'
      ? await sendInvitation(db(), user, song.id, input.slot, input.email)
      : input.intent === 'resend'
        ? await resendInvitation(db(), user, song.id, input.invitationId)
        : await revokeInvitation(db(), user.id, song.id, input.invitationId)
  if (!result.ok)
    return json(
      {
        message: refusalText(locale, result),
        fieldErrors: undefined,
        slot: input.intent === 'invite' ? input.slot : undefined,
        invitationId: input.intent === 'invite' ? undefined : input.invitationId,
      },
      { status: result.status },
    )
  // Post/redirect/get: the list is read afresh, with JavaScript (a fetcher) or without.
  const say = (id: Parameters<typeof coWritersText>[1], values?: Record<string, number>) =>
    coWritersText(locale, id, values)
  return redirectWithToast(`/songs/${song.id}/co-writers`, {
    type: 'success',
    title:
      input.intent === 'invite'
        ? say('cowriters.toast.sent.title')
        : input.intent === 'resend'
          ? say('cowriters.toast.resent.title')
          : say('cowriters.toast.revoked.title'),
    description:
      input.intent === 'revoke'
        ? say('cowriters.toast.revoked.text')
        : say('cowriters.toast.sent.text', { days: INVITATION_DAYS }),
  })
}

export default function CoWritersPage() {
  const { song, slots, ownSlot, final, inviteRefusal, maxSends } = useLoaderData<typeof loader>()
  const errors = useActionData<typeof action>()
  const t = useT()
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">
        {withParts((marks) => t('cowriters.page.title', marks), {
          title: <bdi key="title">{song.title}</bdi>,
        })}
      </h1>
      <p className="mt-2 text-slate-600">{t('cowriters.page.intro')}</p>
      {final && (
        <p role="status" className="mt-4 rounded-md bg-slate-100 p-3 text-slate-700">
          {t('cowriters.refusal.final')}
        </p>
      )}
      {!final && inviteRefusal && (
        <div role="note" className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3">
          <p className="text-amber-900">{inviteRefusal}</p>
          <a
            href="/verify-email"
            className="mt-1 inline-block font-semibold text-brand-600 underline"
          >
            {t('cowriters.page.verifyLink')}
          </a>
        </div>
      )}
      <div className="mt-6">
        <CoWritersList
          songId={song.id}
          slots={slots}
          ownSlot={ownSlot}
          final={final}
          canInvite={!inviteRefusal}
          maxSends={maxSends}
          errors={errors ?? null}
        />
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <ButtonLink to={`/certificate/${song.id}`} variant="secondary">
          {t('cowriters.page.viewCertificate')}
        </ButtonLink>
        {!final && (
          <ButtonLink to={`/edit/${song.id}`} variant="secondary">
            {t('cowriters.page.editSplit')}
          </ButtonLink>
        )}
        <ButtonLink to="/" variant="ghost">
          {t('cowriters.page.backToDashboard')}
        </ButtonLink>
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const { t } = translatorOf(matches)
  // Without the page's data (a song not found) its messages are missing too: the shell's title.
  return [
    {
      title: data
        ? t('cowriters.meta.title', { title: data.song.title })
        : t('shell.notFound.title'),
    },
  ]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
