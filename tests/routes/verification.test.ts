import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import { getChain } from '~/chain/index.server'
import * as bundleRoute from '~/resource-routes/certificate.$id_.proof-bundle'
import * as rpcRoute from '~/resource-routes/ledger.rpc.getTransaction.$signature'
import * as verifyRoute from '~/routes/verify.$certificateId'
import * as verifyJsonRoute from '~/resource-routes/verify.$certificateId[.]json'
import * as certificatePdfRoute from '~/resource-routes/certificate.$id[.]pdf'
import { translate } from '~/i18n/catalogs.server'
import { canonicalJson, sha256Hex } from '~/lib/digest.server'
import {
  buildManifest,
  ensureTextSalts,
  parseMemo,
  publishedAiTools,
  publishedContributors,
  readManifest,
} from '~/services/certificates/record/manifest.server'
import { registerSong } from '~/services/registration/registration.server'
import { getOwnedSong, type SongView } from '~/services/songs/songs.server'
import { verifyCertificate } from '~/services/certificates/record/record-verification.server'
import { getStorage } from '~/storage/index.server'
import { db } from '../setup/db'
import { args, authedRequest, createUser, respond, createTestSong } from '../setup/fixtures'
import { verifyCli } from '../setup/verify-cli'

const run = promisify(execFile)

// Exact bytes matter: a browser form sends CRLF line breaks, and texts are any Unicode.
const LYRICS = 'Hush now,\r\nthe harbor sleeps — 夜の歌 🎵'
const NOTES = 'Written on a night train.'

async function newSong(userId: string, fields: Record<string, unknown> = {}) {
  return createTestSong(userId, {
    title: 'Harbor Song',
    lyrics: LYRICS,
    creativeNotes: NOTES,
    contributions: [{ component: 'lyrics', contributorPercent: 80, aiPercent: 20 }],
    ...fields,
  })
}

/** A Korean main contributor and an Arabic co-contributor, each with their name in Latin script. */
const HANGUL_NAMES = {
  contributorName: '김민지',
  contributorLatinName: 'Kim Minji',
  coContributorName: 'نادية الخطيب',
  coContributorLatinName: 'Nadia Al-Khatib',
  contributions: [
    {
      component: 'lyrics',
      contributorPercent: 70,
      coContributorPercent: 30,
      coContributor2Percent: 0,
      aiPercent: 0,
    },
  ],
}

async function registered(fields: Record<string, unknown> = {}) {
  const user = await createUser({ emailVerified: true })
  const song = await newSong(user.id, fields)
  const outcome = await registerSong(user.id, song.id, { confirmed: true })
  if (!outcome.ok) throw new Error(outcome.message)
  return { user, song, outcome }
}

async function salts(songId: number) {
  return db()
    .selectFrom('songs')
    .select(['lyricsSalt', 'creativeNotesSalt'])
    .where('id', '=', songId)
    .executeTakeFirstOrThrow()
}

const storedFile = (storageId: string) =>
  path.join(process.env.DATA_DIR!, 'storage', `${storageId}.json`)

async function verifyPage(certificateId: string, userId?: string) {
  const url = `http://localhost/verify/${certificateId}`
  const request = userId ? await authedRequest(url, userId) : new Request(url)
  return respond(() => verifyRoute.loader(args(request, { certificateId })))
}

/** The v1 manifest exactly as the code before version 2 built it (app/services/certificates/manifest.server.ts at v1). */
function buildManifestV1(song: SongView, issuedAt: Date) {
  const contributors = [
    {
      role: 'main',
      name: song.contributorName,
      pro: song.mainContributorPro,
      proNumber: song.mainContributorProNumber,
    },
    song.coContributorName
      ? {
          role: 'co-contributor',
          name: song.coContributorName,
          pro: song.coContributorPro,
          proNumber: song.coContributorProNumber,
        }
      : null,
    song.coContributorName2
      ? {
          role: 'co-contributor-2',
          name: song.coContributorName2,
          pro: song.coContributor2Pro,
          proNumber: song.coContributor2ProNumber,
        }
      : null,
  ].filter((c) => c !== null)
  return {
    schema: 'prooftrack.certificate',
    version: 1,
    certificateId: song.certificateId,
    title: song.title,
    dateCreated: song.dateCreated,
    contributors,
    contributions: song.contributions.map((c) => ({
      component: c.component,
      contributorPercent: c.contributorPercent,
      coContributorPercent: c.coContributorPercent,
      coContributor2Percent: c.coContributor2Percent,
      aiPercent: c.aiPercent,
    })),
    toolsUsed: song.toolsUsed,
    genre: song.genre,
    identifiers: { isrc: song.isrc, iswc: song.iswc, upc: song.upc, other: song.otherIdentifier },
    fileLink: song.fileLink,
    lyricsSha256: song.lyrics ? sha256Hex(song.lyrics) : null,
    creativeNotesSha256: song.creativeNotes ? sha256Hex(song.creativeNotes) : null,
    certifiedAt: song.createdAt,
    issuedAt: issuedAt.toISOString(),
  }
}

/**
 * The v6 manifest as the code before version 7 built it: version 7's fields without the AI tools
 * and the publishers (issue 51, decision 119).
 */
async function buildManifestV6(song: SongView, issuedAt: Date) {
  const { aiTools: _tools, ...v7 } = buildManifest(
    song,
    await ensureTextSalts(db(), song.id),
    issuedAt,
    [],
  )
  return {
    ...v7,
    version: 6,
    contributors: v7.contributors.map(
      ({ publisher: _publisher, publisherIpi: _ipi, ...person }) => person,
    ),
  }
}

/**
 * The v5 manifest as the code before version 6 built it: version 6's fields without the names in
 * Latin script (issue 26).
 */
async function buildManifestV5(song: SongView, issuedAt: Date) {
  const v6 = await buildManifestV6(song, issuedAt)
  return {
    ...v6,
    version: 5,
    contributors: v6.contributors.map(({ latinName: _latin, ...person }) => person),
    confirmations: v6.confirmations.map(({ creditedLatinName: _latin, ...c }) => c),
  }
}

/**
 * The v4 manifest as the code before version 5 built it: version 5's fields without `confirmations`,
 * and the song's one recording (its first file, unlabelled) as `recording` instead of `recordings`.
 */
async function buildManifestV4(song: SongView, issuedAt: Date) {
  const { recordings, confirmations: _unconfirmed, ...rest } = await buildManifestV5(song, issuedAt)
  const first = recordings[0]
  const recording = first
    ? {
        alg: first.alg,
        sha256: first.sha256,
        size: first.size,
        mediaType: first.mediaType,
        fileName: first.fileName,
      }
    : null
  return { ...rest, recording, version: 4 }
}

/** The v2 manifest as the code before version 3 built it: version 4's fields without `recording` and `supersedes`. */
async function buildManifestV2(song: SongView, issuedAt: Date) {
  const { recording: _none, supersedes: _first, ...rest } = await buildManifestV4(song, issuedAt)
  return { ...rest, version: 2 }
}

/** The v3 manifest as the code before version 4 built it: version 4's fields without `supersedes`. */
async function buildManifestV3(song: SongView, issuedAt: Date) {
  const { supersedes: _first, ...rest } = await buildManifestV4(song, issuedAt)
  return { ...rest, version: 3 }
}

/** A registration made the v1 way: v1 manifest and tags, a `ProofTrack v1` memo, the row as v1 recorded it. */
async function registeredV1() {
  return registeredOld(1)
}

/** A registration made the way an older version did: its manifest and tags, its `ProofTrack v<n>` memo, the row as it recorded it. */
async function registeredOld(version: 1 | 2 | 3 | 4 | 5 | 6, fields: Record<string, unknown> = {}) {
  const user = await createUser({ emailVerified: true })
  const song = await newSong(user.id, fields)
  const view = (await getOwnedSong(db(), user.id, song.id))!
  const manifestJson = canonicalJson(
    version === 1
      ? buildManifestV1(view, new Date())
      : version === 2
        ? await buildManifestV2(view, new Date())
        : version === 3
          ? await buildManifestV3(view, new Date())
          : version === 4
            ? await buildManifestV4(view, new Date())
            : version === 5
              ? await buildManifestV5(view, new Date())
              : await buildManifestV6(view, new Date()),
  )
  const manifestSha256 = sha256Hex(manifestJson)
  const storage = getStorage()
  const stored = await storage.put(new TextEncoder().encode(manifestJson), {
    'Content-Type': 'application/json',
    'App-Name': 'ProofTrack',
    'App-Version': String(version),
    'Certificate-Id': song.certificateId,
    'Content-SHA256': manifestSha256,
  })
  const chain = getChain()
  const memo = `ProofTrack v${version} ${song.certificateId} sha256:${manifestSha256} ar:${stored.id}`
  const prepared = await chain.prepareMemo(memo)
  const landed = await chain.submit(prepared)
  await db()
    .insertInto('blockchainRegistrations')
    .values({
      songId: song.id,
      status: 'confirmed',
      transactionSignature: landed.signature,
      walletAddress: chain.sponsorAddress(),
      blockTime: landed.blockTime,
      confirmationStatus: landed.confirmationStatus,
      network: 'local-ledger',
      storageKind: 'local-store',
      blockchainData: JSON.stringify({
        stage: 'confirmed',
        manifestSha256,
        storageId: stored.id,
        storageUrl: stored.url,
        storageKind: 'local',
        memo,
        slot: landed.slot,
        cluster: 'localnet',
        chainKind: 'local',
        signedTransaction: landed.transaction,
        explorerUrl: chain.explorerUrl(landed.signature),
      }),
    })
    .execute()
  return { user, song, signature: landed.signature, storageId: stored.id, manifestJson }
}

describe('manifest v7: private texts as salted commitments, the labelled fingerprints, the superseded record, the names in Latin script', () => {
  test('the stored manifest holds only salted commitments of the lyrics and notes, under a v7 memo; the salts stay in the database', async () => {
    const { song, outcome } = await registered()
    const { lyricsSalt, creativeNotesSalt } = await salts(song.id)
    expect(lyricsSalt).toMatch(/^[0-9a-f]{64}$/)
    expect(creativeNotesSalt).toMatch(/^[0-9a-f]{64}$/)
    expect(lyricsSalt).not.toBe(creativeNotesSalt)

    const stored = (await getStorage().get(outcome.storageId))!
    const text = new TextDecoder().decode(stored.data)
    const manifest = JSON.parse(text)
    expect(manifest.version).toBe(7)
    expect(manifest.recordings).toEqual([])
    expect(manifest).not.toHaveProperty('recording')
    expect(manifest.supersedes).toBeNull()
    expect(manifest.confirmations).toEqual([])
    // Exactly sha256(salt hex, NUL, text) — recomputed here with node:crypto, not with the app's helper.
    const commitment = (salt: string, value: string) =>
      crypto
        .createHash('sha256')
        .update(
          Buffer.concat([Buffer.from(salt, 'utf8'), Buffer.from([0]), Buffer.from(value, 'utf8')]),
        )
        .digest('hex')
    expect(manifest.lyricsCommitment).toEqual({
      alg: 'salted-sha256',
      value: commitment(lyricsSalt!, LYRICS),
    })
    expect(manifest.creativeNotesCommitment).toEqual({
      alg: 'salted-sha256',
      value: commitment(creativeNotesSalt!, NOTES),
    })
    // Nothing a guess could be tested against: no bare digest, no salt, no text.
    for (const secret of [
      sha256Hex(LYRICS),
      sha256Hex(NOTES),
      lyricsSalt!,
      creativeNotesSalt!,
      'Hush now',
      NOTES,
    ])
      expect(text).not.toContain(secret)
    expect(manifest).not.toHaveProperty('lyricsSha256')
    expect(stored.tags['App-Version']).toBe('7')

    const tx = await getChain().lookup(outcome.transactionSignature)
    expect(tx!.memo).toBe(
      `ProofTrack v7 ${song.certificateId} sha256:${sha256Hex(text)} ar:${outcome.storageId}`,
    )
    expect(parseMemo(tx!.memo)).toEqual({
      version: 7,
      certificateId: song.certificateId,
      sha256: sha256Hex(text),
      storageId: outcome.storageId,
    })
  })

  test('the database keeps only well-formed salts, and a retried registration reuses the first ones', async () => {
    const user = await createUser({ emailVerified: true })
    const song = await newSong(user.id)
    await expect(
      db()
        .updateTable('songs')
        .set({ lyricsSalt: 'A'.repeat(64) })
        .where('id', '=', song.id)
        .execute(),
    ).rejects.toThrow(/songs_lyrics_salt_format/)
    const first = await ensureTextSalts(db(), song.id)
    expect(await ensureTextSalts(db(), song.id)).toEqual(first)
  })

  test('a song without lyrics or notes publishes null commitments; two songs with the same lyrics publish different ones', async () => {
    const bare = await registered({ lyrics: undefined, creativeNotes: undefined })
    const bareManifest = JSON.parse(
      new TextDecoder().decode((await getStorage().get(bare.outcome.storageId))!.data),
    )
    expect(bareManifest).toMatchObject({
      version: 7,
      lyricsCommitment: null,
      creativeNotesCommitment: null,
    })

    const [first, second] = await Promise.all([registered(), registered()])
    const commitmentOf = async (storageId: string) =>
      JSON.parse(new TextDecoder().decode((await getStorage().get(storageId))!.data))
        .lyricsCommitment.value
    expect(await commitmentOf(first.outcome.storageId)).not.toBe(
      await commitmentOf(second.outcome.storageId),
    )
  })

  test('a song with several files publishes each with its label, digest, size and media type, in order; each file name only when the owner chose to show it', async () => {
    const master = sha256Hex('the master, byte for byte')
    const stems = sha256Hex('the stems archive')
    const files = [
      {
        label: 'Master',
        sha256: master,
        size: '25',
        mediaType: 'audio/wav',
        fileName: 'secret-demo-v7.wav',
      },
      {
        label: 'Stems archive',
        sha256: stems,
        size: '17',
        mediaType: 'application/zip',
        fileName: 'stems-final.zip',
        showFileName: 'on',
      },
    ]
    const { song, outcome } = await registered({ recordings: files })
    const text = new TextDecoder().decode((await getStorage().get(outcome.storageId))!.data)
    const manifest = JSON.parse(text)
    expect(manifest.version).toBe(7)
    expect(manifest.recordings).toEqual([
      {
        label: 'Master',
        alg: 'sha256',
        sha256: master,
        size: 25,
        mediaType: 'audio/wav',
        fileName: null,
      },
      {
        label: 'Stems archive',
        alg: 'sha256',
        sha256: stems,
        size: 17,
        mediaType: 'application/zip',
        fileName: 'stems-final.zip',
      },
    ])
    expect(text).not.toContain('secret-demo-v7')
    const report = await (await verifyPage(song.certificateId)).json()
    expect(report).toMatchObject({ ok: true, manifestVersion: 7, recordings: manifest.recordings })
    const comparison = report.steps.find((s: { id: string }) => s.id === 'comparison')
    expect(comparison.evidence.map((e: { label: string }) => e.label)).toEqual(
      expect.arrayContaining(['Recording 1: Master', 'Recording 2: Stems archive']),
    )
  })

  test('the database refuses a malformed digest, a size of 0, an empty label, a sixth file and a second file at one position', async () => {
    const user = await createUser()
    const song = await newSong(user.id)
    const add = (
      values: Partial<{ position: number; label: string; sha256: string; size: number }>,
    ) =>
      db()
        .insertInto('songRecordings')
        .values({
          songId: song.id,
          position: 0,
          label: 'Master',
          sha256: 'ab'.repeat(32),
          size: 1,
          ...values,
        })
        .execute()
    await expect(add({ sha256: 'AB'.repeat(32) })).rejects.toThrow(/check/i)
    await expect(add({ size: 0 })).rejects.toThrow(/check/i)
    await expect(add({ label: ' ' })).rejects.toThrow(/check/i)
    await expect(add({ position: 5 })).rejects.toThrow(/check/i)
    await add({})
    await expect(add({ label: 'Again' })).rejects.toThrow(/duplicate|unique/i)
  })
})

describe('GET /verify/:certificateId', () => {
  test('a v7 record: five steps, each with its evidence, every check passing', async () => {
    const { song, outcome } = await registered()
    const response = await verifyPage(song.certificateId)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const report = await response.json()
    expect(report.ok).toBe(true)
    expect(report.manifestVersion).toBe(7)
    expect(
      report.steps.map((s: { title: string; reached: boolean }) => [s.title, s.reached]),
    ).toEqual([
      ['The transaction', true],
      ['The memo', true],
      // The local store is not permanent storage, and the step says where it read (issue 39.12).
      ['The manifest in this server’s own store', true],
      ['Its canonical form, re-hashed', true],
      ['The comparison', true],
    ])
    const evidence = (id: string) =>
      Object.fromEntries(
        report.steps
          .find((s: { id: string }) => s.id === id)
          .evidence.map((e: { label: string; value: string }) => [e.label, e.value]),
      )
    const tx = (await getChain().lookup(outcome.transactionSignature))!
    expect(evidence('transaction')).toMatchObject({
      Signature: outcome.transactionSignature,
      Slot: String(tx.slot),
      'Fee payer': getChain().sponsorAddress(),
      Network: 'Local development ledger on this server — not a public blockchain',
    })
    expect(evidence('transaction')['Block time']).toBe(
      `${new Date(tx.blockTime! * 1000).toISOString()} (Unix ${tx.blockTime})`,
    )
    expect(evidence('memo').Memo).toBe(tx.memo)
    const storedText = fs.readFileSync(storedFile(outcome.storageId), 'utf8')
    expect(evidence('manifest')['Stored bytes']).toBe(storedText)
    expect(evidence('hash')['SHA-256 of the canonical form']).toBe(sha256Hex(storedText))
    expect(report.checks.every((c: { ok: boolean }) => c.ok)).toBe(true)
    // The plain sentence says "permanent storage" only of Arweave (issue 39.12).
    expect(report.storedIn).toBe('this server’s own store (not permanent storage)')
    expect(report.publicRecords).toBe(false)
    expect(report.steps.find((s: { id: string }) => s.id === 'manifest').checks[0].name).toBe(
      'Manifest retrieved from this server’s own store',
    )
    expect(
      report.steps.flatMap((s: { title: string; checks: { name: string }[] }) => [
        s.title,
        ...s.checks.map((c) => c.name),
      ]),
    ).not.toContainEqual(expect.stringContaining('permanent storage'))
    expect(report.browserCheck).toEqual({
      url: getStorage().url(outcome.storageId),
      memoSha256: sha256Hex(storedText),
      storedSha256: sha256Hex(storedText),
      byteLength: Buffer.byteLength(storedText),
    })
    // A visitor gets no owner section, and nothing private travels in the page's data.
    expect(report.owner).toBeNull()
    const { lyricsSalt } = await salts(song.id)
    expect(JSON.stringify(report)).not.toContain(lyricsSalt)
  })

  test('the owner also sees each salt and that their text opens the published commitment', async () => {
    const { user, song } = await registered()
    const report = await (await verifyPage(song.certificateId, user.id)).json()
    const { lyricsSalt, creativeNotesSalt } = await salts(song.id)
    expect(report.owner.openings).toEqual([
      expect.objectContaining({ text: 'lyrics', salt: lyricsSalt, opens: true }),
      expect.objectContaining({ text: 'creativeNotes', salt: creativeNotesSalt, opens: true }),
    ])
    const other = await createUser()
    expect((await (await verifyPage(song.certificateId, other.id)).json()).owner).toBeNull()
  })

  test('a v7 record names each contributor in both scripts; it verifies, and the page sets each name apart', async () => {
    const { song, outcome } = await registered(HANGUL_NAMES)
    const manifest = JSON.parse(
      new TextDecoder().decode((await getStorage().get(outcome.storageId))!.data),
    )
    expect(manifest.version).toBe(7)
    expect(manifest.contributors).toEqual([
      expect.objectContaining({ role: 'main', name: '김민지', latinName: 'Kim Minji' }),
      expect.objectContaining({
        role: 'co-contributor',
        name: 'نادية الخطيب',
        latinName: 'Nadia Al-Khatib',
      }),
    ])
    const report = await (await verifyPage(song.certificateId)).json()
    expect(report).toMatchObject({ ok: true, manifestVersion: 7 })
    expect(report.confirmations.declaredOnly).toEqual([
      '김민지 (Kim Minji) (Main contributor): as declared by the submitter',
      'نادية الخطيب (Nadia Al-Khatib) (Co-contributor): as declared by the submitter',
    ])
    expect(report.confirmations.names).toEqual(
      expect.arrayContaining(['김민지', 'Kim Minji', 'نادية الخطيب', 'Nadia Al-Khatib']),
    )
    const cli = await verifyCli(song.certificateId, '--signature', outcome.transactionSignature)
    expect(cli.output).toContain('김민지 (Kim Minji) (Main contributor)')
    expect(cli.code).toBe(0)
  }, 120_000)

  test('a v5 record built the old way still verifies, its names as the submitter typed them', async () => {
    const { song } = await registeredOld(5, HANGUL_NAMES)
    const report = await (await verifyPage(song.certificateId)).json()
    expect(report).toMatchObject({ ok: true, manifestVersion: 5 })
    expect(
      report.checks.find(
        (c: { name: string }) => c.name === 'Manifest follows its version’s format',
      ),
    ).toMatchObject({ ok: true, detail: 'Read as version 5' })
    expect(report.confirmations.declaredOnly[0]).toBe(
      '김민지 (Main contributor): as declared by the submitter',
    )
  })

  test('a v1 record built the old way still verifies, on the page and by its JSON', async () => {
    const { user, song } = await registeredV1()
    const report = await (await verifyPage(song.certificateId, user.id)).json()
    expect(report.ok).toBe(true)
    expect(report.manifestVersion).toBe(1)
    expect(
      report.checks.find(
        (c: { name: string }) => c.name === 'Manifest follows its version’s format',
      ),
    ).toMatchObject({ ok: true, detail: 'Read as version 1' })
    expect(report.owner.openings).toEqual([
      expect.objectContaining({ text: 'lyrics', salt: null, opens: true }),
      expect.objectContaining({ text: 'creativeNotes', salt: null, opens: true }),
    ])
    const asJson = await respond(() =>
      verifyJsonRoute.loader(
        args(new Request(`http://localhost/verify/${song.certificateId}.json`), {
          certificateId: song.certificateId,
        }),
      ),
    )
    expect(asJson.headers.get('Content-Type')).toContain('application/json')
    const body = await asJson.json()
    expect(body).toMatchObject({ ok: true, manifestVersion: 1 })
    expect(body).not.toHaveProperty('owner')
  })

  test('a v2 record built the old way still verifies, on the page, by its JSON and in the owner’s openings; it has no fingerprint to check', async () => {
    const { user, song } = await registeredOld(2)
    const report = await (await verifyPage(song.certificateId, user.id)).json()
    expect(report).toMatchObject({ ok: true, manifestVersion: 2, recordings: [] })
    expect(
      report.checks.find(
        (c: { name: string }) => c.name === 'Manifest follows its version’s format',
      ),
    ).toMatchObject({ ok: true, detail: 'Read as version 2' })
    expect(report.owner.openings).toEqual([
      expect.objectContaining({ text: 'lyrics', opens: true }),
      expect.objectContaining({ text: 'creativeNotes', opens: true }),
    ])
    const body = await (
      await respond(() =>
        verifyJsonRoute.loader(
          args(new Request(`http://localhost/verify/${song.certificateId}.json`), {
            certificateId: song.certificateId,
          }),
        ),
      )
    ).json()
    expect(body).toMatchObject({ ok: true, manifestVersion: 2 })
  })

  test('a tampered manifest fails at the hash step, and the steps after it still say why', async () => {
    const { song, outcome } = await registered()
    const manifest = JSON.parse(fs.readFileSync(storedFile(outcome.storageId), 'utf8'))
    manifest.contributions[0].aiPercent = 0
    manifest.contributions[0].contributorPercent = 100
    fs.writeFileSync(storedFile(outcome.storageId), canonicalJson(manifest))
    const report = await (await verifyPage(song.certificateId)).json()
    expect(report.ok).toBe(false)
    const failed = report.checks
      .filter((c: { ok: boolean }) => !c.ok)
      .map((c: { name: string }) => c.name)
    expect(failed).toEqual([
      'Manifest hash matches the memo',
      'Stored bytes hash to the memo’s value',
    ])
  })

  test('a transaction paid by someone other than the sponsor does not verify', async () => {
    const { song, outcome } = await registered()
    const report = await verifyCertificate(song.certificateId, outcome.transactionSignature, {
      chain: getChain(),
      storage: getStorage(),
      expectedSponsor: '11111111111111111111111111111111',
    })
    expect(report.ok).toBe(false)
    expect(
      report.checks.find((c) => c.name === 'Paid and signed by the ProofTrack sponsor'),
    ).toMatchObject({ ok: false })
  })

  test('an unknown or malformed id is a 404 with a message, page and JSON alike', async () => {
    for (const certificateId of ['PT-0000-0000', 'nonsense', '']) {
      expect((await verifyPage(certificateId)).status).toBe(404)
      const asJson = await respond(() =>
        verifyJsonRoute.loader(
          args(new Request('http://localhost/verify/x.json'), { certificateId }),
        ),
      )
      expect(asJson.status).toBe(404)
      expect(await asJson.json()).toEqual({
        message: 'No blockchain registration found for this certificate',
      })
    }
  })
})

describe('npm run verify', () => {
  test('prints every step with its evidence and exits 0 for a v7, a v6, a v5, a v4, a v3, a v2 and a v1 record', async () => {
    const { song, outcome } = await registered()
    const v2 = await verifyCli(song.certificateId, '--signature', outcome.transactionSignature)
    expect(v2.output).toContain(
      `Certificate ${song.certificateId}, transaction ${outcome.transactionSignature}`,
    )
    for (const line of [
      '1. The transaction',
      '2. The memo',
      '3. The manifest in this server’s own store',
      '4. Its canonical form, re-hashed',
      '5. The comparison',
      `   Fee payer: ${getChain().sponsorAddress()}`,
      '   ✓ Manifest hash matches the memo',
      `${song.certificateId}: VERIFIED`,
    ]) {
      expect(v2.output).toContain(line)
    }
    expect(v2.code).toBe(0)

    const v6Record = await registeredOld(6, HANGUL_NAMES)
    const v6Old = await verifyCli(v6Record.song.certificateId, '--signature', v6Record.signature)
    expect(v6Old.output).toContain('   Manifest version: 6')
    expect(v6Old.output).toContain(`${v6Record.song.certificateId}: VERIFIED`)
    expect(v6Old.code).toBe(0)

    const v5Record = await registeredOld(5, HANGUL_NAMES)
    const v5Old = await verifyCli(v5Record.song.certificateId, '--signature', v5Record.signature)
    expect(v5Old.output).toContain('   Manifest version: 5')
    expect(v5Old.output).toContain(`${v5Record.song.certificateId}: VERIFIED`)
    expect(v5Old.code).toBe(0)

    const v4Record = await registeredOld(4)
    const v4Old = await verifyCli(v4Record.song.certificateId, '--signature', v4Record.signature)
    expect(v4Old.output).toContain('   Manifest version: 4')
    expect(v4Old.output).toContain('predates co-writers’ confirmations')
    expect(v4Old.output).toContain(`${v4Record.song.certificateId}: VERIFIED`)
    expect(v4Old.code).toBe(0)

    const v3Record = await registeredOld(3)
    const v3Old = await verifyCli(v3Record.song.certificateId, '--signature', v3Record.signature)
    expect(v3Old.output).toContain('   Manifest version: 3')
    expect(v3Old.output).toContain(`${v3Record.song.certificateId}: VERIFIED`)
    expect(v3Old.code).toBe(0)

    const v2Record = await registeredOld(2)
    const v2Old = await verifyCli(v2Record.song.certificateId, '--signature', v2Record.signature)
    expect(v2Old.output).toContain('   Manifest version: 2')
    expect(v2Old.output).toContain(`${v2Record.song.certificateId}: VERIFIED`)
    expect(v2Old.code).toBe(0)

    const old = await registeredV1()
    const v1 = await verifyCli(old.song.certificateId, '--signature', old.signature)
    expect(v1.output).toContain('   Manifest version: 1')
    expect(v1.output).toContain(`${old.song.certificateId}: VERIFIED`)
    expect(v1.code).toBe(0)
    // Six runs of the CLI, each a fresh process: slow on a busy machine.
  }, 300_000)

  test('exits 1 when the stored manifest was tampered with, and when pointed at the wrong transaction', async () => {
    const { song, outcome } = await registered()
    const other = await registered()

    const wrong = await verifyCli(
      song.certificateId,
      '--signature',
      other.outcome.transactionSignature,
    )
    expect(wrong.output).toContain(
      `   ✗ Memo names this certificate — Memo: ${other.song.certificateId}`,
    )
    expect(wrong.output).toContain(`${song.certificateId}: FAILED`)
    expect(wrong.code).toBe(1)

    fs.writeFileSync(
      storedFile(outcome.storageId),
      fs
        .readFileSync(storedFile(outcome.storageId), 'utf8')
        .replace('"aiPercent":20', '"aiPercent":0'),
    )
    const tampered = await verifyCli(
      song.certificateId,
      '--signature',
      outcome.transactionSignature,
    )
    expect(tampered.output).toContain('   ✗ Manifest hash matches the memo')
    expect(tampered.output).toContain(`${song.certificateId}: FAILED`)
    expect(tampered.code).toBe(1)

    const usage = await verifyCli('not-an-id')
    expect(usage.output).toContain('[--file <path>]')
    expect(usage.output).toContain('Usage: npm run verify -- <certificateId>')
    expect(usage.code).toBe(2)
  }, 120_000)
})

describe('npm run verify --file', () => {
  test('answers whether a file is one of the registered recordings, naming its label; exit 0 or 1', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-recording-'))
    const master = path.join(dir, 'master.wav')
    const stems = path.join(dir, 'stems.zip')
    const other = path.join(dir, 'other.wav')
    fs.writeFileSync(master, crypto.randomBytes(300_000))
    fs.writeFileSync(stems, crypto.randomBytes(200_000))
    fs.writeFileSync(other, crypto.randomBytes(300_000))
    const digest = (file: string) =>
      crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')
    const { song, outcome } = await registered({
      recordings: [
        { label: 'Master', sha256: digest(master), size: '300000', mediaType: 'audio/wav' },
        { label: 'Stems archive', sha256: digest(stems), size: '200000' },
      ],
    })
    const cli = (file: string) =>
      verifyCli(song.certificateId, '--signature', outcome.transactionSignature, '--file', file)

    const second = await cli(stems)
    expect(second.output).toContain(`${stems}: This is the registered recording (Stems archive)`)
    expect(second.output).toContain(`   File SHA-256:       ${digest(stems)} (200000 bytes)`)
    expect(second.code).toBe(0)
    const first = await cli(master)
    expect(first.output).toContain(`${master}: This is the registered recording (Master)`)
    expect(first.code).toBe(0)
    const wrong = await cli(other)
    expect(wrong.output).toContain(`${other}: This is not the registered recording`)
    expect(wrong.output).toContain(`   Registered SHA-256: ${digest(master)} (300000 bytes) Master`)
    expect(wrong.output).toContain(
      `   Registered SHA-256: ${digest(stems)} (200000 bytes) Stems archive`,
    )
    expect(wrong.code).toBe(1)
    fs.rmSync(dir, { recursive: true, force: true })
  }, 120_000)

  test('a v4 record’s single recording is still checked, answered without a label', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-recording-'))
    const master = path.join(dir, 'master.wav')
    fs.writeFileSync(master, crypto.randomBytes(100_000))
    const sha256 = crypto.createHash('sha256').update(fs.readFileSync(master)).digest('hex')
    const old = await registeredOld(4, {
      recordings: [{ label: 'Recording', sha256, size: '100000' }],
    })
    expect(JSON.parse(old.manifestJson).recording).toMatchObject({ sha256, size: 100000 })
    const right = await verifyCli(
      old.song.certificateId,
      '--signature',
      old.signature,
      '--file',
      master,
    )
    expect(right.output).toContain(`${master}: This is the registered recording\n`)
    expect(right.code).toBe(0)
    fs.rmSync(dir, { recursive: true, force: true })
  }, 120_000)
})

describe('GET /certificate/:id/proof-bundle', () => {
  const bundle = async (songId: number, userId?: string) => {
    const url = `http://localhost/certificate/${songId}/proof-bundle`
    const request = userId ? await authedRequest(url, userId) : new Request(url)
    return respond(() => bundleRoute.loader(args(request, { id: String(songId) })))
  }

  test('the owner downloads one JSON file: manifest, transaction, texts and salts, with a README whose commands check out', async () => {
    const { user, song, outcome } = await registered()
    const response = await bundle(song.id, user.id)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="${song.certificateId}-proof-bundle.json"`,
    )
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const text = await response.text()
    const body = JSON.parse(text)
    const storedText = fs.readFileSync(storedFile(outcome.storageId), 'utf8')
    const { lyricsSalt, creativeNotesSalt } = await salts(song.id)
    const tx = (await getChain().lookup(outcome.transactionSignature))!
    expect(body).toMatchObject({
      format: 'prooftrack.proof-bundle',
      certificateId: song.certificateId,
      manifest: {
        version: 7,
        sha256: sha256Hex(storedText),
        canonical: storedText,
        content: JSON.parse(storedText),
        storage: { id: outcome.storageId },
      },
      transaction: {
        signature: outcome.transactionSignature,
        memo: tx.memo,
        slot: tx.slot,
        blockTime: tx.blockTime,
        feePayer: getChain().sponsorAddress(),
        signedTransaction: tx.transaction,
        network: 'local-ledger',
      },
      privateTexts: {
        lyrics: {
          text: LYRICS,
          salt: lyricsSalt,
          commitment: JSON.parse(storedText).lyricsCommitment,
        },
        creativeNotes: {
          text: NOTES,
          salt: creativeNotesSalt,
          commitment: JSON.parse(storedText).creativeNotesCommitment,
        },
      },
    })
    expect(Object.keys(body)[0]).toBe('README')

    // Every README command with an expected hash prints that hash (bash, jq, sha256sum; no network).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-bundle-'))
    fs.writeFileSync(path.join(dir, `${song.certificateId}-proof-bundle.json`), text)
    const steps = (body.README as string[])
      .map((line) => /^\s+(.+\| sha256sum)\s+→ ([0-9a-f]{64})$/.exec(line))
      .filter((match) => match !== null)
    expect(steps).toHaveLength(3)
    for (const [, command, expected] of steps) {
      const { stdout } = await run('bash', ['-c', command!], { cwd: dir })
      expect(`${command} → ${stdout.split(' ')[0]}`).toBe(`${command} → ${expected}`)
    }
    fs.rmSync(dir, { recursive: true, force: true })
  })

  test('a fingerprinted song’s bundle tells how to check the recording with sha256sum', async () => {
    const file = crypto.randomBytes(1000)
    const digest = crypto.createHash('sha256').update(file).digest('hex')
    const { user, song } = await registered({
      recordings: [{ label: 'Master', sha256: digest, size: '1000' }],
    })
    const body = await (await bundle(song.id, user.id)).json()
    expect(body.manifest.content.recordings).toMatchObject([{ sha256: digest, size: 1000 }])
    expect(body.README).toContain(`   sha256sum <Master>     → ${digest} (1000 bytes)`)
  })

  test('the bundle carries the PDFs’ signer: its chain, and its root’s fingerprint as openssl prints it (issue 49.1)', async () => {
    const { user, song } = await registered()
    const body = await (await bundle(song.id, user.id)).json()
    expect(body.pdfSigning).toMatchObject({ isDevelopment: true })
    const certificates = (body.pdfSigning.chainPem as string).match(
      /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g,
    )!
    expect(certificates.length).toBeGreaterThanOrEqual(2)
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-signing-'))
    fs.writeFileSync(path.join(dir, 'root.pem'), `${certificates.at(-1)}\n`)
    const { stdout } = await run(
      'openssl',
      ['x509', '-in', 'root.pem', '-noout', '-fingerprint', '-sha256'],
      { cwd: dir },
    )
    expect(stdout.trim()).toBe(`sha256 Fingerprint=${body.pdfSigning.rootSha256}`)
    fs.rmSync(dir, { recursive: true, force: true })
    expect(body.README).toContain(`   ${body.pdfSigning.rootSha256}`)
  })

  test('a stranger pins a downloaded PDF by the fingerprints the verify page and its JSON publish: npm run verify -- --pdf says it is valid (issue 49.1)', async () => {
    const { song } = await registered()
    const page = await (await verifyPage(song.certificateId)).json()
    const published = await (
      await respond(() =>
        verifyJsonRoute.loader(
          args(new Request(`http://localhost/verify/${song.certificateId}.json`), {
            certificateId: song.certificateId,
          }),
        ),
      )
    ).json()
    expect(published.pdfSigner).toEqual(page.pdfSigner)
    expect(page.pdfSigner).toMatchObject({ isDevelopment: true })
    const pdf = await respond(() =>
      certificatePdfRoute.loader(
        args(new Request(`http://localhost/certificate/${song.id}.pdf`), { id: String(song.id) }),
      ),
    )
    expect(pdf.status).toBe(200)
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-pinned-'))
    const file = path.join(dir, `${song.certificateId}.pdf`)
    fs.writeFileSync(file, Buffer.from(await pdf.arrayBuffer()))
    const { code, output } = await verifyCli(
      '--pdf',
      file,
      '--signer',
      page.pdfSigner.signerSha256,
      '--tsa',
      page.pdfSigner.tsaSha256[0],
    )
    fs.rmSync(dir, { recursive: true, force: true })
    expect(code, output).toBe(0)
    expect(output).toContain(`Certificate ${song.certificateId}, its certificate PDF`)
    expect(output).toContain('SIGNATURE VALID')
  }, 120_000)

  test('a v1 record’s bundle carries its texts with the bare digests, and no salt', async () => {
    const { user, song } = await registeredV1()
    const body = await (await bundle(song.id, user.id)).json()
    expect(body.manifest.version).toBe(1)
    expect(body.privateTexts.lyrics).toEqual({
      text: LYRICS,
      salt: null,
      commitment: { alg: 'sha256', value: sha256Hex(LYRICS) },
    })
  })

  test('only the owner: a visitor is sent to sign in, another user gets 404; an unregistered song sends the owner back with the reason', async () => {
    const { user, song } = await registered()
    const visitor = await bundle(song.id)
    expect(visitor.status).toBe(302)
    expect(visitor.headers.get('Location')).toBe(
      `/login?redirectTo=${encodeURIComponent(`/certificate/${song.id}/proof-bundle`)}`,
    )
    const other = await createUser()
    const denied = await bundle(song.id, other.id)
    expect(denied.status).toBe(404)
    expect(await denied.text()).toBe('Certificate not found')

    const unregistered = await newSong(user.id)
    const back = await bundle(unregistered.id, user.id)
    expect(back.status).toBe(302)
    expect(back.headers.get('Location')).toBe(`/certificate/${unregistered.id}`)
    expect(back.headers.get('Set-Cookie')).toContain('pt_toast=')
    expect((await bundle(987654321, user.id)).status).toBe(404)
  })
})

describe('GET /ledger/rpc/getTransaction/:signature', () => {
  const call = (signature: string) =>
    respond(() =>
      rpcRoute.loader(
        args(new Request(`http://localhost/ledger/rpc/getTransaction/${signature}`), { signature }),
      ),
    )

  test('answers what a Solana node answers for getTransaction (jsonParsed): the memo parsed, the fee payer first', async () => {
    const { song, outcome } = await registered()
    const response = await call(outcome.transactionSignature)
    expect(response.status).toBe(200)
    const body = await response.json()
    const tx = (await getChain().lookup(outcome.transactionSignature))!
    expect(body).toMatchObject({
      jsonrpc: '2.0',
      id: 1,
      result: {
        slot: tx.slot,
        blockTime: tx.blockTime,
        version: 'legacy',
        meta: { err: null, fee: tx.feeLamports, logMessages: tx.logs, status: { Ok: null } },
      },
    })
    expect(body.result.transaction.signatures).toEqual([outcome.transactionSignature])
    expect(body.result.transaction.message.accountKeys[0]).toEqual({
      pubkey: getChain().sponsorAddress(),
      signer: true,
      source: 'transaction',
      writable: true,
    })
    expect(body.result.transaction.message.instructions).toEqual([
      {
        parsed: tx.memo,
        program: 'spl-memo',
        programId: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr',
        stackHeight: null,
      },
    ])
    expect(tx.memo).toContain(song.certificateId)
  })

  test('an unknown signature is a null result; a malformed one a JSON-RPC error with status 400', async () => {
    const unknown = await call('5'.repeat(88))
    expect(unknown.status).toBe(200)
    expect(await unknown.json()).toEqual({ jsonrpc: '2.0', result: null, id: 1 })
    const malformed = await call('not-a-signature')
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toMatchObject({
      jsonrpc: '2.0',
      error: { code: -32602 },
      message: expect.stringContaining('transaction signature'),
    })
  })
})

describe('manifest v7: each person’s publisher and the AI tools by name (issue 51, decision 119)', () => {
  const PUBLISHED = {
    mainContributorPublisher: 'Harbour Songs',
    mainContributorPublisherIpi: '00014107338',
    aiTools: [{ name: 'Suno v4', components: ['lyrics'] }],
  }

  test('a new record carries both in its manifest, and verifies with them as its own facts', async () => {
    const { song, outcome } = await registered(PUBLISHED)
    const manifest = JSON.parse(
      new TextDecoder().decode((await getStorage().get(outcome.storageId))!.data),
    )
    expect(manifest.version).toBe(7)
    expect(manifest.contributors[0]).toMatchObject({
      role: 'main',
      publisher: 'Harbour Songs',
      publisherIpi: '00014107338',
    })
    expect(manifest.aiTools).toEqual([{ name: 'Suno v4', components: ['lyrics'] }])
    const report = await (await verifyPage(song.certificateId)).json()
    expect(report).toMatchObject({ ok: true, manifestVersion: 7, recordDiffers: [] })
    // A publisher shown that the record does not hold is not called verified.
    await db()
      .updateTable('songs')
      .set({ mainContributorPublisher: 'Someone Else Music' })
      .where('id', '=', song.id)
      .execute()
    const changed = await (await verifyPage(song.certificateId)).json()
    expect(changed.recordDiffers).toContain('contributors')
  }, 120_000)

  test('a v6 record, from a song saved before, still verifies: no publishers, and “AI tools not named”', async () => {
    const { user, song: old, signature } = await registeredOld(6)
    // As the song was saved before the tools could be named.
    await db().updateTable('songs').set({ aiTools: null }).where('id', '=', old.id).execute()
    const report = await (await verifyPage(old.certificateId)).json()
    expect(report).toMatchObject({ ok: true, manifestVersion: 6, recordDiffers: [] })
    expect(report.manifest).not.toHaveProperty('aiTools')
    const read = readManifest(report.manifest)
    expect(read.version).toBe(6)
    expect(publishedAiTools(read)).toBeNull()
    expect(publishedContributors(read)[0]).toMatchObject({ publisher: null, publisherIpi: null })
    const cli = await verifyCli(old.certificateId, '--signature', signature)
    expect(cli.output).toContain(`${old.certificateId}: VERIFIED`)
    expect(cli.code).toBe(0)
    // Its certificate, read back: the AI's share is said, its tools are not guessed.
    const pdf = await respond(async () =>
      certificatePdfRoute.loader(
        args(await authedRequest(`http://localhost/certificate/${old.id}.pdf`, user.id), {
          id: String(old.id),
        }),
      ),
    )
    expect(pdf.status).toBe(200)
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'v6-certificate-'))
    try {
      const file = path.join(dir, 'certificate.pdf')
      fs.writeFileSync(file, Buffer.from(await pdf.arrayBuffer()))
      const text = (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout
      expect(text).toContain('AI tools not named')
      expect(text).not.toContain('Publisher')
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})

describe('the verify page in its visitor’s language (issue 54)', () => {
  test('where AI took part is said in German to a German visitor, from the same verified manifest', async () => {
    const { song } = await registered()
    const url = `http://localhost/verify/${song.certificateId}`
    const english = await (
      await respond(() =>
        verifyRoute.loader(args(new Request(url), { certificateId: song.certificateId })),
      )
    ).json()
    const german = await (
      await respond(() =>
        verifyRoute.loader(
          args(new Request(url, { headers: { 'Accept-Language': 'de' } }), {
            certificateId: song.certificateId,
          }),
        ),
      )
    ).json()
    expect(english.aiDisclosure.heading).toBe(
      translate('en', 'certificate', 'certificate.ai.heading'),
    )
    expect(german.aiDisclosure.heading).toBe(
      translate('de', 'certificate', 'certificate.ai.heading'),
    )
    expect(german.aiDisclosure.heading).not.toBe(english.aiDisclosure.heading)
    // Each component's line names the component as German does, none in English.
    for (const line of german.aiDisclosure.components as { component: string; text: string }[])
      expect(line.text).not.toBe(
        english.aiDisclosure.components.find(
          (c: { component: string }) => c.component === line.component,
        ).text,
      )
  })
})
