import { describe, expect, test } from 'vitest'
import { INVITATION_CLOSED } from '~/lib/page-messages'
import * as invitationPage from '~/routes/invitations.$token'
import * as coWriters from '~/routes/songs.$id.co-writers'
import { db } from '../setup/db'
import { drawPage } from '../setup/draw-page'
import { args, formRequest, respond } from '../setup/fixtures'
import { createInvitedCoWriter, invitationToken } from '../setup/invitations'

// Issue 52.12: "Resend" mails a new link and closes the old one. The old mail's link said
// "Invitation not found… check that you copied the whole link", as if the co-writer had mangled
// it; it now says a newer invitation was sent, and still opens nothing (decision 115).

const visit = (token: string) =>
  respond(() =>
    invitationPage.loader(args(new Request(`http://localhost/invitations/${token}`), { token })),
  )

describe('an invitation link replaced by "Resend"', () => {
  test('says a newer invitation was sent (410), shows nothing of the song, takes no answer; the new link opens', async () => {
    const { song, cookie, email, token: first } = await createInvitedCoWriter()
    const { id: invitationId } = await db()
      .selectFrom('splitInvitations')
      .select('id')
      .where('songId', '=', song.id)
      .executeTakeFirstOrThrow()
    const resent = await respond(() =>
      coWriters.action(
        args(
          formRequest(
            `http://localhost/songs/${song.id}/co-writers`,
            { intent: 'resend', invitationId: String(invitationId) },
            { Cookie: cookie },
          ),
          { id: String(song.id) },
        ),
      ),
    )
    expect(resent.status).toBe(302)
    const latest = (await invitationToken(email))!
    expect(latest).not.toBe(first)

    const old = await visit(first)
    expect(old.status).toBe(410)
    expect((await old.json()).page).toEqual({ state: 'closed', reason: 'replaced' })
    const html = await drawPage(invitationPage, '/invitations/:token', `/invitations/${first}`)
    expect(html).toContain('A newer invitation was sent')
    expect(html).toContain(INVITATION_CLOSED.replaced)
    expect(html).toContain('Use the link in the latest invitation mail.')
    expect(html).not.toContain('copied the whole link')
    expect(html).not.toContain(song.title)

    const answered = await respond(() =>
      invitationPage.action(
        args(
          formRequest(`http://localhost/invitations/${first}`, {
            intent: 'confirm',
            creditedName: 'Олег Петров',
          }),
          { token: first },
        ),
      ),
    )
    expect(answered.status).toBe(410)
    const row = await db()
      .selectFrom('splitInvitations')
      .select(['decision', 'sentCount'])
      .where('id', '=', invitationId)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ decision: null, sentCount: 2 })

    const current = await visit(latest)
    expect(current.status).toBe(200)
    expect((await current.json()).page).toMatchObject({
      state: 'open',
      song: { title: song.title },
    })
  })

  test('a link that was never mailed is still "not found" (404), not "replaced"', async () => {
    const { token } = await createInvitedCoWriter()
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    const answer = await visit(altered)
    expect(answer.status).toBe(404)
    expect((await answer.json()).page).toEqual({ state: 'closed', reason: 'unknown' })
  })
})
