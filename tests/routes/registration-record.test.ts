import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Keypair } from '@solana/web3.js'
import Arweave from 'arweave'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createChain, getChain } from '~/chain/index.server'
import type { ChainAdapter } from '~/chain/types'
import { loadEnv } from '~/env.server'
import * as index from '~/routes/_index'
import * as songsApi from '~/resource-routes/api.songs'
import * as blockchainApi from '~/resource-routes/api.songs.$id.blockchain'
import * as sponsored from '~/resource-routes/api.songs.$id.blockchain.sponsored'
import * as certificatePage from '~/routes/certificate.$id'
import * as registerPage from '~/routes/songs.$id.register'
import { registerSong } from '~/services/registration/registration.server'
import { reconcilePending } from '~/services/registration/registration-reconcile.server'
import {
  currentTarget,
  storageTarget,
  targetLogLine,
} from '~/services/registration/registration-target.server'
import { updateSong } from '~/services/co-writers/song-edits.server'
import { createStorage, getStorage } from '~/storage/index.server'
import { db } from '../setup/db'
import {
  args,
  authedRequest,
  createAdmin,
  createUser,
  respond,
  createTestSong,
} from '../setup/fixtures'
import { type SolanaRpc, startSolanaRpc } from '../setup/solana-rpc'
import { testEnv } from '../setup/test-env'

const split = (lyrics: { contributorPercent: number; aiPercent: number }) => [
  { component: 'lyrics' as const, coContributorPercent: 0, coContributor2Percent: 0, ...lyrics },
]

async function newSong(userId: string, lyrics = { contributorPercent: 80, aiPercent: 20 }) {
  return createTestSong(userId, {
    title: 'Recorded',
    contributions: split(lyrics),
  })
}

async function registrationRow(songId: number) {
  return db()
    .selectFrom('blockchainRegistrations')
    .select(['status', 'network', 'storageKind', 'storageGateway', 'blockchainData'])
    .where('songId', '=', songId)
    .executeTakeFirst()
}

async function usageUnits(userId: string) {
  const rows = await db()
    .selectFrom('monthlyUsage')
    .select('registrationsUsed')
    .where('userId', '=', userId)
    .execute()
  return rows.reduce((sum, row) => sum + row.registrationsUsed, 0)
}

let rpc: SolanaRpc
const sponsor = Keypair.generate()
const dirs: string[] = []
beforeAll(async () => {
  rpc = await startSolanaRpc()
  rpc.fund(sponsor.publicKey.toBase58())
})
afterAll(async () => {
  await rpc?.close()
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
})

/** A real Solana chain (web3.js) on the loopback RPC, configured as an operator would. */
function solanaChain(cluster: string): ChainAdapter {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-network-'))
  dirs.push(dir)
  return createChain(
    loadEnv({
      ...testEnv(dir),
      SOLANA_RPC_URL: rpc.url,
      SOLANA_CLUSTER: cluster,
      SOLANA_SPONSOR_SECRET_KEY: JSON.stringify(Array.from(sponsor.secretKey)),
    }),
  )
}

describe('every registration records where it went', () => {
  test('the embedded ledger and store are recorded as such, though this server’s SOLANA_CLUSTER says devnet', async () => {
    expect(loadEnv(testEnv()).SOLANA_CLUSTER).toBe('devnet')
    const user = await createUser({ emailVerified: true })
    const song = await newSong(user.id)
    const outcome = await registerSong(user.id, song.id, { confirmed: true })
    expect(outcome).toMatchObject({ ok: true, network: 'local-ledger' })
    expect(await registrationRow(song.id)).toMatchObject({
      status: 'confirmed',
      network: 'local-ledger',
      storageKind: 'local-store',
      storageGateway: null,
    })

    // The owner's registrations API says the same.
    const list = await (
      await blockchainApi.loader(
        args(await authedRequest(`http://localhost/api/songs/${song.id}/blockchain`, user.id), {
          id: String(song.id),
        }),
      )
    ).json()
    expect(list).toEqual([
      expect.objectContaining({
        network: 'local-ledger',
        storageKind: 'local-store',
        storageGateway: null,
      }),
    ])
  })

  test('a Solana cluster is recorded from the chain that anchored it, and every view keeps showing it after the server moves on', async () => {
    const user = await createUser({ emailVerified: true })
    const song = await newSong(user.id)
    const outcome = await registerSong(
      user.id,
      song.id,
      { confirmed: true },
      { chain: solanaChain('testnet') },
    )
    if (!outcome.ok) throw new Error(outcome.message)
    expect(outcome.network).toBe('testnet')
    expect(outcome.explorerUrl).toContain('?cluster=testnet')
    expect(await registrationRow(song.id)).toMatchObject({
      status: 'confirmed',
      network: 'testnet',
      storageKind: 'local-store',
    })

    // This server now runs on the embedded ledger: the certificate still says testnet, with what that means.
    expect(getChain().kind).toBe('local')
    const data = await (
      await respond(() =>
        certificatePage.loader(
          args(new Request(`http://localhost/certificate/${song.id}`), { id: String(song.id) }),
        ),
      )
    ).json()
    expect(data.certificate.registration).toMatchObject({
      network: 'testnet',
      storageKind: 'local-store',
    })
  })

  test('a registration signed for another network is left waiting by reconcile, not failed on this one', async () => {
    const user = await createUser({ emailVerified: true })
    const song = await newSong(user.id)
    const devnet = solanaChain('devnet')
    // The answer is lost while the transaction may still land on devnet.
    const lost = Object.assign(Object.create(devnet) as ChainAdapter, {
      submit: async () => {
        throw new Error('connect ECONNREFUSED')
      },
      lookup: async () => null,
      hasExpired: async () => false,
    })
    expect(
      await registerSong(user.id, song.id, { confirmed: true }, { chain: lost }),
    ).toMatchObject({ ok: false, status: 202, pending: true })
    expect(await registrationRow(song.id)).toMatchObject({ status: 'pending', network: 'devnet' })

    // A server on the embedded ledger cannot find a devnet transaction: it must not fail the row.
    const outcome = await reconcilePending({ olderThanMs: 0, chain: getChain() })
    expect(outcome.waiting).toBeGreaterThanOrEqual(1)
    expect(await registrationRow(song.id)).toMatchObject({ status: 'pending', network: 'devnet' })
    expect(await usageUnits(user.id)).toBe(1)
  })

  test('Arweave is recorded with the gateway its links go through', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-arweave-'))
    dirs.push(dir)
    const jwk = await Arweave.init({}).wallets.generate()
    const storage = createStorage(
      loadEnv({
        ...testEnv(dir),
        ARWEAVE_HOST: '127.0.0.1',
        ARWEAVE_PORT: '1984',
        ARWEAVE_PROTOCOL: 'http',
        ARWEAVE_WALLET_JWK: JSON.stringify(jwk),
        ARWEAVE_GATEWAY_URL: 'https://gateway.example/',
      }),
    )
    expect(storageTarget(storage)).toEqual({
      storageKind: 'arweave',
      storageGateway: 'https://gateway.example',
    })
    expect(storageTarget(getStorage())).toEqual({
      storageKind: 'local-store',
      storageGateway: null,
    })
  })

  test('the start-up line and the admin panel say where registrations go; production off mainnet warns', async () => {
    const local = currentTarget()
    expect(targetLogLine(local, false)).toEqual({
      warn: false,
      line: '[registration] registrations go to: Local development ledger on this server — not a public blockchain; storage: Local store on this server — not permanent storage. This is a development record kept only by this server: it is not on a public blockchain, and only this server can show it. The certificate’s stored copy is kept by this server only, not on Arweave.',
    })
    const devnet = targetLogLine(currentTarget({ chain: solanaChain('devnet') }), true)
    expect(devnet.warn).toBe(true)
    expect(devnet.line).toContain(
      '[registration] production registrations go to: Solana devnet — a public test network;',
    )
    expect(devnet.line).toContain(
      'Devnet is reset from time to time, so this record is not permanent',
    )

    const admin = await createAdmin()
    const request = await authedRequest('http://localhost/', admin.id)
    const data = await (await respond(() => index.loader(args(request)))).json()
    expect(data.view).toBe('admin')
    expect(data.deployment).toEqual({
      production: false,
      permanent: false,
      network: 'Local development ledger on this server — not a public blockchain',
      storage: 'Local store on this server — not permanent storage',
      notes: [
        expect.stringContaining('development record kept only by this server'),
        expect.stringContaining('not on Arweave'),
      ],
    })
  })
})

describe('a split must be whole before anything is permanent', () => {
  test('200 % lyrics (100 human and 100 AI) is created and flagged, then refused by every way to register, with the edit page to fix it', async () => {
    const user = await createUser({ emailVerified: true })
    // Creation keeps the spec's "flagged, you can continue" (SPEC §2, §5).
    const body = JSON.stringify({
      title: 'Twice Written',
      contributorName: 'Ann',
      dateCreated: '2025-03-01',
      toolsUsed: 'Piano',
      fileLink: 'https://example.com/t.mp3',
      contributions: split({ contributorPercent: 100, aiPercent: 100 }),
    })
    const created = await songsApi.action(
      args(
        await authedRequest('http://localhost/api/songs', user.id, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
        }),
      ),
    )
    expect(created.status).toBe(201)
    const song = (await created.json()) as { id: number }
    const editUrl = `/edit/${song.id}`
    // The component that is off and its total, as the edit form says it (issue 52.5).
    const SPLITS_NOT_WHOLE =
      'All contribution percentages must total 100% for each component. Lyrics totals 200%. Correct the song’s splits on its edit page before registering it.'

    // The service, for every caller.
    expect(await registerSong(user.id, song.id, { confirmed: true })).toEqual({
      ok: false,
      status: 422,
      message: SPLITS_NOT_WHOLE,
      editUrl,
    })

    // POST /api/songs/:id/blockchain/sponsored
    const api = await sponsored.action(
      args(
        await authedRequest(`http://localhost/api/songs/${song.id}/blockchain/sponsored`, user.id, {
          method: 'POST',
        }),
        { id: String(song.id) },
      ),
    )
    expect(api.status).toBe(422)
    expect(await api.json()).toEqual({
      message: SPLITS_NOT_WHOLE,
      editUrl,
    })

    // The page (and the dashboard modal, which loads the same data) shows the refusal instead of the card.
    const loaded = await (
      await respond(async () =>
        registerPage.loader(
          args(await authedRequest(`http://localhost/songs/${song.id}/register`, user.id), {
            id: String(song.id),
          }),
        ),
      )
    ).json()
    expect(loaded.blocked).toEqual({ message: SPLITS_NOT_WHOLE, editUrl })

    // A plain form post, free or paid, is refused too, before anything is claimed or paid.
    for (const fields of [{ confirmed: 'yes' }, { confirmed: 'yes', intent: 'pay' }] as Record<
      string,
      string
    >[]) {
      const request = await authedRequest(`http://localhost/songs/${song.id}/register`, user.id, {
        method: 'POST',
        body: new URLSearchParams(fields),
      })
      const posted = await respond(() =>
        registerPage.action(args(request, { id: String(song.id) })),
      )
      expect(posted.status).toBe(422)
      expect(await posted.json()).toMatchObject({ ok: false, message: SPLITS_NOT_WHOLE, editUrl })
    }
    expect(await registrationRow(song.id)).toBeUndefined()
    expect(await usageUnits(user.id)).toBe(0)

    // Fixed on the edit path, it registers.
    expect(
      await updateSong(db(), user.id, song.id, {
        title: 'Twice Written',
        dateCreated: '2025-03-01',
        contributorName: 'Ann',
        toolsUsed: 'Piano',
        fileLink: 'https://example.com/t.mp3',
        contributions: split({ contributorPercent: 50, aiPercent: 50 }),
      }),
    ).toEqual({ ok: true, reinvited: 0, changed: true })
    expect(await registerSong(user.id, song.id, { confirmed: true })).toMatchObject({ ok: true })
  })

  test('a split under 100 % is refused the same way', async () => {
    const user = await createUser({ emailVerified: true })
    const song = await newSong(user.id, { contributorPercent: 40, aiPercent: 20 })
    expect(await registerSong(user.id, song.id, { confirmed: true })).toMatchObject({
      ok: false,
      status: 422,
      editUrl: `/edit/${song.id}`,
    })
  })
})
