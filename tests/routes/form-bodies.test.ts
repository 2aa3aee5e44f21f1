/// <reference types="vite/client" />
import { beforeAll, describe, expect, test, vi } from 'vitest'
import * as contact from '~/routes/contact'
import * as edit from '~/routes/edit.$id'
import * as submit from '~/routes/submit'
import { readForm } from '~/lib/form.server'
import { db } from '../setup/db'
import {
  args,
  createAdmin,
  createUser,
  respond,
  sessionCookie,
  createTestSong,
} from '../setup/fixtures'
import { followReview } from '../setup/review-step'
import { loadRouteModule, routeNames } from '../setup/route-modules'

// Issue 11 items 1 and 2: every action reads its body through one bounded helper, so an 18-byte
// post can no longer make conform build a ten-million-slot array and echo it back.

type Role = 'visitor' | 'user' | 'admin'
type Action = (a: unknown) => unknown
/** Every route module with an action, and who posts to it; a new one without a row fails. */
const ACTIONS: Record<string, { url: string; role: Role }> = {
  $: { url: '/no/such/page', role: 'visitor' },
  'admin.verify': { url: '/admin/verify', role: 'admin' },
  'api.admin.upload-video': { url: '/api/admin/upload-video', role: 'admin' },
  'api.analytics.track': { url: '/api/analytics/track', role: 'visitor' },
  'api.auth.login': { url: '/api/auth/login', role: 'visitor' },
  // Signed out: a user's post here would end the session the other rows use.
  'api.auth.logout': { url: '/api/auth/logout', role: 'visitor' },
  'api.auth.password-reset-request': { url: '/api/auth/password-reset-request', role: 'visitor' },
  'api.auth.register': { url: '/api/auth/register', role: 'visitor' },
  'api.auth.request-email-verification': {
    url: '/api/auth/request-email-verification',
    role: 'user',
  },
  'api.auth.reset-password': { url: '/api/auth/reset-password', role: 'visitor' },
  'api.auth.verify-email': { url: '/api/auth/verify-email', role: 'admin' },
  'api.contact': { url: '/api/contact', role: 'visitor' },
  'api.passkeys.register-options': { url: '/api/passkeys/register-options', role: 'user' },
  'api.passkeys.register': { url: '/api/passkeys/register', role: 'user' },
  'api.passkeys.sign-in-options': { url: '/api/passkeys/sign-in-options', role: 'visitor' },
  'api.passkeys.sign-in': { url: '/api/passkeys/sign-in', role: 'visitor' },
  'api.songs.$id.blockchain.sponsored': {
    url: '/api/songs/:id/blockchain/sponsored',
    role: 'user',
  },
  'api.songs.$id': { url: '/api/songs/:id', role: 'user' },
  'api.songs.$id.invitations': { url: '/api/songs/:id/invitations', role: 'user' },
  'api.songs.$id.invitations.$invitationId.resend': {
    url: '/api/songs/:id/invitations/1/resend',
    role: 'user',
  },
  'api.songs.$id.invitations.$invitationId.revoke': {
    url: '/api/songs/:id/invitations/1/revoke',
    role: 'user',
  },
  'api.songs': { url: '/api/songs', role: 'user' },
  'api.stripe.webhook': { url: '/api/stripe/webhook', role: 'visitor' },
  'api.subscription.create-payment-intent': {
    url: '/api/subscription/create-payment-intent',
    role: 'user',
  },
  'api.subscription.increment-usage': { url: '/api/subscription/increment-usage', role: 'user' },
  'api.subscription.verify-payment': { url: '/api/subscription/verify-payment', role: 'user' },
  contact: { url: '/contact', role: 'visitor' },
  language: { url: '/language', role: 'visitor' },
  'edit.$id': { url: '/edit/:id', role: 'user' },
  'forgot-password': { url: '/forgot-password', role: 'visitor' },
  'invitations.$token': { url: '/invitations/not-a-token', role: 'visitor' },
  'refuse-invitations': { url: '/refuse-invitations?token=x', role: 'visitor' },
  login: { url: '/login', role: 'visitor' },
  register: { url: '/register', role: 'visitor' },
  'reset-password': { url: '/reset-password', role: 'visitor' },
  settings: { url: '/settings', role: 'user' },
  'settings_.profile': { url: '/settings/profile', role: 'user' },
  'settings_.password': { url: '/settings/password', role: 'user' },
  'settings_.email': { url: '/settings/email', role: 'user' },
  'settings_.google': { url: '/settings/google', role: 'user' },
  'settings_.sessions': { url: '/settings/sessions', role: 'user' },
  'settings_.passkeys': { url: '/settings/passkeys', role: 'user' },
  'settings_.delete-account': { url: '/settings/delete-account', role: 'user' },
  'settings_.two-factor': { url: '/settings/two-factor', role: 'user' },
  'settings_.confirm': { url: '/settings/confirm', role: 'user' },
  'login_.two-factor': { url: '/login/two-factor', role: 'visitor' },
  'login_.google-takeover': { url: '/login/google-takeover', role: 'visitor' },
  'songs.$id.delete': { url: '/songs/:id/delete', role: 'user' },
  'songs.$id.co-writers': { url: '/songs/:id/co-writers', role: 'user' },
  'songs.$id.details': { url: '/songs/:id/details', role: 'user' },
  'songs.$id.register': { url: '/songs/:id/register', role: 'user' },
  submit: { url: '/submit', role: 'user' },
  'verify-email': { url: '/verify-email', role: 'user' },
  'verify.$certificateId': { url: '/verify/PT-0000-0000', role: 'visitor' },
}

const routeFiles = routeNames

let cookies: Record<Role, string>
let songId = 0

beforeAll(async () => {
  const user = await createUser({ emailVerified: false })
  cookies = {
    visitor: '',
    user: await sessionCookie(user.id),
    admin: await sessionCookie((await createAdmin()).id),
  }
  songId = (await createTestSong(user.id, { title: 'Bodies' })).id
  // Refused input logs warnings (analytics drops, webhook refusals): expected here.
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

async function withAction() {
  const found: { name: string; action: Action }[] = []
  for (const name of routeNames) {
    const mod = await loadRouteModule<{ action?: Action }>(name)
    if (mod.action) found.push({ name, action: mod.action })
  }
  return found
}

function formPost(
  url: string,
  role: Role,
  body: BodyInit,
  type = 'application/x-www-form-urlencoded',
  extra: HeadersInit = {},
) {
  const headers = new Headers(extra)
  if (type) headers.set('Content-Type', type)
  if (cookies[role]) headers.set('Cookie', cookies[role])
  return new Request(`http://localhost${url.replace(':id', String(songId))}`, {
    method: 'POST',
    headers,
    body,
    duplex: 'half',
  } as RequestInit)
}

async function post(name: string, action: Action, body: string) {
  const row = ACTIONS[name]!
  const started = performance.now()
  const response = await respond(() =>
    action(args(formPost(row.url, row.role, body), { id: String(songId) })),
  )
  const text = await response.text()
  return {
    status: response.status,
    size: Buffer.byteLength(text),
    text,
    ms: performance.now() - started,
  }
}

test('every route module with an action has a row here, and every row a route', async () => {
  const names = (await withAction()).map((route) => route.name)
  expect(names.filter((name) => !(name in ACTIONS))).toEqual([])
  expect(
    Object.keys(ACTIONS).filter((name) => !names.includes(name) || !routeFiles.includes(name)),
  ).toEqual([])
})

describe('a huge list index in an 18-byte post', () => {
  const attacks = (n: number) => [
    `x%5B${n}%5D=1`,
    `contributions%5B${n}%5D.aiPercent=1`,
    `contributions%5B${n}%5D.component=lyrics&title=t`,
    `x%5B${n}%5D.y%5B${n}%5D=1`,
  ]

  test('every action answers small and fast, whatever the index', async () => {
    for (const { name, action } of await withAction()) {
      for (const body of attacks(10_000_000)) {
        const answer = await post(name, action, body)
        expect(answer.status, `${name} ${body}`).toBeLessThan(500)
        expect(answer.size, `${name} ${body}: ${answer.size} bytes`).toBeLessThan(20_000)
        expect(answer.ms, `${name} ${body}: ${Math.round(answer.ms)} ms`).toBeLessThan(1500)
      }
    }
  }, 120_000)

  test('index 10 and index 10,000,000 give answers of the same size', async () => {
    for (const { name, action } of await withAction()) {
      const small = attacks(10)
      const huge = attacks(10_000_000)
      for (let i = 0; i < small.length; i++) {
        const [a, b] = [await post(name, action, small[i]!), await post(name, action, huge[i]!)]
        expect([b.status, b.size], `${name} ${huge[i]}`).toEqual([a.status, a.size])
      }
    }
  }, 120_000)

  test('the contact form drops the unknown field and answers with its own fields only', async () => {
    const answer = await post('contact', contact.action as Action, 'x%5B10000000%5D=1')
    expect(answer.status).toBe(400)
    expect(answer.text).not.toContain('"x"')
    expect(JSON.parse(answer.text).error).toMatchObject({ name: ['Enter your name'] })
  })

  test('a song row beyond the form’s five is refused with a message; the five are accepted', async () => {
    const refused = await post(
      'submit',
      submit.action as Action,
      'contributions%5B5%5D.aiPercent=1',
    )
    expect(refused.status).toBe(400)
    expect(refused.text).toBe('The form has more rows than it allows.')
    const rows = [0, 1, 2, 3, 4]
      .map(
        (i) =>
          `contributions%5B${i}%5D.component=${['lyrics', 'vocals', 'instrumentation', 'production', 'mixing'][i]}&contributions%5B${i}%5D.contributorPercent=100`,
      )
      .join('&')
    // The review answers with a redirect to its page, whose step is read here (decision 114).
    const accepted = await followReview(
      await respond(() =>
        submit.action(
          args(
            formPost(
              '/submit',
              'user',
              `${rows}&title=Five&contributorName=Ann&dateCreated=2025-03-01&toolsUsed=x&fileLink=https%3A%2F%2Fexample.com%2Fa`,
            ),
          ),
        ),
      ),
      cookies.user,
    )
    expect(accepted.status).toBe(200)
    expect(await accepted.json()).toMatchObject({
      step: 'summary',
      values: { title: 'Five', contributions: { length: 5 } },
    })
  })
})

describe('body limits, counted while reading', () => {
  const chunked = (total: number, chunk = 16 * 1024) => {
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close()
        const size = Math.min(chunk, total - sent)
        // `message=aaaa…`: one long, otherwise valid field.
        controller.enqueue(
          new TextEncoder().encode(
            sent === 0 ? `message=${'a'.repeat(size - 8)}` : 'a'.repeat(size),
          ),
        )
        sent += size
      },
    })
    return { stream, sent: () => sent }
  }

  test('a form body past 64 KB is refused with 413 and a message, with or without Content-Length', async () => {
    const declared = await respond(() =>
      contact.action(args(formPost('/contact', 'visitor', `message=${'a'.repeat(70 * 1024)}`))),
    )
    expect(declared.status).toBe(413)
    expect(await declared.text()).toBe(
      'The request body is larger than 64 KB. Please shorten the text and send the form again.',
    )

    const body = chunked(200 * 1024 * 1024)
    const started = performance.now()
    const streamed = await respond(() =>
      contact.action(args(formPost('/contact', 'visitor', body.stream))),
    )
    expect(streamed.status).toBe(413)
    // Reading stopped soon after the limit (plus what is drained so the client hears the answer).
    expect(body.sent()).toBeLessThan(2 * 1024 * 1024)
    expect(performance.now() - started).toBeLessThan(2000)
  })

  test('multipart and other types are refused with 415 on every form', async () => {
    const multipart = new FormData()
    multipart.set('name', 'Ann')
    const refused = await respond(() =>
      contact.action(
        args(new Request('http://localhost/contact', { method: 'POST', body: multipart })),
      ),
    )
    expect(refused.status).toBe(415)
    expect(await refused.text()).toMatch(/plain HTML form post/)
    const text = await respond(() =>
      contact.action(args(formPost('/contact', 'visitor', 'name=Ann', 'text/plain'))),
    )
    expect(text.status).toBe(415)
  })

  test('only the forms that carry a recording take multipart: /submit reads it, /verify/:id refuses a URL-encoded post', async () => {
    const body = new FormData()
    body.set('title', 'Multipart')
    body.set('intent', 'edit')
    const request = new Request('http://localhost/submit', {
      method: 'POST',
      headers: { Cookie: cookies.user },
      body,
    })
    const answer = await respond(() => submit.action(args(request)))
    expect(answer.status).toBe(200)
    expect((await answer.json()).values).toMatchObject({ title: 'Multipart' })
    const refused = await post(
      'verify.$certificateId',
      (await import('~/routes/verify.$certificateId')).action as Action,
      'recording=x',
    )
    expect([refused.status, refused.text]).toEqual([
      415,
      'Choose a file to check with the form on this page.',
    ])
  })

  test('more than 1000 fields are refused, however short', async () => {
    const answer = await post(
      'contact',
      contact.action as Action,
      Array.from({ length: 1001 }, () => 'a=').join('&'),
    )
    expect(answer.status).toBe(413)
    expect(answer.text).toBe('The form has too many fields.')
  })

  test('the song form takes the largest valid song (every text at its maximum, in a three-byte script), and nothing past 512 KB', async () => {
    const wide = (n: number) => '歌'.repeat(n)
    const fields = {
      title: wide(200),
      contributorName: wide(200),
      coContributorName: wide(200),
      coContributorName2: wide(200),
      dateCreated: '2025-03-01',
      toolsUsed: wide(1000),
      fileLink: `https://example.com/${wide(1950)}`,
      lyrics: wide(20000),
      creativeNotes: wide(5000),
      otherIdentifier: wide(200),
      mainContributorPro: wide(50),
      coContributorPro: wide(50),
      coContributor2Pro: wide(50),
      mainContributorProNumber: wide(50),
      coContributorProNumber: wide(50),
      coContributor2ProNumber: wide(50),
      genre: 'Pop',
      // Each named co-writer holds a share (decision 095).
      'contributions[0].component': 'lyrics',
      'contributions[0].contributorPercent': '40',
      'contributions[0].coContributorPercent': '30',
      'contributions[0].coContributor2Percent': '30',
      intent: 'review',
    }
    const body = new URLSearchParams(fields).toString()
    expect(Buffer.byteLength(body)).toBeGreaterThan(250 * 1024)
    const answer = await followReview(
      await respond(() => submit.action(args(formPost('/submit', 'user', body)))),
      cookies.user,
    )
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({
      step: 'summary',
      values: { lyrics: wide(20000) },
    })
    const tooLarge = await post(
      'submit',
      submit.action as Action,
      `${body}&creativeNotes=${'x'.repeat(512 * 1024 - body.length)}`,
    )
    expect([tooLarge.status, tooLarge.text]).toEqual([
      413,
      'The request body is larger than 512 KB. Please shorten the text and send the form again.',
    ])
  })

  test('the edit form keeps its own fields and nothing else', async () => {
    const answer = await post(
      'edit.$id',
      edit.action as Action,
      'title=&isAdmin=1&contributions%5B0%5D.component=lyrics&contributions%5B0%5D.owner=me',
    )
    expect(answer.status).toBe(400)
    const { values } = JSON.parse(answer.text)
    expect(values).toEqual({ title: '', contributions: [{ component: 'lyrics' }] })
    expect(
      await db()
        .selectFrom('songs')
        .select('title')
        .where('id', '=', songId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ title: 'Bodies' })
  })
})

describe('readForm', () => {
  const spec = { fields: ['a', 'b'], lists: { rows: { maxRows: 3, fields: ['x'] } } }
  const read = (body: string) =>
    readForm(
      new Request('http://localhost/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        body,
      }),
      spec,
    )
  const entries = async (body: string) => [...(await read(body)).entries()]

  test('keeps the first value of each declared name, drops the rest', async () => {
    expect(
      await entries(
        'a=1&a=2&b=3&c=4&__proto__=5&rows%5B0%5D.x=6&rows%5B0%5D.y=7&rows%5B2%5D.x=8&other%5B0%5D.x=9',
      ),
    ).toEqual([
      ['a', '1'],
      ['b', '3'],
      ['rows[0].x', '6'],
      ['rows[2].x', '8'],
    ])
  })

  test('an index beyond the form’s rows is refused; one it never writes is dropped', async () => {
    await expect(read('rows%5B3%5D.x=1')).rejects.toMatchObject({ status: 400 })
    await expect(read('rows%5B99999999999999999999%5D.x=1')).rejects.toMatchObject({ status: 400 })
    expect(await entries('rows%5B01%5D.x=1&rows%5B1%5D%5Bx%5D=2&rows%5B-1%5D.x=3')).toEqual([])
  })
})

describe('conform’s check-as-you-type intent', () => {
  const registerBody = (extra: Record<string, string>) =>
    new URLSearchParams({
      firstName: 'Vera',
      lastName: 'Typing',
      username: `vera_${Date.now()}`,
      email: `vera-${Date.now()}@example.com`,
      password: 'Sup3rSecret!',
      ...extra,
    })

  test('a validate intent reaches the action, which then checks and creates nothing', async () => {
    const { action } = await import('~/routes/register')
    const body = registerBody({
      __intent__: JSON.stringify({ type: 'validate', payload: { name: 'email' } }),
    })
    const response = await respond(() =>
      action(
        args(
          new Request('http://localhost/register', {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body,
          }),
        ),
      ),
    )
    // Without the intent the action would take these valid fields as a sign-up.
    expect(response.headers.get('Location')).toBeNull()
    expect(
      await db()
        .selectFrom('users')
        .select('id')
        .where('email', '=', body.get('email')!)
        .executeTakeFirst(),
    ).toBeUndefined()
  })

  test('list intents, which could name any index, are dropped', async () => {
    const spec = { fields: ['a'] }
    const read = (intent: unknown) =>
      readForm(
        new Request('http://localhost/', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ a: '1', __intent__: JSON.stringify(intent) }),
        }),
        spec,
      )
    expect([
      ...(await read({ type: 'insert', payload: { name: 'rows', index: 10_000_000 } })).keys(),
    ]).toEqual(['a'])
    expect([...(await read({ type: 'validate', payload: { name: 'a' } })).keys()]).toEqual([
      'a',
      '__intent__',
    ])
  })
})
