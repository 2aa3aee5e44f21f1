import crypto from 'node:crypto'
import { createRequire } from 'node:module'
import { describe, expect, test } from 'vitest'
import { splitRow } from '../setup/sample-song'
import { MODES, type TestPage, useBrowser } from './browser'
import { postSong, signUpAndIn } from './flows'
import { sharedServer } from './server'

// Issue 13, decision 042: the owner's printable split sheet, and its PDF.
const pdf: (data: Buffer) => Promise<{ numpages: number; text: string }> = createRequire(
  import.meta.url,
)('pdf-parse/lib/pdf-parse.js')

const browser = useBrowser()
const server = sharedServer()

async function createSong(page: TestPage) {
  return postSong(page, {
    title: `Split Lights ${crypto.randomBytes(2).toString('hex')}`,
    contributorName: 'Ann Writer',
    coContributorName: 'Bob Beats',
    dateCreated: '2025-03-01',
    toolsUsed: 'Logic Pro',
    fileLink: 'https://files.example/split.mp3',
    mainContributorPro: 'ASCAP',
    mainContributorProNumber: '00123456790',
    contributions: [splitRow('lyrics', 60, 30, 0, 10)],
  })
}

describe.each(MODES)('split sheet with $name', ({ javaScriptEnabled }) => {
  test('linked from the owner’s certificate; prints without the site’s navigation; its PDF holds the split; others get 404', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await signUpAndIn(page, 'Robin')
    const song = await createSong(page)

    await page.goto(`/certificate/${song.id}`)
    await page.getByRole('link', { name: 'Split sheet' }).click()
    await page.waitForURL(`**/songs/${song.id}/split-sheet`)
    const sheet = page.getByRole('article', { name: `Split sheet for ${song.title}` })
    expect(await sheet.getByText(song.certificateId).count()).toBe(1)
    expect(await page.getByTestId('split-sheet-registration').textContent()).toBe(
      'Not registered yet: this split can still change',
    )
    const ann = page.getByTestId('split-sheet-main')
    expect(await ann.getByRole('rowheader').textContent()).toBe('Ann WriterMain contributor')
    expect(await ann.getByRole('cell').allTextContents()).toEqual([
      'ASCAP',
      '00123456790',
      '60%',
      '100%',
      '100%',
      '100%',
      '100%',
      'Declared by the submitter',
    ])
    expect(
      await page.getByTestId('split-sheet-co-contributor').getByRole('cell').nth(2).textContent(),
    ).toBe('30%')
    expect(await page.getByTestId('split-sheet-ai').getByRole('cell').nth(2).textContent()).toBe(
      '10%',
    )
    if (javaScriptEnabled) {
      await page.evaluate(() => {
        const w = window as unknown as { printCalls: number }
        w.printCalls = 0
        window.print = () => {
          w.printCalls += 1
        }
      })
      await page.getByRole('button', { name: 'Print' }).click()
      expect(
        await page.evaluate(() => (window as unknown as { printCalls: number }).printCalls),
      ).toBe(1)
    } else {
      expect(
        await page.getByText('Print this page with your browser’s Print command.').count(),
      ).toBe(1)
    }

    // On paper: the sheet, black on white, without the site's header, footer or buttons.
    await page.emulateMedia({ media: 'print' })
    expect(await page.locator('header').first().isVisible()).toBe(false)
    expect(await page.locator('footer').first().isVisible()).toBe(false)
    expect(await page.getByRole('link', { name: 'Download PDF' }).isVisible()).toBe(false)
    expect(await sheet.isVisible()).toBe(true)
    expect(
      await sheet.evaluate((node) => {
        const style = getComputedStyle(node.querySelector('td')!)
        return [style.color, style.backgroundColor]
      }),
    ).toEqual(['rgb(0, 0, 0)', 'rgb(255, 255, 255)'])
    await page.emulateMedia({ media: 'screen' })

    const download = await page.request.get(`/songs/${song.id}/split-sheet.pdf`)
    expect(download.status()).toBe(200)
    expect(download.headers()['content-type']).toBe('application/pdf')
    const parsed = await pdf(await download.body())
    expect(parsed.numpages).toBe(1)
    const text = parsed.text.replace(/\s+/g, ' ')
    expect(text).toContain('Ann Writer Main contributor')
    expect(text).toContain('Shares: Lyrics 60%')
    expect(text).toContain('Confirmation: Declared by the submitter')

    const other = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await signUpAndIn(other, 'Sam')
    expect((await other.goto(`/songs/${song.id}/split-sheet`))?.status()).toBe(404)
    expect(await other.getByText(song.title).count()).toBe(0)
    expect((await other.request.get(`/songs/${song.id}/split-sheet.pdf`)).status()).toBe(404)
    await other.done()
    await page.done()
  })
})
