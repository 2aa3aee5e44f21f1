import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { MODES, type TestPage, useBrowser } from './browser'
import { newSignedInUser, PASSWORD } from './flows'
import { documentWidth, englishOn, pseudoSignUp, widerThanTheWindow } from './i18n-english'
import { mailTo } from './mailbox'
import { ADMIN, sharedServer } from './server'

// Issue 54, the auth area: sign-up, sign-in, the password pages, the two-factor step, the
// Google link's page and email verification in the pseudo-language (en-XA), in the states the suite visits: a form
// refused after a real post with its required fields empty, a wrong password, a toast after a
// redirect. No text outside names and identifiers may stay English (./i18n-english.ts). Then
// each page in German and Japanese at 320 px: nothing wider than the window.

const browser = useBrowser()
const server = sharedServer()

// Each form is found by what does not change with the language: its fields' names, its button.
const submit = (page: TestPage) => page.locator('main form[method="post"] button[type="submit"]')

/** The reset form, opened from the link a forgot-password post mails. */
async function openResetForm(page: TestPage) {
  const { email } = await pseudoSignUp(page, 'Lena', 'Park')
  await page.goto('/forgot-password')
  await page.locator('input[name="email"]').fill(email)
  await submit(page).click()
  await page.waitForURL((url) => url.search === '?sent=1')
  const mail = await mailTo(server.dataDir, email)
  const link = /http:\/\/127\.0\.0\.1:\d+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(
    mail.text ?? '',
  )![0]
  await page.goto(link)
  await page.locator('input[name="confirmPassword"]').waitFor()
}

/** Each page and state: how to reach it, and what shows it is there. */
const STATES: { name: string; open: (page: TestPage) => Promise<void> }[] = [
  { name: 'sign-up', open: (page) => page.goto('/register').then(() => undefined) },
  {
    name: 'the Google sign-in page',
    open: (page) => page.goto('/google-auth').then(() => undefined),
  },
  {
    name: 'sign-up refused with its fields empty',
    open: async (page) => {
      await page.goto('/register')
      await submit(page).click()
      await page.getByTestId('error-summary').waitFor()
    },
  },
  {
    name: 'sign-in after sign-up, with its toast',
    open: async (page) => {
      const id = crypto.randomBytes(3).toString('hex')
      await page.goto('/register')
      await page.locator('input[name="firstName"]').fill('Lena')
      await page.locator('input[name="lastName"]').fill('Park')
      await page.locator('input[name="username"]').fill(`lena_${id}`)
      await page.locator('input[name="email"]').fill(`lena-${id}@example.com`)
      await page.locator('input[name="password"]').fill(PASSWORD)
      await submit(page).click()
      await page.waitForURL('**/login')
      await page.getByTestId('toast').waitFor()
    },
  },
  {
    name: 'sign-in refused with its fields empty',
    open: async (page) => {
      await page.goto('/login')
      await submit(page).click()
      await page.getByTestId('error-summary').waitFor()
    },
  },
  {
    name: 'sign-in with a wrong password',
    open: async (page) => {
      await page.goto('/login')
      await page.locator('input[name="usernameOrEmail"]').fill('nobody_here')
      await page.locator('input[name="password"]').fill('Wrong-Passw0rd')
      await submit(page).click()
      await page.locator('main [role="alert"]').first().waitFor()
    },
  },
  { name: 'forgot password', open: (page) => page.goto('/forgot-password').then(() => undefined) },
  {
    name: 'forgot password refused with its field empty',
    open: async (page) => {
      await page.goto('/forgot-password')
      await submit(page).click()
      await page.locator('main [id$="-error"]').first().waitFor()
    },
  },
  {
    name: 'forgot password, sent',
    open: (page) => page.goto('/forgot-password?sent=1').then(() => undefined),
  },
  {
    name: 'reset password without a link',
    open: (page) => page.goto('/reset-password').then(() => undefined),
  },
  {
    name: 'reset password refused: the two passwords differ',
    open: async (page) => {
      await openResetForm(page)
      await page.locator('input[name="password"]').fill('N3wMelody')
      await page.locator('input[name="confirmPassword"]').fill('N3wMelodyX')
      await submit(page).click()
      await page.getByTestId('error-summary').waitFor()
    },
  },
  {
    name: 'the two-factor step refused with its code empty',
    open: async (page) => {
      await page.goto('/login')
      await page.locator('input[name="usernameOrEmail"]').fill(ADMIN.email)
      await page.locator('input[name="password"]').fill(ADMIN.password)
      await submit(page).click()
      await page.waitForURL((url) => url.pathname === '/login/two-factor')
      await page
        .locator('input[name="code"]')
        .evaluate((input) => input.removeAttribute('required'))
      await submit(page).click()
      await page.locator('main [id$="-error"]').first().waitFor()
    },
  },
  {
    name: 'verify email, before a code is mailed',
    open: async (page) => {
      await newSignedInUser(page, 'Lena')
      await page.goto('/verify-email')
    },
  },
  {
    name: 'verify email, a wrong code refused after the code was mailed (its toast gone)',
    open: async (page) => {
      await newSignedInUser(page, 'Lena')
      await page.goto('/verify-email')
      await page.locator('main form:has(input[value="generate"]) button').click()
      await page.locator('input[name="token"]').fill('000000')
      await page.locator('main form:has(input[value="verify"]) button').click()
      await page.locator('main [role="alert"]').waitFor()
    },
  },
  {
    name: 'verify email, the code mailed, with its toast',
    open: async (page) => {
      await newSignedInUser(page, 'Lena')
      await page.goto('/verify-email')
      await page.locator('main form:has(input[value="generate"]) button').click()
      await page.getByTestId('toast').waitFor()
    },
  },
  {
    name: 'the Google link’s page, the link spent',
    open: (page) => page.goto('/login/google-takeover?token=spent').then(() => undefined),
  },
]

describe.each(MODES)('the auth pages in the pseudo-language, $name', (mode) => {
  test.each(STATES)('$name shows no English outside names and identifiers', async ({ open }) => {
    const page = await browser.newPage({ ...mode, locale: 'en-XA' })
    await open(page)
    expect(await page.locator('html').getAttribute('lang')).toBe('en-XA')
    expect(await page.locator('main').getAttribute('lang')).toBeNull()
    // The signed-in pages show the account's own name (Lena, in the header) and email addresses
    // as typed: names and identifiers, not English.
    const found = await englishOn(page)
    expect(found.filter((entry) => !/: (Lena|[^\s@]+@[^\s@]+)$/.test(entry))).toEqual([])
    await page.done()
  })
})

const NARROW = [
  '/register',
  '/login',
  '/forgot-password',
  '/forgot-password?sent=1',
  '/reset-password',
  '/login/google-takeover?token=spent',
  '/google-auth',
]

describe.each(['de', 'ja'])('the auth pages in %s at 320 px', (locale) => {
  test.each(MODES)('$name: nothing wider than the window', async (mode) => {
    const page = await browser.newPage({ ...mode, locale })
    await page.setViewportSize({ width: 320, height: 640 })
    const pages = [
      ...NARROW.map((path) => () => page.goto(path)),
      () => refusedSignUp(page),
      // Last: signed in, the email verification page.
      () => newSignedInUser(page, 'Lena').then(() => page.goto('/verify-email')),
    ]
    for (const visit of pages) {
      await visit()
      expect(await page.locator('html').getAttribute('lang')).toBe(locale)
      expect(await overflowing(page), page.url()).toEqual([])
    }
    await page.done()
  })
})

async function refusedSignUp(page: TestPage) {
  await page.goto('/register')
  await submit(page).click()
  await page.getByTestId('error-summary').waitFor()
}

/** What is wider than the window, the document itself among them where it scrolls sideways. */
async function overflowing(page: TestPage) {
  const wider = await widerThanTheWindow(page)
  if ((await documentWidth(page)) > 320) wider.push('the document scrolls sideways')
  return wider
}
