import { beforeAll, describe, expect, test } from 'vitest'
import { splitRow } from '../setup/sample-song'
import { useBrowser } from './browser'
import { newSignedInUser, postSong, registerSong, verifyEmailThroughAdmin } from './flows'
import { sharedServer } from './server'

// Issue 54 through the real server (server/app.mjs answers a stranger's kept certificate and
// verify page before Remix is asked): a page drawn for one browser's language is never the answer
// to a browser asking for another. The attacker's read found the server left the language out of
// the kept answer's key, so the first visitor chose every later visitor's language.
const browser = useBrowser()
const server = sharedServer()
let song: { id: number; certificateId: string }

beforeAll(async () => {
  const owner = await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl })
  await newSignedInUser(owner, 'Ines', 'Sousa')
  await verifyEmailThroughAdmin(
    owner,
    await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl }),
  )
  song = await postSong(owner, {
    title: 'Fado da Ribeira',
    contributorName: 'Inês Sousa',
    dateCreated: '2025-06-12',
    toolsUsed: 'Guitarra',
    fileLink: 'https://files.example/ribeira.wav',
    contributions: [splitRow('lyrics', 100, 0, 0, 0), splitRow('vocals', 100, 0, 0, 0)],
  })
  await registerSong(owner, song.id)
  await owner.done()
}, 120_000)

describe('a stranger’s kept page is kept per language', () => {
  test.each([
    ['the certificate page', () => `/certificate/${song.id}`],
    ['the verify page', () => `/verify/${song.certificateId}`],
  ])('%s', async (_name, path) => {
    const visit = async (acceptLanguage: string) => {
      const answer = await fetch(`${server.baseUrl}${path()}`, {
        headers: { 'Accept-Language': acceptLanguage },
      })
      const html = await answer.text()
      return {
        status: answer.status,
        kept: answer.headers.get('X-Kept'),
        lang: /<html lang="([^"]+)"/.exec(html)?.[1],
      }
    }
    expect(await visit('de-DE,de;q=0.9')).toMatchObject({ status: 200, lang: 'de' })
    // Kept once the song's data stops changing (its snapshot's timestamp token arrives just
    // after the registration, and a changed record is never answered from an older keeping).
    await expect
      .poll(() => visit('de-DE,de;q=0.9'), { timeout: 10_000 })
      .toEqual({ status: 200, kept: 'hit', lang: 'de' })
    for (const [asked, lang] of [
      ['ja-JP', 'ja'],
      ['en-US', 'en'],
      ['ko', 'ko'],
    ] as const) {
      const first = await visit(asked)
      expect(first, asked).toEqual({ status: 200, kept: 'miss', lang })
    }
    // And German is still German for the next German visitor (kept or, were the record to have
    // changed meanwhile, drawn again).
    expect(await visit('de')).toMatchObject({ status: 200, lang: 'de' })
  })
})
