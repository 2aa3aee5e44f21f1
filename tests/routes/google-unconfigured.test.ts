import { describe, expect, test, vi } from 'vitest'

// env() caches on its first call, so the variables go before anything reads it.
vi.hoisted(() => {
  for (const name of [
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'GOOGLE_AUTHORIZATION_URL',
    'GOOGLE_TOKEN_URL',
    'GOOGLE_USERINFO_URL',
  ])
    delete process.env[name]
})

const googleStart = await import('~/resource-routes/api.auth.google')
const googleAlternative = await import('~/resource-routes/api.auth.google-alternative')
const googleCallback = await import('~/resource-routes/api.auth.google.callback')
const login = await import('~/routes/login')
const { getToast } = await import('~/services/platform/toast.server')
const { db } = await import('../setup/db')
const { args, cookieFrom, respond } = await import('../setup/fixtures')

async function toastOf(response: Response) {
  const cookie = cookieFrom(response, 'pt_toast')
  expect(cookie).toBeTruthy()
  return (await getToast(cookie!)).toast
}

const countRows = async (table: 'users' | 'sessions') =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select(({ fn }) => fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe('Google sign-in without Google configured', () => {
  test.each([
    { path: '/api/auth/google', route: googleStart },
    { path: '/api/auth/google-alternative', route: googleAlternative },
  ])(
    'GET $path goes back to /login explaining that Google is not configured',
    async ({ path, route }) => {
      const response = await respond(() =>
        route.loader(args(new Request(`http://localhost:3000${path}`))),
      )
      expect(response.status).toBe(302)
      expect(response.headers.get('Location')).toBe('/login')
      expect(cookieFrom(response, 'pt_oauth')).toBeNull()
      expect(cookieFrom(response, 'pt_session')).toBeNull()
      expect(await toastOf(response)).toMatchObject({
        type: 'error',
        title: 'Authentication Error',
        description: 'Google sign-in is not configured on this server.',
      })
    },
  )

  test('GET /api/auth/google/callback goes back to /login with the error toast and signs nobody in', async () => {
    const before = { users: await countRows('users'), sessions: await countRows('sessions') }
    const response = await respond(() =>
      googleCallback.loader(
        args(new Request('http://localhost:3000/api/auth/google/callback?code=abc&state=def')),
      ),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/login')
    expect(cookieFrom(response, 'pt_session')).toBeNull()
    expect(await toastOf(response)).toMatchObject({
      type: 'error',
      title: 'Authentication Error',
      description: 'Please try again or use email/password login.',
    })
    expect({ users: await countRows('users'), sessions: await countRows('sessions') }).toEqual(
      before,
    )
  })

  test('the login page reports googleConfigured false', async () => {
    const response = await login.loader(args(new Request('http://localhost:3000/login')))
    expect(await response.json()).toMatchObject({ googleConfigured: false })
  })
})
