import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { SONG_DETAILS_FORM } from '~/lib/song-details-schema'
import { SUBMIT_FORM } from '~/lib/song-schema'
import { createVerificationCode } from '~/services/accounts/email-verification.server'
import {
  processResetRequests,
  requestPasswordReset,
} from '~/services/accounts/password-reset.server'
import { requestEmailChange } from '~/services/accounts/email-change.server'
import { refusalToken } from '~/services/co-writers/invitation-addresses.server'
import { registerSong } from '~/services/registration/registration.server'
import { getSessionId, listUserSessions } from '~/services/accounts/session.server'
import { sendInvitation } from '~/services/co-writers/invitations.server'
import { db } from '../setup/db'
import {
  args,
  createAdmin,
  createTestSong,
  createUser,
  PASSWORD,
  respond,
  sessionCookie,
} from '../setup/fixtures'
import { lastMailTo } from '../setup/mail'
import { enrolTwoFactor, freshCode } from '../setup/two-factor'
import { pendingEnrolment, startEnrolment } from '~/services/accounts/two-factor.server'
import { mailSignInLink } from '~/services/accounts/google-link.server'
import * as loginRoute from '~/routes/login'
import { multipartBody } from '../setup/multipart'
import { loadRouteModule, routeNames } from '../setup/route-modules'

// Issue 25 item 1, the class: every form, posted through its real action (readForm, conform's
// parseWithZod) as a browser sends it, once with its required fields only and once with every
// optional field present but empty, is accepted. conform turns an empty field into undefined, so
// a schema that passes when called directly could still refuse the form (the co-writer's IPI
// did). The names are the ones real writers have: Hangul, Arabic, Japanese, Greek, Devanagari…

// The self-service code is the mailed one: with SMTP configured it is queued (never delivered
// here) and read from the queue. env() is read on first use, after this line.
process.env.SMTP_URL = 'smtp://127.0.0.1:9'

type Action = (a: unknown) => Promise<unknown>

interface Post {
  url: string
  params?: Record<string, string>
  cookie?: string
  /** The fields the form cannot be sent without, as a person fills them in. */
  required: Record<string, string>
  /** A no-JavaScript file field, posted as multipart. */
  file?: { field: string; name: string; type: string; content: Uint8Array }
  /** A script's request (Accept: application/json), where the route answers forms with a redirect either way. */
  json?: boolean
}
interface Form {
  /** A fresh post: some forms can be sent only once (a token, an account, a registration). */
  prepare: () => Promise<Post>
  /** Every optional field the form has, posted empty in the second case. */
  optional: string[]
}

const uid = () => crypto.randomBytes(4).toString('hex')
const cookieOf = async (user: { id: string }) => sessionCookie(user.id)

async function ownerWithSong(overrides: Record<string, unknown> = {}) {
  const owner = await createUser({ emailVerified: true, firstName: '민지' })
  const song = await createTestSong(owner.id, {
    title: '아리랑 — نشيد الحصاد',
    contributorName: '김민지',
    coContributorName: 'فاطمة الزهراء',
    contributions: [{ component: 'lyrics', contributorPercent: 60, coContributorPercent: 40 }],
    ...overrides,
  })
  return { owner, song, cookie: await cookieOf(owner), params: { id: String(song.id) } }
}

/** An invitation to the co-writer Fatima, as the owner's co-writers page sends it. */
async function invitationToken() {
  const { owner, song } = await ownerWithSong()
  const email = `fatima-${uid()}@example.com`
  const sent = await sendInvitation(db(), owner, song.id, 'co-contributor', email)
  if (!sent.ok) throw new Error(sent.message)
  const token = /\/invitations\/([A-Za-z0-9_-]{43})/.exec((await lastMailTo(email))?.text ?? '')
  return token![1]!
}

async function passkeyOf(userId: string) {
  const row = await db()
    .insertInto('passkeys')
    .values({
      userId,
      credentialId: crypto.randomBytes(16).toString('base64url'),
      publicKey: crypto.randomBytes(77),
      name: 'هاتف نادية',
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

async function resetToken() {
  const user = await createUser({ firstName: 'Пётр' })
  await requestPasswordReset(db(), user.email)
  await processResetRequests(db())
  return /reset-password\?token=([A-Za-z0-9_-]+)/.exec(
    (await lastMailTo(user.email))?.text ?? '',
  )![1]!
}

// The song form's fields as SPEC §5 has them: the five components' rows always come with it.
const SONG_REQUIRED = {
  title: '夜の歌 🎵',
  contributorName: '山田 太郎',
  dateCreated: '2025-03-01',
  toolsUsed: 'ピアノ, Logic Pro',
  fileLink: 'https://example.com/夜の歌.mp3',
  ...Object.fromEntries(
    ['lyrics', 'vocals', 'instrumentation', 'production', 'mixing'].flatMap((component, i) => [
      [`contributions[${i}].component`, component],
      [`contributions[${i}].contributorPercent`, '100'],
    ]),
  ),
}
// Everything else the form posts is optional: read from the form's own field list, so a field
// added to the song form is posted empty here without anyone listing it.
const SONG_OPTIONAL = [
  ...SUBMIT_FORM.fields.filter((field) => !(field in SONG_REQUIRED) && field !== 'intent'),
  ...SUBMIT_FORM.lists.contributions.fields
    .filter((field) => field !== 'component' && field !== 'contributorPercent')
    .map((field) => `contributions[0].${field}`),
  ...SUBMIT_FORM.lists.recordings.fields.map((field) => `recordings[0].${field}`),
]

/**
 * Every form of every page, by the route module that takes its post; a module with an action and
 * no row here fails the first test. `{ none }`: the module takes no form, and why.
 */
const FORMS: Record<string, Record<string, Form> | { none: string }> = {
  $: { none: 'the catch-all page answers every post 404: there is no form on it' },
  'api.admin.upload-video': {
    'upload the landing video': {
      optional: ['redirectTo'],
      prepare: async () => ({
        url: '/api/admin/upload-video',
        cookie: await cookieOf(await createAdmin()),
        required: {},
        file: {
          field: 'video',
          name: 'ヴィデオ.mp4',
          type: 'video/mp4',
          content: crypto.randomBytes(4096),
        },
        json: true,
      }),
    },
  },
  'admin.verify': {
    'verify a user’s email by code': {
      optional: ['redirectTo'],
      prepare: async () => {
        const user = await createUser({ firstName: 'देवनागरी' })
        const { code } = await createVerificationCode(db(), user.id, user.email)
        return {
          url: '/admin/verify',
          cookie: await cookieOf(await createAdmin()),
          required: { token: code },
        }
      },
    },
  },
  contact: {
    'contact us': {
      optional: ['website'],
      prepare: async () => ({
        url: '/contact',
        required: {
          name: 'فاطمة الزهراء',
          email: `fatima-${uid()}@example.com`,
          subject: 'سؤال عن التسجيل',
          message: 'مرحبا، كيف أسجل أغنيتي؟ 🎶',
        },
      }),
    },
  },
  language: {
    'choose the language (the footer’s and Settings’ form)': {
      optional: ['redirectTo'],
      prepare: async () => ({ url: '/language', required: { language: 'ja' } }),
    },
  },
  'edit.$id': {
    'edit a song': {
      optional: ['coContributorName', 'coContributorName2'],
      prepare: async () => {
        const { cookie, params, song } = await ownerWithSong({
          coContributorName: undefined,
          contributions: [{ component: 'lyrics', contributorPercent: 100 }],
        })
        return {
          url: `/edit/${song.id}`,
          params,
          cookie,
          required: {
            title: 'Ελένη — Σερενάτα',
            contributorName: 'Ελένη Καραΐνδρου',
            dateCreated: '2025-03-01',
            toolsUsed: 'Πιάνο',
            fileLink: 'https://example.com/serenata.mp3',
            'contributions[0].component': 'lyrics',
            'contributions[0].contributorPercent': '100',
          },
        }
      },
    },
  },
  'refuse-invitations': {
    'stop all invitations to this address': {
      // The button posts nothing but the link's own token, which is in the query string.
      optional: [],
      prepare: async () => ({
        url: `/refuse-invitations?token=${refusalToken(`레오-${uid()}@example.com`)}`,
        required: {},
      }),
    },
  },
  'songs.$id.details': {
    'add details to an unregistered song': {
      // Every field of this form is optional: the required post is an empty one.
      optional: SONG_DETAILS_FORM.fields,
      prepare: async () => {
        const { cookie, params, song } = await ownerWithSong()
        return { url: `/songs/${song.id}/details`, params, cookie, required: {} }
      },
    },
  },
  'forgot-password': {
    'ask for a reset link': {
      optional: [],
      prepare: async () => ({
        url: '/forgot-password',
        required: { email: (await createUser({ firstName: 'דוד' })).email },
      }),
    },
  },
  'invitations.$token': {
    'confirm my share': {
      optional: ['creditedLatinName', 'pro', 'ipi'],
      prepare: async () => {
        const token = await invitationToken()
        return {
          url: `/invitations/${token}`,
          params: { token },
          required: { intent: 'confirm', creditedName: 'فاطمة الزهراء' },
        }
      },
    },
    'dispute the split': {
      optional: [],
      prepare: async () => {
        const token = await invitationToken()
        return {
          url: `/invitations/${token}`,
          params: { token },
          required: { intent: 'dispute', disputeReason: '歌詞の半分は私が書きました。\r\n' },
        }
      },
    },
  },
  login: {
    'sign in': {
      optional: ['redirectTo'],
      prepare: async () => ({
        url: '/login',
        required: {
          usernameOrEmail: (await createUser({ firstName: 'สมชาย' })).email,
          password: PASSWORD,
        },
      }),
    },
  },
  register: {
    'create an account': {
      optional: [],
      prepare: async () => ({
        url: '/register',
        required: {
          firstName: 'Ελένη',
          lastName: 'Καραΐνδρου',
          username: `eleni_${uid()}`,
          email: `eleni-${uid()}@example.com`,
          password: PASSWORD,
        },
      }),
    },
  },
  'reset-password': {
    'choose a new password': {
      optional: [],
      prepare: async () => ({
        url: '/reset-password',
        required: {
          token: await resetToken(),
          password: 'N3wSecret!',
          confirmPassword: 'N3wSecret!',
        },
      }),
    },
  },
  settings: {
    'time zone': {
      optional: ['timeZone'],
      prepare: async () => ({
        url: '/settings',
        cookie: await cookieOf(await createUser({ firstName: '王小明' })),
        required: {},
      }),
    },
  },
  // Issue 28: the account's own settings.
  'settings_.profile': {
    profile: {
      optional: [],
      prepare: async () => ({
        url: '/settings/profile',
        cookie: await cookieOf(await createUser()),
        required: { firstName: 'Δήμητρα', lastName: 'देवनागरी', username: `dimitra_${uid()}` },
      }),
    },
  },
  'settings_.password': {
    'change the password': {
      optional: [],
      prepare: async () => ({
        url: '/settings/password',
        cookie: await cookieOf(await createUser()),
        required: {
          currentPassword: PASSWORD,
          newPassword: 'N3wSecret!',
          confirmPassword: 'N3wSecret!',
        },
      }),
    },
    'set a first password (Google-only account)': {
      optional: ['currentPassword'],
      prepare: async () => {
        const user = await createUser({ firstName: 'สมชาย' })
        await db()
          .updateTable('users')
          .set({ passwordHash: null })
          .where('id', '=', user.id)
          .execute()
        return {
          url: '/settings/password',
          cookie: await cookieOf(user),
          required: { newPassword: 'N3wSecret!', confirmPassword: 'N3wSecret!' },
        }
      },
    },
  },
  'settings_.email': {
    'ask for a link at a new address': {
      optional: [],
      prepare: async () => ({
        url: '/settings/email',
        cookie: await cookieOf(await createUser({ firstName: 'อนุชา' })),
        required: {
          intent: 'request',
          email: `새주소-${uid()}@example.org`.replace('새주소', 'new'),
        },
      }),
    },
    'confirm with the mailed link': {
      optional: [],
      prepare: async () => {
        const user = await createUser({ firstName: 'ยุพา' })
        const newEmail = `confirm-${uid()}@example.org`
        await requestEmailChange(db(), user, newEmail)
        const token = /settings\/email\?token=([A-Za-z0-9_-]+)/.exec(
          (await lastMailTo(newEmail))?.text ?? '',
        )![1]!
        return {
          url: '/settings/email',
          cookie: await cookieOf(user),
          required: { intent: 'confirm', token },
        }
      },
    },
  },
  'settings_.google': {
    'disconnect Google': {
      optional: [],
      prepare: async () => {
        const user = await createUser({ firstName: 'Chloé' })
        await db()
          .updateTable('users')
          .set({ externalId: `google-${uid()}` })
          .where('id', '=', user.id)
          .execute()
        return {
          url: '/settings/google',
          cookie: await cookieOf(user),
          required: { intent: 'disconnect' },
        }
      },
    },
  },
  'settings_.sessions': {
    'sign out one browser': {
      optional: [],
      prepare: async () => {
        const user = await createUser()
        await cookieOf(user)
        const cookie = await cookieOf(user)
        const sid = await getSessionId(cookie)
        const other = (await listUserSessions(db(), user.id, sid)).find((s) => !s.current)!
        return {
          url: '/settings/sessions',
          cookie,
          required: { intent: 'end', session: other.key },
        }
      },
    },
    'sign out all other browsers': {
      optional: [],
      prepare: async () => ({
        url: '/settings/sessions',
        cookie: await cookieOf(await createUser()),
        required: { intent: 'end-others' },
      }),
    },
  },
  // Issue 28: a passkey's row as registration keeps it (its key is not used by these forms).
  'settings_.passkeys': {
    'rename a passkey': {
      optional: [],
      prepare: async () => {
        const user = await createUser({ firstName: '민지' })
        const id = await passkeyOf(user.id)
        return {
          url: '/settings/passkeys',
          cookie: await cookieOf(user),
          required: { intent: 'rename', id: String(id), name: '김민지의 iPhone' },
        }
      },
    },
    'remove a passkey': {
      optional: [],
      prepare: async () => {
        const user = await createUser({ firstName: 'نادية' })
        const id = await passkeyOf(user.id)
        return {
          url: '/settings/passkeys',
          cookie: await cookieOf(user),
          required: { intent: 'remove', id: String(id) },
        }
      },
    },
  },
  'settings_.delete-account': {
    'delete the account': {
      optional: [],
      prepare: async () => {
        const user = await createUser({ firstName: 'Ёжик' })
        return {
          url: '/settings/delete-account',
          cookie: await cookieOf(user),
          required: { confirmUsername: user.username },
        }
      },
    },
  },
  'login_.two-factor': {
    'the code that finishes a sign-in': {
      optional: [],
      prepare: async () => {
        const user = await createUser({ firstName: '다은' })
        const { secret } = await enrolTwoFactor(user)
        const first = await respond(() =>
          loginRoute.action(
            args(
              new Request('http://localhost/login', {
                method: 'POST',
                body: new URLSearchParams({ usernameOrEmail: user.email, password: PASSWORD }),
              }),
            ),
          ),
        )
        const cookie = /pt_2fa=[^;]*/.exec(first.headers.get('Set-Cookie') ?? '')![0]
        return {
          url: '/login/two-factor',
          cookie,
          required: { code: await freshCode(user.id, secret) },
        }
      },
    },
  },
  'login_.google-takeover': {
    'continue a Google sign-in by the mailed link': {
      optional: [],
      prepare: async () => {
        const user = await createUser({ emailVerified: false, firstName: 'Олег' })
        await enrolTwoFactor(user)
        const mailed = await mailSignInLink(db(), user, { name: 'Олег', idEnding: '0001' })
        if (!mailed.sent) throw new Error('The link was not mailed')
        const token = /token=(\S+)/.exec((await lastMailTo(user.email))!.text!)![1]!
        const cookie = mailed.setCookie.split(';')[0]
        return { url: '/login/google-takeover', cookie, required: { token } }
      },
    },
  },
  'settings_.two-factor': {
    'set up': {
      optional: [],
      prepare: async () => ({
        url: '/settings/two-factor',
        cookie: await cookieOf(await createUser()),
        required: { intent: 'start' },
      }),
    },
    'turn on with the first code': {
      optional: [],
      prepare: async () => {
        const user = await createUser({ firstName: 'Αθηνά' })
        await startEnrolment(db(), user.id)
        const { secret } = (await pendingEnrolment(db(), user))!
        return {
          url: '/settings/two-factor',
          cookie: await cookieOf(user),
          required: { intent: 'confirm', code: await freshCode(user.id, secret) },
        }
      },
    },
    'turn off': {
      optional: [],
      prepare: async () => {
        const user = await createUser()
        const { secret } = await enrolTwoFactor(user)
        return {
          url: '/settings/two-factor',
          cookie: await cookieOf(user),
          required: { intent: 'disable', code: await freshCode(user.id, secret) },
        }
      },
    },
    'new recovery codes': {
      optional: [],
      prepare: async () => {
        const user = await createUser()
        const { secret } = await enrolTwoFactor(user)
        return {
          url: '/settings/two-factor',
          cookie: await cookieOf(user),
          required: { intent: 'regenerate', code: await freshCode(user.id, secret) },
        }
      },
    },
  },
  'settings_.confirm': {
    'confirm with the password': {
      optional: ['code', 'redirectTo'],
      prepare: async () => ({
        url: '/settings/confirm',
        cookie: await cookieOf(await createUser({ firstName: 'देवी' })),
        required: { password: PASSWORD },
      }),
    },
    'confirm with a code': {
      optional: ['password', 'redirectTo'],
      prepare: async () => {
        const user = await createUser()
        const { secret } = await enrolTwoFactor(user)
        return {
          url: '/settings/confirm',
          cookie: await cookieOf(user),
          required: { code: await freshCode(user.id, secret) },
        }
      },
    },
  },
  'songs.$id.delete': {
    'delete an unregistered song': {
      optional: [],
      prepare: async () => {
        const { cookie, params, song } = await ownerWithSong()
        return { url: `/songs/${song.id}/delete`, params, cookie, required: { confirm: 'delete' } }
      },
    },
  },
  'songs.$id.co-writers': {
    'invite a co-writer': {
      optional: [],
      prepare: async () => {
        const { cookie, params, song } = await ownerWithSong()
        return {
          url: `/songs/${song.id}/co-writers`,
          params,
          cookie,
          required: {
            intent: 'invite',
            slot: 'co-contributor',
            email: `fatima-${uid()}@example.com`,
          },
        }
      },
    },
    'resend an invitation': {
      optional: [],
      prepare: async () => {
        const { owner, cookie, params, song } = await ownerWithSong()
        const sent = await sendInvitation(
          db(),
          owner,
          song.id,
          'co-contributor',
          `f-${uid()}@example.com`,
        )
        if (!sent.ok) throw new Error(sent.message)
        return {
          url: `/songs/${song.id}/co-writers`,
          params,
          cookie,
          required: { intent: 'resend', invitationId: String(sent.invitationId) },
        }
      },
    },
  },
  'songs.$id.register': {
    'register on the blockchain': {
      optional: ['respond', 'intent'],
      prepare: async () => {
        const { cookie, params, song } = await ownerWithSong({
          coContributorName: undefined,
          contributions: [{ component: 'lyrics', contributorPercent: 100 }],
        })
        return {
          url: `/songs/${song.id}/register`,
          params,
          cookie,
          required: { confirmed: 'yes' },
        }
      },
    },
  },
  submit: {
    'review the song': {
      optional: SONG_OPTIONAL,
      prepare: async () => ({
        url: '/submit',
        cookie: await cookieOf(await createUser({ firstName: '太郎' })),
        required: SONG_REQUIRED,
      }),
    },
    'create the song': {
      optional: SONG_OPTIONAL,
      prepare: async () => ({
        url: '/submit',
        cookie: await cookieOf(await createUser({ firstName: '太郎' })),
        required: { ...SONG_REQUIRED, intent: 'create' },
      }),
    },
  },
  'verify-email': {
    'email me a code': {
      optional: [],
      prepare: async () => ({
        url: '/verify-email',
        cookie: await cookieOf(await createUser({ firstName: 'Пётр' })),
        required: { intent: 'generate' },
      }),
    },
    'show me a code for support': {
      optional: [],
      prepare: async () => ({
        url: '/verify-email',
        cookie: await cookieOf(await createUser({ firstName: 'ऋषि' })),
        required: { intent: 'support' },
      }),
    },
    'verify my email': {
      optional: [],
      prepare: async () => {
        const user = await createUser({ firstName: 'Пётр' })
        await createVerificationCode(db(), user.id, user.email)
        const mail = await lastMailTo(user.email)
        const code = /verification code is (\d{6})/.exec(mail?.text ?? '')![1]!
        return {
          url: '/verify-email',
          cookie: await cookieOf(user),
          required: { intent: 'verify', token: code },
        }
      },
    },
  },
  'verify.$certificateId': {
    'check a file against the certificate': {
      optional: [],
      prepare: async () => {
        const content = crypto.randomBytes(2000)
        const sha256 = crypto.createHash('sha256').update(content).digest('hex')
        const { owner, song } = await ownerWithSong({
          coContributorName: undefined,
          contributions: [{ component: 'lyrics', contributorPercent: 100 }],
          recordings: [{ label: '마스터', sha256, size: '2000' }],
        })
        const outcome = await registerSong(owner.id, song.id, { confirmed: true })
        if (!outcome.ok) throw new Error(outcome.message)
        return {
          url: `/verify/${song.certificateId}`,
          params: { certificateId: song.certificateId },
          required: {},
          file: { field: 'recording', name: 'master.wav', type: 'audio/wav', content },
        }
      },
    },
  },
}

// The JSON APIs take JSON, never a form (tests/routes/json-bodies.test.ts reads their bodies);
// the check below makes sure none of them starts reading a form without a row above.
const JSON_API = 'a JSON API, not a form (tests/routes/json-bodies.test.ts)'
for (const name of [
  'api.analytics.track',
  'api.auth.login',
  'api.auth.logout',
  'api.auth.password-reset-request',
  'api.auth.register',
  'api.auth.request-email-verification',
  'api.auth.reset-password',
  'api.auth.verify-email',
  'api.contact',
  'api.passkeys.register-options',
  'api.passkeys.register',
  'api.passkeys.sign-in-options',
  'api.passkeys.sign-in',
  'api.songs.$id.blockchain.sponsored',
  'api.songs.$id',
  'api.songs.$id.invitations',
  'api.songs.$id.invitations.$invitationId.resend',
  'api.songs.$id.invitations.$invitationId.revoke',
  'api.songs',
  'api.stripe.webhook',
  'api.subscription.create-payment-intent',
  'api.subscription.increment-usage',
  'api.subscription.verify-payment',
])
  FORMS[name] = { none: JSON_API }
const FORM_READER = /readForm|parseWithZod|formData\(|isFormNavigation|parseMultipart/

async function withAction() {
  const names: string[] = []
  for (const name of routeNames) {
    const mod = await loadRouteModule<{ action?: Action }>(name)
    if (mod.action) names.push(name)
  }
  return names
}

function request(post: Post, fields: Record<string, string>) {
  const headers = new Headers()
  if (post.json) headers.set('Accept', 'application/json')
  if (post.cookie) headers.set('Cookie', post.cookie)
  if (post.file) {
    const body = multipartBody(fields, { ...post.file, size: post.file.content.byteLength })
    headers.set('Content-Type', body.contentType)
    return new Request(`http://localhost${post.url}`, {
      method: 'POST',
      headers,
      body: body.stream,
      duplex: 'half',
    } as RequestInit)
  }
  headers.set('Content-Type', 'application/x-www-form-urlencoded')
  return new Request(`http://localhost${post.url}`, {
    method: 'POST',
    headers,
    body: new URLSearchParams(fields),
  })
}

/** What the action answered, and whether it refused: a 4xx/5xx or a reply carrying errors. */
async function send(name: string, post: Post, fields: Record<string, string>) {
  const mod = await loadRouteModule<{ action: Action }>(name)
  const response = await respond(() => mod.action(args(request(post, fields), post.params ?? {})))
  const text = await response.text()
  const refused =
    response.status >= 400 ||
    /"status":"error"|"kind":"error"|"ok":false|"errors":\{"[^}]/.test(text)
  return { status: response.status, text: text.slice(0, 600), refused }
}

beforeAll(() => {
  // A refused post may log a warning (a throttle, a dropped event): the assertions say enough.
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

test('every route module with an action has its forms listed here, and every row a route', async () => {
  const names = await withAction()
  expect(names.filter((name) => !(name in FORMS))).toEqual([])
  expect(Object.keys(FORMS).filter((name) => !names.includes(name))).toEqual([])
  const readsForm = (name: string) =>
    ['routes', 'resource-routes'].some((folder) =>
      ['.ts', '.tsx'].some((ext) => {
        const file = path.resolve(__dirname, '../../app', folder, name + ext)
        return fs.existsSync(file) && FORM_READER.test(fs.readFileSync(file, 'utf8'))
      }),
    )
  const listedAsJson = Object.entries(FORMS)
    .filter(([, forms]) => 'none' in forms && forms.none === JSON_API)
    .map(([name]) => name)
  expect(listedAsJson.filter(readsForm)).toEqual([])
})

const cases = Object.entries(FORMS).flatMap(([route, forms]) =>
  'none' in forms
    ? []
    : Object.entries(forms as Record<string, Form>).map(([form, spec]) => ({ route, form, spec })),
)

describe.each(cases)('$route: $form', ({ route, spec }) => {
  test('with its required fields only', async () => {
    const post = await spec.prepare()
    const answer = await send(route, post, post.required)
    expect(answer.refused, `${answer.status} ${answer.text}`).toBe(false)
  }, 60_000)

  test('with every optional field present but empty', async () => {
    const post = await spec.prepare()
    const empty = Object.fromEntries(spec.optional.map((field) => [field, '']))
    const answer = await send(route, post, { ...empty, ...post.required })
    expect(answer.refused, `${answer.status} ${answer.text}`).toBe(false)
  }, 60_000)
})
