import { describe, expect, test } from 'vitest'
import { MODES, useBrowser } from './browser'
import { newSignedInUser } from './flows'

// Issue 53: the app's links are plain <a> elements drawn without the router (AppLink); once the
// app runs, a click goes through Remix's router as its <Link> did, so the page changes without a
// new document. Without JavaScript they are links like any other. The header marks the place
// the writer is at, as NavLink did.

const browser = useBrowser()

describe.each(MODES)('the app’s links, $name', (mode) => {
  test('the header, the account menu and the footer lead to their pages, and the header marks where the writer is', async () => {
    const page = await browser.newPage(mode)
    await newSignedInUser(page, 'Linh')
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect
      .poll(() => nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current'))
      .toBe('page')
    // A mark only a document load would wipe: with JavaScript, none of the clicks below loads one.
    if (mode.javaScriptEnabled)
      await page.evaluate(() => ((window as unknown as { samePage?: boolean }).samePage = true))
    const samePage = () =>
      mode.javaScriptEnabled
        ? page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true)
        : null

    await nav.getByRole('link', { name: 'New Submission' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/submit')
    await expect
      .poll(() => nav.getByRole('link', { name: 'New Submission' }).getAttribute('aria-current'))
      .toBe('page')
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe(
      null,
    )
    expect(await samePage()).toBe(mode.javaScriptEnabled ? true : null)

    await page.getByTestId('account-menu').locator('summary').click()
    await page.getByTestId('account-menu').getByRole('link', { name: 'My songs' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/songs')
    await page.getByRole('heading', { level: 1 }).waitFor()
    expect(await samePage()).toBe(mode.javaScriptEnabled ? true : null)

    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/contact')
    expect(await samePage()).toBe(mode.javaScriptEnabled ? true : null)

    // Back goes where the writer was, as after any link.
    await page.goBack()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/songs')
    await page.done()
  })
})

test('a link clicked with Ctrl is the browser’s: the page stays, the link opens in a new tab', async () => {
  const page = await browser.newPage({ javaScriptEnabled: true })
  await newSignedInUser(page, 'Tomas')
  await page.goto('/')
  const opened = page.context().waitForEvent('page')
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Help / FAQ' })
    .click({ modifiers: ['Control'] })
  const tab = await opened
  await tab.waitForURL(/\/faq$/)
  expect(new URL(tab.url()).pathname).toBe('/faq')
  expect(new URL(page.url()).pathname).toBe('/')
  await tab.close()
  await page.done()
})
