import { describe, expect, test } from 'vitest'
import { evenSplit } from '../setup/sample-song'
import { seriousAxeViolations } from './axe'
import { MODES, type TestPage, useBrowser } from './browser'
import { registerSong, signInAsAdministrator, signUpAndIn, verifyEmailThroughAdmin } from './flows'
import { useServer } from './server'

const browser = useBrowser()
// Its own server (Recent Activity lists the newest events of the whole database), on the embedded database in both CI stages
// (decision 075 says which files run on PostgreSQL too).
const server = useServer({ admin: true, env: () => ({ DATABASE_URL: '' }) })

/** The new-song form as a user fills it in, through to the certificate. */
async function submitSong(page: TestPage, title: string) {
  await page.goto('/submit')
  await page.getByLabel('Song Title *').fill(title)
  await page.getByLabel('Main Contributor Name *').fill('Iris Writer')
  await page.getByLabel('Tools Used *').fill('Piano')
  await page.getByLabel('Song Link *').fill('https://example.com/insight.mp3')
  await page.getByRole('button', { name: 'Review & Continue' }).click()
  await expect
    .poll(() => page.getByRole('heading', { name: 'Review Your Submission' }).count())
    .toBe(1)
  await page.getByRole('button', { name: 'Create Certificate' }).click()
  await expect.poll(() => page.getByRole('heading', { name: 'Congratulations!' }).count()).toBe(1)
}

const judge = () => browser.newPage({ javaScriptEnabled: true, baseUrl: server.baseUrl })

describe.each(MODES)('charts and user actions with $name', ({ javaScriptEnabled }) => {
  test("the user's timeline and the admin's 30-day chart show as pictures with their numbers; the sign-up and submission are in Recent Activity", async () => {
    const user = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await signUpAndIn(user, 'Iris')
    await submitSong(user, `Insight ${javaScriptEnabled ? 'on' : 'off'}`)

    await user.goto('/')
    const timeline = user.getByRole('figure', { name: 'Your certificates by month' })
    expect(await timeline.getByRole('img').getAttribute('aria-labelledby')).toBe(
      'certificate-timeline-title certificate-timeline-desc',
    )
    expect(await timeline.locator('desc').textContent()).toMatch(
      /^1 certificate in the last 12 months \(UTC months\): \w{3} \d{4}: 1\.$/,
    )
    // The numbers open without JavaScript too: <details> is the browser's own.
    await timeline.getByText('Show the numbers').click()
    expect(await timeline.getByRole('table').getByRole('cell').last().textContent()).toBe('1')
    expect(await seriousAxeViolations(user, javaScriptEnabled, judge)).toEqual([])

    // Signed in as set-up (the administrator's sign-in form has tests of its own: accounts, admin):
    // a fresh sign-in for each test would wait for the next 30-second code.
    const admin = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await signInAsAdministrator(admin)
    const chart = admin.getByRole('figure', { name: 'Last 30 days' })
    await expect.poll(() => chart.count()).toBe(1)
    expect(await chart.locator('desc').textContent()).toMatch(
      /^Totals over the 30 days: [\d,]+ visits, [1-9]\d* sign-ups, [1-9]\d* certificates, /,
    )
    await chart.getByText('Show the numbers for each day').click()
    const today = chart.getByRole('row').last()
    const [, signups, certificates] = await today.getByRole('cell').allTextContents()
    expect(Number(signups)).toBeGreaterThan(0)
    expect(Number(certificates)).toBeGreaterThan(0)

    if (!javaScriptEnabled) {
      // Counted by the server actions themselves: no script ran on the user's pages.
      const activity = await admin.getByTestId('recent-activity').innerText()
      expect(activity).toContain('User action: submit_song')
      expect(activity).toContain('User action: sign_up')
      expect(activity).toContain('User action: sign_in')
    }
    expect(await seriousAxeViolations(admin, javaScriptEnabled, judge)).toEqual([])
    await user.done()
    await admin.done()
  })
})

test('with JavaScript, sharing and printing a certificate are sent as custom events, under the page load’s session id, and the admin sees them', async () => {
  const user = await browser.newPage({ javaScriptEnabled: true, baseUrl: server.baseUrl })
  await signUpAndIn(user, 'Cato')
  // Share is offered once the certificate is public, registered (issue 25.3); registering
  // needs a verified address.
  await verifyEmailThroughAdmin(
    user,
    await browser.newPage({ javaScriptEnabled: true, baseUrl: server.baseUrl }),
  )
  const created = await user.request.post('/api/songs', {
    data: {
      title: 'Shared Tune',
      contributorName: 'Cato Writer',
      dateCreated: '2025-03-01',
      toolsUsed: 'Piano',
      fileLink: 'https://example.com/shared.mp3',
      contributions: evenSplit(100),
    },
  })
  const { id } = (await created.json()) as { id: number }
  await registerSong(user, id)
  await user.goto(`/certificate/${id}`)
  await user.evaluate(() => {
    window.print = () => {}
  })
  user.on('dialog', (dialog) => void dialog.accept())
  const sent: { metadata: unknown; sessionId?: string }[] = []
  user.on('request', (request) => {
    if (request.url().endsWith('/api/analytics/track')) sent.push(request.postDataJSON())
  })
  await user.getByRole('button', { name: 'Share' }).click()
  await user.getByRole('button', { name: 'Save PDF' }).click()
  await expect
    .poll(() => sent.map((event) => event.metadata))
    .toEqual([{ name: 'certificate_shared' }, { name: 'certificate_printed' }])
  expect(sent[0]!.sessionId).toMatch(/^[0-9a-f-]{36}$/)
  expect(sent[1]!.sessionId).toBe(sent[0]!.sessionId)

  const admin = await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl })
  await signInAsAdministrator(admin)
  const activity = await admin.getByTestId('recent-activity').innerText()
  expect(activity).toContain('Custom event: certificate_shared')
  expect(activity).toContain('Custom event: certificate_printed')
  await user.done()
  await admin.done()
})
