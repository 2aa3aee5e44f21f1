import { describe, expect, test } from 'vitest'
import { MODES, type TestPage, useBrowser } from './browser'
import { expectSoon, signUpAndIn, verifyEmailThroughAdmin } from './flows'

// Issue 18 point 5 (SPEC §4): after a completed registration the user is back on the dashboard,
// which shows 'Blockchain Registration Complete' — from the submit flow's panel, the dashboard's
// Register button (a modal with JavaScript, the registration page without) and the page itself.
const browser = useBrowser()

async function verifiedWriter(javaScriptEnabled: boolean) {
  const page = await browser.newPage({ javaScriptEnabled })
  await signUpAndIn(page, 'Reggie')
  await verifyEmailThroughAdmin(page, await browser.newPage({ javaScriptEnabled }))
  return page
}

async function songThroughApi(page: TestPage, title: string) {
  const created = await page.request.post('/api/songs', {
    data: {
      title,
      contributorName: 'Reggie Writer',
      dateCreated: '2025-04-01',
      toolsUsed: 'Voice',
      fileLink: 'https://example.com/song.mp3',
    },
  })
  expect(created.status()).toBe(201)
  return ((await created.json()) as { id: number }).id
}

async function confirmAndRegister(page: TestPage) {
  const button = page.getByRole('button', { name: /Register on Blockchain/ })
  await page.getByRole('checkbox', { name: /^I confirm/ }).check()
  await button.click()
}

async function expectBackOnDashboard(page: TestPage, songId: number) {
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 })
  const complete = page.getByRole('dialog', { name: 'Blockchain Registration Complete' })
  await expectSoon(page, () => complete.count(), 1)
  // The local ledger names itself instead of claiming a public blockchain (decision 019).
  expect(await complete.innerText()).toMatch(/registered on .*(blockchain|ledger)/)
  expect(await complete.getByRole('link', { name: 'See Certificate' }).getAttribute('href')).toBe(
    `/certificate/${songId}`,
  )
  expect(await page.getByRole('heading', { name: /^Welcome/ }).count()).toBe(1)
  expect(await page.getByText('Registered', { exact: true }).count()).toBeGreaterThan(0)
}

describe.each(MODES)('after registration, with $name', ({ javaScriptEnabled }) => {
  test('from the registration page', async () => {
    const page = await verifiedWriter(javaScriptEnabled)
    const id = await songThroughApi(page, 'Page Path')
    await page.goto(`/songs/${id}/register`)
    await confirmAndRegister(page)
    await expectBackOnDashboard(page, id)
    await page.done()
  })

  test('from the submit flow’s registration panel', async () => {
    const page = await verifiedWriter(javaScriptEnabled)
    await page.goto('/submit')
    await page.getByLabel('Song Title *').fill('Submit Path')
    await page.getByLabel('Main Contributor Name *').fill('Reggie Writer')
    await page.getByLabel('Tools Used *').fill('Voice')
    await page.getByLabel('Song Link *').fill('https://example.com/submit.mp3')
    await page.getByRole('button', { name: 'Review & Continue' }).click()
    await page.getByRole('button', { name: 'Create Certificate' }).click()
    await page.getByRole('link', { name: 'Register on Blockchain' }).click()
    await page.waitForURL((url) => url.searchParams.get('from') === 'submit')
    // With JavaScript the address changes before the page has rendered: wait for the link.
    await expect
      .poll(() => page.getByRole('link', { name: 'Back to Success Screen' }).count())
      .toBe(1)
    const id = Number(new URL(page.url()).pathname.split('/')[2])
    await confirmAndRegister(page)
    await expectBackOnDashboard(page, id)
    await page.done()
  })

  test('from the dashboard’s Register button', async () => {
    const page = await verifiedWriter(javaScriptEnabled)
    const id = await songThroughApi(page, 'Dashboard Path')
    await page.goto('/')
    await page.getByRole('link', { name: 'Register Dashboard Path on the blockchain' }).click()
    if (javaScriptEnabled)
      await expectSoon(
        page,
        (timeout) =>
          page.getByRole('dialog', { name: 'Register on Blockchain' }).isVisible({ timeout }),
        true,
      )
    else await page.waitForURL(`**/songs/${id}/register`)
    await expectSoon(
      page,
      (timeout) => page.getByRole('checkbox', { name: /^I confirm/ }).isVisible({ timeout }),
      true,
    )
    await confirmAndRegister(page)
    await expectBackOnDashboard(page, id)
    expect(await page.getByRole('dialog', { name: 'Register on Blockchain' }).count()).toBe(0)
    await page.done()
  })
})
