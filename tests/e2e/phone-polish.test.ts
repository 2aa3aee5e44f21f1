import { describe, expect, test } from 'vitest'
import { evenSplit } from '../setup/sample-song'
import { MODES, useBrowser } from './browser'
import { expectSoon, newSignedInUser, postSong } from './flows'
import { sharedServer } from './server'
import { hiddenFieldLabels } from './tap-targets'

// Issue 52, the polish seen on the same tries: on a 360 px phone the songs list's "Certified
// Date" dropped under its name while the other rows sat side by side, and after saving a song's
// details the toast's ✕ was a label tied to a field yet aria-hidden (the W3C Nu checker's one
// error). The header's single row and the "Go to Dashboard" on the dashboard are measured by
// tap-targets.test.ts (every page) and registration.test.ts.

const browser = useBrowser()
const server = sharedServer()

describe.each(MODES)('a phone with $name', ({ javaScriptEnabled }) => {
  test('each value of a song’s card sits beside its name, the long certified date too', async () => {
    // A zone whose name is long: the certified date reads "… (America/Argentina/Buenos Aires)".
    const page = await browser.newPage({
      javaScriptEnabled,
      baseUrl: server.baseUrl,
      timezoneId: 'America/Argentina/Buenos_Aires',
    })
    await newSignedInUser(page, 'Dana')
    await postSong(page, {
      title: 'Sideways',
      contributorName: 'Dana Writer',
      dateCreated: '2025-04-01',
      toolsUsed: 'Piano',
      fileLink: 'https://example.com/a.mp3',
      contributions: evenSplit(100),
    })
    await page.setViewportSize({ width: 360, height: 800 })
    for (const path of ['/', '/songs']) {
      await page.goto(path)
      await expectSoon(page, () => page.locator('[role="region"] table tbody tr').count(), 1)
      const cells = await page
        .locator('[role="region"] table tbody tr td[data-label]')
        .evaluateAll((tds) =>
          tds.map((td) => {
            const value = document.createRange()
            value.selectNodeContents(td)
            const first = value.getClientRects()[0]
            return {
              name: td.getAttribute('data-label'),
              text: td.textContent,
              // How far right of the card's edge the value starts: beside the name, or under it.
              offset: Math.round((first?.left ?? 0) - td.getBoundingClientRect().left),
            }
          }),
        )
      expect(cells.find((cell) => cell.name === 'Certified Date')?.text).toContain(
        '(America/Argentina/Buenos Aires)',
      )
      for (const cell of cells) expect(cell.offset, `${path}: ${cell.name}`).toBeGreaterThan(100)
    }
    await page.done()
  })

  test('after saving a song’s details the toast’s ✕ is a label every reader can use', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await newSignedInUser(page, 'Nu')
    const song = await postSong(page, {
      title: 'Checked',
      contributorName: 'Nu Writer',
      dateCreated: '2025-04-01',
      toolsUsed: 'Piano',
      fileLink: 'https://example.com/a.mp3',
      contributions: evenSplit(100),
    })
    await page.goto(`/songs/${song.id}/details`)
    await page.getByRole('button', { name: 'Save Details' }).click()
    await expectSoon(page, () => page.getByTestId('toast').count(), 1)
    expect(await hiddenFieldLabels(page)).toEqual([])
    // The box still says what it does, and the ✕ alone is not read out.
    const dismiss = page.getByRole('checkbox', { name: 'Dismiss notification' })
    expect(await dismiss.count()).toBe(1)
    await page.locator('label', { hasText: '✕' }).click()
    await expectSoon(page, () => page.getByTestId('toast').isVisible(), false)
    await page.done()
  })
})
