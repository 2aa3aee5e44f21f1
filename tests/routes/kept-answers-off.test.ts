import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { afterAll, expect, test, vi } from 'vitest'
import * as verifyPage from '~/routes/verify.$certificateId'
import { env } from '~/env.server'
import { keptVisitorAnswer } from '~/services/certificates/record/kept-visitor-answers.server'
import { keepingRender, keptRenderCount } from '~/services/platform/kept-renders.server'
import {
  keptDashboardData,
  keptSongListCount,
  keptSongPage,
} from '~/services/songs/kept-song-lists.server'
import { registerSong } from '~/services/registration/registration.server'
import { db } from '../setup/db'
import { args, createTestSong, createUser, respond } from '../setup/fixtures'

// Issue 53 (decision 116): an operator's KEPT_ANSWERS=off keeps no answer in memory. Read before
// any module asks for the configuration (env() reads it once, lazily).
vi.stubEnv('KEPT_ANSWERS', 'off')
afterAll(() => {
  vi.unstubAllEnvs()
})

test('KEPT_ANSWERS=off: no owner’s list, no drawing, no stranger’s page and no verify check is kept', async () => {
  expect(env().KEPT_ANSWERS).toBe('off')
  const user = await createUser({ emailVerified: true })
  const song = await createTestSong(user.id, { title: 'Nothing Kept' })

  // The owners' answers of decision 089: made for each request.
  for (let i = 0; i < 2; i++) {
    await keptSongPage(user.id, '1', { limit: 100, offset: 0 })
    await keptDashboardData(user.id, '1')
  }
  expect(keptSongListCount()).toBe(0)

  // A page's drawing passes through and is not kept.
  await pipeline(
    Readable.from([Buffer.from('<html><title>A page</title></html>')]),
    keepingRender('a-page', { nonce: 'n', loadId: 'l' }, () => true),
    new Writable({ write: (_chunk, _encoding, done) => done() }),
  )
  expect(keptRenderCount()).toBe(0)

  // A stranger's certificate, verify page and PDF: never a kept answer, never a ticket to keep one.
  const outcome = await registerSong(user.id, song.id, { confirmed: true })
  expect(outcome.ok).toBe(true)
  for (const url of [
    `/certificate/${song.id}`,
    `/certificate/${song.id}.pdf`,
    `/verify/${song.certificateId}`,
  ])
    expect(
      await keptVisitorAnswer({
        method: 'GET',
        url,
        origin: 'http://localhost:3000',
        cookie: null,
        userAgent: null,
        referrer: null,
        acceptLanguage: null,
        ipAddress: null,
      }),
    ).toBeNull()

  // The verify page checks the ledger and the store for each request, each counted.
  const address = '198.51.100.53'
  for (let i = 0; i < 2; i++) {
    const answer = await respond(() =>
      verifyPage.loader(
        args(
          new Request(`http://localhost/verify/${song.certificateId}`, {
            headers: { 'X-ProofTrack-Client-Address': address },
          }),
          { certificateId: song.certificateId },
        ),
      ),
    )
    expect(answer.status).toBe(200)
  }
  const hits = await db()
    .selectFrom('rateLimits')
    .select('hits')
    .where('key', '=', `cert-verify:ip:${address}`)
    .execute()
  expect(hits).toEqual([{ hits: 2 }])
})
