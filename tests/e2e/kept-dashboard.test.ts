import { describe, expect, test } from 'vitest'
import { evenSplit } from '../setup/sample-song'
import { type TestPage, useBrowser } from './browser'
import { postSong, signUpAndIn } from './flows'

// Issue 41 (decision 089): the signed-in dashboard is drawn once per distinct page and kept.
// Each answer must still be a page of its own (its own nonce in the header and in every inline
// script, its own page-load id), and any change to what it shows must show at once.

const browser = useBrowser()

const song = (title: string) => ({
  title,
  contributorName: 'Noa Writer',
  dateCreated: '2025-04-01',
  toolsUsed: 'Piano',
  fileLink: 'https://example.com/song.mp3',
  contributions: evenSplit(100),
})

async function dashboard(page: TestPage) {
  const response = await page.request.get('/')
  expect(response.status()).toBe(200)
  const csp = response.headers()['content-security-policy'] ?? ''
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1] ?? ''
  const html = await response.text()
  const loadId = /"analyticsSessionId":"([^"]+)"/.exec(html)?.[1] ?? ''
  expect(html).toContain('Dashboard |')
  return { nonce, loadId, html }
}

describe('the signed-in dashboard, kept', () => {
  test('every answer has its own nonce and page-load id; a new song shows at once', async () => {
    const page = await browser.newPage({ javaScriptEnabled: false })
    await signUpAndIn(page, 'Noa')
    await postSong(page, song('夜のドライブ 🌙'))
    const answers = [await dashboard(page), await dashboard(page), await dashboard(page)]
    for (const { nonce, html } of answers) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1] ?? '')
      expect(scripts.length).toBeGreaterThan(0)
      for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`)
    }
    expect(new Set(answers.map((answer) => answer.nonce)).size).toBe(3)
    expect(new Set(answers.map((answer) => answer.loadId)).size).toBe(3)
    const [first, ...rest] = answers.map(({ nonce, loadId, html }) =>
      html.replaceAll(nonce, 'NONCE').replaceAll(loadId, 'LOAD'),
    )
    for (const html of rest) expect(html).toBe(first)
    expect(first).toContain('夜のドライブ 🌙')

    await postSong(page, song('נסיעת לילה · رحلة ليلية · Ночь'))
    const after = await dashboard(page)
    expect(after.html).toContain('נסיעת לילה · رحلة ليلية · Ночь')
    expect(after.html).toContain('夜のドライブ 🌙')
    await page.done()
  })

  test('a kept dashboard hydrates under its new nonce, and another account gets its own', async () => {
    const page = await browser.newPage({ javaScriptEnabled: true })
    await signUpAndIn(page, 'Ravi')
    await postSong(page, song('रात की सवारी'))
    await dashboard(page)
    await dashboard(page)
    // goto waits until React has hydrated: the scripts ran under the new nonce; a nonce that did
    // not match would show as a CSP error in the console, failing at done().
    await page.goto('/')
    expect(await page.getByText('रात की सवारी').count()).toBeGreaterThan(0)
    await page.done()

    const other = await browser.newPage({ javaScriptEnabled: false })
    await signUpAndIn(other, 'Somchai')
    await postSong(other, song('ขับรถกลางคืน'))
    const theirs = await dashboard(other)
    expect(theirs.html).toContain('ขับรถกลางคืน')
    expect(theirs.html).not.toContain('रात की सवारी')
    await other.done()
  })
})
