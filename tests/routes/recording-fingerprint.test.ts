import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import {
  RECORDING_DIGEST_MESSAGE,
  RECORDING_DIGEST_TAKEN,
  RECORDING_FILE_MISSING,
  RECORDING_LABEL_MISSING,
  RECORDING_LABEL_TAKEN,
  RECORDING_SIZE_MESSAGE,
} from '~/lib/song-schema'
import { MAX_RECORDING_BYTES, recordingFormRows } from '~/lib/recording'
import { HASHED_ON_SERVER } from '../setup/recording-english'
import { CHECKED_ON_SERVER } from '~/components/verify/recording-check'
import * as editRoute from '~/routes/edit.$id'
import * as submit from '~/routes/submit'
import * as verifyRoute from '~/routes/verify.$certificateId'
import { SongSchema } from '~/lib/song-schema'
import { registerSong } from '~/services/registration/registration.server'
import { createSong, getOwnedSong } from '~/services/songs/songs.server'
import {
  readFormWithFiles,
  readFormWithRecording,
} from '~/services/songs/recording-fingerprint.server'
import { db } from '../setup/db'
import {
  args,
  authedRequest,
  createUser,
  formRequest,
  respond,
  useSignedInUser,
} from '../setup/fixtures'
import { multipartBody } from '../setup/multipart'
import { followReview } from '../setup/review-step'

// Issue 17: without JavaScript the files are posted with the song form (up to five slots, each a
// label and a file); the server hashes each as it streams by and keeps nothing of it — not on
// disk, not in the database, not whole in memory (decisions 026 and 040).

const SONG = {
  title: 'Fingerprinted',
  contributorName: 'Ann',
  dateCreated: '2025-03-01',
  toolsUsed: 'Piano',
  fileLink: 'https://example.com/a.wav',
  'contributions[0].component': 'lyrics',
  'contributions[0].contributorPercent': '100',
}
const MB = 1024 * 1024

const user = useSignedInUser()

function multipartPost(
  body: ReturnType<typeof multipartBody>,
  headers: Record<string, string> = {},
) {
  return new Request('http://localhost/submit', {
    method: 'POST',
    headers: { 'Content-Type': body.contentType, Cookie: user.cookie, ...headers },
    body: body.stream,
    duplex: 'half',
  } as RequestInit)
}

const formPost = (fields: Record<string, string>) =>
  formRequest('http://localhost/submit', fields, { Cookie: user.cookie })

/** The review's answer, followed to its page as the browser does (decision 114). */
const reviewed = async (post: () => unknown) => followReview(await respond(post), user.cookie)

/**
 * What a request may have left behind: a file under DATA_DIR, or at the top of the temp folder
 * (where upload handlers write), that is new or changed since `before` and holds a slice of the
 * uploaded bytes. Other test files run alongside and write their own files there, so a
 * listing alone would not do; the content decides.
 */
function filesNow() {
  const files = new Map<string, string>()
  const note = (full: string) => {
    try {
      const stat = fs.statSync(full)
      if (stat.isFile()) files.set(full, `${stat.size}:${stat.mtimeMs}`)
    } catch {
      // removed meanwhile by another test
    }
  }
  const dataDir = process.env.DATA_DIR!
  if (fs.existsSync(dataDir))
    for (const entry of fs.readdirSync(dataDir, { withFileTypes: true, recursive: true }))
      note(path.join(entry.parentPath, entry.name))
  for (const name of fs.readdirSync(os.tmpdir())) note(path.join(os.tmpdir(), name))
  return files
}
function leftBehind(before: Map<string, string>, uploaded: Uint8Array) {
  const needle = Buffer.from(
    uploaded.subarray(Math.floor(uploaded.length / 2), Math.floor(uploaded.length / 2) + 64),
  )
  return [...filesNow()]
    .filter(([file, key]) => {
      if (before.get(file) === key) return false
      try {
        return fs.readFileSync(file).includes(needle)
      } catch {
        return false
      }
    })
    .map(([file]) => file)
}

/** The summary's hidden fields posted back with "Create Certificate", as the page renders them. */
function createFields(
  values: { recordings: Parameters<typeof recordingFormRows>[0] } & Record<string, unknown>,
) {
  const plain = Object.fromEntries(
    Object.entries(values)
      .filter(
        ([name, value]) => !['contributions', 'recordings'].includes(name) && value !== undefined,
      )
      .map(([name, value]) => [name, String(value)]),
  )
  const rows = recordingFormRows(values.recordings).flatMap((row, index) =>
    Object.entries(row)
      .filter(([, value]) => value !== '')
      .map(([key, value]) => [`recordings[${index}].${key}`, value]),
  )
  return {
    ...plain,
    ...Object.fromEntries(rows),
    'contributions[0].component': 'lyrics',
    'contributions[0].contributorPercent': '100',
    intent: 'create',
  }
}

const createdId = (response: Response) =>
  Number(new URL(response.headers.get('Location')!, 'http://localhost').searchParams.get('created'))

const storedRecordings = (songId: number) =>
  db()
    .selectFrom('songRecordings')
    .selectAll()
    .where('songId', '=', songId)
    .orderBy('position')
    .execute()

describe('the song form without JavaScript: each file streamed through SHA-256 and dropped', () => {
  test('two files: the summary shows each digest under its label; nothing of them is on disk, the database keeps only digests', async () => {
    const before = filesNow()
    const master = crypto.randomBytes(5 * MB + 17)
    const stems = crypto.randomBytes(2 * MB + 3)
    const songsBefore = await db()
      .selectFrom('songs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()

    const body = multipartBody(
      {
        ...SONG,
        'recordings[0].label': 'Master',
        'recordings[1].label': 'Stems archive',
        'recordings[1].showFileName': 'on',
        intent: 'review',
      },
      [
        {
          field: 'recordings[0].file',
          name: 'master take 3.wav',
          type: 'audio/wav',
          size: master.length,
          content: master,
        },
        {
          field: 'recordings[1].file',
          name: 'stems.zip',
          type: 'application/zip',
          size: stems.length,
          content: stems,
        },
        // Slots left empty still send their (empty) file parts.
        { field: 'recordings[2].file', name: '', type: 'application/octet-stream', size: 0 },
      ],
    )
    const response = await reviewed(() => submit.action(args(multipartPost(body))))
    expect(response.status).toBe(200)
    const data = await response.json()
    expect(data.step).toBe('summary')
    expect(data.values.recordings).toEqual([
      {
        label: 'Master',
        sha256: body.sha256(0),
        size: 5 * MB + 17,
        mediaType: 'audio/wav',
        fileName: 'master take 3.wav',
        showFileName: false,
      },
      {
        label: 'Stems archive',
        sha256: body.sha256(1),
        size: 2 * MB + 3,
        mediaType: 'application/zip',
        fileName: 'stems.zip',
        showFileName: true,
      },
    ])
    expect(body.sha256(0)).toBe(crypto.createHash('sha256').update(master).digest('hex'))

    expect(leftBehind(before, master)).toEqual([])
    expect(leftBehind(before, stems)).toEqual([])
    expect(
      await db()
        .selectFrom('songs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(songsBefore)

    // "Create Certificate" posts the summary's hidden fields (URL-encoded): the song keeps the fingerprints only.
    const created = await respond(() => submit.action(args(formPost(createFields(data.values)))))
    expect(created.status).toBe(302)
    const id = createdId(created)
    expect(
      await db()
        .selectFrom('songs')
        .select('id')
        .where('id', '=', id)
        .where('userId', '=', user.id)
        .executeTakeFirst(),
    ).toEqual({ id })
    expect(await storedRecordings(id)).toEqual([
      {
        songId: id,
        position: 0,
        label: 'Master',
        sha256: body.sha256(0),
        size: expect.anything(),
        mediaType: 'audio/wav',
        fileName: 'master take 3.wav',
        showFileName: false,
      },
      {
        songId: id,
        position: 1,
        label: 'Stems archive',
        sha256: body.sha256(1),
        size: expect.anything(),
        mediaType: 'application/zip',
        fileName: 'stems.zip',
        showFileName: true,
      },
    ])
    expect((await storedRecordings(id)).map((row) => Number(row.size))).toEqual([
      5 * MB + 17,
      2 * MB + 3,
    ])
  }, 60_000)

  test('a file chosen for a slot that has one replaces it; a ticked "Remove this file" drops it', async () => {
    const old = crypto.createHash('sha256').update('old mix').digest('hex')
    const kept = crypto.createHash('sha256').update('lyric sheet').digest('hex')
    const replacement = crypto.randomBytes(1000)
    const body = multipartBody(
      {
        ...SONG,
        // Slot 0 held the old mix and gets a new file; slot 1 is removed; slot 2 stays.
        'recordings[0].label': 'Master',
        'recordings[0].sha256': old,
        'recordings[0].size': '7',
        'recordings[1].label': 'Old stems',
        'recordings[1].sha256': 'a'.repeat(64),
        'recordings[1].size': '9',
        'recordings[1].remove': 'on',
        'recordings[2].label': 'Lyric sheet PDF',
        'recordings[2].sha256': kept,
        'recordings[2].size': '11',
        intent: 'review',
      },
      {
        field: 'recordings[0].file',
        name: 'master v2.wav',
        type: 'audio/wav',
        size: 1000,
        content: replacement,
      },
    )
    const data = await (await reviewed(() => submit.action(args(multipartPost(body))))).json()
    expect(data.step).toBe('summary')
    expect(
      data.values.recordings.map((f: { label: string; sha256: string }) => [f.label, f.sha256]),
    ).toEqual([
      ['Master', crypto.createHash('sha256').update(replacement).digest('hex')],
      ['Lyric sheet PDF', kept],
    ])
  })

  test('a file input left empty is no fingerprint; an empty file, or a file without a label, is a message on its slot', async () => {
    const none = multipartBody(
      { ...SONG, intent: 'review' },
      { field: 'recordings[0].file', name: '', type: 'application/octet-stream', size: 0 },
    )
    const answer = await (await reviewed(() => submit.action(args(multipartPost(none))))).json()
    expect(answer.step).toBe('summary')
    expect(answer.values.recordings).toEqual([])

    const empty = multipartBody(
      { ...SONG, 'recordings[1].label': 'Silence', intent: 'review' },
      { field: 'recordings[1].file', name: 'silence.wav', type: 'audio/wav', size: 0 },
    )
    const response = await respond(() => submit.action(args(multipartPost(empty))))
    expect(response.status).toBe(400)
    const errors = (await response.json()).errors
    expect(errors['recordings[1].sha256']).toEqual([
      'The chosen file is empty: there is nothing to fingerprint.',
    ])

    const unlabelled = multipartBody(
      { ...SONG, intent: 'review' },
      { field: 'recordings[0].file', name: 'a.wav', type: 'audio/wav', size: 10 },
    )
    const reply = await respond(() => submit.action(args(multipartPost(unlabelled))))
    expect(reply.status).toBe(400)
    const replied = await reply.json()
    expect(replied.errors['recordings[0].label']).toEqual([RECORDING_LABEL_MISSING])
    // The digest comes back with the form, so the writer adds a label without sending the file again.
    expect(replied.values.recordings[0].sha256).toBe(unlabelled.sha256())
  })

  test('a 200 MB recording streams through with memory bounded, and its digest is right', async () => {
    global.gc?.()
    const before = process.memoryUsage()
    let peak = { rss: before.rss, heap: before.heapUsed + before.arrayBuffers }
    let samples = 0
    const body = multipartBody(
      { ...SONG, 'recordings[0].label': 'Album master', intent: 'review' },
      { field: 'recordings[0].file', name: 'album-master.wav', type: 'audio/wav', size: 200 * MB },
      {
        onPull: () => {
          samples++
          const now = process.memoryUsage()
          peak = {
            rss: Math.max(peak.rss, now.rss),
            heap: Math.max(peak.heap, now.heapUsed + now.arrayBuffers),
          }
        },
      },
    )
    const response = await reviewed(() => submit.action(args(multipartPost(body))))
    expect(samples).toBeGreaterThan(200)
    expect(response.status).toBe(200)
    expect((await response.json()).values.recordings[0].sha256).toBe(body.sha256())
    const grew = {
      rss: Math.round((peak.rss - before.rss) / MB),
      heapAndBuffers: Math.round((peak.heap - before.heapUsed - before.arrayBuffers) / MB),
    }
    console.info(`[fingerprint] 200 MB streamed; peak growth: ${JSON.stringify(grew)} MB`)
    // Holding the file would take 200 MB at least; a stream holds a few 1 MB chunks at a time
    // (garbage is collected lazily, so the bound is generous, yet far below the file).
    expect(grew.heapAndBuffers).toBeLessThan(100)
    expect(grew.rss).toBeLessThan(150)
  }, 120_000)

  test('past the limit: refused with 413 and the stated limit, whether declared or only counted, for all files together', async () => {
    // The limit the pages state next to the field is the one the server applies (500 MiB, said as 500 MB).
    expect(MAX_RECORDING_BYTES).toBe(500 * MB)
    expect(HASHED_ON_SERVER).toMatch(/ Up to 500 MB for all files together\.$/)
    expect(CHECKED_ON_SERVER).toMatch(/ Up to 500 MB\.$/)
    const declared = multipartBody(
      { ...SONG, intent: 'review' },
      { field: 'recordings[0].file', name: 'huge.wav', type: 'audio/wav', size: 10 },
    )
    const refused = await respond(() =>
      submit.action(
        args(multipartPost(declared, { 'Content-Length': String(MAX_RECORDING_BYTES + 2 * MB) })),
      ),
    )
    expect(refused.status).toBe(413)
    expect(await refused.text()).toMatch(/larger than 500 MB/)

    // The same reader with a small limit, without Content-Length: it stops soon after the limit.
    const streamed = multipartBody(
      { title: 'x' },
      { field: 'recording', name: 'big.wav', type: 'audio/wav', size: 64 * MB },
    )
    const request = new Request('http://localhost/submit', {
      method: 'POST',
      headers: { 'Content-Type': streamed.contentType },
      body: streamed.stream,
      duplex: 'half',
    } as RequestInit)
    await expect(
      readFormWithRecording(request, { fields: ['title'] }, 4 * MB),
    ).rejects.toMatchObject({ status: 413 })
    // What was read: the limit, plus what is drained so the client hears the answer, never all of it kept.
    expect(streamed.sent()).toBeLessThanOrEqual(64 * MB + 1024)

    // Two files each under the limit, together over it.
    const two = multipartBody({}, [
      { field: 'a', name: 'a.wav', type: 'audio/wav', size: 3 * MB },
      { field: 'b', name: 'b.wav', type: 'audio/wav', size: 3 * MB },
    ])
    await expect(
      readFormWithFiles(
        new Request('http://localhost/submit', {
          method: 'POST',
          headers: { 'Content-Type': two.contentType },
          body: two.stream,
          duplex: 'half',
        } as RequestInit),
        { fields: [] },
        ['a', 'b'],
        4 * MB,
      ),
    ).rejects.toMatchObject({ status: 413 })
  })

  test('a file under another name, or a second file in one slot, is refused; text fields keep the form’s limits', async () => {
    const refusedWith = async (file: Parameters<typeof multipartBody>[1]) => {
      const response = await respond(() =>
        submit.action(args(multipartPost(multipartBody({ ...SONG, intent: 'review' }, file)))),
      )
      return [response.status, await response.text()]
    }
    const refusal = [400, 'This form takes at most 5 files, one in each file field.']
    expect(
      await refusedWith({ field: 'attachment', name: 'a.wav', type: 'audio/wav', size: 100 }),
    ).toEqual(refusal)
    expect(
      await refusedWith({
        field: 'recordings[5].file',
        name: 'a.wav',
        type: 'audio/wav',
        size: 100,
      }),
    ).toEqual(refusal)
    expect(
      await refusedWith([
        { field: 'recordings[0].file', name: 'a.wav', type: 'audio/wav', size: 100 },
        { field: 'recordings[0].file', name: 'b.wav', type: 'audio/wav', size: 100 },
      ]),
    ).toEqual(refusal)
    const rows = multipartBody(
      { ...SONG, 'contributions[5].aiPercent': '1', intent: 'review' },
      null,
    )
    const tooMany = await respond(() => submit.action(args(multipartPost(rows))))
    expect([tooMany.status, await tooMany.text()]).toEqual([
      400,
      'The form has more rows than it allows.',
    ])
    const long = multipartBody({ ...SONG, lyrics: 'x'.repeat(600 * 1024), intent: 'review' }, null)
    expect((await respond(() => submit.action(args(multipartPost(long))))).status).toBe(413)
  })
})

describe('the song form with JavaScript: only the digests the browser computed are posted, and validated', () => {
  const digest = crypto.createHash('sha256').update('a recording').digest('hex')
  const stems = crypto.createHash('sha256').update('the stems').digest('hex')

  test('well-formed digests and sizes reach the summary in order, each file name shown only when chosen', async () => {
    const data = await (
      await reviewed(() =>
        submit.action(
          args(
            formPost({
              ...SONG,
              'recordings[0].label': ' Master ',
              'recordings[0].sha256': digest.toUpperCase(),
              'recordings[0].size': '11',
              'recordings[0].mediaType': 'audio/mpeg',
              'recordings[0].fileName': 'demo.mp3',
              'recordings[0].showFileName': 'on',
              // A row added and left empty is no file.
              'recordings[2].label': 'Stems archive',
              'recordings[2].sha256': stems,
              'recordings[2].size': '9',
              'recordings[2].fileName': 'stems.zip',
              intent: 'review',
            }),
          ),
        ),
      )
    ).json()
    expect(data.values.recordings).toEqual([
      {
        label: 'Master',
        sha256: digest,
        size: 11,
        mediaType: 'audio/mpeg',
        fileName: 'demo.mp3',
        showFileName: true,
      },
      {
        label: 'Stems archive',
        sha256: stems,
        size: 9,
        fileName: 'stems.zip',
        showFileName: false,
      },
    ])
  })

  test('a bad digest or size, one without the other, a label without a file, twice the same label or file: a message on the slot', async () => {
    const errorsFor = async (fields: Record<string, string>) => {
      const response = await respond(() =>
        submit.action(args(formPost({ ...SONG, ...fields, intent: 'review' }))),
      )
      expect(response.status).toBe(400)
      return (await response.json()).errors
    }
    const slot = (sha256: string, size?: string, label = 'Master', index = 0) => ({
      [`recordings[${index}].label`]: label,
      [`recordings[${index}].sha256`]: sha256,
      ...(size === undefined ? {} : { [`recordings[${index}].size`]: size }),
    })
    expect((await errorsFor(slot('abc', '11')))['recordings[0].sha256']).toEqual([
      RECORDING_DIGEST_MESSAGE,
    ])
    expect(
      (await errorsFor(slot(`${digest.slice(0, 63)}g`, '11')))['recordings[0].sha256'],
    ).toEqual([RECORDING_DIGEST_MESSAGE])
    for (const size of ['0', '-5', '1.5', '1e3', '99999999999999999'])
      expect((await errorsFor(slot(digest, size)))['recordings[0].size'], size).toEqual([
        RECORDING_SIZE_MESSAGE,
      ])
    expect((await errorsFor(slot(digest)))['recordings[0].sha256']).toEqual([
      'Fingerprint the file again: its digest and its size come together',
    ])
    expect((await errorsFor({ 'recordings[1].label': 'Stems' }))['recordings[1].label']).toEqual([
      RECORDING_FILE_MISSING,
    ])
    expect(
      (await errorsFor({ ...slot(digest, '11'), ...slot(stems, '9', 'master', 1) }))[
        'recordings[1].label'
      ],
    ).toEqual([RECORDING_LABEL_TAKEN])
    expect(
      (await errorsFor({ ...slot(digest, '11'), ...slot(digest, '11', 'Copy', 1) }))[
        'recordings[1].sha256'
      ],
    ).toEqual([RECORDING_DIGEST_TAKEN])
    expect((await errorsFor(slot(digest, '11', 'x'.repeat(61))))['recordings[0].label']).toEqual([
      'The label must be at most 60 characters',
    ])
  })
})

describe('POST /verify/:certificateId without JavaScript: a file checked against every registered fingerprint', () => {
  const master = crypto.randomBytes(3 * MB + 5)
  const masterSha256 = crypto.createHash('sha256').update(master).digest('hex')
  const stems = crypto.randomBytes(MB + 1)
  const stemsSha256 = crypto.createHash('sha256').update(stems).digest('hex')

  async function registeredWith(recordings: Record<string, string>[]) {
    const owner = await createUser({ emailVerified: true })
    const song = await createSong(
      db(),
      owner.id,
      SongSchema.parse({
        ...SONG,
        contributions: [{ component: 'lyrics', contributorPercent: 100 }],
        recordings,
      }),
    )
    const outcome = await registerSong(owner.id, song.id, { confirmed: true })
    if (!outcome.ok) throw new Error(outcome.message)
    return song
  }
  const check = (certificateId: string, content: Uint8Array, name = 'master.wav') => {
    const body = multipartBody(
      {},
      { field: 'recording', name, type: 'audio/wav', size: content.length, content },
    )
    const request = new Request(`http://localhost/verify/${certificateId}`, {
      method: 'POST',
      headers: { 'Content-Type': body.contentType },
      body: body.stream,
      duplex: 'half',
    } as RequestInit)
    return respond(() => verifyRoute.action(args(request, { certificateId })))
  }

  test('each registered file is "This is the registered recording (its label)", any other "This is not"; nothing is kept', async () => {
    const song = await registeredWith([
      {
        label: 'Master',
        sha256: masterSha256,
        size: String(master.length),
        mediaType: 'audio/wav',
      },
      { label: 'Stems archive', sha256: stemsSha256, size: String(stems.length) },
    ])
    const before = filesNow()

    const right = await (await check(song.certificateId, master)).json()
    expect(right.fileCheck.comparison).toEqual({
      matches: true,
      matchedLabel: 'Master',
      answer: 'This is the registered recording (Master)',
      fileSha256: masterSha256,
      fileSize: master.length,
    })
    const second = await (await check(song.certificateId, stems, 'stems.zip')).json()
    expect(second.fileCheck.comparison).toMatchObject({
      matches: true,
      answer: 'This is the registered recording (Stems archive)',
    })
    expect(second.message).toBe('This is the registered recording (Stems archive)')

    const changed = Buffer.from(master)
    changed.writeUInt8(changed.readUInt8(changed.length - 1) ^ 1, changed.length - 1)
    const wrong = await (await check(song.certificateId, changed, 'master-copy.wav')).json()
    expect(wrong.fileCheck.comparison).toMatchObject({
      matches: false,
      matchedLabel: null,
      answer: 'This is not the registered recording',
    })
    expect(wrong.fileCheck.comparison.fileSha256).toBe(
      crypto.createHash('sha256').update(changed).digest('hex'),
    )

    expect(leftBehind(before, master)).toEqual([])
    expect(leftBehind(before, changed)).toEqual([])
  }, 60_000)

  test('a certificate without a fingerprint, no file, or an unknown certificate each get a plain message', async () => {
    const song = await registeredWith([])
    const none = await check(song.certificateId, master)
    expect(none.status).toBe(400)
    expect((await none.json()).fileCheck.problem).toBe(
      'This certificate has no verified recording fingerprint to compare a file with.',
    )
    const empty = await check(song.certificateId, new Uint8Array(0), '')
    expect([empty.status, (await empty.json()).fileCheck.problem]).toEqual([
      400,
      'Choose a file to check.',
    ])
    expect((await check('PT-0000-0000', master)).status).toBe(404)
    const urlencoded = await respond(() =>
      verifyRoute.action(
        args(
          new Request('http://localhost/verify/PT-0000-0000', {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: 'recording=x',
          }),
          { certificateId: 'PT-0000-0000' },
        ),
      ),
    )
    expect(urlencoded.status).toBe(415)
  }, 60_000)
})

describe('editing a song that is not registered yet', () => {
  test('the edit page shows every fingerprint with its label, and an edit keeps them', async () => {
    const owner = await createUser({ emailVerified: true })
    const files = [
      { label: 'Master', sha256: 'ab'.repeat(32), size: '10', fileName: 'private.wav' },
      { label: 'Stems archive', sha256: 'cd'.repeat(32), size: '20' },
    ]
    const song = await createSong(
      db(),
      owner.id,
      SongSchema.parse({
        ...SONG,
        contributions: [{ component: 'lyrics', contributorPercent: 100 }],
        recordings: files,
      }),
    )
    const url = `http://localhost/edit/${song.id}`
    const page = await (
      await respond(async () =>
        editRoute.loader(args(await authedRequest(url, owner.id), { id: String(song.id) })),
      )
    ).json()
    expect(
      page.song.recordings.map((f: { label: string; sha256: string }) => [f.label, f.sha256]),
    ).toEqual([
      ['Master', 'ab'.repeat(32)],
      ['Stems archive', 'cd'.repeat(32)],
    ])
    const edited = await respond(async () =>
      editRoute.action(
        args(
          await authedRequest(url, owner.id, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ ...SONG, title: 'Renamed' }),
          }),
          { id: String(song.id) },
        ),
      ),
    )
    expect(edited.status).toBe(302)
    const after = (await getOwnedSong(db(), owner.id, song.id))!
    expect(after.title).toBe('Renamed')
    expect(after.recordings.map((f) => f.label)).toEqual(['Master', 'Stems archive'])
  })
})
