import fc from 'fast-check'
import { describe, expect, test, vi } from 'vitest'
import * as registerOptions from '~/resource-routes/api.passkeys.register-options'
import * as register from '~/resource-routes/api.passkeys.register'
import * as signInOptions from '~/resource-routes/api.passkeys.sign-in-options'
import * as signIn from '~/resource-routes/api.passkeys.sign-in'
import * as passkeysRoute from '~/routes/settings_.passkeys'
import {
  LAST_WAY_IN,
  PASSKEY_EXPIRED,
  PASSKEY_NOT_VERIFIED,
  PASSKEY_UNKNOWN,
} from '~/services/accounts/passkeys.server'
import { deleteAccount } from '~/services/accounts/account.server'
import { getSessionUser } from '~/services/accounts/session.server'
import { db } from '../setup/db'
import { args, createUser, respond, sessionCookie } from '../setup/fixtures'
import { softwareAuthenticator } from '../setup/software-authenticator'

// Issue 28 (decision 064): passkeys through their endpoints, answered by a software
// authenticator with a real key; the database says what was kept.

const ORIGIN = 'http://localhost:3000' // tests/setup/test-env.ts's APP_URL
const api = (path: string, body: unknown, cookie = '') =>
  new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(body),
  })
const cookiePart = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((value) => value.startsWith(`${name}=`))
    ?.split(';')[0] ?? ''

vi.spyOn(console, 'warn').mockImplementation(() => {})

/** Runs the registration ceremony for `userId`'s session; returns the answer of /register. */
async function addPasskey(
  session: string,
  authenticator: ReturnType<typeof softwareAuthenticator>,
  name: string | undefined,
  tweaks: Parameters<ReturnType<typeof softwareAuthenticator>['register']>[1] = {},
) {
  const options = await respond(() =>
    registerOptions.action(args(api('/api/passkeys/register-options', {}, session))),
  )
  expect(options.status).toBe(200)
  const challenge = cookiePart(options, 'pt_passkey')
  const response = authenticator.register(await options.json(), tweaks)
  return respond(() =>
    register.action(
      args(api('/api/passkeys/register', { name, response }, `${session}; ${challenge}`)),
    ),
  )
}

async function signInWith(
  authenticator: ReturnType<typeof softwareAuthenticator>,
  tweaks: Parameters<ReturnType<typeof softwareAuthenticator>['authenticate']>[1] = {},
  redirectTo?: string,
) {
  const options = await respond(() =>
    signInOptions.action(args(api('/api/passkeys/sign-in-options', {}))),
  )
  expect(options.status).toBe(200)
  const challenge = cookiePart(options, 'pt_passkey')
  const response = authenticator.authenticate(await options.json(), tweaks)
  const answer = await respond(() =>
    signIn.action(args(api('/api/passkeys/sign-in', { response, redirectTo }, challenge))),
  )
  return { answer, challenge, response }
}

const passkeysOf = (userId: string) =>
  db().selectFrom('passkeys').selectAll().where('userId', '=', userId).orderBy('id').execute()

describe('registration', () => {
  test('a passkey is verified and kept with its name, key, counter and transports; the page lists it', async () => {
    const user = await createUser()
    const session = await sessionCookie(user.id)
    const device = softwareAuthenticator({ origin: ORIGIN })
    const added = await addPasskey(session, device, '김민지의 iPhone')
    expect(added.status).toBe(201)
    const [row] = await passkeysOf(user.id)
    expect(row).toMatchObject({
      name: '김민지의 iPhone',
      credentialId: device.credentialId,
      counter: expect.anything(),
      transports: 'internal',
      lastUsedAt: null,
    })
    expect(Number(row!.counter)).toBe(0)
    expect(row!.publicKey.byteLength).toBeGreaterThan(60)
    const page = await respond(() =>
      passkeysRoute.loader(
        args(new Request(`${ORIGIN}/settings/passkeys`, { headers: { Cookie: session } })),
      ),
    )
    const data = await page.json()
    expect(data.passkeys.map((passkey: { name: string }) => passkey.name)).toEqual([
      '김민지의 iPhone',
    ])
    // The challenge was used: nothing is left to answer again.
    expect(
      await db()
        .selectFrom('passkeyChallenges')
        .selectAll()
        .where('userId', '=', user.id)
        .execute(),
    ).toEqual([])
  })

  test('left unnamed, the passkey is called after the browser', async () => {
    const user = await createUser()
    const session = await sessionCookie(user.id)
    const options = await respond(() =>
      registerOptions.action(args(api('/api/passkeys/register-options', {}, session))),
    )
    const response = softwareAuthenticator({ origin: ORIGIN }).register(await options.json())
    const request = api(
      '/api/passkeys/register',
      { name: '  ', response },
      `${session}; ${cookiePart(options, 'pt_passkey')}`,
    )
    request.headers.set(
      'User-Agent',
      'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
    )
    expect((await respond(() => register.action(args(request)))).status).toBe(201)
    expect((await passkeysOf(user.id)).map((row) => row.name)).toEqual(['Firefox on Linux'])
  })

  test('a wrong origin, a made-up challenge, no user verification or a reused challenge keep nothing', async () => {
    const user = await createUser()
    const session = await sessionCookie(user.id)
    for (const tweaks of [
      { origin: 'https://evil.example' },
      { challenge: Buffer.from('chosen by the client').toString('base64url') },
      { userVerified: false },
      { rpId: 'evil.example' },
    ]) {
      const refused = await addPasskey(
        session,
        softwareAuthenticator({ origin: ORIGIN }),
        'x',
        tweaks,
      )
      expect(refused.status).toBe(400)
      expect((await refused.json()).message).toBe(PASSKEY_NOT_VERIFIED)
    }
    // The same challenge answered twice: the second finds it gone.
    const options = await respond(() =>
      registerOptions.action(args(api('/api/passkeys/register-options', {}, session))),
    )
    const optionsJson = await options.json()
    const challenge = cookiePart(options, 'pt_passkey')
    const first = softwareAuthenticator({ origin: ORIGIN })
    const body = { name: 'هاتف نادية', response: first.register(optionsJson) }
    const once = await respond(() =>
      register.action(args(api('/api/passkeys/register', body, `${session}; ${challenge}`))),
    )
    expect(once.status).toBe(201)
    const second = softwareAuthenticator({ origin: ORIGIN })
    const again = await respond(() =>
      register.action(
        args(
          api(
            '/api/passkeys/register',
            { name: 'x', response: second.register(optionsJson) },
            `${session}; ${challenge}`,
          ),
        ),
      ),
    )
    expect(again.status).toBe(400)
    expect((await again.json()).message).toBe(PASSKEY_EXPIRED)
    expect((await passkeysOf(user.id)).map((row) => row.name)).toEqual(['هاتف نادية'])
  })

  test('another account’s challenge cannot be answered from this one', async () => {
    const owner = await createUser()
    const other = await createUser()
    const ownerSession = await sessionCookie(owner.id)
    const otherSession = await sessionCookie(other.id)
    const options = await respond(() =>
      registerOptions.action(args(api('/api/passkeys/register-options', {}, ownerSession))),
    )
    const response = softwareAuthenticator({ origin: ORIGIN }).register(await options.json())
    const refused = await respond(() =>
      register.action(
        args(
          api(
            '/api/passkeys/register',
            { name: 'x', response },
            `${otherSession}; ${cookiePart(options, 'pt_passkey')}`,
          ),
        ),
      ),
    )
    expect(refused.status).toBe(400)
    expect(await passkeysOf(other.id)).toEqual([])
  })

  test('a visitor gets 401; a bad or oversized body a clear 400 or 413', async () => {
    const anonymous = await respond(() =>
      registerOptions.action(args(api('/api/passkeys/register-options', {}))),
    )
    expect(anonymous.status).toBe(401)
    const session = await sessionCookie((await createUser()).id)
    const bad = await respond(() =>
      register.action(args(api('/api/passkeys/register', { response: { id: 'x' } }, session))),
    )
    expect(bad.status).toBe(400)
    expect(typeof (await bad.json()).message).toBe('string')
    const huge = await respond(() =>
      register.action(args(api('/api/passkeys/register', { name: 'a'.repeat(40_000) }, session))),
    )
    expect(huge.status).toBe(413)
    const long = await respond(() =>
      register.action(
        args(
          api(
            '/api/passkeys/register',
            {
              name: '가'.repeat(65),
              response: softwareAuthenticator({ origin: ORIGIN }).register({
                challenge: 'AAAA',
                rp: { id: 'localhost' },
                user: { id: 'AAAA' },
              }),
            },
            session,
          ),
        ),
      ),
    )
    expect(long.status).toBe(400)
    expect((await long.json()).message).toBe('A passkey name is at most 64 characters')
  })
})

describe('signing in with a passkey alone', () => {
  test('the assertion signs its owner in, and the counter and last use are written', async () => {
    const user = await createUser()
    const device = softwareAuthenticator({ origin: ORIGIN })
    expect((await addPasskey(await sessionCookie(user.id), device, 'Pixel')).status).toBe(201)
    const { answer } = await signInWith(device, {}, '/songs')
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ redirectTo: '/songs' })
    const session = cookiePart(answer, 'pt_session')
    expect((await getSessionUser(session))?.id).toBe(user.id)
    const [row] = await passkeysOf(user.id)
    expect(Number(row!.counter)).toBe(1)
    expect(row!.lastUsedAt).toBeInstanceOf(Date)
  })

  test('a replayed answer, a counter that went back, a wrong origin or no user verification sign no one in', async () => {
    const user = await createUser()
    const device = softwareAuthenticator({ origin: ORIGIN })
    await addPasskey(await sessionCookie(user.id), device, 'Pixel')
    const { answer, challenge, response } = await signInWith(device)
    expect(answer.status).toBe(200)
    const replay = await respond(() =>
      signIn.action(args(api('/api/passkeys/sign-in', { response }, challenge))),
    )
    expect(replay.status).toBe(401)
    expect((await replay.json()).message).toBe(PASSKEY_EXPIRED)

    for (const tweaks of [
      { counter: 1 },
      { origin: 'https://evil.example' },
      { userVerified: false },
      { challenge: Buffer.from('chosen by the client').toString('base64url') },
    ]) {
      const refused = (await signInWith(device, tweaks)).answer
      expect(refused.status).toBe(401)
      expect((await refused.json()).message).toBe(PASSKEY_NOT_VERIFIED)
      expect(refused.headers.getSetCookie().some((value) => value.startsWith('pt_session='))).toBe(
        false,
      )
    }
    const [row] = await passkeysOf(user.id)
    expect(Number(row!.counter)).toBe(1)
  })

  test('a passkey not registered here gets a clear message; no challenge cookie, the expiry one', async () => {
    const stranger = softwareAuthenticator({ origin: ORIGIN })
    stranger.register({ challenge: 'AAAA', rp: { id: 'localhost' }, user: { id: 'AAAA' } })
    const unknown = (await signInWith(stranger)).answer
    expect(unknown.status).toBe(401)
    expect((await unknown.json()).message).toBe(PASSKEY_UNKNOWN)
    const options = await respond(() =>
      signInOptions.action(args(api('/api/passkeys/sign-in-options', {}))),
    )
    const response = stranger.authenticate(await options.json())
    const noCookie = await respond(() =>
      signIn.action(args(api('/api/passkeys/sign-in', { response }))),
    )
    expect(noCookie.status).toBe(401)
    expect((await noCookie.json()).message).toBe(PASSKEY_EXPIRED)
  })

  test('deleting the account deletes its passkeys (the user row stays as a tombstone)', async () => {
    const user = await createUser({ firstName: '민지' })
    const device = softwareAuthenticator({ origin: ORIGIN })
    await addPasskey(await sessionCookie(user.id), device, '김민지의 iPhone')
    await deleteAccount(db(), user)
    expect(await passkeysOf(user.id)).toEqual([])
    expect((await signInWith(device)).answer.status).toBe(401)
  })

  test('a deleted account’s passkey signs in to nothing', async () => {
    const user = await createUser()
    const device = softwareAuthenticator({ origin: ORIGIN })
    await addPasskey(await sessionCookie(user.id), device, 'Pixel')
    await db()
      .updateTable('users')
      .set({ deletedAt: new Date() })
      .where('id', '=', user.id)
      .execute()
    const refused = (await signInWith(device)).answer
    expect(refused.status).toBe(401)
  })
})

describe('the settings page’s forms', () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    new Request(`${ORIGIN}/settings/passkeys`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    })

  test('rename and remove touch only the requester’s passkeys', async () => {
    const owner = await createUser()
    const other = await createUser()
    const ownerSession = await sessionCookie(owner.id)
    const otherSession = await sessionCookie(other.id)
    await addPasskey(ownerSession, softwareAuthenticator({ origin: ORIGIN }), 'Pixel')
    await addPasskey(ownerSession, softwareAuthenticator({ origin: ORIGIN }), 'YubiKey')
    const [pixel, yubikey] = await passkeysOf(owner.id)

    const renamed = await respond(() =>
      passkeysRoute.action(
        args(post(ownerSession, { intent: 'rename', id: String(pixel!.id), name: 'هاتف نادية' })),
      ),
    )
    expect(renamed.status).toBe(302)

    const foreignRename = await respond(() =>
      passkeysRoute.action(
        args(post(otherSession, { intent: 'rename', id: String(yubikey!.id), name: 'mine' })),
      ),
    )
    expect(foreignRename.status).toBe(404)
    const foreignRemove = await respond(() =>
      passkeysRoute.action(args(post(otherSession, { intent: 'remove', id: String(pixel!.id) }))),
    )
    expect(foreignRemove.status).toBe(404)
    expect((await passkeysOf(owner.id)).map((row) => row.name)).toEqual(['هاتف نادية', 'YubiKey'])

    const removed = await respond(() =>
      passkeysRoute.action(args(post(ownerSession, { intent: 'remove', id: String(pixel!.id) }))),
    )
    expect(removed.status).toBe(302)
    expect((await passkeysOf(owner.id)).map((row) => row.name)).toEqual(['YubiKey'])
  })

  test('an account with no password and no Google keeps its last passkey', async () => {
    const user = await createUser()
    const session = await sessionCookie(user.id)
    await addPasskey(session, softwareAuthenticator({ origin: ORIGIN }), 'Pixel')
    await addPasskey(session, softwareAuthenticator({ origin: ORIGIN }), 'YubiKey')
    await db().updateTable('users').set({ passwordHash: null }).where('id', '=', user.id).execute()
    const [pixel, yubikey] = await passkeysOf(user.id)
    const first = await respond(() =>
      passkeysRoute.action(args(post(session, { intent: 'remove', id: String(pixel!.id) }))),
    )
    expect(first.status).toBe(302)
    const last = await respond(() =>
      passkeysRoute.action(args(post(session, { intent: 'remove', id: String(yubikey!.id) }))),
    )
    expect(last.status).toBe(400)
    expect(await last.json()).toEqual({ id: yubikey!.id, errors: [LAST_WAY_IN] })
    expect((await passkeysOf(user.id)).map((row) => row.name)).toEqual(['YubiKey'])
    // With Google connected, it may go.
    await db()
      .updateTable('users')
      .set({ externalId: 'google-123' })
      .where('id', '=', user.id)
      .execute()
    const withGoogle = await respond(() =>
      passkeysRoute.action(args(post(session, { intent: 'remove', id: String(yubikey!.id) }))),
    )
    expect(withGoogle.status).toBe(302)
    expect(await passkeysOf(user.id)).toEqual([])
  })

  test('a blank or too long name is refused with a message', async () => {
    const user = await createUser()
    const session = await sessionCookie(user.id)
    await addPasskey(session, softwareAuthenticator({ origin: ORIGIN }), 'Pixel')
    const [pixel] = await passkeysOf(user.id)
    for (const name of ['', 'ก'.repeat(65)]) {
      const refused = await respond(() =>
        passkeysRoute.action(
          args(post(session, { intent: 'rename', id: String(pixel!.id), name })),
        ),
      )
      expect(refused.status).toBe(400)
      expect((await refused.json()).errors[0]).toMatch(/name/)
    }
    expect((await passkeysOf(user.id)).map((row) => row.name)).toEqual(['Pixel'])
  })
})

describe('forged answers of the right shape', () => {
  const b64 = fc
    .uint8Array({ maxLength: 300 })
    .map((bytes) => Buffer.from(bytes).toString('base64url'))
  test('200 forged sign-in and registration answers: never a 5xx, never a session or a passkey', async () => {
    const user = await createUser()
    const session = await sessionCookie(user.id)
    await fc.assert(
      fc.asyncProperty(
        b64,
        b64,
        b64,
        b64,
        fc.option(b64),
        async (id, client, data, signature, handle) => {
          const options = await respond(() =>
            signInOptions.action(args(api('/api/passkeys/sign-in-options', {}))),
          )
          const response = {
            id: id || 'AA',
            rawId: id || 'AA',
            type: 'public-key',
            clientExtensionResults: {},
            response: {
              clientDataJSON: client || 'AA',
              authenticatorData: data || 'AA',
              signature: signature || 'AA',
              ...(handle ? { userHandle: handle } : {}),
            },
          }
          const answer = await respond(() =>
            signIn.action(
              args(api('/api/passkeys/sign-in', { response }, cookiePart(options, 'pt_passkey'))),
            ),
          )
          expect([400, 401, 429]).toContain(answer.status)
          expect(typeof (await answer.json()).message).toBe('string')
          expect(
            answer.headers.getSetCookie().some((value) => value.startsWith('pt_session=')),
          ).toBe(false)

          const registration = await respond(() =>
            registerOptions.action(args(api('/api/passkeys/register-options', {}, session))),
          )
          const forged = await respond(() =>
            register.action(
              args(
                api(
                  '/api/passkeys/register',
                  {
                    name: '김민지의 iPhone',
                    response: {
                      id: id || 'AA',
                      rawId: id || 'AA',
                      type: 'public-key',
                      clientExtensionResults: {},
                      response: { clientDataJSON: client || 'AA', attestationObject: data || 'AA' },
                    },
                  },
                  `${session}; ${cookiePart(registration, 'pt_passkey')}`,
                ),
              ),
            ),
          )
          expect(forged.status).toBe(400)
          expect(typeof (await forged.json()).message).toBe('string')
        },
      ),
      { numRuns: 200 },
    )
    expect(await passkeysOf(user.id)).toEqual([])
  }, 120_000)
})
