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
import { CO_WRITERS_FORM, CoWritersFormSchema } from '~/lib/co-writers-schema'
import { readForm } from '~/lib/form.server'
import { INVITATIONS_FINAL_MESSAGE } from '~/lib/page-messages'
import { isAccountHoldersName } from '~/lib/dispute-person.server'
import { locksSong } from '~/lib/song-lock'
import {
  requireSongOwner,
  requireSongWithStatuses,
  requireUser,
} from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import {
  INVITATION_DAYS,
  MAX_SENDS,
  resendInvitation,
  revokeInvitation,
  sendInvitation,
  VERIFY_TO_INVITE,
} from '~/services/co-writers/invitations.server'
import { publicSlotStatus } from '~/services/co-writers/split-statuses.server'
import { redirectWithToast } from '~/services/platform/toast.server'

// Issue 13: the owner invites each named contributor to confirm their share (decision 041).

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  // The page a decision's mail links to, so often the one its toast shows on: the song and its
  // slots in one statement keep it within 3 with the toast (issue 16).
  const { song, statuses } = await requireSongWithStatuses(user.id, params.id)
  return json({
    song: { id: song.id, title: song.title },
    slots: statuses.map(publicSlotStatus),
    // The owner named as a contributor is not someone to invite (issue 52.11).
    ownSlot: statuses.find((slot) => isAccountHoldersName(user, slot.name))?.slot ?? null,
    final: locksSong(song.registration),
    // The text travels in the data: a .server module's constants are not in the browser bundle.
    inviteRefusal: user.emailVerified ? null : VERIFY_TO_INVITE,
    maxSends: MAX_SENDS,
  })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const song = await requireSongOwner(user.id, params.id)
  const submission = parseWithZod(await readForm(request, CO_WRITERS_FORM), {
    schema: CoWritersFormSchema,
  })
  if (submission.status !== 'success') {
    const error = submission.error ?? {}
    const fieldErrors = error.email ?? undefined
    const message = Object.values(error).flat()[0] ?? 'Please check the form.'
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
        message: result.message,
        fieldErrors: undefined,
        slot: input.intent === 'invite' ? input.slot : undefined,
        invitationId: input.intent === 'invite' ? undefined : input.invitationId,
      },
      { status: result.status },
    )
  // Post/redirect/get: the list is read afresh, with JavaScript (a fetcher) or without.
  return redirectWithToast(`/songs/${song.id}/co-writers`, {
    type: 'success',
    title:
      input.intent === 'invite'
        ? 'Invitation sent'
        : input.intent === 'resend'
          ? 'Invitation sent again'
          : 'Invitation revoked',
    description:
      input.intent === 'revoke'
        ? 'The link no longer works; the share is declared by you again.'
        : `The link works once, for ${INVITATION_DAYS} days.`,
  })
}

export default function CoWritersPage() {
  const { song, slots, ownSlot, final, inviteRefusal, maxSends } = useLoaderData<typeof loader>()
  const errors = useActionData<typeof action>()
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">
        Co-writers of “<bdi>{song.title}</bdi>”
      </h1>
      <p className="mt-2 text-slate-600">
        Ask each contributor to confirm their share. They get a link by email (no account needed),
        see the whole split, and confirm it with the name they want credited or dispute it. A
        disputed share blocks registration until you edit the split.
      </p>
      {final && (
        <p role="status" className="mt-4 rounded-md bg-slate-100 p-3 text-slate-700">
          {INVITATIONS_FINAL_MESSAGE}
        </p>
      )}
      {!final && inviteRefusal && (
        <div role="note" className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3">
          <p className="text-amber-900">{inviteRefusal}</p>
          <a
            href="/verify-email"
            className="mt-1 inline-block font-semibold text-brand-600 underline"
          >
            Verify your email address
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
          View Certificate
        </ButtonLink>
        {!final && (
          <ButtonLink to={`/edit/${song.id}`} variant="secondary">
            Edit the split
          </ButtonLink>
        )}
        <ButtonLink to="/" variant="ghost">
          Back to Dashboard
        </ButtonLink>
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Co-writers of ${data.song.title}` : 'Song not found' },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
