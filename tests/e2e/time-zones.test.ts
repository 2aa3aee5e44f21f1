import { describe, expect, test } from 'vitest'
import { formatDayInZone, todayIso } from '~/lib/dates'
import { type TestPage, useBrowser } from './browser'
import { expectSoon, signUpAndIn } from './flows'

// Issue 18 point 1: the writer's own day, with the browser in UTC−10 and in UTC+13/+14.
const browser = useBrowser()

async function createSongThroughForm(page: TestPage, title: string) {
  await page.goto('/submit')
  await page.getByLabel('Song Title *').fill(title)
  await page.getByLabel('Main Contributor Name *').fill('Mara Writer')
  await page.getByLabel('Tools Used *').fill('Guitar')
  await page.getByLabel('Song Link *').fill('https://example.com/song.mp3')
  await page.getByRole('button', { name: 'Review & Continue' }).click()
  await page.getByRole('button', { name: 'Create Certificate' }).click()
  await expectSoon(
    page,
    (timeout) => page.getByText('Congratulations!').isVisible({ timeout }),
    true,
  )
}

const dateCreated = (page: TestPage) => page.getByLabel('Date Created *')

describe('with JavaScript: the browser’s zone, at a fixed clock', () => {
  for (const { zone, clock, day } of [
    // 05:00 UTC on the 24th is still the evening of the 23rd in Honolulu.
    { zone: 'Pacific/Honolulu', clock: '2026-11-24T05:00:00Z', day: '2026-11-23' },
    // 20:30 UTC on the 23rd is already the morning of the 24th in Tonga and Kiritimati.
    { zone: 'Pacific/Tongatapu', clock: '2026-11-23T20:30:00Z', day: '2026-11-24' },
    { zone: 'Pacific/Kiritimati', clock: '2026-11-23T20:30:00Z', day: '2026-11-24' },
  ]) {
    test(`${zone}: Date Created defaults to, and is capped at, the local day`, async () => {
      const page = await browser.newPage({ javaScriptEnabled: true, timezoneId: zone })
      await signUpAndIn(page, 'Tess')
      await page.clock.setFixedTime(new Date(clock))
      await page.goto('/submit')
      await expectSoon(page, () => dateCreated(page).inputValue(), day)
      expect(await dateCreated(page).getAttribute('max')).toBe(day)
      // Sign-up took the browser's zone as the account's (decision 085).
      expect(await page.getByTestId('time-zone-note').first().textContent()).toBe(
        `Dates in ${zone} (your setting) — change`,
      )
      await page.done()
    })
  }

  test('Pacific/Tongatapu: certified and issued dates name the zone', async () => {
    const zone = 'Pacific/Tongatapu'
    const page = await browser.newPage({ javaScriptEnabled: true, timezoneId: zone })
    await signUpAndIn(page, 'Tia')
    await createSongThroughForm(page, 'Morning Tide')
    const expected = formatDayInZone(new Date(), zone)
    await page.goto('/')
    await expectSoon(
      page,
      (timeout) => page.getByRole('row', { name: /Morning Tide/ }).innerText({ timeout }),
      expect.stringContaining(expected) as unknown as string,
    )
    await page
      .getByRole('row', { name: /Morning Tide/ })
      .getByRole('link', { name: 'View Certificate' })
      .click()
    await expectSoon(
      page,
      (timeout) => page.getByText(`Issued ${expected}`).isVisible({ timeout }),
      true,
    )
    await page.done()
  })
})

describe('without JavaScript: the zone sign-up chose, said so, until the user changes it', () => {
  test('Pacific/Honolulu browser: the zone guessed at sign-up; after choosing Honolulu on /settings, its day', async () => {
    const zone = 'Pacific/Honolulu'
    const page = await browser.newPage({ javaScriptEnabled: false, timezoneId: zone })
    // The sign-up form left as it came: the zone its language's region suggests (decision 085).
    await signUpAndIn(page, 'Hana')
    await page.goto('/submit')
    const note = (await page.getByTestId('time-zone-note').textContent()) ?? ''
    const guessed = /^Dates in (\S+) \(your setting\) — change$/.exec(note)?.[1]
    expect(guessed, note).toBeTruthy()
    expect(await dateCreated(page).inputValue()).toBe(todayIso(new Date(), guessed))

    await page.getByTestId('time-zone-note').getByRole('link', { name: 'change' }).click()
    await page.waitForURL('**/settings')
    await page.getByLabel('Show dates in').selectOption(zone)
    await page.getByRole('button', { name: 'Save Time Zone' }).click()
    // The post answers with a redirect to /settings itself: the toast says it has landed.
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Time zone saved')

    await page.goto('/submit')
    const today = todayIso(new Date(), zone)
    expect(await dateCreated(page).inputValue()).toBe(today)
    expect(await dateCreated(page).getAttribute('max')).toBe(today)
    expect(await page.getByTestId('time-zone-note').textContent()).toBe(
      `Dates in ${zone} (your setting) — change`,
    )
    await page.done()
  })

  test('Pacific/Kiritimati chosen once: the dashboard and the certificate print its day', async () => {
    const zone = 'Pacific/Kiritimati'
    const page = await browser.newPage({ javaScriptEnabled: false, timezoneId: zone })
    await signUpAndIn(page, 'Kiri')
    await page.goto('/settings')
    await page.getByLabel('Show dates in').selectOption(zone)
    await page.getByRole('button', { name: 'Save Time Zone' }).click()
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Time zone saved')
    await createSongThroughForm(page, 'Line Islands')
    const expected = formatDayInZone(new Date(), zone)
    await page.goto('/')
    const row = page.getByRole('row', { name: /Line Islands/ })
    expect(await row.innerText()).toContain(expected)
    await row.getByRole('link', { name: 'View Certificate' }).click()
    // Without JavaScript the click starts a full page load: wait for the certificate to arrive.
    await page.waitForURL('**/certificate/**')
    await expect.poll(() => page.getByText(`Issued ${expected}`).count()).toBe(1)
    await page.done()
  })
})
