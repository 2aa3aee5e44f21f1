import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase } from '#db/client'
import { MODES, useBrowser } from './browser'
import { expectSoon, signUpAndIn } from './flows'
import { type RunningServer, startServer } from './server'

// Issue 18 point 3, in the browser: the database itself refuses to create one song (a trigger,
// as in tests/routes/failure-toasts.test.ts), and the writer sees 'Submission failed' with the
// summary and every value kept. This file's server has its own data directory: it starts once
// to migrate it, stops, the trigger goes in while nothing else holds the database, and it starts
// again on the same directory.
const REFUSED_TITLE = 'Refused By The Database'
const browser = useBrowser()
let server: RunningServer
let dataDir: string

// The embedded database only (one process per data directory), even when the run has a
// PostgreSQL of its own configured.
const EMBEDDED = { DATABASE_URL: '' }

async function withDatabase(work: (handle: Awaited<ReturnType<typeof openDatabase>>) => unknown) {
  const handle = await openDatabase({ dataDir })
  try {
    await work(handle)
  } finally {
    await handle.close()
  }
}

beforeAll(async () => {
  const first = await startServer(EMBEDDED)
  dataDir = first.dataDir
  await first.stop()
  await withDatabase(async ({ db }) => {
    await sql`
      create function e2e_refuse_song() returns trigger language plpgsql as $$
      begin
        raise exception 'the database is refusing writes (test)';
      end $$`.execute(db)
    await sql`
      create trigger e2e_refuse_song before insert on songs for each row
      when (new.title = ${sql.lit(REFUSED_TITLE)}) execute function e2e_refuse_song()`.execute(db)
  })
  server = await startServer({ ...EMBEDDED, DATA_DIR: dataDir })
})
afterAll(async () => {
  await server?.stop()
})

describe.each(MODES)('a refused submission with $name', ({ javaScriptEnabled }) => {
  test("Create Certificate: the toast 'Submission failed', the summary kept, no song", async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await signUpAndIn(page, 'Rhea')
    await page.goto('/submit')
    await page.getByLabel('Song Title *').fill(REFUSED_TITLE)
    await page.getByLabel('Main Contributor Name *').fill('Rhea Writer')
    await page.getByLabel('Tools Used *').fill('Piano, Reaper')
    await page.getByLabel('Song Link *').fill('https://example.com/refused.mp3')
    await page.getByRole('button', { name: 'Review & Continue' }).click()
    await expect
      .poll(() => page.getByRole('heading', { name: 'Review Your Submission' }).count())
      .toBe(1)

    const logged = server.output().length
    await page.getByRole('button', { name: 'Create Certificate' }).click()
    await expectSoon(
      page,
      (timeout) => page.getByTestId('toast').first().textContent({ timeout }),
      'Submission failedYour song could not be saved just now. Your details are kept here: please try again.✕',
    )
    expect(await page.getByRole('alert').filter({ hasText: 'Submission failed' }).count()).toBe(1)
    // Still the summary, with what was entered, ready for another try.
    expect(await page.getByRole('heading', { name: 'Review Your Submission' }).count()).toBe(1)
    expect(await page.getByRole('heading', { name: 'Congratulations!' }).count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe('/submit')
    for (const value of [
      REFUSED_TITLE,
      'Rhea Writer',
      'Piano, Reaper',
      'https://example.com/refused.mp3',
    ])
      // A name recurs in the split's shares, each isolated in its <bdi> (issue 26): at least once.
      expect(await page.getByText(value, { exact: true }).count()).toBeGreaterThanOrEqual(1)
    expect(await page.getByRole('button', { name: 'Create Certificate' }).isEnabled()).toBe(true)
    // The refusal came from the database, and its words stay in the server's log.
    expect(server.output().slice(logged)).toMatch(
      /\[submit\] song not created[\s\S]*the database is refusing writes \(test\)/,
    )
    // Chromium logs the 503 answer itself; that is the failure under test, anything else is not.
    page.errors.splice(
      0,
      page.errors.length,
      ...page.errors.filter((error) => !/status of 503/.test(error)),
    )

    await page.goto('/')
    await expect.poll(() => page.getByText('No songs submitted yet').count()).toBe(1)
    expect(await page.getByText(REFUSED_TITLE).count()).toBe(0)
    await page.done()
  })
})

test('the database holds no refused song (checked with the server stopped)', async () => {
  await server.stop()
  await withDatabase(async ({ db }) => {
    const users = await db.selectFrom('users').select('id').execute()
    expect(users.length).toBeGreaterThanOrEqual(2)
    expect(await db.selectFrom('songs').select('id').execute()).toEqual([])
  })
})
