import type { ActionFunctionArgs } from '@remix-run/node'
import fc from 'fast-check'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import * as adminVerify from '../../app/routes/admin.verify'
import * as apiContact from '../../app/routes/api.contact'
import * as apiLogin from '../../app/routes/api.auth.login'
import * as apiRegister from '../../app/routes/api.auth.register'
import * as apiResetRequest from '../../app/routes/api.auth.password-reset-request'
import * as apiReset from '../../app/routes/api.auth.reset-password'
import * as apiSong from '../../app/routes/api.songs.$id'
import * as apiSongs from '../../app/routes/api.songs'
import * as apiTrack from '../../app/routes/api.analytics.track'
import * as apiVerifyEmail from '../../app/routes/api.auth.verify-email'
import * as contact from '../../app/routes/contact'
import * as edit from '../../app/routes/edit.$id'
import * as forgot from '../../app/routes/forgot-password'
import * as login from '../../app/routes/login'
import * as register from '../../app/routes/register'
import * as reset from '../../app/routes/reset-password'
import * as submit from '../../app/routes/submit'
import * as verifyEmail from '../../app/routes/verify-email'
import { SongSchema } from '../../app/lib/song-schema'
import { createSong } from '../../app/services/songs.server'
import { args, createAdmin, createUser, respond, sessionCookie } from '../setup/fixtures'

// Every form and JSON endpoint, fed arbitrary input: never a 5xx, always a clear answer.
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000)

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('', ' ', '0', '-1', '100', '1e309', 'NaN', 'null', '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd', 'a@b.c', 'T-034.524.680-1', '2025-02-30', 'https://x.y'),
  fc.string({ minLength: 300, maxLength: 3000 }),
)

function formArbitrary(fields: string[]) {
  const known = fc.record(Object.fromEntries(fields.map((name) => [name, text])), { requiredKeys: [] })
  const extra = fc.dictionary(fc.string({ maxLength: 12 }), text, { maxKeys: 3 })
  return fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a }))
}

const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 60 }),
  fc.constantFrom('{', '[]', 'null', '{"contributions":[{"component":"lyrics","aiPercent":"x"}]}', '{"title":{"$ne":1}}'),
)

type Handler = (a: ActionFunctionArgs) => unknown

async function expectClearAnswer(run: () => unknown) {
  const response = await respond(run)
  expect(response.status, `status ${response.status}`).toBeLessThan(500)
  if (response.status >= 400 && (response.headers.get('Content-Type') ?? '').includes('application/json')) {
    const body = await response.clone().json()
    // A JSON error always says what went wrong: a message, or field errors for a form.
    expect(typeof body.message === 'string' || typeof body.error === 'object' || typeof body.result === 'object' || typeof body.errors === 'object' || typeof body.message === 'object').toBe(true)
  }
}

let userCookie = ''
let adminCookie = ''
let songId = 0

beforeAll(async () => {
  const user = await createUser({ emailVerified: false })
  userCookie = await sessionCookie(user.id)
  adminCookie = await sessionCookie((await createAdmin()).id)
  songId = (await createSong(user.id, SongSchema.parse({ title: 'Fuzzed', contributorName: 'Ann', dateCreated: '2025-03-01', toolsUsed: 'x', fileLink: 'https://example.com/x' }))).id
  // Warnings from refused input (bad Google state, analytics drops) are expected noise here.
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'log').mockImplementation(() => {})
})

const forms: { name: string; url: string; handler: Handler; fields: string[]; cookie?: () => string; params?: () => Record<string, string> }[] = [
  { name: 'contact', url: '/contact', handler: contact.action, fields: ['name', 'email', 'subject', 'message', 'website'] },
  { name: 'login', url: '/login', handler: login.action, fields: ['usernameOrEmail', 'password', 'redirectTo'] },
  { name: 'register', url: '/register', handler: register.action, fields: ['firstName', 'lastName', 'username', 'email', 'password'] },
  { name: 'forgot-password', url: '/forgot-password', handler: forgot.action, fields: ['email'] },
  { name: 'reset-password', url: '/reset-password', handler: reset.action, fields: ['token', 'password', 'confirmPassword'] },
  { name: 'verify-email', url: '/verify-email', handler: verifyEmail.action, fields: ['intent', 'token'], cookie: () => userCookie },
  { name: 'admin/verify', url: '/admin/verify', handler: adminVerify.action, fields: ['token'], cookie: () => adminCookie },
  { name: 'submit', url: '/submit', handler: submit.action, fields: ['intent', 'title', 'contributorName', 'dateCreated', 'toolsUsed', 'fileLink', 'genre', 'isrc', 'iswc', 'upc', 'contributions[0].component', 'contributions[0].aiPercent', 'contributions[9].contributorPercent'], cookie: () => userCookie },
  { name: 'edit', url: '/edit/1', handler: edit.action, fields: ['title', 'dateCreated', 'contributorName', 'toolsUsed', 'fileLink', 'contributions[0].component', 'contributions[0].contributorPercent'], cookie: () => userCookie, params: () => ({ id: String(songId) }) },
]

describe.each(forms)('form $name', ({ url, handler, fields, cookie, params }) => {
  test(`${RUNS} arbitrary posts: never a 5xx`, async () => {
    await fc.assert(
      fc.asyncProperty(formArbitrary(fields), async (values) => {
        const headers = new Headers(cookie ? { Cookie: cookie() } : {})
        const request = new Request(`http://localhost${url}`, { method: 'POST', headers, body: new URLSearchParams(values as Record<string, string>) })
        await expectClearAnswer(() => handler(args(request, params?.() ?? {})))
      }),
      { numRuns: RUNS },
    )
  }, 600_000)
})

const apis: { name: string; url: string; handler: Handler; method?: string; cookie?: () => string; params?: () => Record<string, string> }[] = [
  { name: 'POST /api/contact', url: '/api/contact', handler: apiContact.action },
  { name: 'POST /api/analytics/track', url: '/api/analytics/track', handler: apiTrack.action },
  { name: 'POST /api/auth/login', url: '/api/auth/login', handler: apiLogin.action },
  { name: 'POST /api/auth/register', url: '/api/auth/register', handler: apiRegister.action },
  { name: 'POST /api/auth/password-reset-request', url: '/api/auth/password-reset-request', handler: apiResetRequest.action },
  { name: 'POST /api/auth/reset-password', url: '/api/auth/reset-password', handler: apiReset.action },
  { name: 'POST /api/auth/verify-email', url: '/api/auth/verify-email', handler: apiVerifyEmail.action, cookie: () => adminCookie },
  { name: 'POST /api/songs', url: '/api/songs', handler: apiSongs.action, cookie: () => userCookie },
  { name: 'PUT /api/songs/:id', url: '/api/songs/1', handler: apiSong.action, method: 'PUT', cookie: () => userCookie, params: () => ({ id: String(songId) }) },
]

describe.each(apis)('$name', ({ url, handler, method = 'POST', cookie, params }) => {
  test(`${RUNS} arbitrary bodies: never a 5xx, errors carry a message`, async () => {
    await fc.assert(
      fc.asyncProperty(jsonBody, fc.boolean(), async (body, asJson) => {
        const headers = new Headers({ 'Content-Type': asJson ? 'application/json' : 'text/plain' })
        if (cookie) headers.set('Cookie', cookie())
        const request = new Request(`http://localhost${url}`, { method, headers, body })
        await expectClearAnswer(() => handler(args(request, params?.() ?? {})))
      }),
      { numRuns: RUNS },
    )
  }, 600_000)
})
