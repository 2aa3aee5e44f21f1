import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MODES, type TestPage, useBrowser } from './browser'
import { signUpAndIn } from './flows'
import { type RunningServer, startServerWithAdmin } from './server'

const browser = useBrowser()
let server: RunningServer
beforeAll(async () => {
  server = await startServerWithAdmin()
})
afterAll(async () => {
  await server?.stop()
})

const percent = (page: TestPage, component: string, column: string) => page.getByLabel(`${component}: ${column} %`)

describe.each(MODES)('songs with $name', ({ javaScriptEnabled }) => {
  test('submit in two steps (with Edit Details and back), edit under the 100 % rule, and keep it private', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await signUpAndIn(page, 'Mara')
    await page.goto('/submit')
    expect(await page.getByRole('heading', { name: 'Submit New Song' }).count()).toBe(1)
    for (const section of ['Basic Information', 'Song Identifiers (Optional)', 'Performance Rights Organizations (Optional)', 'Content & Creative Notes (Optional)', 'Creative Contributions']) {
      expect(await page.getByRole('heading', { name: section, exact: true }).count()).toBe(1)
    }
    expect(await page.getByLabel('Lyrics', { exact: true }).getAttribute('rows')).toBe('8')
    expect(await page.getByLabel('Creative Notes', { exact: true }).getAttribute('rows')).toBe('4')
    expect(await page.getByLabel('Date Created *').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(await page.locator('#song-genre option').count()).toBe(27)

    if (javaScriptEnabled) {
      // Genre hides components, co-contributor columns appear with a name, totals update live.
      expect(await page.getByLabel('Lyrics: Co-contributor %').isVisible()).toBe(false)
      await page.getByLabel('Co-Contributor Name', { exact: true }).fill('Theo')
      await expect.poll(() => page.getByLabel('Lyrics: Theo %').isVisible()).toBe(true)
      await page.locator('#song-genre').selectOption('Instrumental')
      await expect.poll(() => page.getByLabel('Lyrics: Mara Writer %').count()).toBe(0)
      expect(await page.getByTestId('total-lyrics').isVisible()).toBe(false)
      await page.locator('#song-genre').selectOption('Pop')
      await page.getByLabel('Co-Contributor Name', { exact: true }).fill('')
    } else {
      // Every field shows without JavaScript.
      expect(await page.getByLabel('Co-Contributor PRO', { exact: true }).isVisible()).toBe(true)
      expect(await page.getByLabel('Lyrics: Co-contributor %').isVisible()).toBe(true)
    }

    await page.getByLabel('Song Title *').fill('Paper Moons')
    await page.getByLabel('Main Contributor Name *').fill('Mara Writer')
    await page.getByLabel('Tools Used *').fill('Guitar, Logic Pro, Suno')
    await page.getByLabel('Song Link *').fill('https://example.com/paper-moons.mp3')
    await page.getByLabel('ISRC', { exact: true }).fill('bad-isrc')
    await page.getByLabel('Lyrics', { exact: true }).fill('Paper moons over a cardboard sea')
    await percent(page, 'Lyrics', 'Main contributor').fill('70').catch(() => percent(page, 'Lyrics', 'Mara Writer').fill('70'))
    await percent(page, 'Lyrics', 'AI').fill('20')
    if (javaScriptEnabled) await expect.poll(() => page.getByTestId('total-lyrics').textContent()).toBe('90%')
    await page.getByRole('button', { name: 'Review & Continue' }).click()
    await expect.poll(() => page.getByText('ISRC must be in format: CCXXXNNNNNNN').count()).toBe(1)
    expect(await page.getByLabel('Song Title *').inputValue()).toBe('Paper Moons')

    await page.getByLabel('ISRC', { exact: true }).fill('us-pm1-25-00042')
    await page.getByRole('button', { name: 'Review & Continue' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Review Your Submission' }).count()).toBe(1)
    expect(await page.getByText('USPM12500042').count()).toBe(1)
    expect(await page.getByText(/Lyrics.*do(es)? not total 100%/).count()).toBe(1)

    await page.getByRole('button', { name: 'Edit Details' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Submit New Song' }).count()).toBe(1)
    expect(await page.getByLabel('Song Title *').inputValue()).toBe('Paper Moons')
    await percent(page, 'Lyrics', 'AI').fill('30')
    await page.getByRole('button', { name: 'Review & Continue' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Review Your Submission' }).count()).toBe(1)
    await page.getByRole('button', { name: 'Create Certificate' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Congratulations!' }).count()).toBe(1)
    expect(await page.getByText('Paper Moons').count()).toBeGreaterThan(0)
    if (javaScriptEnabled) expect(await page.getByRole('dialog').count()).toBe(1)
    const certificateHref = await page.getByRole('link', { name: 'See Certificate' }).getAttribute('href')
    expect(await page.getByRole('link', { name: 'See Certificate' }).getAttribute('target')).toBe('_blank')
    const songId = Number(certificateHref?.split('/').pop())

    await page.getByRole('link', { name: 'Go to Dashboard' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await expect.poll(() => page.getByText('Paper Moons').count()).toBeGreaterThan(0)

    // Edit: the totals must be 100 for every component before the server accepts it.
    await page.goto(`/edit/${songId}`)
    expect(await page.getByRole('heading', { name: 'Edit Song' }).count()).toBe(1)
    await page.getByLabel('Song Title *').fill('Paper Moons (Acoustic)')
    await percent(page, 'Lyrics', 'AI').fill('20')
    const update = page.getByRole('button', { name: 'Update Song' })
    if (javaScriptEnabled) {
      await expect.poll(() => update.isDisabled()).toBe(true)
      expect(await page.getByText('All contribution percentages must total 100% for each component.').count()).toBe(1)
    } else {
      await update.click()
      await expect.poll(() => page.getByText('All contribution percentages must total 100% for each component.').count()).toBeGreaterThan(0)
    }
    await percent(page, 'Lyrics', 'AI').fill('30')
    await expect.poll(() => update.isDisabled()).toBe(false)
    await update.click()
    await page.waitForURL((url) => url.pathname === '/')
    expect(await page.getByTestId('toast').textContent()).toContain('Song updated successfully! Certificate will reflect the changes.')
    await expect.poll(() => page.getByText('Paper Moons (Acoustic)').count()).toBeGreaterThan(0)

    // Another user sees none of it.
    const other = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await signUpAndIn(other, 'Otto')
    expect((await other.goto(`/edit/${songId}`))?.status()).toBe(404)
    expect(await other.getByRole('heading', { name: 'Song Not Found' }).count()).toBe(1)
    expect((await other.goto(`/certificate/${songId}`))?.status()).toBe(404)
    expect((await other.request.get(`/api/songs/${songId}`)).status()).toBe(404)
    expect((await other.request.get(`/certificate/${songId}.pdf`)).status()).toBe(404)
    await other.done()
    await page.done()
  })
})
