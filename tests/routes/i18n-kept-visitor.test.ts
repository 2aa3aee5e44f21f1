import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { expect, test } from 'vitest'
import * as certificatePage from '~/routes/certificate.$id'
import {
  keepingVisitorPage,
  keptVisitorAnswer,
} from '~/services/certificates/record/kept-visitor-answers.server'
import { registerSong } from '~/services/registration/registration.server'
import { db } from '../setup/db'
import { drawPage, type PageModule } from '../setup/draw-page'
import { createTestSong } from '../setup/fixtures'
import { createInvitedCoWriter } from '../setup/invitations'

// Issue 54: a stranger's certificate page kept in memory (decision 116) is kept per language, so
// a page drawn for one language never answers a visitor of another (kept-visitor-answers).

const ORIGIN = 'http://localhost:3000'

/** A stranger's GET with this Accept-Language, answered kept or drawn and kept, as the entry does. */
async function visit(path: string, acceptLanguage: string | null, cookie: string | null = null) {
  const asked = await keptVisitorAnswer({
    method: 'GET',
    url: path,
    origin: ORIGIN,
    cookie,
    acceptLanguage,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0',
    referrer: null,
    ipAddress: '203.0.113.54',
  })
  if (asked && 'answer' in asked) return 'kept'
  const html = await drawPage(certificatePage as PageModule, '/certificate/:id', path, cookie)
  if (asked && 'ticket' in asked)
    await pipeline(
      Readable.from([Buffer.from(html)]),
      keepingVisitorPage(
        asked.ticket.keptVisitorAnswer,
        { nonce: 'nonce-of-this-answer', loadId: 'load-of-this-answer' },
        () => ({ status: 200, headers: new Headers({ 'Content-Type': 'text/html' }) }),
      ),
      new Writable({ write: (_chunk, _encoding, done) => done() }),
    )
  return 'drawn'
}

test('a certificate page kept for a German visitor is not the answer to a Japanese one, nor to a cookie’s choice', async () => {
  const { owner } = await createInvitedCoWriter()
  const song = await createTestSong(owner.id, { title: 'Lanterns on the Quay' })
  await db().deleteFrom('monthlyUsage').where('userId', '=', owner.id).execute()
  const outcome = await registerSong(owner.id, song.id, { confirmed: true })
  expect(outcome.ok ? 'registered' : outcome.message).toBe('registered')
  const path = `/certificate/${song.id}`

  expect(await visit(path, 'de-DE')).toBe('drawn')
  expect(await visit(path, 'de-DE')).toBe('kept')
  expect(await visit(path, 'de-AT, en;q=0.5')).toBe('kept')
  expect(await visit(path, 'ja')).toBe('drawn')
  // A German browser whose person chose Korean in the footer gets the Korean page, not the German.
  expect(await visit(path, 'de-DE', 'lang=ko')).toBe('drawn')
  expect(await visit(path, 'de-DE', 'lang=ko')).toBe('kept')
})
