import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { MODES, type TestPage, useBrowser } from './browser'
import { signIn, signUpAndIn, submitSignIn } from './flows'
import { mailTo } from './mailbox'
import { ADMIN, useServer } from './server'

const browser = useBrowser()
// Its own server: the administrator signs in through the form with a code of its own, which a
// sign-in to the shared server from another file in the same 30 seconds would have used.
const server = useServer({ admin: true })

const header = (page: TestPage) => page.locator('header').first()

describe.each(MODES)('accounts with $name', ({ javaScriptEnabled }) => {
  test('sign up → sign in → sign out → forgot password → reset from the mailed link → sign in with the new password', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    const id = crypto.randomBytes(3).toString('hex')
    const username = `writer_${id}`
    const email = `writer-${id}@example.com`

    await page.goto('/register')
    await page.getByLabel('First name').fill('Robin')
    await page.getByLabel('Last name').fill('Songwright')
    await page.getByLabel('Username').fill(username)
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('weak')
    await page.getByRole('button', { name: 'Create Account' }).click()
    // Under the field and in the error summary (issue 52.2).
    await expect
      .poll(() => page.getByText('Password must be at least 8 characters').count())
      .toBe(2)

    await page.getByLabel('Password', { exact: true }).fill('Gr8tSongs')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.waitForURL('**/login')
    expect(await page.getByTestId('toast').textContent()).toContain('Registration successful')

    await submitSignIn(page, email.toUpperCase(), 'Wrong-Passw0rd')
    await expect
      .poll(() =>
        page.getByRole('alert').filter({ hasText: 'Invalid username/email or password' }).count(),
      )
      .toBeGreaterThan(0)

    await submitSignIn(page, username, 'Gr8tSongs')
    await page.waitForURL((url) => url.pathname === '/')
    // Robin's first sign-in; the one after the password reset below is a return (decision 115).
    await expect.poll(() => page.getByRole('heading', { name: 'Welcome, Robin' }).count()).toBe(1)
    expect(await page.getByTestId('toast').textContent()).toContain('Welcome!')
    expect(await header(page).getByText('Robin', { exact: true }).count()).toBe(1)
    for (const name of ['Dashboard', 'New Submission', 'Help / FAQ', 'Sign Out']) {
      expect(await header(page).getByRole('link', { name }).count()).toBe(1)
    }

    await header(page).getByRole('link', { name: 'Sign Out' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await expect.poll(() => header(page).getByRole('link', { name: 'Sign In' }).count()).toBe(1)
    expect(
      await page.getByRole('heading', { name: 'Lock in Your Song Details - Forever.' }).count(),
    ).toBe(1)

    await page.goto('/forgot-password')
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Check Your Email' }).count()).toBe(1)
    // Without SMTP the server writes each message as an .eml file under DATA_DIR/mail; the link
    // is read from the file, as a developer would.
    const mail = await mailTo(server.dataDir, email, { subject: 'Reset your ProofTrack password' })
    const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(
      mail.text ?? '',
    )![0]
    const token = new URL(link).searchParams.get('token')!

    await page.goto(link)
    expect(await page.getByRole('heading', { name: 'Reset Password' }).count()).toBe(1)
    // The token left the address bar at once: it is in an HttpOnly cookie and the form.
    expect(new URL(page.url()).search).toBe('')
    await page.getByLabel('New Password').fill('N3wMelody')
    await page.getByLabel('Confirm Password').fill('N3wMelodyX')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await expect.poll(() => page.getByText("Passwords don't match").count()).toBe(2)
    await page.getByLabel('New Password').fill('N3wMelody')
    await page.getByLabel('Confirm Password').fill('N3wMelody')
    await page.getByRole('button', { name: 'Reset Password' }).click()
    await page.waitForURL('**/login')
    expect(await page.getByTestId('toast').textContent()).toContain('Password reset successful')

    await submitSignIn(page, username, 'Gr8tSongs')
    await expect
      .poll(() => page.getByText('Invalid username/email or password').count())
      .toBeGreaterThan(0)
    await submitSignIn(page, username, 'N3wMelody')
    await expect
      .poll(() => page.getByRole('heading', { name: 'Welcome back, Robin' }).count())
      .toBe(1)

    // The link was single use.
    await page.goto(link)
    expect(await page.getByRole('heading', { name: 'Invalid Reset Link' }).count()).toBe(1)
    // Neither the mail's log line nor the access log holds the token.
    expect(server.output()).toContain('/reset-password')
    expect(server.output()).not.toContain(token)
    await page.done()
  })

  test('a user cannot reach admin pages; the admin can, and verifies a user by code', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await signUpAndIn(page, 'Sam', 'Verse')

    const denied = await page.goto('/admin/verify')
    expect(denied?.status()).toBe(403)
    expect(await page.getByRole('heading', { name: 'Access Denied' }).count()).toBe(1)
    expect(await page.getByText('Admin access required').count()).toBe(1)

    await page.goto('/verify-email')
    await page.getByRole('button', { name: 'Get a Code for Support' }).click()
    await expect.poll(() => page.getByTestId('verification-code').count()).toBe(1)
    const code = (await page.getByTestId('verification-code').textContent())!.trim()
    expect(code).toMatch(/^\d{6}$/)
    const mailto = await page.getByRole('link', { name: 'Open Email Client' }).getAttribute('href')
    expect(decodeURIComponent(mailto!)).toContain(`subject=Verify Account - Code: ${code}`)

    const admin = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await signIn(admin, ADMIN.email, ADMIN.password)
    await expect.poll(() => header(admin).getByText('Administrator').count()).toBe(1)
    await admin.goto('/admin/verify')
    const button = admin.getByRole('button', { name: 'Verify User Email' })
    await admin.getByLabel('Verification code').fill(code.slice(0, 5))
    if (javaScriptEnabled) await expect.poll(() => button.isDisabled()).toBe(true)
    await admin.getByLabel('Verification code').fill(code)
    expect(await button.isDisabled()).toBe(false)
    await button.click()
    await expect
      .poll(() => admin.getByTestId('toast').textContent())
      .toContain('User email verified successfully!')
    expect(await admin.getByLabel('Verification code').inputValue()).toBe('')
    await admin.done()

    await page.goto('/verify-email')
    expect(await page.getByText(/is verified/).count()).toBe(1)
    await page.done()
  })
})
