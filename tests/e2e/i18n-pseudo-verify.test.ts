import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { splitRow } from '../setup/sample-song'
import { MODES, type TestPage, useBrowser } from './browser'
import { newSignedInUser, postSong, registerSong, verifyEmailThroughAdmin } from './flows'
import { englishOn, expectNothingWider } from './i18n-english'
import { sharedServer } from './server'

// Issue 54, the verify area: the page a printed certificate's QR code opens, in the visitor's
// language. In the pseudo-language (en-XA) it holds no English outside names and identifiers, in
// the states the suite visits: the verified record with its fingerprints, a file checked and
// answered, the file form sent without its file, "Check again now", and the owner's own view.
// What the record's services still say only in English is marked lang="en" on the page (and
// listed in the area's report); the check skips text so marked, as a screen reader reads it.
// Then the page in German and Japanese at 320 px, and its kept copy kept per language.

const browser = useBrowser()
const server = sharedServer()

let dir: string
let owner: TestPage
let song: { id: number; certificateId: string }
let wrongFile: string
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-i18n-verify-'))
  wrongFile = path.join(dir, 'other-take.wav')
  fs.writeFileSync(wrongFile, crypto.randomBytes(4096))
  owner = await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl })
  await newSignedInUser(owner, 'Chiara', 'Neri')
  await verifyEmailThroughAdmin(
    owner,
    await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl }),
  )
  song = await postSong(owner, {
    title: 'Notte di Vetro',
    contributorName: 'Chiara Neri',
    dateCreated: '2025-03-09',
    toolsUsed: 'Pianoforte',
    fileLink: 'https://files.example/vetro.wav',
    lyrics: 'Una notte di vetro',
    contributions: [splitRow('lyrics', 100, 0, 0, 0), splitRow('vocals', 100, 0, 0, 0)],
    recordings: [{ label: 'Master', sha256: crypto.randomBytes(32).toString('hex'), size: 12_345 }],
  })
  await registerSong(owner, song.id)
}, 120_000)
afterAll(async () => {
  await owner?.done()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

// What stays as it is in every language, beside the shared check's names and capitals: what the
// owner typed (the song's title, names, labels), the PDF signer's certificate name, hashes,
// signatures and addresses (one word with a digit, in any letter case), the commands and the
// PEM chain a reader copies (<code>, and a <pre> that is a PEM block), a ledger memo, and a date.
const TYPED = ['Notte di Vetro', 'Chiara Neri', 'Chiara', 'Master', 'Una notte di vetro']
const SIGNER = 'ProofTrack development signing key (this server, not publicly trusted)'

function asIs(found: string) {
  const [where, ...rest] = found.split(': ')
  const text = rest.join(': ')
  return (
    TYPED.includes(text) ||
    (where === '<bdi>' && text === SIGNER) ||
    (!/\s/.test(text) && /\d/.test(text)) ||
    where === '<code>' ||
    // The memo a ledger transaction carries, a machine's record ("ProofTrack v7 PT-… sha256:…").
    /^ProofTrack v\d+ PT-\S+ sha256:[0-9a-f]{64} ar:\S+$/.test(text) ||
    // The pseudo-language has no Intl data: its dates are Intl's English (app/i18n/format.ts).
    /^[A-Z][a-z]+ \d{1,2}, \d{4}$/.test(text) ||
    (where === '<pre>' && text.startsWith('-----BEGIN CERTIFICATE-----'))
  )
}

async function expectPseudo(page: TestPage) {
  expect(await page.locator('html').getAttribute('lang')).toBe('en-XA')
  // The route sends its messages: its <main> is not marked as English content.
  expect(await page.locator('main').getAttribute('lang')).toBeNull()
  expect((await englishOn(page)).filter((found) => !asIs(found))).toEqual([])
}

describe.each(MODES)('the verify page in the pseudo-language, $name', (mode) => {
  test('a stranger’s verified record, its proof and its fingerprints: no English', async () => {
    const page = await browser.newPage({ ...mode, locale: 'en-XA', baseUrl: server.baseUrl })
    await page.goto(`/verify/${song.certificateId}`)
    await page.getByTestId('verdict').waitFor()
    // The proof's details open, so every step's words are on screen too.
    await page.getByTestId('technical-details').locator('summary').click()
    await expectPseudo(page)
    await page.done()
  })

  test('the owner’s view with their private texts: no English', async () => {
    const page = await browser.newPage({ ...mode, locale: 'en-XA', baseUrl: server.baseUrl })
    await page.context().addCookies(await owner.context().cookies())
    await page.goto(`/verify/${song.certificateId}`)
    await page.getByTestId('technical-details').locator('summary').click()
    await page.getByTestId('opening-lyrics').waitFor()
    await expectPseudo(page)
    await page.done()
  })
})

describe.each(MODES)(
  'the local ledger’s transaction page in the pseudo-language, $name',
  (mode) => {
    test('the registration’s transaction, opened from the verify page: no English', async () => {
      const page = await browser.newPage({ ...mode, locale: 'en-XA', baseUrl: server.baseUrl })
      await page.goto(`/verify/${song.certificateId}`)
      const href = await page.locator('a[href*="/ledger/tx/"]').first().getAttribute('href')
      await page.goto(new URL(href ?? '', server.baseUrl).pathname)
      await page.locator('h1').waitFor()
      await page.locator('details summary').first().click()
      await expectPseudo(page)
      await page.done()
    })
  },
)

describe('the verify page’s forms without JavaScript, in the pseudo-language', () => {
  test('a file checked, the form sent without its file, and “Check again now”: no English', async () => {
    const page = await browser.newPage({
      javaScriptEnabled: false,
      locale: 'en-XA',
      baseUrl: server.baseUrl,
    })
    await page.goto(`/verify/${song.certificateId}`)

    // The file form's refusal: a real post with its required file left empty.
    await page.locator('#check-recording').locator('xpath=ancestor::form').locator('button').click()
    await page.locator('[role="alert"]').first().waitFor()
    expect(await page.locator('[role="alert"]').first().textContent()).not.toBe('')
    await expectPseudo(page)

    // A file that is not the registered one: the answer and its fingerprint.
    await page.locator('#check-recording').setInputFiles(wrongFile)
    await page.locator('#check-recording').locator('xpath=ancestor::form').locator('button').click()
    await page.getByTestId('recording-answer').waitFor()
    await expectPseudo(page)

    // "Check again now": a post, then the page again.
    const checkedAt = Number(
      await page.getByTestId('verify-checked').locator('time').getAttribute('data-checked-at'),
    )
    await page.getByTestId('verify-checked').locator('button').click()
    await expect
      .poll(async () =>
        Number(
          await page.getByTestId('verify-checked').locator('time').getAttribute('data-checked-at'),
        ),
      )
      .toBeGreaterThan(checkedAt)
    await expectPseudo(page)
    await page.done()
  })
})

test('the check finds English: the same verify page in English fails it', async () => {
  const page = await browser.newPage({
    javaScriptEnabled: false,
    locale: 'en-US',
    baseUrl: server.baseUrl,
  })
  await page.goto(`/verify/${song.certificateId}`)
  const found = await englishOn(page)
  expect(found).toContain('<h1>: Verify Certificate')
  expect(found).toContain('<button>: Check again now')
  await page.done()
})

describe.each(['de', 'ja'])(
  'the verify page and its ledger transaction in %s at 320 px',
  (locale) => {
    test.each(MODES)('$name: nothing wider than the window', async (mode) => {
      const page = await browser.newPage({ ...mode, locale, baseUrl: server.baseUrl })
      await page.setViewportSize({ width: 320, height: 640 })
      await page.goto(`/verify/${song.certificateId}`)
      expect(await page.locator('html').getAttribute('lang')).toBe(locale)
      await page.getByTestId('technical-details').locator('summary').click()
      await expectNothingWider(page)

      const href = await page.locator('a[href*="/ledger/tx/"]').first().getAttribute('href')
      await page.goto(new URL(href ?? '', server.baseUrl).pathname)
      expect(await page.locator('html').getAttribute('lang')).toBe(locale)
      await page.locator('details summary').first().click()
      await expectNothingWider(page)
      await page.done()
    })
  },
)

test('a stranger’s kept verify page is kept per language: German for a German visitor, Japanese for a Japanese one', async () => {
  const visit = async (acceptLanguage: string) => {
    const response = await fetch(`${server.baseUrl}/verify/${song.certificateId}`, {
      headers: { 'Accept-Language': acceptLanguage },
    })
    expect(response.status).toBe(200)
    const html = await response.text()
    return {
      html,
      lang: /<html lang="([^"]+)"/.exec(html)?.[1],
      kept: response.headers.get('x-kept'),
      checked: /<time[^>]*data-checked-at="\d+"[^>]*>([^<]*)<\/time>/.exec(html)?.[1],
    }
  }
  await visit('de-DE,de;q=0.9')
  const german = await visit('de-DE,de;q=0.9')
  expect(german.kept).toBe('hit')
  expect(german.lang).toBe('de')
  expect(german.html).toContain('Zertifikat prüfen')
  // The kept answer writes "Checked … ago" anew, in the page's own language.
  expect(german.checked).toMatch(/^(Gerade eben geprüft|Geprüft vor \d+ (Sekunden|Minuten?))$/)

  await visit('ja-JP,ja;q=0.9')
  const japanese = await visit('ja-JP,ja;q=0.9')
  expect(japanese.kept).toBe('hit')
  expect(japanese.lang).toBe('ja')
  expect(japanese.html).toContain('証明書を検証')
  expect(japanese.html).not.toContain('Zertifikat prüfen')
  expect(japanese.checked).toMatch(/^(たった今確認しました|\d+ (秒|分)前に確認しました)$/)
})
