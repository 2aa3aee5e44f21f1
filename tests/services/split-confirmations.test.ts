import crypto from 'node:crypto'
import canonicalize from 'canonicalize'
import { describe, expect, test } from 'vitest'
import { DecisionSchema } from '~/lib/co-writers-schema'
import { registerSong } from '~/services/registration/registration.server'
import { updateSong } from '~/services/co-writers/song-edits.server'
import {
  decideInvitation,
  invitationByToken,
} from '~/services/co-writers/invitation-answers.server'
import {
  MAX_SENDS,
  resendInvitation,
  revokeInvitation,
  sendInvitation,
  TOO_MANY_SENDS,
  DISPUTE_NOT_REVOCABLE,
  ADDRESS_ON_ANOTHER_SLOT,
  OWN_ADDRESS,
  VERIFY_TO_INVITE,
} from '~/services/co-writers/invitations.server'
import { splitDigest, splitStatuses } from '~/services/co-writers/split-statuses.server'
import { takeDecisionNotice } from '~/services/co-writers/decision-notices.server'
import { getOwnedSong } from '~/services/songs/songs.server'
import {
  addressKey,
  canonicalAddress,
  INVITATION_NOT_MAILED,
  INVITATIONS_PER_ADDRESS_PER_DAY,
  INVITATIONS_PER_SENDER_PER_ADDRESS_PER_DAY,
  keyOfRefusalToken,
  legacyAddressKey,
  refuseInvitations,
} from '~/services/co-writers/invitation-addresses.server'
import { db } from '../setup/db'
import { createTestSong, createUser } from '../setup/fixtures'
import { lastMailTo, mailTo } from '../setup/mail'

// Issue 13: the invitation flow, as the service sees it. Tokens are read from the queued mail,
// the only place they exist in clear.

const SPLIT = {
  coContributorName: 'Bea',
  coContributorName2: 'Cal',
  contributions: [
    {
      component: 'lyrics' as const,
      contributorPercent: 50,
      coContributorPercent: 30,
      coContributor2Percent: 20,
      aiPercent: 0,
    },
  ],
}

/** The owner's edit of the song, as the edit form sends it: the same writers, this lyrics split. */
function editLyrics(
  ownerId: string,
  songId: number,
  lyrics: Partial<(typeof SPLIT.contributions)[0]>,
  changes = {},
) {
  return updateSong(db(), ownerId, songId, {
    title: 'Three Of Us',
    dateCreated: '2025-03-01',
    contributorName: 'Ann',
    coContributorName: 'Bea',
    coContributorName2: 'Cal',
    toolsUsed: 'Piano',
    fileLink: 'https://example.com/a.mp3',
    contributions: [{ ...SPLIT.contributions[0]!, ...lyrics }],
    ...changes,
  })
}

async function setup(email = `bea-${Math.random().toString(36).slice(2)}@example.com`) {
  const owner = await createUser({ emailVerified: true, firstName: 'Ann' })
  const song = await createTestSong(owner.id, { title: 'Three Of Us', ...SPLIT })
  return { owner, song, email }
}

async function tokenMailedTo(email: string) {
  const mail = await lastMailTo(email)
  const match = /http:\/\/localhost:3000\/invitations\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')
  return match?.[1] ?? null
}

const confirm = DecisionSchema.parse({
  intent: 'confirm',
  creditedName: 'Bea Writer',
  pro: 'ASCAP',
  ipi: '123 456 790',
})
const dispute = DecisionSchema.parse({
  intent: 'dispute',
  disputeReason: 'I wrote half the lyrics',
})

async function statusOf(ownerId: string, songId: number, slot = 'co-contributor') {
  const song = (await getOwnedSong(db(), ownerId, songId))!
  return (await splitStatuses(db(), song)).find((s) => s.slot === slot)!
}

describe('invitations', () => {
  test('an invitation is mailed with a link; only the SHA-256 of its token is stored', async () => {
    const { owner, song, email } = await setup()
    const sent = await sendInvitation(db(), owner, song.id, 'co-contributor', email)
    expect(sent.ok).toBe(true)
    const mail = await lastMailTo(email)
    // Our words lead the subject; the owner's (name, title) are quoted in the body (issue 24).
    expect(mail?.subject).toBe('ProofTrack: confirm your share of a song')
    expect(mail?.text).toContain('Their name:\n    “\u2068Ann Writer\u2069”')
    expect(mail?.text).toContain("The song's title:\n    “\u2068Three Of Us\u2069”")
    const token = await tokenMailedTo(email)
    expect(token).toHaveLength(43)
    const row = await db()
      .selectFrom('splitInvitations')
      .selectAll()
      .where('songId', '=', song.id)
      .executeTakeFirstOrThrow()
    expect(JSON.stringify(row)).not.toContain(token!)
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row.emailSalt).toMatch(/^[0-9a-f]{64}$/)
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(13.9 * 24 * 3600 * 1000)
    expect(await statusOf(owner.id, song.id)).toMatchObject({ status: 'invited', email })
    // One live invitation per slot; only named slots; only the owner's song.
    expect(await sendInvitation(db(), owner, song.id, 'co-contributor', email)).toMatchObject({
      status: 409,
    })
    const solo = await createTestSong(owner.id)
    expect(await sendInvitation(db(), owner, solo.id, 'co-contributor', email)).toMatchObject({
      status: 400,
    })
    const stranger = await createUser({ emailVerified: true })
    expect(await sendInvitation(db(), stranger, song.id, 'co-contributor-2', email)).toMatchObject({
      status: 404,
    })
  })

  test('the stored digest is of exactly the split the invitee is shown, in the bytes it always had', async () => {
    const { owner, song, email } = await setup()
    await sendInvitation(db(), owner, song.id, 'co-contributor', email)
    const row = await db()
      .selectFrom('splitInvitations')
      .select('splitSha256')
      .where('songId', '=', song.id)
      .executeTakeFirstOrThrow()
    const page = await invitationByToken(db(), (await tokenMailedTo(email))!)
    if (page.state !== 'open') throw new Error(`expected an open invitation, got ${page.state}`)
    const { title: _title, slot: _slot, ...shown } = page.song
    const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex')
    expect(sha256(canonicalize(shown)!)).toBe(row.splitSha256)
    // The digest as the first version of splitDigest built it, by hand: digests already stored
    // in a database must keep comparing equal.
    const view = (await getOwnedSong(db(), owner.id, song.id))!
    const original = sha256(
      canonicalize({
        contributors: [
          { slot: 'main', name: view.contributorName },
          { slot: 'co-contributor', name: 'Bea' },
          { slot: 'co-contributor-2', name: 'Cal' },
        ],
        contributions: view.contributions.map((c) => ({
          component: c.component,
          contributorPercent: c.contributorPercent,
          coContributorPercent: c.coContributorPercent,
          coContributor2Percent: c.coContributor2Percent,
          aiPercent: c.aiPercent,
        })),
      })!,
    )
    expect(splitDigest(view)).toBe(original)
    expect(row.splitSha256).toBe(original)
  })

  test('confirm: recorded once, the link then shows the decision; the owner is mailed and toasted once', async () => {
    const { owner, song, email } = await setup()
    await sendInvitation(db(), owner, song.id, 'co-contributor', email)
    const token = (await tokenMailedTo(email))!
    const page = await invitationByToken(db(), token)
    expect(page).toMatchObject({ state: 'open', inviter: 'Ann Writer', name: 'Bea' })
    expect(page.state === 'open' && page.song.title).toBe('Three Of Us')
    expect(await decideInvitation(db(), token, confirm)).toEqual({ ok: true })
    expect(await statusOf(owner.id, song.id)).toMatchObject({
      status: 'confirmed',
      creditedName: 'Bea Writer',
      pro: 'ASCAP',
      ipi: '00123456790',
    })
    // Single use: a second answer is refused and the first stands.
    const again = await decideInvitation(db(), token, dispute)
    expect(again).toMatchObject({ ok: false, status: 409, page: { state: 'decided' } })
    expect(await statusOf(owner.id, song.id)).toMatchObject({ status: 'confirmed' })
    const told = await lastMailTo(owner.email)
    // Every typed value set apart by a first-strong isolate (issue 26).
    expect(told?.subject).toBe(
      'ProofTrack: a co-writer confirmed their share of “\u2068Three Of Us\u2069”',
    )
    expect(told?.text).toContain(
      'The name they want credited, in their words:\n    “\u2068Bea Writer\u2069”',
    )
    expect(await takeDecisionNotice(db(), owner.id)).toMatchObject({
      title: 'Share confirmed',
      description: '\u2068Bea Writer\u2069 confirmed their share of “\u2068Three Of Us\u2069”.',
    })
    expect(await takeDecisionNotice(db(), owner.id)).toBeNull()
  })

  test('dispute blocks registration on the server with a clear message; the other slots only warn', async () => {
    const { owner, song, email } = await setup()
    await sendInvitation(db(), owner, song.id, 'co-contributor-2', email)
    // An unconfirmed contributor does not block: mixed statuses, one invited, one declared.
    const token = (await tokenMailedTo(email))!
    expect(await decideInvitation(db(), token, dispute)).toEqual({ ok: true })
    expect(await statusOf(owner.id, song.id, 'co-contributor-2')).toMatchObject({
      status: 'disputed',
      disputeReason: 'I wrote half the lyrics',
    })
    const refused = await registerSong(owner.id, song.id, { confirmed: true })
    expect(refused).toMatchObject({
      ok: false,
      status: 422,
      message: 'Cal disputed their share; edit the split before registering.',
    })
    // Editing the split voids the disputed invitation and re-invites the same address; the
    // dispute stands until they answer the changed split (issue 24).
    const before = (await mailTo(email)).length
    const edited = await editLyrics(owner.id, song.id, {
      contributorPercent: 40,
      coContributor2Percent: 30,
    })
    expect(edited).toMatchObject({ ok: true, reinvited: 1 })
    expect((await mailTo(email)).length).toBe(before + 1)
    expect(await invitationByToken(db(), token)).toEqual({ state: 'closed', reason: 'voided' })
    expect(await statusOf(owner.id, song.id, 'co-contributor-2')).toMatchObject({
      status: 'disputed',
      reinvitedAt: expect.any(String),
    })
    expect(await registerSong(owner.id, song.id, { confirmed: true })).toMatchObject({
      ok: false,
      status: 422,
    })
    const fresh = (await tokenMailedTo(email))!
    expect(fresh).not.toBe(token)
    expect(await decideInvitation(db(), fresh, confirm)).toEqual({ ok: true })
    const registered = await registerSong(owner.id, song.id, { confirmed: true })
    expect(registered.ok).toBe(true)
    // A registered song's confirmations are final.
    const statuses = await statusOf(owner.id, song.id, 'co-contributor-2')
    expect(statuses.status).toBe('confirmed')
    const invitationId = statuses.status === 'confirmed' ? statuses.invitationId : 0
    expect(await revokeInvitation(db(), owner.id, song.id, invitationId)).toMatchObject({
      status: 409,
    })
    expect(await sendInvitation(db(), owner, song.id, 'co-contributor', email)).toMatchObject({
      status: 409,
    })
  })

  test('a dispute cannot be revoked away, and editing the split back and forth re-mails an address at most its daily invitations', async () => {
    const { owner, song, email } = await setup()
    await sendInvitation(db(), owner, song.id, 'co-contributor', email)
    expect(await decideInvitation(db(), (await tokenMailedTo(email))!, dispute)).toEqual({
      ok: true,
    })
    const disputed = await statusOf(owner.id, song.id)
    const disputedId = disputed.status === 'disputed' ? disputed.invitationId : 0
    expect(await revokeInvitation(db(), owner.id, song.id, disputedId)).toEqual({
      ok: false,
      status: 409,
      message: DISPUTE_NOT_REVOCABLE,
    })
    expect(await statusOf(owner.id, song.id)).toMatchObject({ status: 'disputed' })
    expect(await registerSong(owner.id, song.id, { confirmed: true })).toMatchObject({
      ok: false,
      status: 422,
    })
    // Each edit voids and re-invites the co-writer who disputed, within the address's daily
    // count; the dispute stands throughout.
    const before = (await mailTo(email)).length
    const reinvited: number[] = []
    for (let i = 0; i < 5; i++) {
      const lyrics = i % 2 === 0 ? 40 : 50
      const edited = await editLyrics(owner.id, song.id, {
        contributorPercent: lyrics,
        coContributorPercent: 80 - lyrics,
      })
      reinvited.push(edited.ok ? edited.reinvited : -1)
    }
    expect(reinvited).toEqual([1, 1, 0, 0, 0])
    expect((await mailTo(email)).length).toBe(
      before + INVITATIONS_PER_SENDER_PER_ADDRESS_PER_DAY - 1,
    )
    expect(await statusOf(owner.id, song.id)).toMatchObject({ status: 'disputed' })
  })

  test('an edit that leaves names and shares alone keeps the confirmations', async () => {
    const { owner, song, email } = await setup()
    await sendInvitation(db(), owner, song.id, 'co-contributor', email)
    await decideInvitation(db(), (await tokenMailedTo(email))!, confirm)
    // Only what is not the split changes.
    const edited = await editLyrics(
      owner.id,
      song.id,
      {},
      { title: 'A New Title', toolsUsed: 'Guitar' },
    )
    expect(edited).toMatchObject({ ok: true, reinvited: 0 })
    expect(await statusOf(owner.id, song.id)).toMatchObject({ status: 'confirmed' })
  })

  test('expiry: an invitation past its 14 days shows expired and takes no answer', async () => {
    const { owner, song, email } = await setup()
    await sendInvitation(db(), owner, song.id, 'co-contributor', email)
    const token = (await tokenMailedTo(email))!
    const later = new Date(Date.now() + 15 * 24 * 3600 * 1000)
    expect(await invitationByToken(db(), token, later)).toEqual({
      state: 'closed',
      reason: 'expired',
    })
    expect(await decideInvitation(db(), token, confirm, later)).toMatchObject({
      ok: false,
      status: 410,
    })
    expect(await statusOf(owner.id, song.id)).toMatchObject({ status: 'invited' })
    expect(
      (await splitStatuses(db(), (await getOwnedSong(db(), owner.id, song.id))!, later))[1],
    ).toMatchObject({ status: 'expired' })
  })

  test('resend rotates the token (the old link is dead, and says it was replaced) and stops after the limit; revoke closes the link', async () => {
    const { owner, song, email } = await setup()
    const sent = await sendInvitation(db(), owner, song.id, 'co-contributor', email)
    if (!sent.ok) throw new Error(sent.message)
    const first = (await tokenMailedTo(email))!
    expect(await resendInvitation(db(), owner, song.id, sent.invitationId)).toEqual({ ok: true })
    const second = (await tokenMailedTo(email))!
    expect(second).not.toBe(first)
    // The old link opens nothing, and says why (issue 52.12).
    expect(await invitationByToken(db(), first)).toEqual({ state: 'closed', reason: 'replaced' })
    expect((await invitationByToken(db(), second)).state).toBe('open')
    for (let n = 2; n < MAX_SENDS; n++)
      expect((await resendInvitation(db(), owner, song.id, sent.invitationId)).ok).toBe(true)
    expect(await resendInvitation(db(), owner, song.id, sent.invitationId)).toMatchObject({
      status: 429,
      message: TOO_MANY_SENDS,
    })
    const stranger = await createUser()
    expect(await revokeInvitation(db(), stranger.id, song.id, sent.invitationId)).toMatchObject({
      status: 404,
    })
    expect(await revokeInvitation(db(), owner.id, song.id, sent.invitationId)).toEqual({ ok: true })
    const last = (await tokenMailedTo(email))!
    expect(await invitationByToken(db(), last)).toEqual({ state: 'closed', reason: 'revoked' })
    expect(await decideInvitation(db(), last, confirm)).toMatchObject({ status: 410 })
    expect(await statusOf(owner.id, song.id)).toMatchObject({ status: 'declared' })
  })

  test("a token opens only its own song; another song's invitation is untouched", async () => {
    const a = await setup()
    const b = await setup()
    await sendInvitation(db(), a.owner, a.song.id, 'co-contributor', a.email)
    await sendInvitation(db(), b.owner, b.song.id, 'co-contributor', b.email)
    const tokenA = (await tokenMailedTo(a.email))!
    await decideInvitation(db(), tokenA, dispute)
    expect(await statusOf(b.owner.id, b.song.id)).toMatchObject({ status: 'invited' })
    // Guessed or altered tokens open nothing.
    const altered = `${tokenA.slice(0, -1)}${tokenA.endsWith('A') ? 'B' : 'A'}`
    expect(await invitationByToken(db(), altered)).toEqual({ state: 'closed', reason: 'unknown' })
  })

  test('the owner has an hourly cap on invitation mails', async () => {
    const owner = await createUser({ emailVerified: true })
    let refused = null
    for (let n = 0; n < 25 && !refused; n++) {
      const song = await createTestSong(owner.id, { coContributorName: 'Bea' })
      const to = `x${n}-${owner.id}@example.com`
      const sent = await sendInvitation(db(), owner, song.id, 'co-contributor', to)
      if (!sent.ok) refused = sent
    }
    expect(refused).toMatchObject({ status: 429 })
    expect(refused?.message).toMatch(/^Too many requests/)
  })
})

// Issue 24: invitation mails cannot be a way to write to strangers (item 2), a dispute outlives
// the edit that voids its invitation (item 4), and an owner cannot confirm for someone else from
// their own mailbox (item 7).
describe('issue 24: who may be invited, how often, and what the mail says', () => {
  const refusalTokenIn = (text: string | null | undefined) =>
    /\/refuse-invitations\?token=([A-Za-z0-9_-]{64})/.exec(text ?? '')?.[1] ?? null

  test('an unverified account cannot invite, resend or re-invite; nothing is mailed', async () => {
    const { owner, song, email } = await setup()
    const unverified = { ...owner, emailVerified: false }
    expect(await sendInvitation(db(), unverified, song.id, 'co-contributor', email)).toEqual({
      ok: false,
      status: 403,
      message: VERIFY_TO_INVITE,
    })
    expect(await mailTo(email)).toEqual([])
    const sent = await sendInvitation(db(), owner, song.id, 'co-contributor', email)
    if (!sent.ok) throw new Error(sent.message)
    expect(await resendInvitation(db(), unverified, song.id, sent.invitationId)).toMatchObject({
      status: 403,
    })
    await db()
      .updateTable('users')
      .set({ emailVerified: false })
      .where('id', '=', owner.id)
      .execute()
    expect(
      await editLyrics(owner.id, song.id, { contributorPercent: 40, coContributorPercent: 40 }),
    ).toMatchObject({ ok: true, reinvited: 0 })
    expect(await mailTo(email)).toHaveLength(1)
  })

  test('a phishing title reaches the invitee only quoted as the owner’s words, never in the subject', async () => {
    const owner = await createUser({ emailVerified: true, firstName: 'Support Team' })
    const title =
      'URGENT: your royalties are frozen. Verify your bank details at https://evil.test/claim'
    const song = await createTestSong(owner.id, { ...SPLIT, title })
    const email = `victim-${owner.id}@elsewhere.test`
    expect((await sendInvitation(db(), owner, song.id, 'co-contributor', email)).ok).toBe(true)
    const mail = (await lastMailTo(email))!
    expect(mail.subject).toBe('ProofTrack: confirm your share of a song')
    expect(mail.subject).not.toContain('URGENT')
    expect(mail.text).toMatch(/^A ProofTrack user named you/)
    expect(mail.text).toContain(`These are the owner's words, not ProofTrack's:`)
    expect(mail.text).toContain(`The song's title:\n    “\u2068${title}\u2069”`)
    expect(mail.text).toContain('Their name:\n    “\u2068Support Team Writer\u2069”')
    expect(mail.listUnsubscribe).toMatch(/^http:\/\/localhost:3000\/refuse-invitations\?token=/)
    expect(mail.text).toContain(mail.listUnsubscribe!)
  })

  test('an address gets at most its daily ceiling from every owner together, in any case, re-invitations included', async () => {
    const email = `Busy-${Math.random().toString(36).slice(2)}@Example.com`
    const count = INVITATIONS_PER_ADDRESS_PER_DAY + 2
    const owners = await Promise.all(
      Array.from({ length: count }, () => createUser({ emailVerified: true, firstName: 'Ann' })),
    )
    const songs = await Promise.all(
      owners.map((owner) => createTestSong(owner.id, { title: 'Three Of Us', ...SPLIT })),
    )
    // Sent at once by every owner, as several servers would: each count is one conditional upsert.
    const results = await Promise.all(
      owners.map((owner, n) =>
        sendInvitation(
          db(),
          owner,
          songs[n]!.id,
          'co-contributor',
          n % 2 ? email.toLowerCase() : email,
        ),
      ),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(INVITATIONS_PER_ADDRESS_PER_DAY)
    expect(results.filter((r) => !r.ok)).toEqual(
      Array(count - INVITATIONS_PER_ADDRESS_PER_DAY).fill({
        ok: false,
        status: 429,
        message: INVITATION_NOT_MAILED,
      }),
    )
    const day = await db()
      .selectFrom('invitationMailDays')
      .select('sent')
      .where('addressSha256', '=', addressKey(email))
      .executeTakeFirstOrThrow()
    expect(day.sent).toBe(INVITATIONS_PER_ADDRESS_PER_DAY)
    // A refused owner's own count was given back: nothing was sent in their name.
    const refusedOwner = owners.find((_, n) => !results[n]!.ok)!
    expect(
      await db()
        .selectFrom('invitationSenderDays')
        .select('sent')
        .where('senderId', '=', refusedOwner.id)
        .execute(),
    ).toEqual([])
    // An edit's re-invitation is one more mail to the address: it is not sent either.
    const invited = owners.findIndex((_, n) => results[n]!.ok)
    const edited = await editLyrics(owners[invited]!.id, songs[invited]!.id, {
      contributorPercent: 40,
      coContributorPercent: 40,
    })
    expect(edited).toMatchObject({ ok: true, reinvited: 0 })
  })

  test('one stranger cannot use up an address’s day: their own count stops them, a real co-writer’s invitation still goes (issue 24 griefing)', async () => {
    const victim = `victim-${Math.random().toString(36).slice(2)}@gmail.com`
    const [local] = victim.split('@')
    const stranger = await createUser({ emailVerified: true, firstName: 'Mallory' })
    const songs = await Promise.all(
      [0, 1, 2, 3, 4].map(() => createTestSong(stranger.id, { title: 'Spam', ...SPLIT })),
    )
    // Aliases of one mailbox are one address: a tag, Gmail's dots, googlemail.com, any case.
    const aliases = [
      `${local}+a@gmail.com`,
      `${local!.split('').join('.')}@gmail.com`,
      `${local!.toUpperCase()}@GoogleMail.com`,
      ` ${local}+b@gmail.com `,
      victim,
    ]
    const results = []
    for (const [n, alias] of aliases.entries())
      results.push(await sendInvitation(db(), stranger, songs[n]!.id, 'co-contributor', alias))
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false, false])
    expect(results[3]).toEqual({ ok: false, status: 429, message: INVITATION_NOT_MAILED })
    const real = await setup(victim)
    expect(
      await sendInvitation(db(), real.owner, real.song.id, 'co-contributor', victim),
    ).toMatchObject({ ok: true })
    expect(await lastMailTo(victim)).not.toBeNull()
  })

  test('a refused address and a capped one get the same answer: the sender learns nothing of which', async () => {
    const { owner, song, email } = await setup()
    await refuseInvitations(db(), addressKey(email))
    const refused = await sendInvitation(db(), owner, song.id, 'co-contributor', email)
    const busy = `busy-${song.id}@example.com`
    const songs = await Promise.all(
      [0, 1, 2, 3].map(() => createTestSong(owner.id, { title: 'Three Of Us', ...SPLIT })),
    )
    const results = []
    for (const other of songs)
      results.push(await sendInvitation(db(), owner, other.id, 'co-contributor', busy))
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false])
    expect(results[3]).toEqual(refused)
    expect(refused).toEqual({ ok: false, status: 429, message: INVITATION_NOT_MAILED })
  })

  test('one key per mailbox; a refusal kept under the key before it still holds', async () => {
    expect(canonicalAddress(' V.i.c.t.i.m+Promo@GoogleMail.com ')).toBe('victim@gmail.com')
    expect(canonicalAddress('Victim+x@Example.test')).toBe('victim@example.test')
    // Dots matter outside Gmail.
    expect(canonicalAddress('v.ictim@example.test')).toBe('v.ictim@example.test')
    const { owner, song } = await setup()
    // A refusal made before decision 054, under the trimmed, lower-cased spelling only.
    const old = `o.ld-${song.id}@gmail.com`
    await db()
      .insertInto('invitationRefusals')
      .values({ addressSha256: legacyAddressKey(old) })
      .execute()
    expect(legacyAddressKey(old)).not.toBe(addressKey(old))
    expect(await sendInvitation(db(), owner, song.id, 'co-contributor', old)).toEqual({
      ok: false,
      status: 429,
      message: INVITATION_NOT_MAILED,
    })
    // A refusal of the plain address covers its aliases.
    const plain = `plain-${song.id}@example.test`
    await refuseInvitations(db(), addressKey(plain))
    expect(
      await sendInvitation(
        db(),
        owner,
        song.id,
        'co-contributor',
        `Plain-${song.id}+x@Example.test`,
      ),
    ).toEqual({ ok: false, status: 429, message: INVITATION_NOT_MAILED })
    expect(await mailTo(`Plain-${song.id}+x@Example.test`)).toHaveLength(0)
  })

  test('the refusal link: the address refuses every later invitation, from any owner, and re-invitations', async () => {
    const { owner, song, email } = await setup()
    await sendInvitation(db(), owner, song.id, 'co-contributor', email)
    const token = refusalTokenIn((await lastMailTo(email))?.text)!
    const key = keyOfRefusalToken(token)
    expect(key).toBe(addressKey(email))
    // A token whose MAC does not match is nobody's.
    expect(
      keyOfRefusalToken(`${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`),
    ).toBeNull()
    await refuseInvitations(db(), key!)
    const other = await setup(email.toUpperCase())
    expect(
      await sendInvitation(db(), other.owner, other.song.id, 'co-contributor', email.toUpperCase()),
    ).toEqual({ ok: false, status: 429, message: INVITATION_NOT_MAILED })
    expect(
      await editLyrics(owner.id, song.id, { contributorPercent: 40, coContributorPercent: 40 }),
    ).toMatchObject({ ok: true, reinvited: 0 })
    expect(await mailTo(email)).toHaveLength(1)
  })

  test('an owner cannot invite their own address, nor one already invited for another contributor', async () => {
    const { owner, song, email } = await setup()
    expect(
      await sendInvitation(
        db(),
        owner,
        song.id,
        'co-contributor',
        ` ${owner.email.toUpperCase()} `,
      ),
    ).toEqual({ ok: false, status: 400, message: OWN_ADDRESS })
    // The owner's own mailbox under another spelling is still theirs (decision 054).
    const [local, domain] = owner.email.split('@')
    expect(
      await sendInvitation(db(), owner, song.id, 'co-contributor', `${local}+cowriter@${domain}`),
    ).toEqual({ ok: false, status: 400, message: OWN_ADDRESS })
    const gmailOwner = await createUser({
      emailVerified: true,
      email: `ann.${song.id}@gmail.com`,
    })
    const gmailSong = await createTestSong(gmailOwner.id, { title: 'Three Of Us', ...SPLIT })
    expect(
      await sendInvitation(
        db(),
        gmailOwner,
        gmailSong.id,
        'co-contributor',
        `Ann${song.id}+co@googlemail.com`,
      ),
    ).toEqual({ ok: false, status: 400, message: OWN_ADDRESS })
    await sendInvitation(db(), owner, song.id, 'co-contributor', email)
    await decideInvitation(db(), (await tokenMailedTo(email))!, confirm)
    expect(
      await sendInvitation(db(), owner, song.id, 'co-contributor-2', email.toUpperCase()),
    ).toEqual({ ok: false, status: 400, message: ADDRESS_ON_ANOTHER_SLOT })
    const [them, theirDomain] = email.split('@')
    expect(
      await sendInvitation(db(), owner, song.id, 'co-contributor-2', `${them}+2@${theirDomain}`),
    ).toEqual({ ok: false, status: 400, message: ADDRESS_ON_ANOTHER_SLOT })
    expect(await statusOf(owner.id, song.id, 'co-contributor-2')).toMatchObject({
      status: 'declared',
    })
  })
})

describe('issue 24: a dispute stands until the co-writer who disputed answers a changed split', () => {
  test('dispute, then edit A→B→A: registration is still refused and the dispute still shown; their answer lifts it', async () => {
    const { owner, song, email } = await setup()
    await sendInvitation(db(), owner, song.id, 'co-contributor', email)
    expect(await decideInvitation(db(), (await tokenMailedTo(email))!, dispute)).toEqual({
      ok: true,
    })
    const a = SPLIT.contributions[0]!
    expect(
      (await editLyrics(owner.id, song.id, { contributorPercent: 40, coContributorPercent: 40 }))
        .ok,
    ).toBe(true)
    expect((await editLyrics(owner.id, song.id, a)).ok).toBe(true)
    expect(await statusOf(owner.id, song.id)).toMatchObject({
      status: 'disputed',
      disputeReason: 'I wrote half the lyrics',
      reinvitedAt: expect.any(String),
    })
    expect(await registerSong(owner.id, song.id, { confirmed: true })).toMatchObject({
      ok: false,
      status: 422,
      message: 'Bea disputed their share; edit the split before registering.',
    })
    // Another mailbox's answer for the slot does not lift it: only the co-writer who disputed.
    const fresh = (await tokenMailedTo(email))!
    const slot = await db()
      .selectFrom('splitInvitations')
      .select('id')
      .where('songId', '=', song.id)
      .where('revokedAt', 'is', null)
      .where('voidedAt', 'is', null)
      .executeTakeFirstOrThrow()
    await revokeInvitation(db(), owner.id, song.id, slot.id)
    const stranger = `other-${song.id}@example.com`
    await sendInvitation(db(), owner, song.id, 'co-contributor', stranger)
    await decideInvitation(db(), (await tokenMailedTo(stranger))!, confirm)
    expect(await statusOf(owner.id, song.id)).toMatchObject({ status: 'disputed' })
    expect((await registerSong(owner.id, song.id, { confirmed: true })).ok).toBe(false)
    expect(await invitationByToken(db(), fresh)).toEqual({ state: 'closed', reason: 'revoked' })
    // The history keeps the dispute; the co-writer answering a new invitation ends it.
    const stranded = await db()
      .selectFrom('splitInvitations')
      .select('id')
      .where('songId', '=', song.id)
      .where('decision', '=', 'confirmed')
      .executeTakeFirstOrThrow()
    await revokeInvitation(db(), owner.id, song.id, stranded.id)
    // The address had its three mails today (the first and two re-invitations): a day later.
    await db()
      .deleteFrom('invitationMailDays')
      .where('addressSha256', '=', addressKey(email))
      .execute()
    await db()
      .deleteFrom('invitationSenderDays')
      .where('addressSha256', '=', addressKey(email))
      .execute()
    await sendInvitation(db(), owner, song.id, 'co-contributor', email.toUpperCase())
    await decideInvitation(db(), (await tokenMailedTo(email.toUpperCase()))!, confirm)
    expect(await statusOf(owner.id, song.id)).toMatchObject({ status: 'confirmed' })
    const history = await db()
      .selectFrom('splitInvitations')
      .select(['decision', 'disputeReason', 'disputeLiftedAt'])
      .where('songId', '=', song.id)
      .where('decision', '=', 'disputed')
      .execute()
    expect(history).toEqual([
      {
        decision: 'disputed',
        disputeReason: 'I wrote half the lyrics',
        disputeLiftedAt: expect.any(Date),
      },
    ])
    expect((await registerSong(owner.id, song.id, { confirmed: true })).ok).toBe(true)
  })

  test('removing the co-writer who disputed does not end the dispute: naming them again brings it back, without a mail (issue 38 item 4, decision 087)', async () => {
    const { owner, song, email } = await setup()
    await sendInvitation(db(), owner, song.id, 'co-contributor-2', email)
    await decideInvitation(db(), (await tokenMailedTo(email))!, dispute)
    const removed = await editLyrics(
      owner.id,
      song.id,
      { contributorPercent: 70, coContributor2Percent: 0 },
      { coContributorName2: '' },
    )
    expect(removed).toMatchObject({ ok: true, reinvited: 0 })
    // Re-added in the next edit: the dispute stands again; asking them again is the owner's act.
    expect(
      await editLyrics(
        owner.id,
        song.id,
        { contributorPercent: 60, coContributor2Percent: 10 },
        { coContributorName2: 'cal' },
      ),
    ).toMatchObject({ ok: true, reinvited: 0 })
    expect(await statusOf(owner.id, song.id, 'co-contributor-2')).toMatchObject({
      status: 'disputed',
      notAsked: true,
    })
    expect(await mailTo(email)).toHaveLength(1)
    expect((await registerSong(owner.id, song.id, { confirmed: true })).ok).toBe(false)
  })
})
