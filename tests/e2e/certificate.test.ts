import crypto from 'node:crypto'
import { createRequire } from 'node:module'
import { describe, expect, test } from 'vitest'
import { HARBOR_SPLIT, splitRow } from '../setup/sample-song'
import { MODES, type TestPage, useBrowser } from './browser'
import { SHARE_AFTER_REGISTRATION } from '~/lib/certificate'
import { postSong, signUpAndIn } from './flows'
import { sharedServer } from './server'

// pdf-parse ships no types; its library entry (its index.js runs a debug demo when imported).
const pdf: (data: Buffer) => Promise<{ numpages: number; text: string }> = createRequire(
  import.meta.url,
)('pdf-parse/lib/pdf-parse.js')

const browser = useBrowser()
const server = sharedServer()

// Long enough that the printed page runs onto a second sheet.
const LYRICS = Array.from(
  { length: 80 },
  (_, i) => `Line ${i + 1}: the harbor lights are calling me home tonight`,
).join('\n')

async function createSong(page: TestPage) {
  const song = await postSong(page, {
    title: `Harbor Lights ${crypto.randomBytes(2).toString('hex')}`,
    contributorName: 'Ann Writer',
    coContributorName: 'Bob Beats',
    dateCreated: '2025-03-01',
    toolsUsed: 'Logic Pro, Suno',
    fileLink: 'https://files.example/harbor.mp3',
    genre: 'Pop',
    lyrics: LYRICS,
    creativeNotes: 'Written on a night train.',
    mainContributorPro: 'ASCAP',
    mainContributorProNumber: '00123456790',
    contributions: [
      ...HARBOR_SPLIT,
      splitRow('instrumentation', 50, 50, 0, 0),
      splitRow('production', 40, 0, 0, 60),
      splitRow('mixing', 100, 0, 0, 0),
    ],
  })
  expect(song.certificateId).toMatch(/^PT-/)
  return song
}

async function pageCount(bytes: Buffer) {
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF')
  return (await pdf(bytes)).numpages
}

describe.each(MODES)('certificate with $name', ({ javaScriptEnabled }) => {
  test('the owner sees, shares, prints and downloads the certificate; another user gets 404', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await signUpAndIn(page, 'Robin')
    const song = await createSong(page)

    if (javaScriptEnabled) {
      await page.addInitScript(() => {
        const w = window as unknown as { printCalls: number }
        w.printCalls = 0
        window.print = () => {
          w.printCalls += 1
        }
        // The clipboard fallback is the path headless Chromium takes; make sure of it.
        Object.defineProperty(Navigator.prototype, 'share', {
          value: undefined,
          configurable: true,
        })
      })
      await page
        .context()
        .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl })
    }

    const response = await page.goto(`/certificate/${song.id}`)
    expect(response?.status()).toBe(200)
    expect(await page.title()).toBe(`${song.title} — Certificate | ProofTrack`)
    expect(await page.getByRole('heading', { level: 1, name: song.title }).count()).toBe(1)
    expect(await page.getByText('Created March 1, 2025').count()).toBe(1)
    expect(await page.getByTestId('breakdown-lyrics').textContent()).toBe(
      'Lyrics:Ann Writer 60% / Bob Beats 20% / AI 20%',
    )
    expect(await page.getByTestId('breakdown-production').textContent()).toBe(
      'Production:Ann Writer 40% / AI 60%',
    )
    expect(await page.getByText(`Certificate ID: ${song.certificateId}`).count()).toBe(1)
    expect(
      await page
        .getByText(
          'This certificate records authorship as declared by the submitter; no contributor has confirmed their share.',
        )
        .count(),
    ).toBe(1)
    expect(await page.getByText('Written on a night train.').count()).toBe(1)
    expect(await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(
      `/certificate/${song.id}.pdf`,
    )
    expect(await page.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/',
    )

    // Unregistered, only the owner can open it: no link to hand out, and the page says when it
    // becomes public (issue 25.3). Sharing a registered certificate: tests/e2e/core-flow.test.ts.
    expect(await page.getByTestId('certificate-not-public').textContent()).toBe(
      SHARE_AFTER_REGISTRATION,
    )
    expect(await page.getByRole('button', { name: 'Share' }).count()).toBe(0)
    expect(await page.getByLabel('Certificate link').count()).toBe(0)
    if (javaScriptEnabled) {
      await expect.poll(() => page.getByRole('button', { name: 'Save PDF' }).count()).toBe(1)
      await page.getByRole('button', { name: 'Save PDF' }).click()
      expect(
        await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls),
      ).toBe(1)
    } else {
      expect(await page.getByRole('button', { name: 'Save PDF' }).count()).toBe(0)
    }

    // Printing the page: without the site header or the action bar, the 80 lines of lyrics
    // going on over a second sheet (issue 37.1; tests/e2e/printing.test.ts reads it back).
    await page.emulateMedia({ media: 'print' })
    expect(await page.getByRole('link', { name: 'Download PDF' }).isVisible()).toBe(false)
    expect(await page.locator('header').first().isVisible()).toBe(false)
    const printed = await page.pdf({ format: 'A4' })
    expect(await pageCount(printed)).toBe(2)
    await page.emulateMedia({ media: 'screen' })

    // The server-made PDF, fetched with the session cookie.
    const download = await page.request.get(`/certificate/${song.id}.pdf`)
    expect(download.status()).toBe(200)
    expect(download.headers()['content-type']).toBe('application/pdf')
    expect(download.headers()['content-disposition']).toBe(
      `inline; filename="${song.certificateId}.pdf"`,
    )
    // The owner's 80 lines of lyrics are printed whole, going on over the next pages (issue 26);
    // since issue 49.3 page 1 keeps its footer and QR in its frame, so they start on page 2.
    const pages = await pageCount(await download.body())
    expect(pages).toBeGreaterThanOrEqual(2)
    expect(pages).toBeLessThanOrEqual(3)

    // Another signed-in user: the unregistered certificate and its PDF do not exist for them.
    const other = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await signUpAndIn(other, 'Sam')
    const denied = await other.goto(`/certificate/${song.id}`)
    expect(denied?.status()).toBe(404)
    expect(await other.getByRole('heading', { name: 'Certificate not found' }).count()).toBe(1)
    expect(await other.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')
    expect(await other.getByText(song.title).count()).toBe(0)
    expect((await other.request.get(`/certificate/${song.id}.pdf`)).status()).toBe(404)
    await other.done()

    await page.done()
  })
})
