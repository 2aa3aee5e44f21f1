import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { evenSplit } from '../setup/sample-song'
import { type TestPage, useBrowser } from './browser'
import { expectSoon, postSong, signIn, signUpAndIn } from './flows'
import { ADMIN, adminClockAt, useServer } from './server'

// Issue 32: every page that prints a time or a date, rendered by a server whose clock reads just
// after midnight UTC (when Node's ICU wrote '24:12:05' and Chromium '00:12:05') and just before
// it, then hydrated by browsers far east and far west of UTC with their clocks at that moment.
// A hydration mismatch is a console error (React #418/#425), which fails the page at `done()`.
const browser = useBrowser()
const today = new Date().toISOString().slice(0, 10)
const fakeClock = pathToFileURL(path.resolve(__dirname, '../setup/fake-clock.mjs')).href

describe.each([`${today}T00:30:00Z`, `${today}T23:30:00Z`])('server clock at %s', (clock) => {
  // The administrator's authenticator codes (issue 28) follow the server's clock; its own
  // embedded database, even in CI's PostgreSQL stage, so no code stored by a server on the real
  // clock is "newer" than this one's.
  beforeAll(() => adminClockAt(Date.parse(clock) - Date.now()))
  afterAll(() => adminClockAt(0))
  const server = useServer({
    admin: true,
    env: () => ({
      DATABASE_URL: '',
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${fakeClock}`.trim(),
      PROOFTRACK_TEST_CLOCK: clock,
    }),
  })

  async function open(zone: string) {
    const page = await browser.newPage({
      javaScriptEnabled: true,
      baseUrl: server.baseUrl,
      timezoneId: zone,
    })
    await page.clock.setFixedTime(new Date(clock))
    return page
  }

  async function visit(page: TestPage, paths: string[]) {
    for (const path of paths) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      expect(page.errors, `${path} hydrated without errors`).toEqual([])
    }
  }

  test.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'])(
    'a writer in %s: the dated pages hydrate as rendered',
    async (zone) => {
      const page = await open(zone)
      await signUpAndIn(page, 'Nox')
      const song = await postSong(page, {
        title: '자정 (Midnight)',
        contributorName: '김민지',
        dateCreated: today,
        toolsUsed: 'Piano',
        fileLink: 'https://example.com/midnight.mp3',
        contributions: evenSplit(100),
      })
      await visit(page, [
        '/',
        '/songs',
        `/certificate/${song.id}`,
        `/songs/${song.id}/split-sheet`,
        '/settings',
      ])
      await page.goto('/oauth-status')
      const checked = await page.locator('time').first().textContent()
      // The server's clock runs on from the set time; the hour is the point ('00', never '24').
      expect(checked).toMatch(new RegExp(`^${clock.slice(11, 13)}:\\d\\d:\\d\\d UTC$`))
      expect(page.errors).toEqual([])
      await page.done()
    },
  )

  test('the administrator: the panel’s times hydrate as rendered', async () => {
    const page = await open('Asia/Kolkata')
    await signIn(page, ADMIN.email, ADMIN.password)
    await expectSoon(page, () => Promise.resolve(new URL(page.url()).pathname), '/')
    await visit(page, ['/', '/oauth-status'])
    await page.done()
  })
})
