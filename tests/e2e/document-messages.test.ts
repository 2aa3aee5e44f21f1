import { describe, expect, test } from 'vitest'
import { MODES, type TestPage, useBrowser } from './browser'
import { newSignedInUser } from './flows'

// Issue 53: a page's messages travel once. The loaders' data names the areas; the document
// carries their messages beside the handoff (#pt-messages), not inside it, where they were
// written out, read back and written again for every page. A client-side navigation's answer
// brings the next page's own (handleDataRequest), so the page after a link is in the writer's
// language too, with and without JavaScript.

const browser = useBrowser()

interface Handoff {
  state: { loaderData: Record<string, { i18n?: { messages?: unknown } } | null> }
}

async function documentOf(page: TestPage, path: string) {
  const html = await (await page.request.get(path)).text()
  const handoff = /window\.__remixContext = (.*?);<\/script>/s.exec(html)?.[1]
  const messages = /<script id="pt-messages" type="application\/json"[^>]*>(.*?)<\/script>/s.exec(
    html,
  )?.[1]
  return {
    html,
    handoff: JSON.parse(handoff ?? 'null') as Handoff | null,
    messages: JSON.parse(messages ?? 'null') as Record<string, Record<string, unknown>> | null,
  }
}

describe.each(MODES)('a German writer’s pages, $name', (mode) => {
  test('the dashboard carries its messages once, beside the handoff; Settings, reached by its link, is German too', async () => {
    const page = await browser.newPage({ ...mode, locale: 'de-DE' })
    await newSignedInUser(page, 'Jurgen')
    // The footer form's choice, as a cookie: the page's own requests below send it too.
    await page.context().addCookies([{ name: 'lang', value: 'de', url: browser.baseUrl() }])
    const { html, handoff, messages } = await documentOf(page, '/')
    expect(handoff).not.toBeNull()
    for (const [route, data] of Object.entries(handoff!.state.loaderData))
      expect([route, data?.i18n?.messages]).toEqual([route, undefined])
    expect(handoff!.state.loaderData.root?.i18n).toEqual({ locale: 'de', areas: ['shell'] })
    expect(Object.keys(messages ?? {}).sort()).toEqual([
      'de/cowriters',
      'de/dashboard',
      'de/registration',
      'de/shell',
      'de/words',
    ])
    expect(messages!['de/shell']!['shell.menu.settings']).toBe('Einstellungen')
    // Once in the document: the handoff no longer repeats it.
    expect(html.split('"shell.menu.settings"').length - 1).toBe(1)

    await page.goto('/')
    await page.getByTestId('account-menu').locator('summary').click()
    await page.getByRole('link', { name: 'Einstellungen' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/settings')
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Einstellungen')
    expect(await page.locator('main').getAttribute('lang')).toBeNull()
    expect(await page.locator('html').getAttribute('lang')).toBe('de')
    await page.done()
  })
})

test('a client-side navigation’s answer carries the messages its areas name', async () => {
  const page = await browser.newPage({ javaScriptEnabled: true, locale: 'ja-JP' })
  await newSignedInUser(page, 'Haruka')
  await page.context().addCookies([{ name: 'lang', value: 'ja', url: browser.baseUrl() }])
  const answer = await page.request.get('/settings?_data=routes%2Fsettings')
  expect(answer.status()).toBe(200)
  const data = (await answer.json()) as {
    i18n: { locale: string; areas: string[]; messages: Record<string, unknown> }
  }
  expect(data.i18n.locale).toBe('ja')
  expect(data.i18n.areas).toEqual(['settings'])
  expect(data.i18n.messages['settings.title']).toBe('設定')
  await page.done()
})
