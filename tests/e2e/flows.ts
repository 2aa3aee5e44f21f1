import crypto from 'node:crypto'
import { expect } from 'vitest'
import { z } from 'zod'
import type { TestPage } from './browser'
import { ADMIN, adminCode, adminSession, sharedServer } from './server'

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
    await page.getByLabel('Authentication code').fill(await adminCode(page.url()))
    await page.getByRole('button', { name: 'Verify' }).click()
  }
  await page.waitForURL((url) => url.pathname === '/')
}

/** A username and an email address no other call gives, made from the first name. */
function newAccountNames(firstName: string): Account {
  const id = crypto.randomBytes(3).toString('hex')
  return {
    username: `${firstName.toLowerCase()}_${id}`,
    email: `${firstName.toLowerCase()}-${id}@example.com`,
  }
}

/** A new account made through /register, which lands on /login. Names are unique per call. */
export async function signUp(
  page: TestPage,
  firstName: string,
  lastName = 'Writer',
): Promise<Account> {
  const { username, email } = newAccountNames(firstName)
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
 * A new account, signed in on `page`'s browser and landed on the dashboard, for tests where that
 * is set-up: the same two form posts the pages send (sign-up, then sign-in), from the page's own
 * browser, without drawing /register and /login first. Drawing them (with JavaScript, waiting for
 * each to hydrate) was most of a set-up sign-up's time; the forms have tests of their own
 * (accounts, registration, time-zones). The time zone is the one the form would send with
 * JavaScript: the browser's.
 */
export async function newSignedInUser(
  page: TestPage,
  firstName: string,
  lastName = 'Writer',
): Promise<Account> {
  const { username, email } = newAccountNames(firstName)
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)
  const post = (path: string, form: Record<string, string>, maxRedirects?: number) =>
    page.request.post(path, { form, maxRedirects, headers: { 'Sec-Fetch-Site': 'same-origin' } })
  // Followed to /login, as the browser is: the "Registration successful" toast is spent there.
  const registered = await post('/register', {
    firstName,
    lastName,
    username,
    email,
    password: PASSWORD,
    timeZone,
  })
  if (new URL(registered.url()).pathname !== '/login')
    throw new Error(`The sign-up answered ${registered.status()}: ${await registered.text()}`)
  const signedIn = await post('/login', { usernameOrEmail: username, password: PASSWORD }, 0)
  if (signedIn.status() !== 302)
    throw new Error(`The sign-in answered ${signedIn.status()}: ${await signedIn.text()}`)
  await page.goto('/')
  return { username, email }
}

/**
 * The manual email verification of SPEC §5, as set-up: the signed-in user's code (what
 * /verify-email's button asks for), entered by the administrator (what /admin/verify posts), both
 * through the JSON API from their own browsers, `admin` being a page of its own. Closes `admin`
 * when done. Drawing the four pages (with JavaScript, each hydrated) was most of the time of
 * set-ups that only need a verified account; the pages themselves have tests of their own
 * (accounts, admin, spec-rows).
 */
export async function verifyEmailThroughAdmin(user: TestPage, admin: TestPage) {
  const requested = await user.request.post('/api/auth/request-email-verification')
  expect(requested.status(), await requested.text()).toBe(200)
  const { verificationCode } = z
    .object({ verificationCode: z.string() })
    .parse(await requested.json())
  const origin = new URL(user.url()).origin
  for (let attempt = 1; ; attempt++) {
    const cookie = await administratorCookie(origin)
    const equals = cookie.indexOf('=')
    await admin
      .context()
      .addCookies([{ name: cookie.slice(0, equals), value: cookie.slice(equals + 1), url: origin }])
    const verified = await admin.request.post(`${origin}/api/auth/verify-email`, {
      data: { token: verificationCode },
    })
    if (verified.status() === 200) break
    // The session ended (a restart re-created the administrator): sign in again, once.
    adminCookies.delete(origin)
    if (attempt === 2) expect(verified.status(), await verified.text()).toBe(200)
  }
  await admin.done()
}

const adminCookies = new Map<string, Promise<string>>()
/**
 * The administrator's session cookie on the server at `origin`, made once per server and reused:
 * each sign-in takes a fresh 30-second authenticator step and would otherwise wait for one.
 */
function administratorCookie(origin: string) {
  // The shared server's administrator signed in once for the whole run.
  const shared = sharedServer()
  if (origin === shared.baseUrl) return Promise.resolve(shared.adminSession)
  let session = adminCookies.get(origin)
  if (!session) {
    session = adminSession(origin, '198.51.100.201').catch((error: unknown) => {
      adminCookies.delete(origin)
      throw error
    })
    adminCookies.set(origin, session)
  }
  return session
}

/**
 * Signs `admin` in as the administrator, landing on the admin panel at `/`, for tests where that
 * is set-up: the sign-in itself (form and second factor) has tests of its own.
 */
export async function signInAsAdministrator(admin: TestPage) {
  await admin.goto('/login')
  const origin = new URL(admin.url()).origin
  const cookie = await administratorCookie(origin)
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
 * React has rendered the new route, so a check right after `waitForURL` can run too early.
 * Without it, the answer is one streamed document: what is read first can be on the page before
 * the rest has arrived (CI once counted the review's "Total 110%" as 0 right after its heading),
 * so it then waits for the document's load too, and checks after it see the whole page. Each
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
    await page.waitForLoadState('load', { timeout })
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

/**
 * The song registered through the sponsored registration's API (what the register page's button
 * posts), as set-up for what a test then looks at: the registration flow has tests of its own
 * (registration, registration-record). The owner's email must be verified first.
 */
export async function registerSong(page: TestPage, songId: number) {
  const response = await page.request.post(`/api/songs/${songId}/blockchain/sponsored`)
  expect(response.status(), await response.text()).toBe(201)
  return z
    .object({ transactionSignature: z.string(), storageId: z.string(), storageUrl: z.string() })
    .parse(await response.json())
}
