import { describe, expect, test } from 'vitest'
import { formatDayInZone } from '~/lib/dates'
import { MODES, type TestPage, useBrowser } from './browser'
import { expectSoon, signUpAndIn } from './flows'
import { sharedServer } from './server'

const browser = useBrowser()
const server = sharedServer()

async function createSong(page: TestPage, title: string, dateCreated: string) {
  const response = await page.request.post('/api/songs', {
    data: {
      title,
      contributorName: 'Dana Writer',
      dateCreated,
      toolsUsed: 'Guitar, Ableton',
      fileLink: `https://example.com/${encodeURIComponent(title)}.mp3`,
      contributions: [],
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as { id: number; title: string; certificateId: string }
}

/** Each body row of the songs table as its cells' text, title cell first. */
async function rows(page: TestPage) {
  return page
    .locator('[role="region"] table tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.children, (cell) => cell.textContent?.trim() ?? '')),
    )
}

describe.each(MODES)('dashboard with $name', ({ javaScriptEnabled }) => {
  test('lists the new songs newest first with their dates and links, and all of them on /songs', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await signUpAndIn(page, 'Dana')
    await expect.poll(() => page.getByText('No songs submitted yet').count()).toBe(1)

    const older = await createSong(page, 'Older Tune', '2025-02-14')
    const newer = await createSong(page, 'Newer Tune', '2025-03-01')
    // Certified dates are days in the reader's zone, named: the one sign-up chose (decision 085),
    // the browser's with JavaScript, the language's region's without; the page names it.
    await page.goto('/')
    const zone = /^Dates in (\S+) /.exec(
      (await page.getByTestId('time-zone-note').first().textContent()) ?? '',
    )?.[1]
    const today = formatDayInZone(new Date(), zone)
    // Dana's first sign-in (decision 115).
    expect(await page.getByRole('heading', { name: 'Welcome, Dana' }).count()).toBe(1)
    expect(await page.getByTestId('stat-ProofTrack Certified').textContent()).toBe('2')
    expect(await page.getByTestId('stat-Blockchain Registered').textContent()).toBe('0')
    expect(await page.locator('[role="region"] table thead th').allTextContents()).toEqual([
      'Song Title',
      'Created Date',
      'Certified Date',
      'Blockchain Date',
      'Certificate',
      'Actions',
      'Blockchain Status',
    ])
    expect(await rows(page)).toEqual([
      [
        expect.stringMatching(/^Newer TuneListen/),
        'March 1, 2025',
        today,
        'Not registered',
        'View Certificate',
        'EditAdd detailsDelete',
        'Register',
      ],
      [
        expect.stringMatching(/^Older TuneListen/),
        'February 14, 2025',
        today,
        'Not registered',
        'View Certificate',
        'EditAdd detailsDelete',
        'Register',
      ],
    ])
    const certificates = await page
      .getByRole('link', { name: 'View Certificate' })
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    expect(certificates).toEqual([`/certificate/${newer.id}`, `/certificate/${older.id}`])
    const edits = await page
      .getByRole('link', { name: 'Edit', exact: true })
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    expect(edits).toEqual([`/edit/${newer.id}`, `/edit/${older.id}`])
    // Each row's "Add details" and "Delete" name their song to a screen reader, as one sentence
    // a language can order its own way (aria-label, issue 54), the visible word first in it.
    for (const title of ['Newer Tune', 'Older Tune']) {
      expect(
        await page.getByRole('link', { name: `Add details to ${title}`, exact: true }).count(),
      ).toBe(1)
      expect(await page.getByRole('link', { name: `Delete ${title}`, exact: true }).count()).toBe(1)
    }
    const listen = page.getByRole('link', { name: /Listen/ }).first()
    expect(await listen.getAttribute('href')).toBe('https://example.com/Newer%20Tune.mp3')
    expect(await listen.getAttribute('target')).toBe('_blank')

    // On a phone each song is a card (issue 25.6): neither the page nor the list scrolls sideways
    // (at 360 px, issue 39.8; every page is measured at 320 px without JavaScript in core-flow).
    await page.setViewportSize({ width: 360, height: 800 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    const scroller = page.getByRole('region', { name: 'Recent Submissions' })
    expect(await scroller.evaluate((box) => box.scrollWidth <= box.clientWidth)).toBe(true)
    await page.setViewportSize({ width: 1280, height: 800 })

    await page.getByRole('link', { name: 'View All Submissions' }).click()
    await page.waitForURL((url) => url.pathname === '/songs')
    await expectSoon(
      page,
      () => page.getByRole('heading', { level: 1, name: 'All Submissions' }).count(),
      1,
    )
    expect(await page.title()).toBe('All Submissions')
    expect((await rows(page)).map((cells) => cells[0]?.replace(/Listen.*$/, ''))).toEqual([
      'Newer Tune',
      'Older Tune',
    ])
    expect(await page.getByText('Showing 1–2').count()).toBe(1)
    expect(await page.getByRole('link', { name: 'Next' }).count()).toBe(0)
    await page.done()
  })
})

test('a visitor asking for /songs is sent to sign in', async () => {
  const page = await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl })
  await page.goto('/songs')
  const url = new URL(page.url())
  expect(url.pathname).toBe('/login')
  expect(url.searchParams.get('redirectTo')).toBe('/songs')
  await page.done()
})

describe('the register dialog with JavaScript on', () => {
  test('keeps the keyboard inside while open, and gives focus back to its Register button on Escape', async () => {
    const page = await browser.newPage({ javaScriptEnabled: true, baseUrl: server.baseUrl })
    await signUpAndIn(page, 'Dana')
    await createSong(page, 'Kept Focus', '2025-04-01')
    await page.goto('/')
    const opener = page.getByRole('link', { name: 'Register Kept Focus on the blockchain' })
    await opener.click()
    const dialog = page.getByRole('dialog', { name: 'Register on Blockchain' })
    await expect.poll(() => dialog.count()).toBe(1)
    // Wait for the card, so the dialog holds its real controls before the keyboard goes round.
    await expect.poll(() => dialog.getByText('Loading...').count()).toBe(0)
    const focusInDialog = () =>
      page.evaluate(() => {
        const active = document.activeElement
        return Boolean(active?.closest('[role="dialog"]')) && active !== document.body
      })
    const controls = await dialog
      .locator('a[href], button:not([disabled]), input:not([type="hidden"]), select, textarea')
      .count()
    expect(controls).toBeGreaterThan(1)
    for (let press = 0; press < controls * 2 + 1; press++) {
      await page.keyboard.press('Tab')
      expect(await focusInDialog(), `after Tab ${press + 1}`).toBe(true)
    }
    for (let press = 0; press < controls + 1; press++) {
      await page.keyboard.press('Shift+Tab')
      expect(await focusInDialog(), `after Shift+Tab ${press + 1}`).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Register Kept Focus on the blockchain')
    await page.done()
  })
})
