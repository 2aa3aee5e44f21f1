import { describe, expect, test } from 'vitest'
import { MODES, useBrowser } from './browser'

const browser = useBrowser()

const PAGES = [
  {
    path: '/',
    heading: 'Lock in Your Song Details - Forever.',
    title: /Lock in Your Song Details/,
  },
  { path: '/faq', heading: 'Frequently Asked Questions', title: /FAQ/ },
  { path: '/contact', heading: 'Contact Us', title: /Contact Us/ },
  { path: '/privacy-policy', heading: 'Privacy Policy', title: /Privacy Policy/ },
  { path: '/terms-of-service', heading: 'Terms of Service', title: /Terms of Service/ },
]

describe.each(MODES)('public pages with $name', ({ javaScriptEnabled }) => {
  test.each(PAGES)(
    '$path shows its heading, the signed-out header and the footer',
    async ({ path, heading, title }) => {
      const page = await browser.newPage({ javaScriptEnabled })
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).first().textContent())
        .toBe(heading)
      expect(await page.title()).toMatch(title)
      const header = page.locator('header').first()
      expect(await header.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe(
        '/login',
      )
      expect(await header.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe(
        '/register',
      )
      const footerLinks = await page
        .locator('footer a')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
      expect(footerLinks).toEqual(
        expect.arrayContaining([
          '/faq',
          '/contact',
          '/register',
          '/login',
          '/privacy-policy',
          '/terms-of-service',
        ]),
      )
      await page.done()
    },
  )

  test('the landing page has the capability cards, video section, feature cards and closing call to action', async () => {
    const page = await browser.newPage({ javaScriptEnabled })
    await page.goto('/')
    for (const text of [
      'Your Song - Your Details - Locked Forever',
      'Lock In Every Detail',
      'List Every Contributor - Even AI',
      "Proof That Can't Be Erased",
      'Creator-first Workflow',
    ]) {
      await expect.poll(() => page.getByText(text, { exact: true }).count()).toBeGreaterThan(0)
    }
    for (const word of ['PT Snapshot', 'Solana', 'Arweave']) {
      expect(await page.getByText(word).count()).toBeGreaterThan(0)
    }
    expect(await page.locator('main a[href="/register"]').count()).toBeGreaterThanOrEqual(2)
    await page.done()
  })

  test('the FAQ has 8 questions and opens one at a time', async () => {
    const page = await browser.newPage({ javaScriptEnabled })
    await page.goto('/faq')
    const items = page.locator('details')
    expect(await items.count()).toBe(8)
    const openCount = () => page.locator('details[open]').count()
    expect(await openCount()).toBe(1)
    await items.nth(3).locator('summary').click()
    await expect.poll(openCount).toBe(1)
    expect(await items.nth(3).getAttribute('open')).not.toBeNull()
    expect(await items.nth(0).getAttribute('open')).toBeNull()
    expect(await page.getByRole('link', { name: 'Contact Us' }).last().getAttribute('href')).toBe(
      '/contact',
    )
    await page.done()
  })

  test('policies are dated June 5, 2025 and lead back home', async () => {
    const page = await browser.newPage({ javaScriptEnabled })
    for (const path of ['/privacy-policy', '/terms-of-service']) {
      await page.goto(path)
      expect(await page.getByText('June 5, 2025').count()).toBeGreaterThan(0)
      expect(
        await page.getByRole('link', { name: 'Back to Home' }).first().getAttribute('href'),
      ).toBe('/')
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy()
    }
    await page.done()
  })

  test('an unknown path answers 404 with the 404 page', async () => {
    const page = await browser.newPage({ javaScriptEnabled })
    const response = await page.goto('/no/such/page')
    expect(response?.status()).toBe(404)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('404 Page Not Found')
    expect(await page.title()).toBe('404 Page Not Found')
    await page.done()
  })
})

describe('responses', () => {
  test('documents carry the security headers and a nonce-based CSP', async () => {
    const response = await fetch(`${browser.baseUrl()}/faq`)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(response.headers.get('x-powered-by')).toBeNull()
    const html = await response.text()
    const nonce = /nonce-([A-Za-z0-9+/=]+)/.exec(csp)?.[1]
    // Every inline script carries this response's nonce, so the CSP lets exactly those run.
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1] ?? '')
    expect(scripts.length).toBeGreaterThan(0)
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`)
  })

  test('API answers carry security headers too; /healthz and /readyz answer', async () => {
    const ready = await fetch(`${browser.baseUrl()}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toEqual({ status: 'ok' })
    const response = await fetch(`${browser.baseUrl()}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
  })
})
