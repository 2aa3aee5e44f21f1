import { describe, expect, test } from 'vitest'
import { MODES, type TestPage, useBrowser } from './browser'
import { signUpAndIn } from './flows'
import { sharedServer } from './server'

const browser = useBrowser()
const server = sharedServer()

async function createSong(page: TestPage, title: string) {
  const response = await page.request.post('/api/songs', {
    data: {
      title,
      contributorName: 'Lena Writer',
      dateCreated: '2025-03-01',
      toolsUsed: 'Piano',
      fileLink: 'https://example.com/slow.mp3',
      contributions: [],
    },
  })
  expect(response.status(), await response.text()).toBe(201)
  return (await response.json()) as { id: number }
}

/**
 * A slow network for the route data of `pathname` (Remix's `?_data=` requests): each waits
 * until `release()` is called, so the test can look at the page while it is pending.
 */
async function holdData(page: TestPage, matches: (url: URL) => boolean) {
  const waiting: (() => void)[] = []
  let held = true
  await page.route(
    (url) => url.searchParams.has('_data') && matches(url),
    async (route) => {
      if (held) await new Promise<void>((resolve) => waiting.push(resolve))
      await route.continue()
    },
  )
  return {
    release() {
      held = false
      waiting.splice(0).forEach((resolve) => resolve())
    },
  }
}

const progress = (page: TestPage) => page.getByRole('progressbar')

describe('loading states with JavaScript on and a slow network (SPEC §2)', () => {
  test("'Loading song...', 'Loading certificate...' and the dashboard's skeletons show while the next page loads, with the progress bar", async () => {
    const page = await browser.newPage({ javaScriptEnabled: true, baseUrl: server.baseUrl })
    await signUpAndIn(page, 'Lena')
    const { id } = await createSong(page, 'Slow Song')
    await page.goto('/')

    const edit = await holdData(page, (url) => url.pathname === `/edit/${id}`)
    await page.getByRole('link', { name: 'Edit' }).first().click()
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Loading song...' }).count())
      .toBe(1)
    expect(await progress(page).getAttribute('aria-label')).toBe('Loading page')
    // The page left behind is gone, so nothing stale can be clicked.
    expect(await page.getByRole('heading', { name: 'Recent Submissions' }).count()).toBe(0)
    edit.release()
    await expect.poll(() => page.getByRole('button', { name: 'Update Song' }).count()).toBe(1)
    expect(await page.getByText('Loading song...').count()).toBe(0)
    expect(await progress(page).count()).toBe(0)

    const dashboard = await holdData(page, (url) => url.pathname === '/')
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click()
    await expect.poll(() => page.getByTestId('skeleton-row').count()).toBe(3)
    expect(await page.getByText('ProofTrack Certified').count()).toBe(1)
    expect(await page.getByText('Blockchain Registered').count()).toBe(1)
    expect(await progress(page).count()).toBe(1)
    dashboard.release()
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Lena' }).count()).toBe(1)
    expect(await page.getByTestId('skeleton-row').count()).toBe(0)

    const certificate = await holdData(page, (url) => url.pathname === `/certificate/${id}`)
    await page.getByRole('link', { name: 'View Certificate' }).first().click()
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Loading certificate...' }).count())
      .toBe(1)
    expect(await progress(page).count()).toBe(1)
    certificate.release()
    await expect.poll(() => page.getByText('Loading certificate...').count()).toBe(0)
    expect(await page.getByRole('heading', { name: 'Slow Song' }).count()).toBeGreaterThan(0)
    expect(await progress(page).count()).toBe(0)
    await page.done()
  })

  test('a form post shows the bar as sending while the server answers', async () => {
    const page = await browser.newPage({ javaScriptEnabled: true, baseUrl: server.baseUrl })
    await page.goto('/contact')
    let release = () => {}
    await page.route(
      (url) => url.pathname === '/contact' && url.searchParams.has('_data'),
      async (route) => {
        if (route.request().method() === 'POST')
          await new Promise<void>((resolve) => (release = resolve))
        await route.continue()
      },
    )
    await page.getByLabel('Name').fill('Lena Writer')
    await page.getByLabel('Email', { exact: true }).fill('lena@example.com')
    await page.getByLabel('Subject').fill('A slow question')
    await page.getByLabel('Message').fill('Does the page look busy while it sends?')
    await page.getByRole('button', { name: /Send/ }).click()
    await expect.poll(() => progress(page).getAttribute('aria-label')).toBe('Sending')
    // The form stays as typed while it is sent.
    expect(await page.getByLabel('Subject').inputValue()).toBe('A slow question')
    release()
    await expect.poll(() => progress(page).count()).toBe(0)
    await page.done()
  })
})

describe.each(MODES.filter((mode) => !mode.javaScriptEnabled))(
  'loading states with $name',
  ({ javaScriptEnabled }) => {
    test('a link is an ordinary page load: no bar, no loading text, the page itself', async () => {
      const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
      await signUpAndIn(page, 'Otto')
      const { id } = await createSong(page, 'Plain Song')
      await page.goto('/')
      await page.getByRole('link', { name: 'Edit' }).first().click()
      await page.waitForURL(`**/edit/${id}`)
      // With JavaScript the address can change a moment before the page renders.
      await expect.poll(() => page.getByRole('button', { name: 'Update Song' }).count()).toBe(1)
      expect(await progress(page).count()).toBe(0)
      expect(await page.getByText('Loading song...').count()).toBe(0)
      await page.goto('/')
      expect(await page.getByTestId('skeleton-row').count()).toBe(0)
      await page.done()
    })
  },
)
