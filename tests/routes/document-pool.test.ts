import { monitorEventLoopDelay } from 'node:perf_hooks'
import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import * as certificatePdf from '~/resource-routes/certificate.$id[.]pdf'
import * as exportRoute from '~/resource-routes/api.songs.export'
import * as bundleRoute from '~/resource-routes/certificate.$id_.proof-bundle'
import { exportPageText } from '~/services/certificates/exports/catalogue-export-format.server'
import {
  EXPORT_PAGE_SIZE,
  ownedSongPages,
} from '~/services/certificates/exports/catalogue-export.server'
import { registerSong } from '~/services/registration/registration.server'
import type { SongView } from '~/services/songs/songs.server'
import { SongSchema } from '~/lib/song-schema'
import { renderCertificatePdf } from '~/services/certificates/documents/certificate-pdf.server'
import { certificateFor } from '~/services/certificates/record/certificate.server'
import {
  DocumentAbortedError,
  DocumentsBusyError,
  documentPoolFigures,
  OWNER_LIMIT,
  openDocumentStream,
  OwnerDocumentsBusyError,
  POOL_SIZE,
  QUEUE_LIMIT,
  renderOffThread,
  waitingJobs,
} from '~/services/platform/document-pool.server'
import type { PdfJob } from '~/services/certificates/documents/pdf-render.server'
import { createSong } from '~/services/songs/songs.server'
import { db } from '../setup/db'
import { args, authedRequest, createUser } from '../setup/fixtures'
import { HARBOR_SPLIT } from '../setup/sample-song'

// Each job its own requester, unless a test is about one requester's limit.
let requester = 0
const renderPdfOffThread = (job: PdfJob, owner = `test:${++requester}`) =>
  renderOffThread(job, { owner })

// Issue 24.3: 20,000 'Ω' without a space held the event loop 9–15 s while one certificate PDF
// was made. The worst texts the form takes, made several at once, must leave the event loop
// answering within 100 ms; the measure is the event loop's delay, not how long the PDFs take.

// Lyrics at the schema's limit: one unbroken word, and every script mixed without a space.
const OMEGAS = 'Ω'.repeat(20_000)
const MIXED = 'نادية김민지やまだ山田繁體דוד प्रियाสมชายΖωήНочьJosé'.repeat(1000).slice(0, 20_000)

async function worstJobs() {
  const owner = await createUser()
  const jobs: PdfJob[] = []
  for (const lyrics of [OMEGAS, MIXED]) {
    const song = await createSong(
      db(),
      owner.id,
      SongSchema.parse({
        title: 'Ω'.repeat(200),
        contributorName: 'نادية'.repeat(40),
        dateCreated: '2025-03-01',
        toolsUsed: '山'.repeat(1000),
        fileLink: 'https://files.example/a.mp3',
        lyrics,
        creativeNotes: 'Ж'.repeat(5000),
        coContributorName: 'Bob',
        contributions: [...HARBOR_SPLIT],
      }),
    )
    const found = await certificateFor(db(), song.id, owner.id)
    if (!found) throw new Error('no certificate')
    jobs.push({
      kind: 'certificate',
      song: found.certificate,
      options: {
        appName: 'ProofTrack',
        certificateUrl: `http://localhost/certificate/${song.id}`,
        verifyUrl: null,
      },
    })
  }
  return { owner, jobs }
}

/** A usual song's certificate: a quick job. */
async function lightJob() {
  const owner = await createUser()
  const song = await createSong(
    db(),
    owner.id,
    SongSchema.parse({
      title: 'Harbor Lights',
      contributorName: 'Ann Writer',
      dateCreated: '2025-03-01',
      toolsUsed: 'Logic Pro',
      fileLink: 'https://files.example/a.mp3',
      coContributorName: 'Bob Beats',
      contributions: [...HARBOR_SPLIT],
    }),
  )
  const found = await certificateFor(db(), song.id, owner.id)
  if (!found) throw new Error('no certificate')
  const job: PdfJob = {
    kind: 'certificate',
    song: found.certificate,
    options: {
      appName: 'ProofTrack',
      certificateUrl: `http://localhost/certificate/${song.id}`,
      verifyUrl: null,
    },
  }
  return { job, songId: song.id, ownerId: owner.id }
}

const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100

/** The measure can fail: the same monitor sees a 300 ms hold of the loop, whatever the machine. */
async function expectAHoldIsSeen() {
  const held = monitorEventLoopDelay({ resolution: 10 })
  held.enable()
  await new Promise((resolve) => setTimeout(resolve, 20))
  const until = Date.now() + 300
  while (Date.now() < until) {
    // held
  }
  await new Promise((resolve) => setTimeout(resolve, 50))
  held.disable()
  expect(ms(held.max)).toBeGreaterThan(100)
}

describe('PDFs off the event loop (the document pool)', () => {
  test('the worst texts, four at once, keep the event loop under 100 ms; on the loop they would not', async () => {
    const { jobs } = await worstJobs()
    // The pool starts its workers once, with the first job (a worker's start costs the event
    // loop one pause, measured at about 170 ms on a loaded machine): the measure is of a pool
    // that runs, as a server's does after its first PDF.
    await renderPdfOffThread((await lightJob()).job)
    // The machine is shared (CI runs other suites beside this one): the loop's own delay while
    // idle, measured just before, is the baseline the 100 ms are added to.
    const idle = monitorEventLoopDelay({ resolution: 10 })
    idle.enable()
    await new Promise((resolve) => setTimeout(resolve, 2000))
    idle.disable()
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    const pdfs = await Promise.all([...jobs, ...jobs].map((job) => renderPdfOffThread(job)))
    delay.disable()
    for (const pdf of pdfs) expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF')
    console.info(
      `[pdf-pool] idle p99.9 ${ms(idle.percentile(99.9))} ms; 4 worst PDFs in workers: event-loop delay max ${ms(delay.max)} ms, p99.9 ${ms(delay.percentile(99.9))} ms, p99 ${ms(delay.percentile(99))} ms, mean ${ms(delay.mean)} ms`,
    )
    // The 99.9th percentile, not the maximum: on a shared machine (two cores, load 20) an idle
    // event loop alone sees single pauses of 40–130 ms that are the scheduler's, not ours.
    expect(ms(delay.percentile(99.9))).toBeLessThan(ms(idle.percentile(99.9)) + 100)

    // The measure can fail: a 300 ms hold of the loop is seen. (Since the layout measures each
    // character once, the same PDF made on the loop no longer holds it long enough to be the
    // control: issue 24.3's 9 s were pdfkit re-measuring an ever longer word.)
    await expectAHoldIsSeen()
    const job = jobs[0]
    if (job?.kind !== 'certificate') throw new Error('no job')
    const started = performance.now()
    await renderCertificatePdf(job.song, job.options)
    console.info(
      `[pdf-pool] the same PDF on the event loop, warm: ${Math.round(performance.now() - started)} ms`,
    )
  }, 180_000)

  test('a full queue is refused at once: the route answers 503 with Retry-After', async () => {
    const { job, songId, ownerId } = await lightJob()
    const { jobs } = await worstJobs()
    const request = await authedRequest(`http://localhost/certificate/${songId}.pdf`, ownerId)
    // The workers take the first jobs; the queue holds QUEUE_LIMIT more. The heaviest jobs keep
    // it full while the route reads the song (light ones could be done by then).
    const heavy = jobs[0]!
    const accepted = Array.from({ length: POOL_SIZE + QUEUE_LIMIT }, () =>
      renderPdfOffThread(heavy),
    )
    await expect(renderPdfOffThread(job)).rejects.toBeInstanceOf(DocumentsBusyError)
    const response = await certificatePdf.loader(args(request, { id: String(songId) }))
    expect(response.status).toBe(503)
    expect(response.headers.get('Retry-After')).toBe('5')
    expect(await response.text()).toBe(
      'Too many documents are being made right now. Please try again in a few seconds.',
    )
    // Every accepted job is still made.
    for (const pdf of await Promise.all(accepted))
      expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF')
  }, 120_000)

  test('one requester holds at most OWNER_LIMIT documents: the next is a 429 with a plain sentence, others still get theirs', async () => {
    const { job, songId, ownerId } = await lightJob()
    const { jobs } = await worstJobs()
    const heavy = jobs[0]!
    const owner = `user:${ownerId}`
    const mine = Array.from({ length: OWNER_LIMIT }, () => renderPdfOffThread(heavy, owner))
    await expect(renderPdfOffThread(job, owner)).rejects.toBeInstanceOf(OwnerDocumentsBusyError)
    // The same owner through the route: a plain answer, not a 500.
    const request = await authedRequest(`http://localhost/certificate/${songId}.pdf`, ownerId)
    const response = await certificatePdf.loader(args(request, { id: String(songId) }))
    expect(response.status).toBe(429)
    expect(response.headers.get('Retry-After')).toBe('5')
    expect(await response.text()).toBe(
      `You already have ${OWNER_LIMIT} documents being made. Please wait for them to finish, then try again.`,
    )
    // Someone else is not held up by it.
    const theirs = await renderPdfOffThread(job)
    expect(theirs.subarray(0, 4).toString('latin1')).toBe('%PDF')
    for (const pdf of await Promise.all(mine))
      expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF')
    // Done, the owner's place is free again.
    expect((await renderPdfOffThread(job, owner)).subarray(0, 4).toString('latin1')).toBe('%PDF')
  }, 120_000)

  test('a queued job whose client goes away is taken out of the queue', async () => {
    const { job } = await lightJob()
    const { jobs } = await worstJobs()
    const heavy = jobs[0]!
    // The workers busy, then one job waiting behind them.
    const running = Array.from({ length: POOL_SIZE }, () => renderPdfOffThread(heavy))
    const before = waitingJobs()
    const client = new AbortController()
    const queued = renderOffThread(job, { owner: 'test:leaving', signal: client.signal })
    expect(waitingJobs()).toBe(before + 1)
    client.abort()
    await expect(queued).rejects.toBeInstanceOf(DocumentAbortedError)
    expect(waitingJobs()).toBe(before)
    // Its place is free: the same requester is admitted again at once.
    const again = renderOffThread(job, { owner: 'test:leaving' })
    // An already gone client is not queued at all.
    const gone = new AbortController()
    gone.abort()
    await expect(
      renderOffThread(job, { owner: 'test:gone', signal: gone.signal }),
    ).rejects.toBeInstanceOf(DocumentAbortedError)
    expect((await again).subarray(0, 4).toString('latin1')).toBe('%PDF')
    await Promise.all(running)
  }, 120_000)
})

describe('streams’ pieces beside documents (decision 110)', () => {
  test('more streams’ pieces waiting than the documents’ whole queue: a document is still admitted, and made after at most one piece per worker', async () => {
    const { job } = await lightJob()
    // The workers busy, then the pieces of more streams than QUEUE_LIMIT waiting behind them
    // (all queued before any worker can answer: the order is the pool's, not the jobs' lengths).
    const running = Array.from({ length: POOL_SIZE }, () => renderPdfOffThread(job))
    const streams = Array.from({ length: QUEUE_LIMIT + 4 }, (_, i) =>
      openDocumentStream({ userId: `streaming-${i}`, clientAddress: `192.0.2.${i}` }),
    )
    const made: string[] = []
    const pieces = streams.map((stream, i) =>
      stream.render(job).then(() => made.push(`piece ${i}`)),
    )
    expect(documentPoolFigures().waitingPieces).toBe(QUEUE_LIMIT + 4)
    const document = renderPdfOffThread(job).then(() => made.push('document'))
    expect(documentPoolFigures().waitingDocuments).toBe(1)
    await Promise.all([...running, ...pieces, document])
    // The lanes take turns: one in a single queue, the document would have been made last.
    expect(made.indexOf('document')).toBeLessThanOrEqual(POOL_SIZE)
    expect(made).toHaveLength(QUEUE_LIMIT + 5)
    for (const stream of streams) stream.release()
    expect(waitingJobs()).toBe(0)
    expect(documentPoolFigures().openStreams).toBe(0)
  }, 120_000)
})

// Decision 053: the proof bundle and the catalogue export's pages are the rest of the class.
// The worst inputs the forms take: lyrics and notes at their limits, in every script, full of
// the quotes, commas and line ends that CSV must quote and JSON escape.
const WORST_LYRICS = 'نادية "said", 김민지\nやまだ 山田 "繁體" דוד, प्रिया สมชาย Ζωή Ночь José\r\n'
  .repeat(400)
  .slice(0, 20_000)
const WORST_NOTES = '"Ж", '.repeat(1000).slice(0, 5000)

async function worstCatalogue(userId: string, count: number) {
  await sql`
    insert into songs (user_id, title, contributor_name, date_created, tools_used, file_link,
      certificate_id, lyrics, creative_notes, updated_at)
    select ${userId}, '=Song "' || n || '"', 'نادية', '2025-03-01', '山,"田"', 'https://example.com/' || n,
      'PT-' || ${userId.slice(0, 8)} || '-' || n, ${WORST_LYRICS}, ${WORST_NOTES}, now()
    from generate_series(1, ${count}) as n`.execute(db())
  await sql`
    insert into creative_contributions (song_id, component, contributor_percent, ai_percent)
    select s.id, c.component, 90, 10
    from songs s cross join unnest(array['lyrics','vocals','instrumentation','production','mixing']) as c(component)
    where s.user_id = ${userId}`.execute(db())
}

async function idleDelay() {
  const idle = monitorEventLoopDelay({ resolution: 10 })
  idle.enable()
  await new Promise((resolve) => setTimeout(resolve, 2000))
  idle.disable()
  return idle
}

async function readAll(response: Response) {
  const reader = response.body!.getReader()
  let bytes = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return bytes
    bytes += value.byteLength
  }
}

describe('the proof bundle and the catalogue export off the event loop', () => {
  test('the worst catalogue exported as CSV and JSON, and worst proof bundles, keep the event loop under 100 ms', async () => {
    const owner = await createUser({ emailVerified: true })
    await worstCatalogue(owner.id, EXPORT_PAGE_SIZE + 20)
    const bundleOwners = await Promise.all([0, 1].map(() => createUser({ emailVerified: true })))
    const bundled: { user: { id: string }; song: { id: number } }[] = []
    for (const user of bundleOwners) {
      const song = await createSong(
        db(),
        user.id,
        SongSchema.parse({
          title: 'Ω'.repeat(200),
          contributorName: 'نادية'.repeat(40),
          dateCreated: '2025-03-01',
          toolsUsed: '山'.repeat(1000),
          fileLink: 'https://files.example/a.mp3',
          lyrics: WORST_LYRICS,
          creativeNotes: WORST_NOTES,
          coContributorName: 'Bob',
          contributions: [...HARBOR_SPLIT],
        }),
      )
      const outcome = await registerSong(user.id, song.id, { confirmed: true })
      if (!outcome.ok) throw new Error(outcome.message)
      bundled.push({ user, song })
    }
    const exportOf = async (format: 'csv' | 'json') =>
      exportRoute.loader(
        args(await authedRequest(`http://localhost/api/songs/export?format=${format}`, owner.id)),
      )
    const bundleOf = async ({ user, song }: (typeof bundled)[number]) =>
      bundleRoute.loader(
        args(await authedRequest(`http://localhost/certificate/${song.id}/proof-bundle`, user.id), {
          id: String(song.id),
        }),
      )
    // Warm: the workers started, the modules loaded (a server's state after its first document).
    await readAll(await bundleOf(bundled[0]!))

    const idle = await idleDelay()
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    const [csv, json, ...bundles] = await Promise.all([
      exportOf('csv').then(readAll),
      exportOf('json').then(readAll),
      ...bundled.map((b) => bundleOf(b).then(readAll)),
    ])
    delay.disable()
    expect(csv).toBeGreaterThan((EXPORT_PAGE_SIZE + 20) * 25_000)
    expect(json).toBeGreaterThan((EXPORT_PAGE_SIZE + 20) * 25_000)
    for (const bytes of bundles) expect(bytes).toBeGreaterThan(25_000)
    console.info(
      `[document-pool] idle p99.9 ${ms(idle.percentile(99.9))} ms; worst CSV (${Math.round(csv! / 1e6)} MB) and JSON (${Math.round(json! / 1e6)} MB) exports of ${EXPORT_PAGE_SIZE + 20} songs and 2 worst proof bundles at once: event-loop delay max ${ms(delay.max)} ms, p99.9 ${ms(delay.percentile(99.9))} ms, p99 ${ms(delay.percentile(99))} ms, mean ${ms(delay.mean)} ms`,
    )
    // The 99th percentile here: the test database (PGlite) runs its engine on this event loop,
    // and reading a page of the longest songs takes it tens of milliseconds, with single pauses
    // beyond (decision 053); on PostgreSQL only the driver's parsing of a bounded page is left.
    expect(ms(delay.percentile(99))).toBeLessThan(ms(idle.percentile(99.9)) + 100)

    // For the record: one page written on the event loop, as before decision 053 (how long it
    // holds the loop depends on the machine: 20 ms idle, 130 ms under load).
    const page: SongView[][] = []
    for await (const songs of ownedSongPages(db(), owner.id)) {
      page.push(songs)
      break
    }
    const onLoop = monitorEventLoopDelay({ resolution: 10 })
    onLoop.enable()
    await new Promise((resolve) => setTimeout(resolve, 20))
    for (const format of ['csv', 'json'] as const)
      new TextEncoder().encode(exportPageText(format, page[0]!, true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    onLoop.disable()
    console.info(`[document-pool] one page written on the event loop: max ${ms(onLoop.max)} ms`)
    await expectAHoldIsSeen()
  }, 300_000)
})
