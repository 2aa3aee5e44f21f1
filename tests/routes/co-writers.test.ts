import crypto from 'node:crypto'
import { describe, expect, test, vi } from 'vitest'
import * as apiResend from '~/resource-routes/api.songs.$id.invitations.$invitationId.resend'
import * as apiRevoke from '~/resource-routes/api.songs.$id.invitations.$invitationId.revoke'
import * as apiInvitations from '~/resource-routes/api.songs.$id.invitations'
import * as invitation from '~/routes/invitations.$token'
import * as refuse from '~/routes/refuse-invitations'
import * as coWriters from '~/routes/songs.$id.co-writers'
import { addressKey } from '~/services/co-writers/invitation-addresses.server'
import * as register from '~/routes/songs.$id.register'
import { withoutQuery } from '~/services/platform/analytics.server'
import { emailCommitment } from '~/services/certificates/record/manifest.server'
import { db } from '../setup/db'
import {
  args,
  authedRequest,
  createTestSong,
  createUser,
  formRequest,
  jsonRequest,
  respond,
  sessionCookie,
} from '../setup/fixtures'
import { lastMailTo } from '../setup/mail'

// Issue 13, through the routes: plain form posts (as with JavaScript off) and the JSON API.

async function songWithCoWriter() {
  const owner = await createUser({ emailVerified: true, firstName: 'Ann' })
  const song = await createTestSong(owner.id, {
    title: 'Route Song',
    coContributorName: 'Bea',
    coContributorLatinName: 'Bea W',
    coContributorPro: 'GEMA',
    coContributorProNumber: '00123456790',
    contributions: [
      {
        component: 'lyrics',
        contributorPercent: 60,
        coContributorPercent: 40,
        coContributor2Percent: 0,
        aiPercent: 0,
      },
    ],
  })
  return { owner, song, cookie: await sessionCookie(owner.id) }
}

const tokenIn = (text: string | null | undefined) =>
  /\/invitations\/([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1] ?? null

describe('the co-writers page and the invitee page', () => {
  test('invite by plain post → mailed link → confirm → the owner sees it confirmed, and the used link shows the decision', async () => {
    const { owner, song, cookie } = await songWithCoWriter()
    const url = `http://localhost/songs/${song.id}/co-writers`
    const bad = await respond(async () =>
      coWriters.action(
        args(
          formRequest(
            url,
            { intent: 'invite', slot: 'co-contributor', email: 'nope' },
            { Cookie: cookie },
          ),
          {
            id: String(song.id),
          },
        ),
      ),
    )
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ fieldErrors: ['Please enter a valid email address'] })
    const email = `bea-${song.id}@example.com`
    const sent = await respond(async () =>
      coWriters.action(
        args(
          formRequest(url, { intent: 'invite', slot: 'co-contributor', email }, { Cookie: cookie }),
          {
            id: String(song.id),
          },
        ),
      ),
    )
    expect(sent.status).toBe(302)
    expect(sent.headers.get('Location')).toBe(`/songs/${song.id}/co-writers`)
    const token = tokenIn((await lastMailTo(email))?.text)
    expect(token).not.toBeNull()

    const page = await respond(async () =>
      invitation.loader(
        args(new Request(`http://localhost/invitations/${token}`), { token: token! }),
      ),
    )
    expect(page.status).toBe(200)
    const shown = await page.json()
    expect(shown.page).toMatchObject({
      state: 'open',
      inviter: 'Ann Writer',
      song: { title: 'Route Song' },
      // The confirmation form starts from what the owner declared for Bea (issue 52.13).
      declared: {
        creditedName: 'Bea',
        creditedLatinName: 'Bea W',
        pro: 'GEMA',
        ipi: '00123456790',
      },
    })
    // Only what the invitee needs: no owner's email, no lyrics, no other invitation.
    expect(JSON.stringify(shown)).not.toContain(owner.email)

    const badIpi = await respond(async () =>
      invitation.action(
        args(
          formRequest(`http://localhost/invitations/${token}`, {
            intent: 'confirm',
            creditedName: 'Bea W',
            ipi: '12ab',
          }),
          { token: token! },
        ),
      ),
    )
    expect(badIpi.status).toBe(400)
    expect(JSON.stringify(await badIpi.json())).toContain('An IPI number has 8 to 11 digits')

    const confirmed = await respond(async () =>
      invitation.action(
        args(
          formRequest(`http://localhost/invitations/${token}`, {
            intent: 'confirm',
            creditedName: 'Bea W',
            ipi: '00123456790',
          }),
          { token: token! },
        ),
      ),
    )
    expect(confirmed.status).toBe(200)
    const decided = (await confirmed.json()).page
    expect(decided).toMatchObject({
      state: 'decided',
      decision: { decision: 'confirmed', creditedName: 'Bea W', ipi: '00123456790' },
    })
    // The co-writer, and only the holder of the link, is given the salt of the email commitment
    // the record will carry, so they can show their entry is theirs (docs/verify.md step 8).
    const row = await db()
      .selectFrom('splitInvitations')
      .select('emailSalt')
      .where('songId', '=', song.id)
      .executeTakeFirstOrThrow()
    expect(decided.decision.emailSalt).toBe(row.emailSalt)
    expect(crypto.createHash('sha256').update(`${row.emailSalt}\u0000${email}`).digest('hex')).toBe(
      emailCommitment(row.emailSalt, email).value,
    )
    // A post that is not even a valid answer, on a used link: a conflict, never a 200.
    const invalidAgain = await respond(async () =>
      invitation.action(
        args(formRequest(`http://localhost/invitations/${token}`, { intent: 'confirm' }), {
          token: token!,
        }),
      ),
    )
    expect(invalidAgain.status).toBe(409)
    const again = await respond(async () =>
      invitation.action(
        args(
          formRequest(`http://localhost/invitations/${token}`, {
            intent: 'dispute',
            disputeReason: 'changed my mind',
          }),
          { token: token! },
        ),
      ),
    )
    expect(again.status).toBe(409)

    const list = await respond(async () =>
      coWriters.loader(args(await authedRequest(url, owner.id), { id: String(song.id) })),
    )
    const data = await list.json()
    expect(data.slots[1]).toMatchObject({ status: 'confirmed', creditedName: 'Bea W' })
    expect(JSON.stringify(data)).not.toContain(token!)
    // Ann is the owner and the main contributor: nobody to invite there (issue 52.11).
    expect(data.slots[0]).toMatchObject({ slot: 'main', name: 'Ann' })
    expect(data.ownSlot).toBe('main')
  })

  test('an unknown or malformed token is a clear 404 page, never a 500', async () => {
    for (const token of ['A'.repeat(43), 'short', '%00', 'x'.repeat(5000)]) {
      const page = await respond(async () =>
        invitation.loader(args(new Request('http://localhost/invitations/x'), { token })),
      )
      expect(page.status).toBe(404)
      expect((await page.json()).page).toEqual({ state: 'closed', reason: 'unknown' })
    }
  })

  test('analytics paths never hold an invitation token', () => {
    expect(withoutQuery(`/invitations/${'A'.repeat(43)}`)).toBe('/invitations/[token]')
    // Remix matches paths regardless of case, so a capitalised link is the same page and token.
    expect(withoutQuery(`/Invitations/${'A'.repeat(43)}`)).toBe('/invitations/[token]')
  })

  test('a dispute blocks registration on the page and in the action, with the message', async () => {
    const { owner, song, cookie } = await songWithCoWriter()
    const email = `bea-d-${song.id}@example.com`
    await respond(async () =>
      coWriters.action(
        args(
          formRequest(
            `http://localhost/songs/${song.id}/co-writers`,
            { intent: 'invite', slot: 'co-contributor', email },
            { Cookie: cookie },
          ),
          { id: String(song.id) },
        ),
      ),
    )
    const token = tokenIn((await lastMailTo(email))?.text)!
    await respond(async () =>
      invitation.action(
        args(
          formRequest(`http://localhost/invitations/${token}`, {
            intent: 'dispute',
            disputeReason: 'Not my share',
          }),
          { token },
        ),
      ),
    )
    const url = `http://localhost/songs/${song.id}/register`
    const page = await respond(async () =>
      register.loader(args(await authedRequest(url, owner.id), { id: String(song.id) })),
    )
    const data = await page.json()
    expect(data.blocked).toEqual({
      message: 'Bea disputed their share; edit the split before registering.',
      editUrl: `/edit/${song.id}`,
    })
    const posted = await respond(async () =>
      register.action(
        args(formRequest(url, { confirmed: 'yes' }, { Cookie: cookie }), { id: String(song.id) }),
      ),
    )
    expect(posted.status).toBe(422)
    expect(await posted.json()).toMatchObject({
      message: 'Bea disputed their share; edit the split before registering.',
    })
  })
})

describe('the invitations API (owner only)', () => {
  test('create, list (no tokens), resend, revoke; another user gets 404', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { owner, song, cookie } = await songWithCoWriter()
    const stranger = await sessionCookie((await createUser()).id)
    const base = `http://localhost/api/songs/${song.id}/invitations`
    const params = { id: String(song.id) }
    const email = `api-${song.id}@example.com`
    const refused = await respond(async () =>
      apiInvitations.action(
        args(jsonRequest(base, { slot: 'co-contributor', email }, { Cookie: stranger }), params),
      ),
    )
    expect([refused.status, await refused.json()]).toEqual([404, { message: 'Song not found' }])
    const badSlot = await respond(async () =>
      apiInvitations.action(
        args(jsonRequest(base, { slot: 'co-contributor-2', email }, { Cookie: cookie }), params),
      ),
    )
    expect([badSlot.status, await badSlot.json()]).toEqual([
      400,
      { message: 'That contributor is not named on this song.' },
    ])
    const created = await respond(async () =>
      apiInvitations.action(
        args(jsonRequest(base, { slot: 'co-contributor', email }, { Cookie: cookie }), params),
      ),
    )
    expect(created.status).toBe(201)
    const { invitationId } = await created.json()
    const first = tokenIn((await lastMailTo(email))?.text)

    const listed = await respond(async () =>
      apiInvitations.loader(args(await authedRequest(base, owner.id), params)),
    )
    const list = await listed.json()
    expect(list.invitations[1]).toMatchObject({ status: 'invited', email, sentCount: 1 })
    expect(JSON.stringify(list)).not.toContain(first!)

    const post = (url: string, headers: Record<string, string>) =>
      new Request(url, { method: 'POST', headers })
    const idParams = { ...params, invitationId: String(invitationId) }
    const resent = await respond(async () =>
      apiResend.action(args(post(`${base}/${invitationId}/resend`, { Cookie: cookie }), idParams)),
    )
    expect(resent.status).toBe(200)
    expect(tokenIn((await lastMailTo(email))?.text)).not.toBe(first)
    const strangerRevoke = await respond(async () =>
      apiRevoke.action(
        args(post(`${base}/${invitationId}/revoke`, { Cookie: stranger }), idParams),
      ),
    )
    expect(strangerRevoke.status).toBe(404)
    const revoked = await respond(async () =>
      apiRevoke.action(args(post(`${base}/${invitationId}/revoke`, { Cookie: cookie }), idParams)),
    )
    expect([revoked.status, await revoked.json()]).toEqual([200, { message: 'Invitation revoked' }])
    const gone = await respond(async () =>
      apiRevoke.action(args(post(`${base}/${invitationId}/revoke`, { Cookie: cookie }), idParams)),
    )
    expect([gone.status, await gone.json()]).toEqual([404, { message: 'Invitation not found' }])
    expect(
      (
        await db()
          .selectFrom('splitInvitations')
          .select('revokedAt')
          .where('id', '=', invitationId)
          .executeTakeFirstOrThrow()
      ).revokedAt,
    ).not.toBeNull()
  })
})

// Issue 24, through the routes as a browser without JavaScript sends them.
describe('issue 24: an unverified owner, and the refusal link', () => {
  test('an unverified owner’s page says only a verified account invites and links to verification; a post is refused 403', async () => {
    const owner = await createUser({ emailVerified: false, firstName: 'Ann' })
    const song = await createTestSong(owner.id, { coContributorName: 'Bea' })
    const cookie = await sessionCookie(owner.id)
    const url = `http://localhost/songs/${song.id}/co-writers`
    const page = await respond(async () =>
      coWriters.loader(
        args(new Request(url, { headers: { Cookie: cookie } }), { id: String(song.id) }),
      ),
    )
    expect(await page.json()).toMatchObject({
      inviteRefusal:
        'Only an account with a verified email address can invite co-writers. Verify your email address first.',
    })
    const email = `bea-${song.id}@elsewhere.test`
    const posted = await respond(async () =>
      coWriters.action(
        args(
          formRequest(url, { intent: 'invite', slot: 'co-contributor', email }, { Cookie: cookie }),
          {
            id: String(song.id),
          },
        ),
      ),
    )
    expect(posted.status).toBe(403)
    expect(await posted.json()).toMatchObject({
      message:
        'Only an account with a verified email address can invite co-writers. Verify your email address first.',
    })
    expect(await lastMailTo(email)).toBeNull()
  })

  test('a GET of the refusal link only asks (scanners prefetch links); the button’s post or a one-click post refuses, and the owner is told plainly', async () => {
    const { owner, song, cookie } = await songWithCoWriter()
    const email = `bea-refuses-${song.id}@example.com`
    const url = `http://localhost/songs/${song.id}/co-writers`
    await coWriters.action(
      args(
        formRequest(url, { intent: 'invite', slot: 'co-contributor', email }, { Cookie: cookie }),
        {
          id: String(song.id),
        },
      ),
    )
    const mail = (await lastMailTo(email))!
    expect(mail.listUnsubscribe).toMatch(/^http:\/\/localhost:3000\/refuse-invitations\?token=/)
    const link = mail.listUnsubscribe!.replace('http://localhost:3000', 'http://localhost')
    const refused = () =>
      db()
        .selectFrom('invitationRefusals')
        .selectAll()
        .where('addressSha256', '=', addressKey(email))
        .execute()

    const asked = await respond(async () => refuse.loader(args(new Request(link))))
    expect(asked.status).toBe(200)
    expect(await asked.json()).toMatchObject({ page: { state: 'ask' } })
    expect(await refused()).toEqual([])

    // The mail client's one-click post (RFC 8058), multipart as its example sends it.
    const body = new FormData()
    body.set('List-Unsubscribe', 'One-Click')
    const oneClick = await respond(async () =>
      refuse.action(args(new Request(link, { method: 'POST', body }))),
    )
    expect(oneClick.status).toBe(200)
    expect(await oneClick.json()).toEqual({ page: { state: 'refused' } })
    expect(await refused()).toHaveLength(1)
    // The page's own button posts again: the same, once.
    const button = await respond(async () => refuse.action(args(formRequest(link, {}))))
    expect(await button.json()).toEqual({ page: { state: 'refused' } })
    expect(await refused()).toHaveLength(1)

    // Another owner trying the address is told only that it cannot be mailed today: the same
    // words as for an address that had its day's invitations (decision 054).
    const other = await songWithCoWriter()
    const tried = await respond(async () =>
      coWriters.action(
        args(
          formRequest(
            `http://localhost/songs/${other.song.id}/co-writers`,
            { intent: 'invite', slot: 'co-contributor', email },
            { Cookie: other.cookie },
          ),
          { id: String(other.song.id) },
        ),
      ),
    )
    expect(tried.status).toBe(429)
    expect(await tried.json()).toMatchObject({
      message:
        'ProofTrack cannot mail an invitation to this address today, so nothing was sent. You can try again tomorrow.',
    })
    expect(await lastMailTo(email)).toMatchObject({ id: mail.id })
    void owner

    // A link we did not mail opens nothing, by GET or POST.
    const forged = `http://localhost/refuse-invitations?token=${'A'.repeat(64)}`
    expect((await respond(async () => refuse.loader(args(new Request(forged))))).status).toBe(404)
    expect(
      (await respond(async () => refuse.action(args(new Request(forged, { method: 'POST' })))))
        .status,
    ).toBe(404)
  })
})
