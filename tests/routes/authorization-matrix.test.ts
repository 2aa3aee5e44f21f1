/// <reference types="vite/client" />
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { SongSchema } from '~/lib/song-schema'
import { createSong } from '~/services/songs/songs.server'
import { sendInvitation } from '~/services/co-writers/invitations.server'
import { db } from '../setup/db'
import { args, createAdmin, createUser, respond, sessionCookie } from '../setup/fixtures'
import { loadRouteModule, routeNames } from '../setup/route-modules'

// Every route module × visitor, owner, another user and the admin, with the expected answer.
// The list of routes is read from app/routes, so a new route without a row here fails the test.

type Role = 'visitor' | 'owner' | 'other' | 'admin'
/** An exact status, or 'ok' for any answer that is not a refusal (2xx, 3xx, or a 400/409/429 about the input). */
type Expect = number | 'ok'
type Row = { url: string; get?: Record<Role, Expect>; post?: Record<Role, Expect> }

const all = (value: Expect): Record<Role, Expect> => ({
  visitor: value,
  owner: value,
  other: value,
  admin: value,
})
const page = (visitor: Expect, owner: Expect, other: Expect, admin: Expect) => ({
  visitor,
  owner,
  other,
  admin,
})
const PUBLIC = all(200)
const USER_PAGE = page(302, 200, 200, 200)
const USER_API = page(401, 200, 200, 200)
const USER_POST = page(401, 'ok', 'ok', 'ok')
const ANON_PAGE = page(200, 302, 302, 302)
const OWNER_PAGE = page(302, 200, 404, 404)
const OWNER_API = page(401, 200, 404, 404)
const ADMIN_PAGE = page(302, 403, 403, 200)
const ADMIN_API = page(401, 403, 403, 200)
const NO_GET = all(405)

const MATRIX: Record<string, Row> = {
  $: { url: '/no/such/page', get: all(404), post: all(404) },
  _index: { url: '/', get: PUBLIC },
  'admin.verify': { url: '/admin/verify', get: ADMIN_PAGE, post: page(302, 403, 403, 'ok') },
  'admin.video': { url: '/admin/video', get: page(403, 403, 403, 200) },
  'api.admin.analytics': { url: '/api/admin/analytics', get: ADMIN_API },
  'api.admin.pending-verifications': { url: '/api/admin/pending-verifications', get: ADMIN_API },
  'api.admin.stats': { url: '/api/admin/stats', get: ADMIN_API },
  'api.admin.upload-video': { url: '/api/admin/upload-video', post: page(401, 403, 403, 'ok') },
  'api.analytics.track': { url: '/api/analytics/track', get: NO_GET, post: all('ok') },
  'api.auth.google-alternative': { url: '/api/auth/google-alternative', get: all(302) },
  'api.auth.google.callback': { url: '/api/auth/google/callback', get: all(302) },
  'api.auth.google.config': { url: '/api/auth/google/config', get: PUBLIC },
  'api.auth.google': { url: '/api/auth/google', get: all(302) },
  'api.auth.login': { url: '/api/auth/login', get: NO_GET, post: all('ok') },
  'api.auth.logout': { url: '/api/auth/logout', get: all(302), post: all(302) },
  'api.auth.password-reset-request': {
    url: '/api/auth/password-reset-request',
    get: NO_GET,
    post: all('ok'),
  },
  'api.auth.register': { url: '/api/auth/register', get: NO_GET, post: all('ok') },
  'api.auth.request-email-verification': {
    url: '/api/auth/request-email-verification',
    get: NO_GET,
    post: USER_POST,
  },
  'api.auth.reset-password': { url: '/api/auth/reset-password', get: NO_GET, post: all('ok') },
  'api.auth.user': { url: '/api/auth/user', get: USER_API },
  'api.auth.verify-email': {
    url: '/api/auth/verify-email',
    get: NO_GET,
    post: page(401, 403, 403, 'ok'),
  },
  'api.contact': { url: '/api/contact', get: NO_GET, post: all('ok') },
  'api.oauth.diagnostics': { url: '/api/oauth/diagnostics', get: PUBLIC },
  // Issue 28: passkeys. Adding one is a signed-in user's; signing in with one is anyone's (an
  // empty form post is refused as input, 415).
  'api.passkeys.register-options': {
    url: '/api/passkeys/register-options',
    get: NO_GET,
    post: USER_POST,
  },
  'api.passkeys.register': { url: '/api/passkeys/register', get: NO_GET, post: USER_POST },
  'api.passkeys.sign-in-options': {
    url: '/api/passkeys/sign-in-options',
    get: NO_GET,
    post: all('ok'),
  },
  'api.passkeys.sign-in': { url: '/api/passkeys/sign-in', get: NO_GET, post: all('ok') },
  'api.oauth.test-consent': { url: '/api/oauth/test-consent', get: PUBLIC },
  'api.songs.$id.blockchain.sponsored': {
    url: '/api/songs/:registerId/blockchain/sponsored',
    get: NO_GET,
    post: page(401, 'ok', 404, 404),
  },
  'api.songs.$id.blockchain': { url: '/api/songs/:id/blockchain', get: OWNER_API },
  'api.songs.$id': { url: '/api/songs/:id', get: OWNER_API, post: all(405) },
  // Issue 13: the owner's invitations (an empty post is refused as input, 415, for the owner).
  'api.songs.$id.invitations': {
    url: '/api/songs/:id/invitations',
    get: OWNER_API,
    post: page(401, 'ok', 404, 404),
  },
  // The song's one invitation (made below): resent, then revoked, by its owner only.
  'api.songs.$id.invitations.$invitationId.resend': {
    url: '/api/songs/:id/invitations/:invitationId/resend',
    post: page(401, 'ok', 404, 404),
  },
  'api.songs.$id.invitations.$invitationId.revoke': {
    url: '/api/songs/:id/invitations/:invitationId/revoke',
    post: page(401, 'ok', 404, 404),
  },
  // The signed-in user's own catalogue: every user gets their own songs, visitors a 401.
  'api.songs.$id.versions': { url: '/api/songs/:id/versions', get: OWNER_API },
  'api.songs.export': { url: '/api/songs/export', get: USER_API },
  'api.songs': { url: '/api/songs', get: USER_API, post: USER_POST },
  'api.stats': { url: '/api/stats', get: USER_API },
  'api.stripe.webhook': { url: '/api/stripe/webhook', post: all('ok') },
  'api.subscription.can-register-free': {
    url: '/api/subscription/can-register-free',
    get: USER_API,
  },
  'api.subscription.create-payment-intent': {
    url: '/api/subscription/create-payment-intent',
    post: USER_POST,
  },
  'api.subscription.increment-usage': {
    url: '/api/subscription/increment-usage',
    get: NO_GET,
    post: USER_POST,
  },
  'api.subscription.qualifies-for-free': {
    url: '/api/subscription/qualifies-for-free',
    get: USER_API,
  },
  'api.subscription.usage-stats': { url: '/api/subscription/usage-stats', get: USER_API },
  'api.subscription.verify-payment': { url: '/api/subscription/verify-payment', post: USER_POST },
  // An unregistered certificate is the owner's alone; others get 404 (registered ones are public).
  'certificate.$id': { url: '/certificate/:id', get: page(404, 200, 404, 404) },
  'certificate.$id[.]pdf': { url: '/certificate/:id.pdf', get: page(404, 200, 404, 404) },
  // The owner's proof bundle: visitors sign in first; the song here is unregistered, so the owner is sent back to it.
  'certificate.$id_.proof-bundle': {
    url: '/certificate/:id/proof-bundle',
    get: page(302, 'ok', 404, 404),
  },
  contact: { url: '/contact', get: PUBLIC, post: all('ok') },
  dashboard: { url: '/dashboard', get: all(302) },
  'edit.$id': { url: '/edit/:id', get: OWNER_PAGE, post: page(302, 'ok', 404, 404) },
  faq: { url: '/faq', get: PUBLIC },
  'forgot-password': { url: '/forgot-password', get: PUBLIC, post: all('ok') },
  'google-auth': { url: '/google-auth', get: PUBLIC },
  // No account needed: the token is the key, and a token that opens nothing is a 404 for everyone.
  'invitations.$token': { url: '/invitations/:token', get: all(404), post: all(404) },
  // Issue 24: the refusal link in an invitation mail; without its token it opens nothing.
  'refuse-invitations': { url: '/refuse-invitations', get: all(404), post: all(404) },
  healthz: { url: '/healthz', get: PUBLIC },
  // Issue 54: the language form; anyone may choose (an empty post is refused as input: 415).
  language: { url: '/language', get: NO_GET, post: all('ok') },
  'ledger.tx.$signature': { url: '/ledger/tx/:signature', get: all(404) },
  // Public, like a Solana node: an unknown signature is a null result.
  'ledger.rpc.getTransaction.$signature': {
    url: '/ledger/rpc/getTransaction/:signature',
    get: PUBLIC,
  },
  login: { url: '/login', get: ANON_PAGE, post: page('ok', 302, 302, 302) },
  // The sign-in's code step: without a pending sign-in a visitor is sent back to /login.
  'login_.two-factor': { url: '/login/two-factor', get: all(302), post: all(302) },
  // Decision 078: the mailed link that finishes a Google takeover; without a good token it says
  // the link no longer works, and a post goes back to sign in.
  'login_.google-takeover': { url: '/login/google-takeover', get: PUBLIC, post: all(302) },
  'media.landing-video': { url: '/media/landing-video', get: all(404) },
  'oauth-status': { url: '/oauth-status', get: PUBLIC },
  'oauth-test': { url: '/oauth-test', get: PUBLIC },
  'privacy-policy': { url: '/privacy-policy', get: PUBLIC },
  readyz: { url: '/readyz', get: PUBLIC },
  register: { url: '/register', get: ANON_PAGE, post: page('ok', 302, 302, 302) },
  'reset-password': { url: '/reset-password', get: PUBLIC, post: all('ok') },
  'songs.$id.register': {
    url: '/songs/:id/register',
    get: OWNER_PAGE,
    post: page(302, 'ok', 404, 404),
  },
  // The owner's split sheet and its PDF (decision 042): co-writers have no account to see it with.
  'songs.$id.split-sheet': { url: '/songs/:id/split-sheet', get: OWNER_PAGE },
  'songs.$id.split-sheet[.]pdf': { url: '/songs/:id/split-sheet.pdf', get: OWNER_PAGE },
  'songs.$id.writers[.]csv': { url: '/songs/:id/writers.csv', get: OWNER_PAGE },
  // Issue 40 (decision 084): the owner's DDEX export; this song has no duration yet, so the owner
  // is told what is missing (409), and nobody else learns the song exists.
  'songs.$id.ddex[.]xml': { url: '/songs/:id/ddex.xml', get: page(302, 'ok', 404, 404) },
  'songs.$id.co-writers': {
    url: '/songs/:id/co-writers',
    get: OWNER_PAGE,
    post: page(302, 'ok', 404, 404),
  },
  // Issue 25: details added to the owner's unregistered song (an empty post clears them: 302).
  'songs.$id.details': {
    url: '/songs/:id/details',
    get: OWNER_PAGE,
    post: page(302, 'ok', 404, 404),
  },
  settings: { url: '/settings', get: USER_PAGE, post: page(302, 'ok', 'ok', 'ok') },
  // Issue 28: each signed-in person's own settings (an empty post is refused as input: 400).
  'settings_.profile': {
    url: '/settings/profile',
    get: USER_PAGE,
    post: page(302, 'ok', 'ok', 'ok'),
  },
  'settings_.password': {
    url: '/settings/password',
    get: USER_PAGE,
    post: page(302, 'ok', 'ok', 'ok'),
  },
  'settings_.email': {
    url: '/settings/email',
    get: USER_PAGE,
    post: page(302, 'ok', 'ok', 'ok'),
  },
  'settings_.google': {
    url: '/settings/google',
    get: USER_PAGE,
    post: page(302, 'ok', 'ok', 'ok'),
  },
  'settings_.data': { url: '/settings/data', get: USER_PAGE },
  // The account's own data: visitors sign in first; each account gets its own ZIP.
  'settings_.data[.]zip': { url: '/settings/data.zip', get: USER_PAGE },
  'settings_.passkeys': {
    url: '/settings/passkeys',
    get: USER_PAGE,
    post: page(302, 'ok', 'ok', 'ok'),
  },
  'settings_.sessions': {
    url: '/settings/sessions',
    get: USER_PAGE,
    post: page(302, 'ok', 'ok', 'ok'),
  },
  'settings_.delete-account': {
    url: '/settings/delete-account',
    get: USER_PAGE,
    post: page(302, 'ok', 'ok', 'ok'),
  },
  'settings_.two-factor': {
    url: '/settings/two-factor',
    get: USER_PAGE,
    post: page(302, 'ok', 'ok', 'ok'),
  },
  'settings_.confirm': {
    url: '/settings/confirm',
    get: USER_PAGE,
    post: page(302, 'ok', 'ok', 'ok'),
  },
  'songs.$id.delete': {
    url: '/songs/:id/delete',
    get: OWNER_PAGE,
    post: page(302, 'ok', 404, 404),
  },
  'songs._index': { url: '/songs', get: USER_PAGE },
  // The payment step and the Checkout return: the owner's alone (without Stripe keys they send the owner back to the card).
  'songs.$id.register_.pay': { url: '/songs/:id/register/pay', get: page(302, 302, 404, 404) },
  'songs.$id.register_.paid': { url: '/songs/:id/register/paid', get: page(302, 'ok', 404, 404) },
  'storage.$id': { url: '/storage/:storage', get: all(404) },
  'submission-form': { url: '/submission-form', get: all(302) },
  submit: { url: '/submit', get: USER_PAGE, post: page(302, 'ok', 'ok', 'ok') },
  'terms-of-service': { url: '/terms-of-service', get: PUBLIC },
  'verify-email': { url: '/verify-email', get: USER_PAGE, post: page(302, 'ok', 'ok', 'ok') },
  // Anyone may check a file against a certificate (multipart; this empty URL-encoded post is refused with 415).
  'verify.$certificateId': { url: '/verify/:certificate', get: all(404), post: all('ok') },
  'verify.$certificateId[.]json': { url: '/verify/:certificate.json', get: all(404) },
}

const routeFiles = routeNames
const moduleFor = (name: string) =>
  loadRouteModule<{ loader?: (a: unknown) => unknown; action?: (a: unknown) => unknown }>(name)

// Each case signs in afresh: a sign-out case ends its own session, never another case's.
const userIds: Partial<Record<Role, string>> = {}
let songId = 0
// The sponsored API registers the song it is given; it gets a song of its own so that the
// other rows still see an unregistered (private) song.
let registerId = 0
let invitationId = 0

beforeAll(async () => {
  const owner = await createUser({ emailVerified: true })
  const other = await createUser({ emailVerified: true })
  userIds.owner = owner.id
  userIds.other = other.id
  userIds.admin = (await createAdmin()).id
  const input = SongSchema.parse({
    title: 'Matrix',
    contributorName: 'Ann',
    dateCreated: '2025-03-01',
    toolsUsed: 'x',
    fileLink: 'https://example.com/x',
  })
  songId = (await createSong(db(), owner.id, input)).id
  registerId = (await createSong(db(), owner.id, input)).id
  const invited = await sendInvitation(db(), owner, songId, 'main', 'ann@example.com')
  if (!invited.ok) throw new Error(invited.message)
  invitationId = invited.invitationId
  // Refusals log warnings (analytics drops, OAuth errors); they are expected here.
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'log').mockImplementation(() => {})
})

test('every route in app/routes and app/resource-routes has a row in the matrix, and every row a route', () => {
  expect(routeFiles.filter((name) => !(name in MATRIX))).toEqual([])
  expect(Object.keys(MATRIX).filter((name) => !routeFiles.includes(name))).toEqual([])
})

const cases = Object.entries(MATRIX).flatMap(([name, row]) =>
  (['get', 'post'] as const).flatMap((method) => {
    const expected = row[method]
    return expected
      ? (Object.keys(expected) as Role[]).map((role) => ({
          name,
          method,
          role,
          url: row.url,
          expected: expected[role],
        }))
      : []
  }),
)

function paramsFor(url: string) {
  const params: Record<string, string> = {}
  const filled = url
    .replace(':id', () => ((params.id = String(songId)), String(songId)))
    .replace(':registerId', () => ((params.id = String(registerId)), String(registerId)))
    .replace(
      ':invitationId',
      () => ((params.invitationId = String(invitationId)), String(invitationId)),
    )
    .replace(':token', () => ((params.token = 'A'.repeat(43)), 'A'.repeat(43)))
    .replace(':signature', () => ((params.signature = '5'.repeat(88)), '5'.repeat(88)))
    .replace(':storage', () => ((params.id = 'A'.repeat(43)), 'A'.repeat(43)))
    .replace(':certificate', () => ((params.certificateId = 'PT-0000-0000'), 'PT-0000-0000'))
  return { filled, params }
}

describe('authorization matrix', () => {
  test.each(cases)(
    '$method $url as $role → $expected',
    async ({ name, method, role, url, expected }) => {
      const mod = await moduleFor(name)
      const handler = method === 'get' ? mod.loader : mod.action
      const { filled, params } = paramsFor(url)
      const headers = new Headers({
        'X-ProofTrack-Client-Address': `203.0.113.${Math.floor(Math.random() * 250)}`,
      })
      if (role !== 'visitor') headers.set('Cookie', await sessionCookie(userIds[role]!))
      let status: number
      if (!handler) {
        // No loader or action: Remix answers 405 for the method.
        status = 405
      } else {
        const request = new Request(
          `http://localhost${filled}`,
          method === 'get' ? { headers } : { method: 'POST', headers, body: new URLSearchParams() },
        )
        status = (await respond(() => handler(args(request, params)))).status
      }
      if (expected === 'ok') {
        expect([401, 403, 404, 405]).not.toContain(status)
        expect(status).toBeLessThan(500)
      } else {
        expect(status).toBe(expected)
      }
    },
  )
})

// The server entry's own endpoint, outside app/routes (server/metrics.mjs): a session gives no
// one the metrics; only the bearer token or a client on the server's own machine. Over HTTP in
// tests/e2e/metrics.test.ts.
describe('GET /metrics (server entry)', () => {
  const TOKEN = 't'.repeat(40)
  async function metricsStatus(role: Role, { token = false, loopback = false } = {}) {
    const { metricsHandler } = await import('../../server/metrics.mjs')
    const handler = metricsHandler({
      token: () => TOKEN,
      figures: async () => {
        throw new Error('not read in this test')
      },
      poolStats: () => null,
    })
    const address = loopback ? '127.0.0.1' : '203.0.113.5'
    const headers: Record<string, string> = {}
    if (role !== 'visitor') headers.cookie = await sessionCookie(userIds[role]!)
    if (token) headers.authorization = `Bearer ${TOKEN}`
    let status = 200
    const res = {
      locals: {},
      setHeader: () => res,
      type: () => res,
      status: (code: number) => ((status = code), res),
      send: () => res,
    }
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await handler(
      { method: 'GET', headers, ip: address, socket: { remoteAddress: address } } as never,
      res as never,
    )
    return status
  }

  test.each(['visitor', 'owner', 'other', 'admin'] as const)(
    'as %s from another address → 401; with the token → 200',
    async (role) => {
      expect(await metricsStatus(role)).toBe(401)
      expect(await metricsStatus(role, { token: true })).toBe(200)
      expect(await metricsStatus(role, { loopback: true })).toBe(200)
    },
  )
})
