import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { SongSchema } from '~/lib/song-schema'
import * as versionsApi from '~/resource-routes/api.songs.$id.versions'
import * as certificateRoute from '~/routes/certificate.$id'
import * as submit from '~/routes/submit'
import * as verifyRoute from '~/routes/verify.$certificateId'
import { getStorage } from '~/storage/index.server'
import { readBlockchainData } from '~/services/certificates/record/blockchain-data.server'
import { registerSong } from '~/services/registration/registration.server'
import { createSong, getOwnedSong } from '~/services/songs/songs.server'
import { newVersionValues, versionHistory } from '~/services/songs/versions.server'
import { db } from '../setup/db'
import { args, authedRequest, createUser, respond } from '../setup/fixtures'
import { verifyCli } from '../setup/verify-cli'

const FULL = {
  title: 'Harbor Lights',
  contributorName: 'Ann Writer',
  coContributorName: 'Bo Player',
  dateCreated: '2025-03-01',
  toolsUsed: 'Piano, Suno',
  fileLink: 'https://example.com/harbor.mp3',
  genre: 'Pop',
  isrc: 'USAB12400001',
  upc: '012345678905',
  otherIdentifier: 'CAT-7',
  mainContributorPro: 'ASCAP',
  mainContributorProNumber: '111',
  coContributorPro: 'BMI',
  lyrics: 'Harbor lights\r\nare calling',
  creativeNotes: 'Night session',
  contributions: ['lyrics', 'vocals', 'instrumentation', 'production', 'mixing'].map(
    (component) => ({
      component,
      contributorPercent: 60,
      coContributorPercent: 30,
      coContributor2Percent: 0,
      aiPercent: 10,
    }),
  ),
}

/** Registers on the test ledger; the month's free unit is handed back first so tests can register several. */
async function register(userId: string, songId: number) {
  await db().deleteFrom('monthlyUsage').where('userId', '=', userId).execute()
  const outcome = await registerSong(userId, songId, { confirmed: true })
  if (!outcome.ok) throw new Error(outcome.message)
  return outcome
}

async function registeredSong(fields: Record<string, unknown> = {}) {
  const user = await createUser({ emailVerified: true })
  const song = await createSong(db(), user.id, SongSchema.parse({ ...FULL, ...fields }))
  await register(user.id, song.id)
  return { user, song }
}

function formFields(values: Record<string, unknown>) {
  const fields: Record<string, string> = {}
  for (const [name, value] of Object.entries(values)) {
    if (name === 'contributions' || name === 'recordings') continue
    fields[name] = String(value)
  }
  for (const list of ['contributions', 'recordings'] as const)
    ((values[list] ?? []) as Record<string, string>[]).forEach((row, i) => {
      for (const [key, value] of Object.entries(row))
        if (value !== '') fields[`${list}[${i}].${key}`] = value
    })
  return fields
}

async function submitLoader(userId: string, query: string) {
  const response = await respond(async () =>
    submit.loader(args(await authedRequest(`http://localhost/submit${query}`, userId))),
  )
  return response.json()
}

/** Creates a new version through /submit as the form posts it, answering the new song's id. */
async function createVersion(userId: string, fromId: number, change: Record<string, string>) {
  const { version } = await submitLoader(userId, `?from=${fromId}`)
  const body = new URLSearchParams({
    ...formFields(version.values),
    ...change,
    supersedes: String(version.supersedes.id),
    intent: 'create',
  })
  const response = await respond(async () =>
    submit.action(
      args(
        await authedRequest(`http://localhost/submit?from=${fromId}`, userId, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body,
        }),
      ),
    ),
  )
  expect(response.status).toBe(302)
  return Number(new URL(response.headers.get('Location')!, 'http://x').searchParams.get('created'))
}

async function certificatePage(songId: number, userId?: string) {
  const url = `http://localhost/certificate/${songId}`
  const request = userId ? await authedRequest(url, userId) : new Request(url)
  return (
    await respond(() => certificateRoute.loader(args(request, { id: String(songId) })))
  ).json()
}

async function storedManifest(songId: number) {
  const row = await db()
    .selectFrom('blockchainRegistrations')
    .select(['blockchainData', 'transactionSignature'])
    .where('songId', '=', songId)
    .executeTakeFirstOrThrow()
  const data = readBlockchainData(row.blockchainData)
  const stored = await getStorage().get(data.storageId!)
  return {
    manifest: JSON.parse(new TextDecoder().decode(stored!.data)),
    manifestSha256: data.manifestSha256!,
    signature: row.transactionSignature!,
    memo: data.memo!,
  }
}

describe('pre-fill', () => {
  test('?from= a registered song fills every field, identifiers, PRO, lyrics and notes included; nothing for another user’s or an unregistered song', async () => {
    const { user, song } = await registeredSong()
    const { version } = await submitLoader(user.id, `?from=${song.id}`)
    expect(version.supersedes).toEqual({ id: song.id, certificateId: song.certificateId })
    // Every field as it was submitted (the contributions, as form strings, below).
    const { contributions: _contributions, ...submitted } = FULL
    expect(version.values).toMatchObject(submitted)
    expect(version.values.contributions).toHaveLength(5)
    expect(version.values.contributions[0]).toEqual({
      component: 'lyrics',
      contributorPercent: '60',
      coContributorPercent: '30',
      coContributor2Percent: '0',
      aiPercent: '10',
    })

    const other = await createUser()
    expect((await submitLoader(other.id, `?from=${song.id}`)).version).toBeNull()
    const draft = await createSong(db(), user.id, SongSchema.parse(FULL))
    expect(await newVersionValues(db(), user.id, draft.id)).toBeNull()
    expect((await submitLoader(user.id, `?from=${draft.id}`)).version).toBeNull()
  })

  test('a new version carries the recording’s length and each name’s Latin form into the form and the stored song', async () => {
    const { user, song } = await registeredSong({
      contributorName: '佐藤 花子',
      contributorLatinName: 'Sato Hanako',
      coContributorName: 'प्रिया शर्मा',
      coContributorLatinName: 'Priya Sharma',
      duration: '3:25',
    })
    const { version } = await submitLoader(user.id, `?from=${song.id}`)
    expect(version.values).toMatchObject({
      duration: '3:25',
      contributorLatinName: 'Sato Hanako',
      coContributorLatinName: 'Priya Sharma',
    })
    // Posted back as the form holds it, unchanged: the new song has the same length and names.
    const newId = await createVersion(user.id, song.id, {})
    const stored = await db()
      .selectFrom('songs')
      .select(['durationSeconds', 'contributorLatinName', 'coContributorLatinName'])
      .where('id', '=', newId)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({
      durationSeconds: 205,
      contributorLatinName: 'Sato Hanako',
      coContributorLatinName: 'Priya Sharma',
    })
    // And a changed length is a change the version history names.
    const thirdId = await createVersion(user.id, song.id, { duration: '3:31' })
    const history = (await versionHistory(db(), user.id, thirdId))!
    expect(history.find((v) => v.id === thirdId)!.changes).toEqual([
      { label: 'Length of the recording', before: '3:25', after: '3:31' },
    ])
  })

  test('a forged supersedes of an unregistered or foreign song is refused with a 400, nothing created', async () => {
    const { song } = await registeredSong()
    const other = await createUser()
    const before = await db()
      .selectFrom('songs')
      .select(sql<number>`count(*)`.as('n'))
      .execute()
    const body = new URLSearchParams({
      ...formFields({ ...FULL, contributions: [] }),
      'contributions[0].component': 'lyrics',
      'contributions[0].contributorPercent': '100',
      supersedes: String(song.id),
      intent: 'create',
    })
    const response = await respond(async () =>
      submit.action(
        args(
          await authedRequest('http://localhost/submit', other.id, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body,
          }),
        ),
      ),
    )
    expect(response.status).toBe(400)
    expect(await response.text()).toBe('Only a registered song of yours can have a new version.')
    const after = await db()
      .selectFrom('songs')
      .select(sql<number>`count(*)`.as('n'))
      .execute()
    expect(after).toEqual(before)
  })
})

describe('supersede links', () => {
  test('the new version’s v5 manifest names the earlier certificate and its manifest hash; both certificates say so once it is registered', async () => {
    const { user, song: first } = await registeredSong()
    const secondId = await createVersion(user.id, first.id, { iswc: 'T-123.456.789-4' })
    const second = (await getOwnedSong(db(), user.id, secondId))!
    expect(second.supersedesSongId).toBe(first.id)

    // A draft is not yet a successor: the old certificate says nothing.
    expect((await certificatePage(first.id)).links.supersededBy).toBeNull()
    const draftPage = await certificatePage(secondId, user.id)
    expect(draftPage.links.supersedes).toEqual({
      songId: first.id,
      certificateId: first.certificateId,
    })

    await register(user.id, secondId)
    const earlier = await storedManifest(first.id)
    const later = await storedManifest(secondId)
    expect(later.manifest.version).toBe(7)
    expect(later.memo).toMatch(new RegExp(`^ProofTrack v7 ${second.certificateId} `))
    expect(later.manifest.supersedes).toEqual({
      certificateId: first.certificateId,
      manifestSha256: earlier.manifestSha256,
      transactionSignature: earlier.signature,
    })
    expect(later.manifest.identifiers.iswc).toBe('T-123.456.789-4')
    expect(earlier.manifest.version).toBe(7)
    expect(earlier.manifest.supersedes).toBeNull()

    // Public views, as a visitor sees them.
    const oldPage = await certificatePage(first.id)
    expect(oldPage.links.supersededBy).toMatchObject({
      songId: secondId,
      certificateId: second.certificateId,
    })
    expect(oldPage.links.supersededBy.registeredAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect((await certificatePage(secondId)).links.supersedes.certificateId).toBe(
      first.certificateId,
    )
    expect(oldPage).not.toHaveProperty('versions')

    // The verify page walks back to the first record.
    const verify = await (
      await respond(() =>
        verifyRoute.loader(
          args(new Request(`http://localhost/verify/${second.certificateId}`), {
            certificateId: second.certificateId,
          }),
        ),
      )
    ).json()
    expect(verify.ok).toBe(true)
    expect(verify.links).toHaveLength(1)
    expect(verify.links[0]).toMatchObject({
      from: second.certificateId,
      to: first.certificateId,
      ok: true,
    })
  })

  test('a new version starts with the earlier fingerprints; the writer keeps, removes, replaces and adds files, and its manifest lists its own', async () => {
    const digest = (text: string) => createHash('sha256').update(text).digest('hex')
    const { user, song: first } = await registeredSong({
      recordings: [
        { label: 'Master', sha256: digest('master v1'), size: '9', fileName: 'm.wav' },
        { label: 'Stems archive', sha256: digest('stems'), size: '5' },
        {
          label: 'Lyric sheet PDF',
          sha256: digest('lyrics'),
          size: '6',
          showFileName: 'on',
          fileName: 'l.pdf',
        },
      ],
    })
    const { version } = await submitLoader(user.id, `?from=${first.id}`)
    expect(version.values.recordings).toEqual([
      {
        label: 'Master',
        sha256: digest('master v1'),
        size: '9',
        mediaType: '',
        fileName: 'm.wav',
        showFileName: '',
      },
      {
        label: 'Stems archive',
        sha256: digest('stems'),
        size: '5',
        mediaType: '',
        fileName: '',
        showFileName: '',
      },
      {
        label: 'Lyric sheet PDF',
        sha256: digest('lyrics'),
        size: '6',
        mediaType: '',
        fileName: 'l.pdf',
        showFileName: 'on',
      },
    ])

    // Master replaced, stems removed, lyric sheet kept, a new file added.
    const secondId = await createVersion(user.id, first.id, {
      'recordings[0].sha256': digest('master v2'),
      'recordings[0].size': '9',
      'recordings[0].fileName': 'm2.wav',
      'recordings[1].remove': 'on',
      'recordings[3].label': 'Instrumental',
      'recordings[3].sha256': digest('instrumental'),
      'recordings[3].size': '12',
    })
    await register(user.id, secondId)
    const later = await storedManifest(secondId)
    expect(
      later.manifest.recordings.map(
        (f: { label: string; sha256: string; fileName: string | null }) => [
          f.label,
          f.sha256,
          f.fileName,
        ],
      ),
    ).toEqual([
      ['Master', digest('master v2'), null],
      ['Lyric sheet PDF', digest('lyrics'), 'l.pdf'],
      ['Instrumental', digest('instrumental'), null],
    ])
    // The earlier record and its stored fingerprints are untouched: a registered song stays locked.
    const earlier = await storedManifest(first.id)
    expect(earlier.manifest.recordings.map((f: { label: string }) => f.label)).toEqual([
      'Master',
      'Stems archive',
      'Lyric sheet PDF',
    ])
    expect((await getOwnedSong(db(), user.id, first.id))!.recordings.map((f) => f.sha256)).toEqual([
      digest('master v1'),
      digest('stems'),
      digest('lyrics'),
    ])
    // The history names the change of files.
    const history = await versionHistory(db(), user.id, secondId)
    const change = history!
      .find((entry) => entry.id === secondId)!
      .changes.find((c) => c.label === 'Fingerprinted files')
    expect(change?.after).toContain('Instrumental')
  })

  test('version history: every version with its date, status and field-by-field changes; the API is the owner’s', async () => {
    const { user, song: first } = await registeredSong()
    const secondId = await createVersion(user.id, first.id, {
      iswc: 'T-123.456.789-4',
      coContributor2Pro: '',
      'contributions[0].aiPercent': '20',
      'contributions[0].contributorPercent': '50',
    })
    await register(user.id, secondId)
    const thirdId = await createVersion(user.id, secondId, { title: 'Harbor Lights (Remaster)' })
    const history = (await versionHistory(db(), user.id, thirdId))!
    expect(history.map((v) => v.id)).toEqual([first.id, secondId, thirdId])
    expect(history.map((v) => v.isRegistered)).toEqual([true, true, false])
    expect(history[1]!.changes).toEqual([
      { label: 'ISWC', before: '', after: 'T-123.456.789-4' },
      {
        label: 'Split: Lyrics',
        before: '60 / 30 / 0 / AI 10',
        after: '50 / 30 / 0 / AI 20',
      },
    ])
    expect(history[2]!.changes).toEqual([
      { label: 'Title', before: 'Harbor Lights', after: 'Harbor Lights (Remaster)' },
    ])
    // Any member of the chain shows the whole chain.
    expect((await versionHistory(db(), user.id, first.id))!.map((v) => v.id)).toEqual([
      first.id,
      secondId,
      thirdId,
    ])

    const api = async (userId: string) =>
      respond(async () =>
        versionsApi.loader(
          args(await authedRequest(`http://localhost/api/songs/${secondId}/versions`, userId), {
            id: String(secondId),
          }),
        ),
      )
    const mine = await api(user.id)
    expect(mine.status).toBe(200)
    const body = await mine.json()
    expect(body.versions).toHaveLength(3)
    expect(body.supersedes.certificateId).toBe(first.certificateId)
    const theirs = await api((await createUser()).id)
    expect(theirs.status).toBe(404)
    expect(await theirs.json()).toEqual({ message: 'Song not found' })
  })

  test('a version is a registration like any other: it uses the month’s free unit', async () => {
    const { user, song } = await registeredSong()
    const versionId = await createVersion(user.id, song.id, { upc: '036000291452' })
    // The first registration used this month's one free unit; the version needs a new one.
    const outcome = await registerSong(user.id, versionId, { confirmed: true })
    expect(outcome).toMatchObject({ ok: false, status: 402 })
  })
})

describe('one successor per certificate', () => {
  test('two drafts of one certificate racing to register: exactly one succeeds, the other is told which', async () => {
    const { user, song } = await registeredSong()
    const a = await createVersion(user.id, song.id, { upc: '036000291452' })
    const b = await createVersion(user.id, song.id, { isrc: 'USAB12400002' })
    await db().deleteFrom('monthlyUsage').where('userId', '=', user.id).execute()
    // Two free units' worth: a paid credit for the second, so only the successor rule can refuse it.
    await db()
      .insertInto('paymentHistory')
      .values({
        userId: user.id,
        stripePaymentIntentId: `pi_race_${song.id}`,
        amount: '1.99',
        status: 'succeeded',
      })
      .execute()
    const outcomes = await Promise.all([
      registerSong(user.id, a, { confirmed: true }),
      registerSong(user.id, b, { confirmed: true }),
    ])
    const won = outcomes.filter((o) => o.ok)
    const lost = outcomes.filter((o) => !o.ok)
    expect(won).toHaveLength(1)
    expect(lost).toHaveLength(1)
    const winner = outcomes[0]!.ok ? a : b
    const winnerCertificate = (await getOwnedSong(db(), user.id, winner))!.certificateId
    expect(lost[0]).toMatchObject({ status: 409 })
    expect(!lost[0]!.ok && lost[0]!.message).toContain(winnerCertificate)
  })

  test('the database itself refuses a second live registration succeeding one song', async () => {
    const { user, song } = await registeredSong()
    const a = await createVersion(user.id, song.id, { upc: '036000291452' })
    const b = await createVersion(user.id, song.id, { isrc: 'USAB12400002' })
    await db()
      .insertInto('blockchainRegistrations')
      .values({ songId: a, status: 'pending', supersedesSongId: song.id })
      .execute()
    await expect(
      db()
        .insertInto('blockchainRegistrations')
        .values({ songId: b, status: 'pending', supersedesSongId: song.id })
        .execute(),
    ).rejects.toThrow(/blockchain_registrations_one_successor/)
    // A failed registration anchored nothing and leaves the place free.
    await db()
      .updateTable('blockchainRegistrations')
      .set({ status: 'failed' })
      .where('songId', '=', a)
      .execute()
    await db()
      .insertInto('blockchainRegistrations')
      .values({ songId: b, status: 'pending', supersedesSongId: song.id })
      .execute()
  })
})

describe('npm run verify walks the chain', () => {
  test('a version of a version verifies back to the first; a tampered link fails', async () => {
    const { user, song: first } = await registeredSong()
    const secondId = await createVersion(user.id, first.id, { upc: '036000291452' })
    await register(user.id, secondId)
    const thirdId = await createVersion(user.id, secondId, { isrc: 'USAB12400009' })
    await register(user.id, thirdId)
    const third = (await getOwnedSong(db(), user.id, thirdId))!
    const second = (await getOwnedSong(db(), user.id, secondId))!
    const passed = await verifyCli(
      third.certificateId,
      '--signature',
      third.registration!.transactionSignature!,
    )
    expect(passed.output).toContain(`${third.certificateId} supersedes ${second.certificateId}`)
    expect(passed.output).toContain(`${second.certificateId} supersedes ${first.certificateId}`)
    expect(passed.output).toContain('Chain of 3 versions: VERIFIED')
    expect(passed.code).toBe(0)

    // A link naming a hash the earlier record never anchored: the earlier row is tampered with
    // before the next version registers, so its manifest (validly anchored itself) names a lie.
    const { user: writer, song: original } = await registeredSong({ title: 'Tampered' })
    await db()
      .updateTable('blockchainRegistrations')
      .set({
        blockchainData: sql`jsonb_set(blockchain_data::jsonb, '{manifestSha256}', to_jsonb(${'f'.repeat(64)}::text))::json`,
      })
      .where('songId', '=', original.id)
      .execute()
    const forgedId = await createVersion(writer.id, original.id, { upc: '036000291452' })
    await register(writer.id, forgedId)
    const forged = (await getOwnedSong(db(), writer.id, forgedId))!
    const failed = await verifyCli(
      forged.certificateId,
      '--signature',
      forged.registration!.transactionSignature!,
    )
    expect(failed.output).toContain(`${forged.certificateId}: VERIFIED`)
    expect(failed.output).toContain('✗ Earlier manifest hash matches the link')
    expect(failed.output).toContain('Chain of versions: FAILED')
    expect(failed.code).toBe(1)
  }, 180_000)
})
