import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { getChain, verifyTransactionSignature } from '~/chain/index.server'
import type { ChainAdapter } from '~/chain/types'
import * as sponsored from '~/resource-routes/api.songs.$id.blockchain.sponsored'
import * as usageApi from '~/resource-routes/api.subscription.usage-stats'
import * as registerRoute from '~/routes/songs.$id.register'
import * as verifyRoute from '~/routes/verify.$certificateId'
import { canonicalJson, sha256Hex } from '~/lib/digest.server'
import { parseMemo } from '~/services/certificates/record/manifest.server'
import { registerSong } from '~/services/registration/registration.server'
import { reconcilePending } from '~/services/registration/registration-reconcile.server'
import { usageStats } from '~/services/registration/registration-usage.server'
import { updateSong } from '~/services/co-writers/song-edits.server'
import { getOwnedSong } from '~/services/songs/songs.server'
import { verifyCertificate } from '~/services/certificates/record/record-verification.server'
import { getStorage } from '~/storage/index.server'
import { db } from '../setup/db'
import {
  args,
  authedRequest,
  createTestSong,
  createUser,
  formRequest,
  respond,
  sessionCookie,
} from '../setup/fixtures'

async function newSong(userId: string, title = 'Anchored') {
  return createTestSong(userId, {
    title,
    lyrics: 'Private words',
    contributions: [{ component: 'lyrics', contributorPercent: 80, aiPercent: 20 }],
  })
}

async function usageUnits(userId: string) {
  const rows = await db()
    .selectFrom('monthlyUsage')
    .select('registrationsUsed')
    .where('userId', '=', userId)
    .execute()
  return rows.reduce((sum, row) => sum + row.registrationsUsed, 0)
}

/** The real chain, except that `submit` fails the way a network error would. */
function failingChain(chain: ChainAdapter, options: { expired: boolean }): ChainAdapter {
  return Object.assign(Object.create(chain) as ChainAdapter, {
    submit: async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:8899')
    },
    hasExpired: async () => options.expired,
  })
}

describe('registration', () => {
  test('a free registration needs a verified email; nothing is consumed when refused', async () => {
    const user = await createUser({ emailVerified: false })
    const song = await newSong(user.id)
    const outcome = await registerSong(user.id, song.id, { confirmed: true })
    expect(outcome).toMatchObject({
      ok: false,
      status: 403,
      message: 'Email verification required for free blockchain registrations',
      requiresEmailVerification: true,
    })
    expect(await usageUnits(user.id)).toBe(0)
    expect(
      await db()
        .selectFrom('blockchainRegistrations')
        .select('id')
        .where('songId', '=', song.id)
        .execute(),
    ).toHaveLength(0)
  })

  test('the confirmation box is required', async () => {
    const user = await createUser({ emailVerified: true })
    const song = await newSong(user.id)
    expect(await registerSong(user.id, song.id, { confirmed: false })).toMatchObject({
      ok: false,
      status: 400,
    })
    // A plain post without the box: the message asks for the tick without contradicting the
    // box, which on this development ledger says the record is not permanent (issue 52.17).
    const url = `http://localhost/songs/${song.id}/register`
    const posted = await respond(async () =>
      registerRoute.action(
        args(formRequest(url, {}, { Cookie: await sessionCookie(user.id) }), {
          id: String(song.id),
        }),
      ),
    )
    expect(posted.status).toBe(400)
    const { message } = await posted.json()
    expect(message).toBe('Tick the box above to confirm that you want to register this song.')
    expect(message).not.toMatch(/permanent/i)
  })

  test('a verified user registers: manifest stored, memo anchored, song locked, one unit used; a second is refused', async () => {
    const user = await createUser({ emailVerified: true })
    const song = await newSong(user.id)
    const outcome = await registerSong(user.id, song.id, { confirmed: true })
    if (!outcome.ok) throw new Error(outcome.message)
    expect(outcome.transactionSignature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
    expect(outcome.explorerUrl).toContain(`/ledger/tx/${outcome.transactionSignature}`)

    const view = (await getOwnedSong(db(), user.id, song.id))!
    expect(view.isRegistered).toBe(true)
    expect(view.arweaveId).toBe(outcome.storageId)
    expect(view.registration).toMatchObject({
      status: 'confirmed',
      transactionSignature: outcome.transactionSignature,
      walletAddress: getChain().sponsorAddress(),
      confirmationStatus: 'confirmed',
    })
    expect(Number(view.registration?.registrationFee)).toBe(0.001)
    expect(view.registration?.blockTime).toBeGreaterThan(1_700_000_000)
    expect(await usageUnits(user.id)).toBe(1)

    // The memo on chain names the certificate, the manifest's hash and its storage id.
    const tx = await getChain().lookup(outcome.transactionSignature)
    expect(parseMemo(tx?.memo ?? null)).toMatchObject({
      certificateId: song.certificateId,
      storageId: outcome.storageId,
    })
    // Lyrics never reach public storage in the clear.
    const stored = await getStorage().get(outcome.storageId)
    const manifestText = new TextDecoder().decode(stored!.data)
    expect(manifestText).not.toContain('Private words')
    // Manifest v7: the lyrics only as a salted commitment (tests/routes/verification.test.ts has the details).
    expect(JSON.parse(manifestText)).toMatchObject({
      certificateId: song.certificateId,
      version: 7,
      lyricsCommitment: { alg: 'salted-sha256' },
      recordings: [],
    })
    expect(manifestText).not.toContain(sha256Hex('Private words'))
    expect(parseMemo(tx!.memo)!.sha256).toBe(sha256Hex(canonicalJson(JSON.parse(manifestText))))

    expect(
      await updateSong(db(), user.id, song.id, {
        title: 'x',
        dateCreated: '2025-03-01',
        contributorName: 'Ann',
        toolsUsed: 'x',
        fileLink: 'https://example.com/x',
        contributions: [],
      }),
    ).toEqual({ ok: false, reason: 'locked' })
    expect(await registerSong(user.id, song.id, { confirmed: true })).toMatchObject({
      ok: false,
      status: 409,
    })
    // The month's one free registration is used: the next song needs a payment.
    const next = await newSong(user.id, 'Second')
    expect(await registerSong(user.id, next.id, { confirmed: true })).toMatchObject({
      ok: false,
      status: 402,
      requiresPayment: true,
    })
    expect(await usageStats(db(), user.id)).toMatchObject({
      subscriptionTier: 'free',
      currentMonthUsage: 1,
      monthlyLimit: 1,
      remainingFree: 0,
    })

    const report = await verifyCertificate(song.certificateId, outcome.transactionSignature, {
      chain: getChain(),
      storage: getStorage(),
      verifySignature: verifyTransactionSignature,
    })
    expect(report.checks.filter((c) => !c.ok)).toEqual([])
    expect(report.ok).toBe(true)
  })

  test('50 concurrent registrations of one song: exactly one registration and one unit of usage', async () => {
    const user = await createUser({ emailVerified: true })
    const song = await newSong(user.id)
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, () => registerSong(user.id, song.id, { confirmed: true })),
    )
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1)
    expect(outcomes.filter((o) => !o.ok).every((o) => !o.ok && o.status === 409)).toBe(true)
    expect(
      await db()
        .selectFrom('blockchainRegistrations')
        .select('id')
        .where('songId', '=', song.id)
        .execute(),
    ).toHaveLength(1)
    expect(await usageUnits(user.id)).toBe(1)
  })

  test('a chain failure after storage succeeded consumes nothing, and a retry succeeds', async () => {
    const user = await createUser({ emailVerified: true })
    const song = await newSong(user.id)
    const failed = await registerSong(
      user.id,
      song.id,
      { confirmed: true },
      { chain: failingChain(getChain(), { expired: true }) },
    )
    expect(failed).toEqual({ ok: false, status: 502, message: 'Failed to register on blockchain' })
    const row = await db()
      .selectFrom('blockchainRegistrations')
      .selectAll()
      .where('songId', '=', song.id)
      .executeTakeFirstOrThrow()
    expect(row.status).toBe('failed')
    expect(await usageUnits(user.id)).toBe(0)
    expect((await getOwnedSong(db(), user.id, song.id))!.arweaveId).toBeNull()

    const retry = await registerSong(user.id, song.id, { confirmed: true })
    expect(retry.ok).toBe(true)
    expect(await usageUnits(user.id)).toBe(1)
  })

  test('a registration interrupted after signing is reconciled without anchoring twice', async () => {
    const user = await createUser({ emailVerified: true })
    const song = await newSong(user.id)
    // The transaction is signed and recorded, then the answer is lost while it is still valid.
    const waiting = await registerSong(
      user.id,
      song.id,
      { confirmed: true },
      { chain: failingChain(getChain(), { expired: false }) },
    )
    expect(waiting).toMatchObject({ ok: false, status: 202, pending: true })
    const pending = await db()
      .selectFrom('blockchainRegistrations')
      .selectAll()
      .where('songId', '=', song.id)
      .executeTakeFirstOrThrow()
    expect(pending.status).toBe('pending')
    expect(pending.transactionSignature).toBeTruthy()
    expect(await usageUnits(user.id)).toBe(1)

    // It never landed and (on the local ledger) can no longer land: reconcile fails it and gives the unit back.
    const outcome = await reconcilePending({ olderThanMs: 0 })
    expect(outcome.failed).toBeGreaterThanOrEqual(1)
    expect(
      (
        await db()
          .selectFrom('blockchainRegistrations')
          .select('status')
          .where('songId', '=', song.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('failed')
    expect(await usageUnits(user.id)).toBe(0)
  })

  test('a transaction that landed before a crash is found by reconcile and confirmed, not sent again', async () => {
    const user = await createUser({ emailVerified: true })
    const song = await newSong(user.id)
    const chain = getChain()
    let sent = 0
    // The crash: the transaction lands, then the process dies before recording it.
    const crashing = Object.assign(Object.create(chain) as ChainAdapter, {
      submit: async (prepared: Parameters<ChainAdapter['submit']>[0]) => {
        sent++
        await chain.submit(prepared)
        throw new Error('process killed')
      },
      lookup: async () => null,
      hasExpired: async () => false,
    })
    expect(
      await registerSong(user.id, song.id, { confirmed: true }, { chain: crashing }),
    ).toMatchObject({ status: 202 })
    const outcome = await reconcilePending({ olderThanMs: 0 })
    expect(outcome.confirmed).toBeGreaterThanOrEqual(1)
    const view = (await getOwnedSong(db(), user.id, song.id))!
    expect(view.isRegistered).toBe(true)
    expect(sent).toBe(1)
    expect(await usageUnits(user.id)).toBe(1)
  })

  test('two reconciles at once (two servers starting) finish each stuck registration once', async () => {
    const chain = getChain()
    const crashing = Object.assign(Object.create(chain) as ChainAdapter, {
      submit: async (prepared: Parameters<ChainAdapter['submit']>[0]) => {
        await chain.submit(prepared)
        throw new Error('process killed')
      },
      lookup: async () => null,
      hasExpired: async () => false,
    })
    const users = []
    for (let i = 0; i < 4; i++) {
      const user = await createUser({ emailVerified: true })
      const song = await newSong(user.id)
      expect(
        await registerSong(user.id, song.id, { confirmed: true }, { chain: crashing }),
      ).toMatchObject({ status: 202 })
      users.push(user)
    }
    const [a, b] = await Promise.all([
      reconcilePending({ olderThanMs: 0 }),
      reconcilePending({ olderThanMs: 0 }),
    ])
    expect(a.confirmed + b.confirmed).toBe(4)
    expect(a.failed + b.failed).toBe(0)
    for (const user of users) expect(await usageUnits(user.id)).toBe(1)
  })

  test('tampering with the stored manifest makes verification fail visibly', async () => {
    const user = await createUser({ emailVerified: true })
    const song = await newSong(user.id)
    const outcome = await registerSong(user.id, song.id, { confirmed: true })
    if (!outcome.ok) throw new Error(outcome.message)
    const file = path.join(process.env.DATA_DIR!, 'storage', `${outcome.storageId}.json`)
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8'))
    manifest.contributions[0].aiPercent = 0
    manifest.contributions[0].contributorPercent = 100
    fs.writeFileSync(file, canonicalJson(manifest))

    const response = await respond(() =>
      verifyRoute.loader(
        args(new Request(`http://localhost/verify/${song.certificateId}`), {
          certificateId: song.certificateId,
        }),
      ),
    )
    const report = await response.json()
    expect(report.ok).toBe(false)
    expect(
      report.checks.find((c: { name: string }) => c.name === 'Manifest hash matches the memo'),
    ).toMatchObject({ ok: false })
    expect(
      report.checks.find((c: { name: string }) => c.name === 'Transaction found on chain'),
    ).toMatchObject({ ok: true })
  })
})

describe('registration API', () => {
  test('POST /api/songs/:id/blockchain/sponsored answers the signature and explorer link; usage stats follow', async () => {
    const user = await createUser({ emailVerified: true })
    const song = await newSong(user.id)
    const post = async () =>
      sponsored.action(
        args(
          await authedRequest(
            `http://localhost/api/songs/${song.id}/blockchain/sponsored`,
            user.id,
            { method: 'POST' },
          ),
          { id: String(song.id) },
        ),
      )
    const first = await post()
    expect(first.status).toBe(201)
    expect(await first.json()).toMatchObject({
      transactionSignature: expect.any(String),
      explorerUrl: expect.stringContaining('/ledger/tx/'),
    })
    const again = await post()
    expect(again.status).toBe(409)
    const stats = await (
      await usageApi.loader(
        args(await authedRequest('http://localhost/api/subscription/usage-stats', user.id)),
      )
    ).json()
    expect(stats).toEqual({
      subscriptionTier: 'free',
      currentMonthUsage: 1,
      monthlyLimit: 1,
      remainingFree: 0,
    })
    const other = await createUser({ emailVerified: true })
    const hijack = await sponsored.action(
      args(
        await authedRequest(
          `http://localhost/api/songs/${song.id}/blockchain/sponsored`,
          other.id,
          { method: 'POST' },
        ),
        { id: String(song.id) },
      ),
    )
    expect(hijack.status).toBe(404)
  })

  test('an unverified user gets the spec message with requiresEmailVerification', async () => {
    const user = await createUser({ emailVerified: false })
    const song = await newSong(user.id)
    const response = await sponsored.action(
      args(
        await authedRequest(`http://localhost/api/songs/${song.id}/blockchain/sponsored`, user.id, {
          method: 'POST',
        }),
        { id: String(song.id) },
      ),
    )
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({
      message: 'Email verification required for free blockchain registrations',
      requiresEmailVerification: true,
    })
  })
})
