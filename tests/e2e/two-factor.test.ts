import { generateSync } from 'otplib'
import { describe, expect, test } from 'vitest'
import { MODES, useBrowser } from './browser'
import { expectSoon, PASSWORD, submitSignIn, signUpAndIn } from './flows'

// Issue 28, decision 063: turning two-factor on from the settings page and signing in with the
// app's code, in a real browser, with JavaScript on and off. The "app" is otplib, given the key
// the page shows as text.
const browser = useBrowser()

const STEP = 30
const code = (secret: string, step: number) =>
  generateSync({ algorithm: 'sha1', digits: 6, period: STEP, secret, epoch: step * STEP })
const stepNow = () => Math.floor(Date.now() / 1000 / STEP)

describe.each(MODES)('two-factor with $name', ({ javaScriptEnabled }) => {
  test('set up with the key shown beside the QR code, ten recovery codes once, then a sign-in asks the code', async () => {
    const page = await browser.newPage({ javaScriptEnabled })
    const account = await signUpAndIn(page, 'Leila', 'Ḥaddād')
    await page.goto('/settings')
    await expectSoon(
      page,
      (timeout) =>
        page.getByRole('link', { name: /^Two-factor authentication/ }).innerText({ timeout }),
      expect.stringContaining('Off'),
    )
    await page.getByRole('link', { name: /^Two-factor authentication/ }).click()
    await page.waitForURL((url) => url.pathname === '/settings/two-factor')
    await page.getByRole('button', { name: 'Set Up Two-Factor' }).click()
    await expectSoon(page, () => page.getByTestId('two-factor-key').count(), 1)
    expect(await page.getByTestId('two-factor-qr').getAttribute('src')).toMatch(
      /^data:image\/svg\+xml;base64,/,
    )
    const secret = (await page.getByTestId('two-factor-key').innerText()).replace(/\s/g, '')
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)

    const enrolStep = stepNow()
    await page.getByLabel('Code from your app').fill(code(secret, enrolStep))
    await page.getByRole('button', { name: 'Turn On Two-Factor' }).click()
    await expectSoon(page, () => page.getByTestId('recovery-codes').locator('li').count(), 10)
    // Its own toast, which replaces "Scan the QR code" if that was still showing.
    await expectSoon(
      page,
      (timeout) => page.getByTestId('toast').innerText({ timeout }),
      expect.stringContaining('Two-factor authentication is on'),
    )
    await expectSoon(
      page,
      (timeout) => page.getByTestId('two-factor-state').innerText({ timeout }),
      expect.stringContaining('Two-factor authentication is on'),
    )
    // Shown once: the page opened again lists none.
    await page.goto('/settings/two-factor')
    await expectSoon(page, () => page.getByTestId('two-factor-state').count(), 1)
    expect(await page.getByTestId('recovery-codes').count()).toBe(0)
    await page.done()

    // Another browser: the password alone is not enough.
    const other = await browser.newPage({ javaScriptEnabled })
    await submitSignIn(other, account.username, PASSWORD)
    await other.waitForURL((url) => url.pathname === '/login/two-factor')
    await other.getByLabel('Authentication code').fill('000000')
    await other.getByRole('button', { name: 'Verify' }).click()
    await expectSoon(
      other,
      (timeout) =>
        other.getByText('That code is not correct.', { exact: false }).innerText({ timeout }),
      expect.stringContaining('not correct'),
    )
    // The enrolment spent its step's code; the next step's is the app's next one.
    await other
      .getByLabel('Authentication code')
      .fill(code(secret, Math.max(stepNow(), enrolStep + 1)))
    await other.getByRole('button', { name: 'Verify' }).click()
    await other.waitForURL((url) => url.pathname === '/')
    await other.goto('/settings')
    await expectSoon(
      other,
      (timeout) =>
        other.getByRole('link', { name: /^Two-factor authentication/ }).innerText({ timeout }),
      expect.stringContaining('On'),
    )
    await other.done()
  })
})
