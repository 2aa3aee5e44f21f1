import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { RECORDING_DIGEST_MESSAGE, RECORDING_SIZE_MESSAGE } from '~/lib/song-schema'
import { MAX_RECORDING_BYTES } from '~/lib/recording'
import { HASHED_ON_SERVER } from '~/components/recording-fingerprint-field'
import { CHECKED_ON_SERVER } from '~/routes/verify.$certificateId'
import * as submit from '~/routes/submit'
import * as verifyRoute from '~/routes/verify.$certificateId'
import { SongSchema } from '~/lib/song-schema'
import { registerSong } from '~/services/registration.server'
import { createSong } from '~/services/songs.server'
import { readFormWithRecording } from '~/services/recording-fingerprint.server'
import { db } from '../setup/db'
import { args, createUser, respond, sessionCookie } from '../setup/fixtures'
import { multipartBody } from '../setup/multipart'

// Issue 17: without JavaScript the recording is posted with the song form; the server hashes it as
// it streams by and keeps nothing of it — not on disk, not in the database, not whole in memory.

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

let cookie = ''
let userId = ''
beforeAll(async () => {
  const user = await createUser({ emailVerified: true })
  userId = user.id
  cookie = await sessionCookie(user.id)
})

function multipartPost(
  body: ReturnType<typeof multipartBody>,
  headers: Record<string, string> = {},
) {
  return new Request('http://localhost/submit', {
    method: 'POST',
    headers: { 'Content-Type': body.contentType, Cookie: cookie, ...headers },
    body: body.stream,
    duplex: 'half',
  } as RequestInit)
}

function formPost(fields: Record<string, string>) {
  return new Request('http://localhost/submit', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
    body: new URLSearchParams(fields),
  })
}

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

describe('the song form without JavaScript: the recording streamed through SHA-256 and dropped', () => {
  test('the summary shows the digest of the uploaded file; nothing of it is on disk or in the database afterwards', async () => {
    const before = filesNow()
    const content = crypto.randomBytes(5 * MB + 17)
    const songsBefore = await db()
      .selectFrom('songs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()

    const body = multipartBody(
      { ...SONG, intent: 'review' },
      {
        field: 'recording',
        name: 'master take 3.wav',
        type: 'audio/wav',
        size: content.length,
        content,
      },
    )
    const response = await respond(() => submit.action(args(multipartPost(body))))
    expect(response.status).toBe(200)
    const data = await response.json()
    expect(data.step).toBe('summary')
    expect(data.values).toMatchObject({
      recordingSha256: body.sha256(),
      recordingSize: 5 * MB + 17,
      recordingMediaType: 'audio/wav',
      recordingFileName: 'master take 3.wav',
      recordingShowFileName: false,
    })

    expect(leftBehind(before, content)).toEqual([])
    expect(
      await db()
        .selectFrom('songs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(songsBefore)

    // "Create Certificate" posts the summary's hidden fields (URL-encoded): the song keeps the fingerprint only.
    const hidden = Object.fromEntries(
      Object.entries(data.values)
        .filter(([name]) => name !== 'contributions')
        .map(([name, value]) => [name, String(value)]),
    )
    const created = await respond(() =>
      submit.action(
        args(
          formPost({
            ...hidden,
            'contributions[0].component': 'lyrics',
            'contributions[0].contributorPercent': '100',
            intent: 'create',
          }),
        ),
      ),
    )
    expect(created.status).toBe(302)
    const id = Number(
      new URL(created.headers.get('Location')!, 'http://localhost').searchParams.get('created'),
    )
    expect(
      await db()
        .selectFrom('songs')
        .select([
          'recordingSha256',
          'recordingSize',
          'recordingMediaType',
          'recordingFileName',
          'recordingShowFileName',
        ])
        .where('id', '=', id)
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      recordingSha256: body.sha256(),
      recordingSize: expect.anything(),
      recordingMediaType: 'audio/wav',
      recordingFileName: 'master take 3.wav',
      recordingShowFileName: false,
    })
  })

  test('a file input left empty is no fingerprint; an empty file is a message on the field', async () => {
    const none = multipartBody(
      { ...SONG, intent: 'review' },
      { field: 'recording', name: '', type: 'application/octet-stream', size: 0 },
    )
    const answer = await (await respond(() => submit.action(args(multipartPost(none))))).json()
    expect(answer.step).toBe('summary')
    expect(answer.values.recordingSha256).toBeUndefined()

    const empty = multipartBody(
      { ...SONG, intent: 'review' },
      { field: 'recording', name: 'silence.wav', type: 'audio/wav', size: 0 },
    )
    const response = await respond(() => submit.action(args(multipartPost(empty))))
    expect(response.status).toBe(400)
    expect((await response.json()).errors.recordingSha256).toEqual([
      'The chosen file is empty: there is nothing to fingerprint.',
    ])
  })

  test('a 200 MB recording streams through with memory bounded, and its digest is right', async () => {
    global.gc?.()
    const before = process.memoryUsage()
    let peak = { rss: before.rss, heap: before.heapUsed + before.arrayBuffers }
    let samples = 0
    const body = multipartBody(
      { ...SONG, intent: 'review' },
      { field: 'recording', name: 'album-master.wav', type: 'audio/wav', size: 200 * MB },
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
    const response = await respond(() => submit.action(args(multipartPost(body))))
    expect(samples).toBeGreaterThan(200)
    expect(response.status).toBe(200)
    expect((await response.json()).values.recordingSha256).toBe(body.sha256())
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

  test('past the limit: refused with 413 and the stated limit, whether declared or only counted', async () => {
    // The limit the pages state next to the field is the one the server applies (500 MiB, said as 500 MB).
    expect(MAX_RECORDING_BYTES).toBe(500 * MB)
    for (const said of [HASHED_ON_SERVER, CHECKED_ON_SERVER])
      expect(said).toMatch(/ Up to 500 MB\.$/)
    const declared = multipartBody(
      { ...SONG, intent: 'review' },
      { field: 'recording', name: 'huge.wav', type: 'audio/wav', size: 10 },
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
  })

  test('a second file, or a file under another name, is refused; text fields keep the form’s limits', async () => {
    const other = multipartBody(
      { ...SONG, intent: 'review' },
      { field: 'attachment', name: 'a.wav', type: 'audio/wav', size: 100 },
    )
    const refused = await respond(() => submit.action(args(multipartPost(other))))
    expect([refused.status, await refused.text()]).toEqual([
      400,
      'This form takes one file, the recording.',
    ])
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

describe('the song form with JavaScript: only the digest the browser computed is posted, and validated', () => {
  const digest = crypto.createHash('sha256').update('a recording').digest('hex')

  test('a well-formed digest and size reach the summary; the file name shows only when chosen', async () => {
    const data = await (
      await respond(() =>
        submit.action(
          args(
            formPost({
              ...SONG,
              recordingSha256: digest.toUpperCase(),
              recordingSize: '11',
              recordingMediaType: 'audio/mpeg',
              recordingFileName: 'demo.mp3',
              recordingShowFileName: 'on',
              intent: 'review',
            }),
          ),
        ),
      )
    ).json()
    expect(data.values).toMatchObject({
      recordingSha256: digest,
      recordingSize: 11,
      recordingMediaType: 'audio/mpeg',
      recordingFileName: 'demo.mp3',
      recordingShowFileName: true,
    })
  })

  test('a digest that is not 64 hex characters, a size that is not a positive whole number, or one without the other is a message on the field', async () => {
    const errorsFor = async (fields: Record<string, string>) => {
      const response = await respond(() =>
        submit.action(args(formPost({ ...SONG, ...fields, intent: 'review' }))),
      )
      expect(response.status).toBe(400)
      return (await response.json()).errors
    }
    expect(
      (await errorsFor({ recordingSha256: 'abc', recordingSize: '11' })).recordingSha256,
    ).toEqual([RECORDING_DIGEST_MESSAGE])
    expect(
      (await errorsFor({ recordingSha256: `${digest.slice(0, 63)}g`, recordingSize: '11' }))
        .recordingSha256,
    ).toEqual([RECORDING_DIGEST_MESSAGE])
    for (const size of ['0', '-5', '1.5', '1e3', '99999999999999999'])
      expect(
        (await errorsFor({ recordingSha256: digest, recordingSize: size })).recordingSize,
        size,
      ).toEqual([RECORDING_SIZE_MESSAGE])
    expect((await errorsFor({ recordingSha256: digest })).recordingSha256).toEqual([
      'Fingerprint the recording again: its digest and its size come together',
    ])
  })
})

describe('POST /verify/:certificateId without JavaScript: a file checked against the registered fingerprint', () => {
  const master = crypto.randomBytes(3 * MB + 5)
  const masterSha256 = crypto.createHash('sha256').update(master).digest('hex')

  async function registeredWith(fields: Record<string, unknown>) {
    const owner = await createUser({ emailVerified: true })
    const song = await createSong(
      db(),
      owner.id,
      SongSchema.parse({
        ...SONG,
        contributions: [{ component: 'lyrics', contributorPercent: 100 }],
        ...fields,
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

  test('the right file is "This is the registered recording", any other "This is not", with both digests; nothing is kept', async () => {
    const song = await registeredWith({
      recordingSha256: masterSha256,
      recordingSize: String(master.length),
      recordingMediaType: 'audio/wav',
    })
    const before = filesNow()

    const right = await (await check(song.certificateId, master)).json()
    expect(right.fileCheck.comparison).toEqual({
      matches: true,
      answer: 'This is the registered recording',
      fileSha256: masterSha256,
      fileSize: master.length,
      registeredSha256: masterSha256,
      registeredSize: master.length,
    })

    const changed = Buffer.from(master)
    changed.writeUInt8(changed.readUInt8(changed.length - 1) ^ 1, changed.length - 1)
    const wrong = await (await check(song.certificateId, changed, 'master-copy.wav')).json()
    expect(wrong.fileCheck.comparison).toMatchObject({
      matches: false,
      answer: 'This is not the registered recording',
      registeredSha256: masterSha256,
    })
    expect(wrong.fileCheck.comparison.fileSha256).toBe(
      crypto.createHash('sha256').update(changed).digest('hex'),
    )

    expect(leftBehind(before, master)).toEqual([])
    expect(leftBehind(before, changed)).toEqual([])
  }, 60_000)

  test('a certificate without a fingerprint, no file, or an unknown certificate each get a plain message', async () => {
    const song = await registeredWith({})
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
