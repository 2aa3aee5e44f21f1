import { monitorEventLoopDelay } from 'node:perf_hooks'
import { describe, expect, test } from 'vitest'
import * as certificatePdf from '~/resource-routes/certificate.$id[.]pdf'
import { SongSchema } from '~/lib/song-schema'
import { renderCertificatePdf } from '~/services/certificate-pdf.server'
import { certificateFor } from '~/services/certificate.server'
import {
  PdfBusyError,
  POOL_SIZE,
  QUEUE_LIMIT,
  renderPdfOffThread,
} from '~/services/pdf-pool.server'
import type { PdfJob } from '~/services/pdf-render.server'
import { createSong } from '~/services/songs.server'
import { db } from '../setup/db'
import { args, authedRequest, createUser } from '../setup/fixtures'
import { HARBOR_SPLIT } from '../setup/sample-song'

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
        contributions: [...HARBOR_SPLIT],
      }),
    )
    const found = await certificateFor(db(), song.id, owner.id)
    if (!found) throw new Error('no certificate')
    jobs.push({
      kind: 'certificate',
      song: found.certificate,
      options: { appName: 'ProofTrack', certificateUrl: `http://localhost/certificate/${song.id}` },
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
      contributions: [...HARBOR_SPLIT],
    }),
  )
  const found = await certificateFor(db(), song.id, owner.id)
  if (!found) throw new Error('no certificate')
  const job: PdfJob = {
    kind: 'certificate',
    song: found.certificate,
    options: { appName: 'ProofTrack', certificateUrl: `http://localhost/certificate/${song.id}` },
  }
  return { job, songId: song.id, ownerId: owner.id }
}

const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e4) / 100

describe('PDFs off the event loop', () => {
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
    await expect(renderPdfOffThread(job)).rejects.toBeInstanceOf(PdfBusyError)
    const response = await certificatePdf.loader(args(request, { id: String(songId) }))
    expect(response.status).toBe(503)
    expect(response.headers.get('Retry-After')).toBe('5')
    expect(await response.text()).toBe(
      'Too many PDFs are being made right now. Please try again in a few seconds.',
    )
    // Every accepted job is still made.
    for (const pdf of await Promise.all(accepted))
      expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF')
  }, 120_000)
})
