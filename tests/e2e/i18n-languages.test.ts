import { describe, expect, test } from 'vitest'
import { MODES, useBrowser } from './browser'
import { signUpAndIn } from './flows'
import { expectNothingWider } from './i18n-english'

// Issue 54 in the browser: the footer's language form with JavaScript on and off (a real post,
// answered by a redirect back to the same page), <html lang> following the choice, and the
// landing page in German (the longest) and Japanese at 320 px with nothing wider than the window.

const browser = useBrowser()

describe.each(MODES)('the footer’s language form, $name', (mode) => {
  test('chooses German on the FAQ page and stays there, in German, on every page after', async () => {
    const page = await browser.newPage({ ...mode, locale: 'en-US' })
    await page.goto('/faq')
    expect(await page.locator('html').getAttribute('lang')).toBe('en')
    await page.getByLabel('Language').selectOption('de')
    await page.getByRole('button', { name: 'Change language' }).click()
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de')
    expect(new URL(page.url()).pathname).toBe('/faq')
    await expect
      .poll(() => page.getByRole('contentinfo').getByRole('link', { name: 'Kontakt' }).count())
      .toBe(1)
    expect(await page.getByLabel('Sprache').inputValue()).toBe('de')
    // The FAQ itself speaks German now (issue 54's help area): no English inside it.
    expect(await page.locator('main').getAttribute('lang')).toBeNull()
    expect(await page.locator('h1').textContent()).toBe('Häufige Fragen')
    // The choice is kept: the next page, opened afresh, is German too.
    await page.goto('/')
    expect(await page.locator('html').getAttribute('lang')).toBe('de')
    expect(await page.locator('main').getAttribute('lang')).toBeNull()
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Halte die Angaben zu deinem Song fest. Für immer.',
    )
    expect(await page.title()).toBe('ProofTrack — Halte die Angaben zu deinem Song für immer fest.')
    await page.done()
  })
})

describe.each(['de', 'ja'])('the landing page in %s at 320 px', (locale) => {
  test.each(MODES)('$name: nothing wider than the window', async (mode) => {
    const page = await browser.newPage({ ...mode, locale })
    await page.setViewportSize({ width: 320, height: 640 })
    await page.goto('/')
    expect(await page.locator('html').getAttribute('lang')).toBe(locale)
    await expectNothingWider(page)
    await page.done()
  })
})

test('a kept landing page is kept per language: a German copy never answers a Japanese or English visitor', async () => {
  const visit = async (acceptLanguage?: string) => {
    const response = await fetch(`${browser.baseUrl()}/`, {
      headers: acceptLanguage ? { 'Accept-Language': acceptLanguage } : {},
    })
    const html = await response.text()
    return {
      lang: /<html lang="([^"]+)"/.exec(html)?.[1],
      kept: response.headers.get('x-cache') === 'hit',
      vary: response.headers.get('vary') ?? '',
    }
  }
  await visit('de-DE,de;q=0.9')
  const german = await visit('de-DE,de;q=0.9')
  expect(german).toMatchObject({ lang: 'de', kept: true })
  expect(german.vary).toContain('Accept-Language')
  expect((await visit('ja-JP')).lang).toBe('ja')
  expect((await visit()).lang).toBe('en')
  expect((await visit('de-AT')).lang).toBe('de')
})

test('Settings keeps the choice on the account: signed in elsewhere, without the cookie, the pages are Japanese', async () => {
  const page = await browser.newPage({ javaScriptEnabled: false, locale: 'en-US' })
  await signUpAndIn(page, 'Haruki')
  await page.goto('/settings')
  const section = page.locator('section', { has: page.locator('#language-heading') })
  await section.getByLabel('Language').selectOption('ja')
  await section.getByRole('button', { name: 'Change language' }).click()
  expect(new URL(page.url()).pathname).toBe('/settings')
  expect(await page.locator('html').getAttribute('lang')).toBe('ja')
  // The cookie gone, the account still says Japanese.
  await page.context().clearCookies({ name: 'lang' })
  await page.goto('/settings')
  expect(await page.locator('html').getAttribute('lang')).toBe('ja')
  expect(await page.getByRole('heading', { name: '言語' }).count()).toBe(1)
  await page.done()
})
