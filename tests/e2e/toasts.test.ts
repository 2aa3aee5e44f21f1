import { describe, expect, test } from 'vitest'
import { MODES, useBrowser } from './browser'
import { expectSoon, signUp } from './flows'

// Issue 18 point 3's sign-in part, through the root's one toast region: the flash cookie's toast
// (after registering) is replaced by the action's own ('Login failed'), with and without
// JavaScript. A regression guard: the page-level toaster it replaced passed this too.
const browser = useBrowser()

describe.each(MODES)('toasts with $name', ({ javaScriptEnabled }) => {
  test('a failed sign-in right after registering: one toast, “Login failed”, the name kept', async () => {
    const page = await browser.newPage({ javaScriptEnabled })
    // Registering lands on /login with the flash toast 'Registration successful'.
    const account = await signUp(page, 'Toby')
    expect(await page.getByTestId('toast').textContent()).toContain('Registration successful')

    await page.getByLabel('Username or email').fill(account.username)
    await page.getByLabel('Password', { exact: true }).fill('Wr0ngPassword')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expectSoon(
      page,
      (timeout) => page.getByTestId('toast').first().textContent({ timeout }),
      'Login failedInvalid username/email or password✕',
    )
    expect(await page.getByTestId('toast').count()).toBe(1)
    expect(await page.getByRole('alert').filter({ hasText: 'Login failed' }).count()).toBe(1)
    expect(await page.getByLabel('Username or email').inputValue()).toBe(account.username)
    await page.done()
  })
})
