import { describe, expect, test } from 'vitest'
import { MODES, type TestPage, useBrowser } from './browser'
import { expectSoon, signUp, signUpAndIn } from './flows'

// Issue 18 point 3's sign-in part, through the root's one toast region: the flash cookie's toast
// (after registering) is replaced by the action's own ('Login failed'), with and without
// JavaScript. A regression guard: the page-level toaster it replaced passed this too.
const browser = useBrowser()

/** A sign-in with the wrong password: the action's own toast, “Login failed”, takes the place. */
async function failSignIn(page: TestPage, usernameOrEmail: string) {
  await page.getByLabel('Username or email').fill(usernameOrEmail)
  await page.getByLabel('Password', { exact: true }).fill('Wr0ngPassword')
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expectSoon(
    page,
    (timeout) => page.getByTestId('toast').first().textContent({ timeout }),
    'Login failedInvalid username/email or password✕',
  )
}

describe.each(MODES)('toasts with $name', ({ javaScriptEnabled }) => {
  test('a failed sign-in right after registering: one toast, “Login failed”, the name kept', async () => {
    const page = await browser.newPage({ javaScriptEnabled })
    // Registering lands on /login with the flash toast 'Registration successful'.
    const account = await signUp(page, 'Toby')
    expect(await page.getByTestId('toast').textContent()).toContain('Registration successful')

    await failSignIn(page, account.username)
    expect(await page.getByTestId('toast').count()).toBe(1)
    expect(await page.getByRole('alert').filter({ hasText: 'Login failed' }).count()).toBe(1)
    expect(await page.getByLabel('Username or email').inputValue()).toBe(account.username)
    await page.done()
  })
})

// Issue 39.11: the toast sat over the page, on the password field of /login after sign-up and on
// the code of /verify-email. It now takes its own place below the header: its box crosses no
// field, button or link of the page, on a phone without JavaScript and on a desktop with it.
describe.each([
  { width: 320, height: 640, javaScriptEnabled: false },
  { width: 1280, height: 800, javaScriptEnabled: true },
])('the toast at $width px, JavaScript $javaScriptEnabled', ({ width, height, ...mode }) => {
  /** The page's fields, buttons and links whose box crosses the toast's box. */
  async function covered(page: TestPage) {
    const toast = page.getByTestId('toast')
    await toast.waitFor()
    return toast.evaluate((box) => {
      const t = box.getBoundingClientRect()
      return (
        [...document.querySelectorAll('input, textarea, select, button, a, [role="button"]')]
          // The header's closed menu is laid out but unseen; the header has a test of its own.
          .filter((element) => !box.contains(element) && !element.closest('header'))
          .filter((element) =>
            element.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
          )
          .filter((element) => {
            const e = element.getBoundingClientRect()
            if (e.width === 0 || e.height === 0) return false
            return e.left < t.right && t.left < e.right && e.top < t.bottom && t.top < e.bottom
          })
          .map((element) => element.outerHTML.slice(0, 80))
      )
    })
  }

  test('after sign-up on /login and after a code on /verify-email it covers nothing', async () => {
    const page = await browser.newPage(mode)
    await page.setViewportSize({ width, height })
    await signUp(page, 'Hana', 'はなこ ✨')
    expect(await page.getByTestId('toast').textContent()).toContain('Registration successful')
    expect(await covered(page)).toEqual([])

    await failSignIn(page, 'nobody-here')
    expect(await covered(page)).toEqual([])

    await signUpAndIn(page, 'Ravi', 'रवि शर्मा')
    await page.goto('/verify-email')
    await page.getByRole('button', { name: 'Get a Code for Support' }).click()
    await expect.poll(() => page.getByTestId('verification-code').count()).toBe(1)
    expect(await page.getByTestId('toast').textContent()).toContain('Verification Code Generated')
    expect(await covered(page)).toEqual([])
    await page.done()
  })
})
