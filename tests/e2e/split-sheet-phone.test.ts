import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { splitRow } from '../setup/sample-song'
import { MODES, type TestPage, useBrowser } from './browser'
import { postSong, signUpAndIn } from './flows'
import { sharedServer } from './server'

// Issue 51 items 1 and 8 (decision 117): the owner says on the details form who wrote the melody
// and the words' weight; the split sheet then shows each writer's share of the song, and on a
// phone (320–412 px) one card per person holds every share and confirmation inside the window.

const browser = useBrowser()
const server = sharedServer()
const WIDTHS = [320, 360, 412]

async function createSong(page: TestPage) {
  return postSong(page, {
    title: `Harbour Lights ${crypto.randomBytes(2).toString('hex')}`,
    contributorName: 'Annabelle Whitfield-Montgomery',
    coContributorName: 'Bob Stone',
    coContributorName2: 'Cara Diaz',
    dateCreated: '2025-03-01',
    toolsUsed: 'Logic Pro, Yamaha P-125',
    fileLink: 'https://files.example/harbour.mp3',
    mainContributorPro: 'ASCAP',
    mainContributorProNumber: '00014107338',
    contributions: [
      splitRow('lyrics', 80, 0, 0, 20),
      splitRow('vocals', 0, 100, 0, 0),
      splitRow('instrumentation', 50, 0, 0, 50),
      splitRow('production', 0, 0, 100, 0),
      splitRow('mixing', 0, 0, 100, 0),
    ],
  })
}

/** Whether the box lies inside the window's width: nothing off to either side. */
async function insideWindow(page: TestPage, selector: ReturnType<TestPage['locator']>) {
  const width = page.viewportSize()!.width
  const boxes = await selector.evaluateAll((elements) =>
    elements.map((e) => {
      const r = e.getBoundingClientRect()
      return { left: r.left, right: r.right, text: e.textContent ?? '' }
    }),
  )
  return boxes.filter((b) => b.left < 0 || b.right > width + 0.5).map((b) => b.text)
}

describe.each(MODES)('the song and the recording with $name', ({ javaScriptEnabled }) => {
  test('the details form takes the topline and the weight; the split sheet shows each writer’s share of the song; on a phone every share of every person is inside the window', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await signUpAndIn(page, 'Robin')
    const song = await createSong(page)

    await page.goto(`/songs/${song.id}/details`)
    await page.getByRole('checkbox', { name: 'Bob Stone' }).check()
    await page.getByLabel('Words’ weight in the song (%)').fill('60')
    await page.getByRole('button', { name: 'Save Details' }).click()
    await page.waitForURL(`**/certificate/${song.id}`)

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 })
      await page.goto(`/songs/${song.id}/split-sheet`)
      // Nothing scrolls sideways, and the wide table gives way to the cards.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `${width} px`,
      ).toBe(true)
      expect(await page.locator('.split-sheet-table').isVisible()).toBe(false)
      for (const card of ['main', 'co-contributor', 'co-contributor-2', 'ai']) {
        const box = page.getByTestId(`split-sheet-card-${card}`)
        expect(await box.isVisible(), `${card} at ${width} px`).toBe(true)
        const shares = await box.locator('dt').allTextContents()
        expect(shares, card).toEqual(
          expect.arrayContaining([
            'Lyrics',
            'Vocals',
            'Instrumentation',
            'Production',
            'Mixing/Mastering',
            'Confirmation',
          ]),
        )
        expect(await insideWindow(page, box.locator('dt, dd')), `${card} at ${width} px`).toEqual(
          [],
        )
      }
      const ann = page.getByTestId('split-sheet-card-main')
      expect(await ann.locator('dd').allTextContents()).toEqual([
        'ASCAP',
        '00014107338',
        '80%',
        '0%',
        '50%',
        '0%',
        '0%',
        'Composer-author (CA): 73.33% of the song (words 100.00%, music 33.33%)',
        'Declared by the submitter',
      ])
      expect(await page.getByTestId('split-sheet-card-ai').locator('dd').allTextContents()).toEqual(
        ['20%', '0%', '50%', '0%', '0%', 'Declared by the submitter'],
      )
      expect(
        await page
          .getByTestId('split-sheet-card-co-contributor-2')
          .locator('dd')
          .nth(-2)
          .textContent(),
      ).toBe('Not a writer of the song: credited on the recording')
      const writers = page.getByTestId('split-sheet-song')
      expect(await page.getByTestId('split-sheet-weight').textContent()).toBe(
        'Words 60% · Music 40%',
      )
      expect(await page.getByTestId('split-sheet-writer-co-contributor').textContent()).toBe(
        'Bob Stone — Composer (C): 26.67% of the song (words 0.00%, music 66.67%)',
      )
      expect(await insideWindow(page, writers.locator('li, p')), `song at ${width} px`).toEqual([])
      // No DAW or instrument is called AI anywhere on the sheet.
      expect(await page.locator('article').textContent()).not.toMatch(/Logic Pro|Yamaha/)
    }

    // On a wide screen the table is back, as it prints.
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`/songs/${song.id}/split-sheet`)
    expect(await page.locator('.split-sheet-table').isVisible()).toBe(true)
    expect(await page.getByTestId('split-sheet-card-main').isVisible()).toBe(false)
    await page.emulateMedia({ media: 'print' })
    expect(await page.locator('.split-sheet-table').isVisible()).toBe(true)
    expect(await page.getByTestId('split-sheet-card-main').isVisible()).toBe(false)
    await page.close()
  }, 240_000)
})
