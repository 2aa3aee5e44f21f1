import crypto from 'node:crypto'
import { expect } from 'vitest'
import { z } from 'zod'
import type { TestPage } from './browser'
import { ADMIN, adminCode, adminSession } from './server'

// The steps many browser tests take on the way to what they test, done the way a user does
// them: through the forms, with JavaScript on or off as the page was opened.

export const PASSWORD = 'Gr8tSongs'

export interface Account {
  username: string
  email: string
}

/** Fills in and submits the sign-in form; what happens next is the caller's to check. */
export async function submitSignIn(page: TestPage, usernameOrEmail: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Username or email').fill(usernameOrEmail)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

/**
 * Signs in and waits for the dashboard (or the admin panel) at `/`. The administrator signs in
 * with a second factor (issue 28): the code its authenticator app would show.
 */
export async function signIn(page: TestPage, usernameOrEmail: string, password: string) {
  await submitSignIn(page, usernameOrEmail, password)
  if (usernameOrEmail === ADMIN.email) {
    await page.waitForURL((url) => url.pathname === '/login/two-factor')
    await page.getByLabel('Authentication code').fill(await adminCode())
    await page.getByRole('button', { name: 'Verify' }).click()
  }
  await page.waitForURL((url) => url.pathname === '/')
}

/** A new account made through /register, which lands on /login. Names are unique per call. */
export async function signUp(
  page: TestPage,
  firstName: string,
  lastName = 'Writer',
): Promise<Account> {
  const id = crypto.randomBytes(3).toString('hex')
  const username = `${firstName.toLowerCase()}_${id}`
  const email = `${firstName.toLowerCase()}-${id}@example.com`
  await page.goto('/register')
  await page.getByLabel('First name').fill(firstName)
  await page.getByLabel('Last name').fill(lastName)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await page.waitForURL('**/login')
  return { username, email }
}

export async function signUpAndIn(
  page: TestPage,
  firstName: string,
  lastName = 'Writer',
): Promise<Account> {
  const account = await signUp(page, firstName, lastName)
  await signIn(page, account.username, PASSWORD)
  return account
}

/**
 * The manual email verification of SPEC §5: the signed-in user generates a code on
 * /verify-email, and the administrator, signed in on `admin` (a page of its own), enters it on
 * /admin/verify. Closes `admin` when done.
 */
export async function verifyEmailThroughAdmin(user: TestPage, admin: TestPage) {
  await user.goto('/verify-email')
  await user.getByRole('button', { name: 'Get a Code for Support' }).click()
  await expect.poll(() => user.getByTestId('verification-code').count()).toBe(1)
  const code = (await user.getByTestId('verification-code').textContent())!.trim()
  await signInAsAdministrator(admin)
  await admin.goto('/admin/verify')
  await admin.getByLabel('Verification code').fill(code)
  await admin.getByRole('button', { name: 'Verify User Email' }).click()
  await expect
    .poll(() => admin.getByTestId('toast').textContent())
    .toContain('User email verified successfully!')
  await admin.done()
}

const adminCookies = new Map<string, Promise<string>>()
/**
 * Signs `admin` in as the administrator, landing on the admin panel at `/`, for tests where that
 * is set-up: the sign-in itself (form and second factor) has tests of its own. The session is
 * made once per server and reused, since each sign-in takes a fresh 30-second authenticator step
 * and would otherwise wait for one.
 */
export async function signInAsAdministrator(admin: TestPage) {
  await admin.goto('/login')
  const origin = new URL(admin.url()).origin
  let session = adminCookies.get(origin)
  if (!session) {
    session = adminSession(origin, '198.51.100.201').catch((error: unknown) => {
      adminCookies.delete(origin)
      throw error
    })
    adminCookies.set(origin, session)
  }
  const cookie = await session
  const equals = cookie.indexOf('=')
  await admin
    .context()
    .addCookies([{ name: cookie.slice(0, equals), value: cookie.slice(equals + 1), url: origin }])
  await admin.goto('/')
  if (!(await admin.getByTestId('admin-deployment').count())) {
    // The session ended (a restart re-created the administrator): sign in again.
    adminCookies.delete(origin)
    await signIn(admin, ADMIN.email, ADMIN.password)
  }
}

/**
 * Waits for what a page shows after a navigation: with JavaScript, Remix changes the URL before
 * React has rendered the new route, so a check right after `waitForURL` can run too early. Each
 * read gets a short time of its own; on failure the message carries the page's text.
 */
export async function expectSoon<T>(
  page: TestPage,
  read: (timeout: number) => Promise<T>,
  expected: T,
  timeout = 15_000,
) {
  const attempt = () => read(1000).catch(() => undefined)
  try {
    await expect.poll(attempt, { timeout, interval: 100 }).toEqual(expected)
  } catch (error) {
    const shown = await page
      .locator('body')
      .innerText({ timeout: 1000 })
      .catch(() => '(no body)')
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\nThe page at ${page.url()} shows:\n${shown.slice(0, 1500)}`,
    )
  }
}

/**
 * A song made through the JSON API, as set-up for what a test then does in the browser (the
 * submit form itself has tests of its own). The page's session makes it the owner.
 */
export async function postSong(page: TestPage, song: { title: string } & Record<string, unknown>) {
  const response = await page.request.post('/api/songs', { data: song })
  expect(response.status()).toBe(201)
  return z
    .object({ id: z.number(), title: z.literal(song.title), certificateId: z.string() })
    .parse(await response.json())
}
