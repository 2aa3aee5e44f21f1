import * as coWriters from '~/routes/songs.$id.co-writers'
import { args, createOwnerWithCoWriter, formRequest, respond } from './fixtures'
import { lastMailTo } from './mail'

// The invitation flow's set-up through the real co-writers page. Apart from fixtures.ts, so that
// the many files that import it do not load a route module for it.

/** The owner invites the co-writer in `slot` at `email`, as a browser without JavaScript posts it. */
export function inviteCoWriter(
  cookie: string,
  songId: number,
  email: string,
  slot = 'co-contributor',
) {
  return respond(() =>
    coWriters.action(
      args(
        formRequest(
          `http://localhost/songs/${songId}/co-writers`,
          { intent: 'invite', slot, email },
          { Cookie: cookie },
        ),
        { id: String(songId) },
      ),
    ),
  )
}

/** The token of the invitation link in the newest mail to `email`, or null. */
export async function invitationToken(email: string) {
  const text = (await lastMailTo(email))?.text ?? ''
  return /\/invitations\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? null
}

/**
 * `createOwnerWithCoWriter`, and the co-writer invited by the owner at an address of the song's
 * own: the invitation's `token`.
 */
export async function createInvitedCoWriter(...made: Parameters<typeof createOwnerWithCoWriter>) {
  const { owner, song, cookie } = await createOwnerWithCoWriter(...made)
  const email = `co-writer-${song.id}@example.com`
  const sent = await inviteCoWriter(cookie, song.id, email)
  if (sent.status !== 302) throw new Error(`The invitation was answered ${sent.status}`)
  const token = await invitationToken(email)
  if (!token) throw new Error(`No invitation was mailed to ${email}`)
  return { owner, song, cookie, email, token }
}
