import { describe, expect, test } from 'vitest'
import { MODES, useBrowser } from './browser'
import { signUpAndIn } from './flows'

// Issue 16: the public pages a visitor without cookies gets are answered from the last render
// (app/services/platform/anonymous-pages.server.ts). Each answer must still be a page of its own: its
// own nonce in the header and in every inline script, its own page-load id.

const browser = useBrowser()
const PATHS = ['/', '/faq', '/privacy-policy', '/terms-of-service']

async function visit(path: string) {
  const response = await fetch(`${browser.baseUrl()}${path}`)
  expect(response.status).toBe(200)
  const csp = response.headers.get('content-security-policy') ?? ''
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1] ?? ''
  const html = await response.text()
  const loadId = /"analyticsSessionId":"([^"]+)"/.exec(html)?.[1] ?? ''
  return { nonce, loadId, html, kept: response.headers.get('x-cache') === 'hit' }
}

describe('public pages for visitors without cookies', () => {
  test.each(PATHS)(
    '%s: every answer has its own nonce, carried by each inline script, and its own page-load id',
    async (path) => {
      const answers = [await visit(path), await visit(path), await visit(path)]
      // The first may be a render; the next ones are sent from the kept copy.
      expect(answers.slice(1).map((answer) => answer.kept)).toEqual([true, true])
      for (const { nonce, html } of answers) {
        expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
        const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1] ?? '')
        expect(scripts.length).toBeGreaterThan(0)
        for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`)
      }
      expect(new Set(answers.map((answer) => answer.nonce)).size).toBe(3)
      expect(new Set(answers.map((answer) => answer.loadId)).size).toBe(3)
      // Apart from those two values, every such visitor is sent the same page.
      const [first, ...rest] = answers.map(({ nonce, loadId, html }) =>
        html.replaceAll(nonce, 'NONCE').replaceAll(loadId, 'LOAD'),
      )
      for (const html of rest) expect(html).toBe(first)
    },
  )

  test.each(MODES)('a page sent from memory works in the browser with $name', async (mode) => {
    await visit('/faq')
    await visit('/faq')
    const page = await browser.newPage(mode)
    // With JavaScript, goto waits until React has hydrated: the scripts ran under the new nonce.
    const response = await page.goto('/faq')
    expect(response?.headers()['x-cache']).toBe('hit')
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe(
      'Frequently Asked Questions',
    )
    if (mode.javaScriptEnabled) {
      await page.getByRole('link', { name: 'Privacy Policy' }).first().click()
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
        .toBe('Privacy Policy')
    }
    // A nonce that did not match would show as a CSP error in the console, failing here.
    await page.done()
  })

  test('a signed-in visitor is sent their own page, never the visitors’ copy', async () => {
    await visit('/faq')
    await visit('/faq')
    const page = await browser.newPage({ javaScriptEnabled: false })
    await signUpAndIn(page, 'Kept')
    const response = await page.goto('/faq')
    expect(response?.headers()['x-cache']).toBeUndefined()
    const header = page.locator('header').first()
    expect(await header.getByRole('link', { name: 'Sign Out' }).count()).toBe(1)
    expect(await header.getByRole('link', { name: 'Sign In' }).count()).toBe(0)
    await page.done()
  })
})
