// jsdom ships no types of its own (@types/jsdom is not installed): its document is read as the DOM's.
// @ts-expect-error -- no declaration file for jsdom
import { JSDOM } from 'jsdom'
import { describe, expect, test } from 'vitest'
import * as apiRegister from '~/resource-routes/api.auth.register'
import * as contactRoute from '~/routes/contact'
import * as editRoute from '~/routes/edit.$id'
import * as forgotRoute from '~/routes/forgot-password'
import * as invitationRoute from '~/routes/invitations.$token'
import * as loginRoute from '~/routes/login'
import * as registerRoute from '~/routes/register'
import * as resetRoute from '~/routes/reset-password'
import * as emailRoute from '~/routes/settings_.email'
import * as passwordRoute from '~/routes/settings_.password'
import * as profileRoute from '~/routes/settings_.profile'
import * as detailsRoute from '~/routes/songs.$id.details'
import * as registerSongRoute from '~/routes/songs.$id.register'
import * as submitRoute from '~/routes/submit'
import { drawPage, type PageModule } from '../setup/draw-page'
import {
  args,
  authedFormRequest,
  createTestSong,
  createUser,
  formRequest,
  jsonRequest,
  respond,
  sessionCookie,
} from '../setup/fixtures'
import { createInvitedCoWriter } from '../setup/invitations'

// Issue 52 items 2–5 (decision 113), through each form's real action and page: an empty field
// says what to enter, the spec's words stay for what the spec words, the username's hint says
// what its rule is, a refused split names its component, and a refused post draws GOV.UK's
// error summary first in its form, each link going to a field on the page.

const BASE = 'http://localhost'
const parseHtml = (html: string): Document => new JSDOM(html).window.document
type Action = (a: ReturnType<typeof args>) => unknown

/** The field errors of a refused post, as the page gets them. */
async function refusedFields(action: Action, request: Request) {
  const response = await respond(() => action(args(request)))
  expect(response.status).toBe(400)
  const body = (await response.json()) as {
    result?: { error?: Record<string, string[]> }
    error?: Record<string, string[]>
  }
  return body.result?.error ?? body.error
}

async function signedIn() {
  const user = await createUser()
  return { user, cookie: await sessionCookie(user.id) }
}

describe('an empty field says what to enter (issue 52.3)', () => {
  test.each([
    [
      'sign-up',
      registerRoute.action,
      '/register',
      ['firstName', 'lastName', 'username', 'email', 'password'],
      {
        firstName: ['Enter your first name'],
        lastName: ['Enter your last name'],
        username: ['Enter a username'],
        email: ['Enter your email address'],
        password: ['Enter a password'],
      },
    ],
    [
      'sign-in',
      loginRoute.action,
      '/login',
      ['usernameOrEmail', 'password'],
      {
        usernameOrEmail: ['Enter your username or email address'],
        password: ['Enter your password'],
      },
    ],
    [
      'contact',
      contactRoute.action,
      '/contact',
      ['name', 'email', 'subject', 'message'],
      {
        name: ['Enter your name'],
        email: ['Enter your email address'],
        subject: ['Enter a subject'],
        message: ['Enter a message'],
      },
    ],
    [
      'forgotten password',
      forgotRoute.action,
      '/forgot-password',
      ['email'],
      {
        email: ['Enter your email address'],
      },
    ],
    [
      'password reset (the spec words the confirmation and the token)',
      resetRoute.action,
      '/reset-password',
      ['token', 'password', 'confirmPassword'],
      {
        token: ['Reset token is required'],
        password: ['Enter a new password'],
        confirmPassword: ['Please confirm your password'],
      },
    ],
  ] as const)('%s', async (_, action, path, names, expected) => {
    const empty = Object.fromEntries(names.map((name) => [name, '']))
    expect(await refusedFields(action as Action, formRequest(`${BASE}${path}`, empty))).toEqual(
      expected,
    )
  })

  test('blank is empty: spaces and invisible characters in a name, a subject, a message', async () => {
    const blank = ' \u200B\u3164 '
    expect(
      await refusedFields(
        registerRoute.action as Action,
        formRequest(`${BASE}/register`, {
          firstName: blank,
          lastName: blank,
          username: blank,
          email: blank,
          password: 'Gr8tSongs',
        }),
      ),
    ).toMatchObject({
      firstName: ['Enter your first name'],
      lastName: ['Enter your last name'],
      email: ['Enter your email address'],
    })
    expect(
      await refusedFields(
        contactRoute.action as Action,
        formRequest(`${BASE}/contact`, {
          name: blank,
          email: 'a@example.com',
          subject: blank,
          message: blank,
        }),
      ),
    ).toEqual({
      name: ['Enter your name'],
      subject: ['Enter a subject'],
      message: ['Enter a message'],
    })
  })

  test('signed-in forms: profile, password, email address', async () => {
    const { user } = await signedIn()
    const post = (path: string, fields: Record<string, string>) =>
      authedFormRequest(`${BASE}${path}`, user.id, fields)
    expect(
      await refusedFields(
        profileRoute.action as Action,
        await post('/settings/profile', { firstName: '', lastName: '', username: '' }),
      ),
    ).toEqual({
      firstName: ['Enter your first name'],
      lastName: ['Enter your last name'],
      username: ['Enter a username'],
    })
    expect(
      await refusedFields(
        passwordRoute.action as Action,
        await post('/settings/password', {
          currentPassword: '',
          newPassword: '',
          confirmPassword: '',
        }),
      ),
    ).toEqual({
      newPassword: ['Enter a new password'],
      confirmPassword: ['Please confirm your password'],
    })
    const emailPost = await post('/settings/email', { intent: 'request', email: '' })
    const email = await respond(() => emailRoute.action(args(emailPost)))
    expect(JSON.stringify(await email.json())).toContain('Enter your new email address')
  })

  test('a value that breaks a rule keeps the spec’s words; the JSON sign-up says one thing per empty field', async () => {
    expect(
      await refusedFields(
        registerRoute.action as Action,
        formRequest(`${BASE}/register`, {
          firstName: 'Min',
          lastName: 'Kim',
          username: 'ab',
          email: 'nope',
          password: 'Gr8tSongs',
        }),
      ),
    ).toEqual({
      username: ['Username must be at least 3 characters'],
      email: ['Please enter a valid email address'],
    })
    expect(
      await refusedFields(
        contactRoute.action as Action,
        formRequest(`${BASE}/contact`, {
          name: 'A',
          email: 'a@example.com',
          subject: 'Hi',
          message: 'short',
        }),
      ),
    ).toEqual({
      name: ['Name must be at least 2 characters'],
      subject: ['Subject must be at least 5 characters'],
      message: ['Message must be at least 10 characters'],
    })
    // The song form's required messages are the spec's own (SPEC §5), and stay.
    const { cookie } = await signedIn()
    const song = await respond(() =>
      submitRoute.action(
        args(
          formRequest(
            `${BASE}/submit`,
            { intent: 'review', title: '', contributorName: '', toolsUsed: '', fileLink: '' },
            { Cookie: cookie },
          ),
        ),
      ),
    )
    expect(song.status).toBe(400)
    expect((await song.json()).errors).toMatchObject({
      title: ['Song title is required'],
      contributorName: ['Contributor name is required'],
      toolsUsed: ['Tools used is required'],
      fileLink: ['Song link is required'],
    })

    const json = await respond(() =>
      apiRegister.action(
        args(
          jsonRequest(`${BASE}/api/auth/register`, {
            firstName: '',
            lastName: '',
            username: '',
            email: '',
            password: '',
          }),
        ),
      ),
    )
    expect(json.status).toBe(400)
    const said = JSON.stringify(await json.json())
    for (const message of [
      'Enter a username',
      'Enter your email address',
      'Enter a password',
      'Enter your first name',
    ])
      expect(said).toContain(message)
    for (const message of [
      'at least 3 characters',
      'Please enter a valid email address',
      'at least 8 characters',
    ])
      expect(said).not.toContain(message)
  })
})

test('the sign-up page says what the username rule is; the rule and its refusal stay (issue 52.4)', async () => {
  const page = await drawPage(registerRoute as PageModule, '/register', '/register')
  const document = parseHtml(page)
  const username = document.querySelector('#register-username')!
  // The hint is what a screen reader reads with the field.
  const hint = (username.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
  expect(hint).toContain('Latin letters a–z, digits 0–9 and _')
  expect(hint).not.toMatch(/\d+ to \d+ letters/)
  expect(
    await refusedFields(
      registerRoute.action as Action,
      formRequest(`${BASE}/register`, {
        firstName: '민지',
        lastName: '김',
        username: '김민지',
        email: 'minji@example.com',
        password: 'Gr8tSongs',
      }),
    ),
  ).toEqual({ username: ['Username can only contain letters, numbers, and underscores'] })
})

test('registering a split that is not 100 % names the component and its total (issue 52.5)', async () => {
  const { user } = await signedIn()
  const song = await createTestSong(user.id, {
    contributions: [
      {
        component: 'vocals',
        contributorPercent: 100,
        coContributorPercent: 0,
        coContributor2Percent: 0,
        aiPercent: 20,
      },
    ],
  })
  const params = { id: String(song.id) }
  const post = await authedFormRequest(`${BASE}/songs/${song.id}/register`, user.id, {
    confirmed: 'yes',
  })
  const posted = await respond(() => registerSongRoute.action(args(post, params)))
  expect(posted.status).toBe(422)
  const { message } = (await posted.json()) as { message: string }
  expect(message).toBe(
    'All contribution percentages must total 100% for each component. Vocals totals 120%. Correct the song’s splits on its edit page before registering it.',
  )
  const cookie = await sessionCookie(user.id)
  const page = await respond(() =>
    registerSongRoute.loader(
      args(
        new Request(`${BASE}/songs/${song.id}/register`, { headers: { Cookie: cookie } }),
        params,
      ),
    ),
  )
  expect((await page.json()).blocked.message).toBe(message)
})

/** What a form posts, URL-encoded, as drawPage takes it. */
const body = (fields: Record<string, string>) => ({
  body: new TextEncoder().encode(new URLSearchParams(fields).toString()).buffer as ArrayBuffer,
  contentType: 'application/x-www-form-urlencoded',
})

describe('a refused post draws the error summary first in its form, without JavaScript (issue 52.2)', () => {
  const pages: [string, () => Promise<[PageModule, string, string, string | null]>][] = [
    ['sign-up', async () => [registerRoute, '/register', '/register', null]],
    ['sign-in', async () => [loginRoute, '/login', '/login', null]],
    ['contact', async () => [contactRoute, '/contact', '/contact', null]],
    [
      'profile',
      async () => [
        profileRoute,
        '/settings/profile',
        '/settings/profile',
        (await signedIn()).cookie,
      ],
    ],
    [
      'password',
      async () => [
        passwordRoute,
        '/settings/password',
        '/settings/password',
        (await signedIn()).cookie,
      ],
    ],
    ['song', async () => [submitRoute, '/submit', '/submit', (await signedIn()).cookie]],
    [
      'edit',
      async () => {
        const { user, cookie } = await signedIn()
        const song = await createTestSong(user.id)
        return [editRoute, '/edit/:id', `/edit/${song.id}`, cookie]
      },
    ],
    [
      'invitation confirm',
      async () => {
        const { token } = await createInvitedCoWriter()
        return [invitationRoute, '/invitations/:token', `/invitations/${token}`, null]
      },
    ],
  ]
  const refused: Record<string, Record<string, string>> = {
    'sign-up': { firstName: '', lastName: '', username: '', email: '', password: '' },
    'sign-in': { usernameOrEmail: '', password: '' },
    contact: { name: '', email: 'nope', subject: '', message: '' },
    profile: { firstName: '', lastName: '', username: '' },
    password: { currentPassword: '', newPassword: 'short', confirmPassword: '' },
    song: { intent: 'review', title: '', contributorName: '', toolsUsed: '', fileLink: '' },
    edit: { title: '', contributorName: '', toolsUsed: '', fileLink: '', dateCreated: '' },
    'invitation confirm': { intent: 'confirm', creditedName: '', ipi: '12' },
  }

  test.each(pages)('%s', async (name, open) => {
    const [page, pattern, path, cookie] = await open()
    const html = await drawPage(page, pattern, path, cookie, body(refused[name]!))
    const document = parseHtml(html)
    const summary = document.querySelector('[data-testid="error-summary"]')!
    expect(summary, 'the summary').not.toBeNull()
    expect(summary.querySelector('h2')!.textContent).toBe('There is a problem')
    // Focused when the page loads, before anything else on it.
    expect(summary.hasAttribute('autofocus')).toBe(true)
    expect(summary.getAttribute('tabindex')).toBe('-1')
    expect(document.querySelectorAll('[autofocus]')[0]).toBe(summary)
    const form = summary.closest('form') ?? summary.nextElementSibling?.closest('form')
    const firstField = (form ?? document).querySelector(
      'input:not([type=hidden]), select, textarea',
    )!
    expect(
      summary.compareDocumentPosition(firstField) & summary.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy()
    const links = [...summary.querySelectorAll('a')]
    expect(links.length).toBeGreaterThanOrEqual(2)
    for (const link of links) {
      const field = document.getElementById(link.getAttribute('href')!.slice(1))
      expect(field?.tagName, link.textContent!).toMatch(/^(INPUT|SELECT|TEXTAREA)$/)
      // The link says what the field's own message says.
      const said = (field!.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ')
      expect(said).toContain(link.textContent)
    }
  })

  test('the details page, whose fields are all optional, links a refused one', async () => {
    const { user, cookie } = await signedIn()
    const song = await createTestSong(user.id)
    const html = await drawPage(
      detailsRoute,
      '/songs/:id/details',
      `/songs/${song.id}/details`,
      cookie,
      body({ isrc: 'bad', upc: '12' }),
    )
    const document = parseHtml(html)
    const links = [...document.querySelectorAll('[data-testid="error-summary"] a')]
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['ISRC must be in format: CCXXXNNNNNNN', '#song-details-isrc'],
      ['UPC must be 12 digits', '#song-details-upc'],
    ])
    expect(document.getElementById('song-details-upc')?.tagName).toBe('INPUT')
  })
})
