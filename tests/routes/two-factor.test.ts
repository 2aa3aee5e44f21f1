import crypto from 'node:crypto'
import { sql } from 'kysely'
import { generateSync } from 'otplib'
import { describe, expect, test } from 'vitest'
import * as adminVerify from '~/routes/admin.verify'
import * as index from '~/routes/_index'
import * as login from '~/routes/login'
import * as twoFactorLogin from '~/routes/login_.two-factor'
import * as confirmRoute from '~/routes/settings_.confirm'
import * as deleteAccountRoute from '~/routes/settings_.delete-account'
import * as emailRoute from '~/routes/settings_.email'
import * as dataRoute from '~/routes/settings_.data'
import * as dataZip from '~/resource-routes/settings_.data[.]zip'
import * as passkeysRoute from '~/routes/settings_.passkeys'
import * as passkeyOptions from '~/resource-routes/api.passkeys.register-options'
import * as passwordRoute from '~/routes/settings_.password'
import * as settingsRoute from '~/routes/settings'
import * as twoFactorRoute from '~/routes/settings_.two-factor'
import * as apiLogin from '~/resource-routes/api.auth.login'
import * as apiReset from '~/resource-routes/api.auth.reset-password'
import * as statsApi from '~/resource-routes/api.admin.stats'
import { completeSignIn } from '~/services/accounts/sign-in.server'
import { getSessionUser } from '~/services/accounts/session.server'
import {
  checkCode,
  TOTP_OPTIONS,
  UNREADABLE_KEY_MESSAGE,
  RECOVERY_CODE_REFUSED_MESSAGE,
  USED_CODE_MESSAGE,
  WRONG_CODE_MESSAGE,
} from '~/services/accounts/two-factor.server'
import { getToast } from '~/services/platform/toast.server'
import { db } from '../setup/db'
import {
  args,
  cookieFrom,
  createAdmin,
  createUser,
  formRequest,
  jsonRequest,
  PASSWORD,
  respond,
  sessionCookie,
} from '../setup/fixtures'
import { mailTo } from '../setup/mail'
import { enrolTwoFactor, freshCode } from '../setup/two-factor'

// Issue 28, decision 063: TOTP two-factor on every way in, recovery codes, the fresh sign-in
// that sensitive changes ask for, and the administrator's second factor.

const BASE = 'http://localhost'
const ascii = (text: string) => new TextEncoder().encode(text)

const sessionsOf = (userId: string) =>
  db()
    .selectFrom('sessions')
    .select(['sidHash', 'secondFactorAt', 'createdAt'])
    .where('userId', '=', userId)
    .execute()

function post(url: string, fields: Record<string, string>, cookie?: string) {
  return formRequest(url, fields, cookie ? { Cookie: cookie } : {})
}

async function signInWithPassword(user: { email: string }, redirectTo = '') {
  return respond(() =>
    login.action(
      args(post(`${BASE}/login`, { usernameOrEmail: user.email, password: PASSWORD, redirectTo })),
    ),
  )
}

async function answerCode(pendingCookie: string, code: string) {
  return respond(() =>
    twoFactorLogin.action(args(post(`${BASE}/login/two-factor`, { code }, pendingCookie))),
  )
}

describe('TOTP codes', () => {
  // RFC 6238, appendix B: the keys are ASCII "1234567890" repeated to the hash's length.
  const vectors: [number, string, string, string][] = [
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ]
  test.each(vectors)(
    'RFC 6238 at %i s: SHA-1 %s, SHA-256 %s, SHA-512 %s (8 digits)',
    (epoch, sha1, sha256, sha512) => {
      const options = { ...TOTP_OPTIONS, digits: 8 as const, epoch }
      expect(generateSync({ ...options, secret: ascii('12345678901234567890') })).toBe(sha1)
      expect(
        generateSync({
          ...options,
          algorithm: 'sha256',
          secret: ascii('12345678901234567890123456789012'),
        }),
      ).toBe(sha256)
      expect(
        generateSync({
          ...options,
          algorithm: 'sha512',
          secret: ascii('1234567890'.repeat(6) + '1234'),
        }),
      ).toBe(sha512)
    },
  )

  test('the account takes its app’s code once, a neighbouring step’s too, and no other', async () => {
    const user = await createUser({ firstName: '민지' })
    const { secret } = await enrolTwoFactor(user)
    const now = Math.floor(Date.now() / 30_000)
    const code = (step: number) => generateSync({ ...TOTP_OPTIONS, secret, epoch: step * 30 })
    // Enrolment spent this step's code (or the next one's); two steps ahead is out of the window.
    expect(await checkCode(db(), user.id, code(now + 3))).toEqual({
      ok: false,
      message: WRONG_CODE_MESSAGE,
    })
    const fresh = await freshCode(user.id, secret)
    expect(await checkCode(db(), user.id, ` ${fresh.slice(0, 3)} ${fresh.slice(3)} `)).toEqual({
      ok: true,
      kind: 'totp',
    })
    expect(await checkCode(db(), user.id, fresh)).toEqual({ ok: false, message: USED_CODE_MESSAGE })
  })
})

test('a key that cannot be opened (another SESSION_SECRET) is said so; a recovery code still works', async () => {
  const user = await createUser()
  const { codes } = await enrolTwoFactor(user)
  await db()
    .updateTable('userTwoFactors')
    .set({ sealedSecret: 'v1.not.a.seal' })
    .where('userId', '=', user.id)
    .execute()
  expect(await checkCode(db(), user.id, '123456')).toEqual({
    ok: false,
    message: UNREADABLE_KEY_MESSAGE,
  })
  expect(await checkCode(db(), user.id, codes[0]!)).toEqual({ ok: true, kind: 'recovery-code' })
})

describe('enrolment from the settings page', () => {
  test('set up, a QR code and the key, a first code, ten recovery codes shown once; none of it in clear in the database', async () => {
    const user = await createUser({ firstName: 'Zoë' })
    const cookie = await sessionCookie(user.id)
    const page = await respond(() =>
      twoFactorRoute.loader(
        args(new Request(`${BASE}/settings/two-factor`, { headers: { Cookie: cookie } })),
      ),
    )
    expect(await page.json()).toMatchObject({ status: { enabled: false }, enrolment: null })

    const start = await respond(() =>
      twoFactorRoute.action(args(post(`${BASE}/settings/two-factor`, { intent: 'start' }, cookie))),
    )
    expect(start.headers.get('Location')).toBe('/settings/two-factor')
    const shown = await (
      await respond(() =>
        twoFactorRoute.loader(
          args(new Request(`${BASE}/settings/two-factor`, { headers: { Cookie: cookie } })),
        ),
      )
    ).json()
    const secret: string = shown.enrolment.secret
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(shown.enrolment.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(shown.enrolment.qrDataUrl.split(',')[1], 'base64').toString()).toContain(
      '<svg',
    )
    expect(shown.enrolment.secretGroups.replaceAll(' ', '')).toBe(secret)

    const wrong = await respond(() =>
      twoFactorRoute.action(
        args(post(`${BASE}/settings/two-factor`, { intent: 'confirm', code: '000000' }, cookie)),
      ),
    )
    expect(wrong.status).toBe(400)
    expect((await wrong.json()).errors).toEqual([WRONG_CODE_MESSAGE])

    const right = await respond(() =>
      twoFactorRoute.action(
        args(
          post(
            `${BASE}/settings/two-factor`,
            { intent: 'confirm', code: generateSync({ ...TOTP_OPTIONS, secret }) },
            cookie,
          ),
        ),
      ),
    )
    expect(right.status).toBe(200)
    const { codes, toast } = await right.json()
    expect(toast).toMatchObject({ type: 'success', title: 'Two-factor authentication is on' })
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    // This session just passed a second factor.
    expect((await sessionsOf(user.id))[0]!.secondFactorAt).not.toBeNull()
    const hub = await respond(() =>
      settingsRoute.loader(args(new Request(`${BASE}/settings`, { headers: { Cookie: cookie } }))),
    )
    expect(await hub.json()).toMatchObject({ twoFactor: true })

    // A database dump holds neither the key nor a recovery code, in any encoding people type.
    const dump = JSON.stringify([
      (await sql`select * from user_two_factors where user_id = ${user.id}`.execute(db())).rows,
      (await sql`select * from two_factor_recovery_codes where user_id = ${user.id}`.execute(db()))
        .rows,
      (await sql`select * from users where id = ${user.id}`.execute(db())).rows,
    ]).toLowerCase()
    expect(dump).not.toContain(secret.toLowerCase())
    expect(dump).not.toContain(Buffer.from(secret).toString('hex'))
    for (const code of codes as string[]) {
      expect(dump).not.toContain(code)
      expect(dump).not.toContain(code.replace('-', ''))
    }
    const again = await (
      await respond(() =>
        twoFactorRoute.loader(
          args(new Request(`${BASE}/settings/two-factor`, { headers: { Cookie: cookie } })),
        ),
      )
    ).json()
    // Shown once: the page no longer carries the key or the codes.
    expect(again).toMatchObject({
      status: { enabled: true, recoveryCodesLeft: 10 },
      enrolment: null,
    })
    expect(JSON.stringify(again)).not.toContain(secret)
  })

  test('new recovery codes replace the old; turning off takes a code; a wrong one leaves it on', async () => {
    const user = await createUser()
    const { secret, codes } = await enrolTwoFactor(user)
    const cookie = await sessionCookie(user.id)
    // A recovery code is a current code too: it asks for the new set, and is spent by it.
    const regenerated = await respond(() =>
      twoFactorRoute.action(
        args(
          post(`${BASE}/settings/two-factor`, { intent: 'regenerate', code: codes[1]! }, cookie),
        ),
      ),
    )
    const answer = await regenerated.json()
    expect(answer.toast).toMatchObject({ type: 'success', title: 'New recovery codes' })
    const fresh: string[] = answer.codes
    expect(fresh).toHaveLength(10)
    expect(await checkCode(db(), user.id, codes[0]!)).toEqual({
      ok: false,
      message: RECOVERY_CODE_REFUSED_MESSAGE,
    })

    const wrong = await respond(() =>
      twoFactorRoute.action(
        args(post(`${BASE}/settings/two-factor`, { intent: 'disable', code: '123456' }, cookie)),
      ),
    )
    expect(wrong.status).toBe(400)
    const offCode = await freshCode(user.id, secret)
    const off = await respond(() =>
      twoFactorRoute.action(
        args(post(`${BASE}/settings/two-factor`, { intent: 'disable', code: offCode }, cookie)),
      ),
    )
    expect(off.headers.get('Location')).toBe('/settings')
    expect(
      await db()
        .selectFrom('userTwoFactors')
        .select('userId')
        .where('userId', '=', user.id)
        .execute(),
    ).toEqual([])
    expect(
      await db()
        .selectFrom('twoFactorRecoveryCodes')
        .select('id')
        .where('userId', '=', user.id)
        .execute(),
    ).toEqual([])
  })
  test('turning it on signs out every other session; new recovery codes ask a current code', async () => {
    const user = await createUser({ firstName: 'Аня' })
    const cookie = await sessionCookie(user.id)
    // Another browser, signed in a minute ago: within the 10 minutes of a fresh sign-in.
    const other = await sessionCookie(user.id)
    await respond(() =>
      twoFactorRoute.action(args(post(`${BASE}/settings/two-factor`, { intent: 'start' }, cookie))),
    )
    const shown = await (
      await respond(() =>
        twoFactorRoute.loader(
          args(new Request(`${BASE}/settings/two-factor`, { headers: { Cookie: cookie } })),
        ),
      )
    ).json()
    const secret: string = shown.enrolment.secret
    const first = await freshCode(user.id, secret)
    const on = await respond(() =>
      twoFactorRoute.action(
        args(post(`${BASE}/settings/two-factor`, { intent: 'confirm', code: first }, cookie)),
      ),
    )
    expect(on.status).toBe(200)
    const { codes, toast } = await on.json()
    expect(toast.description).toContain('You were signed out everywhere else.')
    expect(await getSessionUser(other)).toBeNull()
    expect(await getSessionUser(cookie)).toMatchObject({ id: user.id })
    expect(await sessionsOf(user.id)).toHaveLength(1)

    const regenerate = (code?: string) =>
      respond(() =>
        twoFactorRoute.action(
          args(
            post(
              `${BASE}/settings/two-factor`,
              code === undefined ? { intent: 'regenerate' } : { intent: 'regenerate', code },
              cookie,
            ),
          ),
        ),
      )
    const bare = await regenerate()
    expect(bare.status).toBe(400)
    expect(await bare.json()).toMatchObject({
      codes: null,
      intent: 'regenerate',
      errors: ['Enter the code from your authenticator app'],
    })
    const wrong = await regenerate('000000')
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({ codes: null, errors: [WRONG_CODE_MESSAGE] })
    // Nothing was replaced: the first set still signs in.
    expect(await checkCode(db(), user.id, codes[0])).toEqual({ ok: true, kind: 'recovery-code' })
    const right = await regenerate(await freshCode(user.id, secret))
    expect(right.status).toBe(200)
    expect((await right.json()).codes).toHaveLength(10)
    expect(await checkCode(db(), user.id, codes[1])).toMatchObject({ ok: false })
  })
})

describe('every way in asks for the second factor', () => {
  test('the sign-in form: no session until the code; then one marked with the second factor', async () => {
    const user = await createUser({ firstName: 'هالة' })
    const { secret } = await enrolTwoFactor(user)
    const first = await signInWithPassword(user, '/settings')
    expect(first.status).toBe(302)
    expect(first.headers.get('Location')).toBe('/login/two-factor')
    expect(cookieFrom(first, 'pt_session')).toBeNull()
    expect(await sessionsOf(user.id)).toEqual([])
    const pending = cookieFrom(first, 'pt_2fa')!
    expect(pending).toBeTruthy()

    const page = await respond(() =>
      twoFactorLogin.loader(
        args(new Request(`${BASE}/login/two-factor`, { headers: { Cookie: pending } })),
      ),
    )
    expect(page.status).toBe(200)
    const wrong = await answerCode(pending, '000000')
    expect(wrong.status).toBe(400)
    expect((await wrong.json()).errors).toEqual([WRONG_CODE_MESSAGE])
    expect(await sessionsOf(user.id)).toEqual([])

    const code = await freshCode(user.id, secret)
    const done = await answerCode(pending, code)
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe('/settings')
    expect((await getSessionUser(cookieFrom(done, 'pt_session')!))?.id).toBe(user.id)
    const [session] = await sessionsOf(user.id)
    expect(session!.secondFactorAt).not.toBeNull()

    // The same code cannot sign in a second browser.
    const second = cookieFrom(await signInWithPassword(user), 'pt_2fa')!
    const replay = await answerCode(second, code)
    expect(replay.status).toBe(400)
    expect((await replay.json()).errors).toEqual([USED_CODE_MESSAGE])
  })

  test('without the pending cookie, or after its 5 minutes, the code page sends back to sign in', async () => {
    const none = await respond(() =>
      twoFactorLogin.loader(args(new Request(`${BASE}/login/two-factor`))),
    )
    expect(none.headers.get('Location')).toBe('/login')
    const user = await createUser()
    const { secret } = await enrolTwoFactor(user)
    const pending = cookieFrom(await signInWithPassword(user), 'pt_2fa')!
    const later = Date.now() + 5 * 60 * 1000 + 1000
    const realNow = Date.now
    Date.now = () => later
    try {
      const stale = await answerCode(pending, await freshCode(user.id, secret))
      expect(stale.headers.get('Location')).toBe('/login')
    } finally {
      Date.now = realNow
    }
    expect(await sessionsOf(user.id)).toEqual([])
  })

  test('a recovery code signs in once, and says so with the number left', async () => {
    const user = await createUser({ firstName: 'Ngọc' })
    const { codes } = await enrolTwoFactor(user)
    const pending = cookieFrom(await signInWithPassword(user), 'pt_2fa')!
    const done = await answerCode(pending, codes[3]!.toUpperCase())
    expect(done.status).toBe(302)
    expect((await sessionsOf(user.id))[0]!.secondFactorAt).not.toBeNull()
    expect((await getToast(cookieFrom(done, 'pt_toast')!)).toast).toMatchObject({
      title: 'Signed in with a recovery code',
      description: 'That code is now used up: 9 recovery codes left.',
    })
    const again = await answerCode(cookieFrom(await signInWithPassword(user), 'pt_2fa')!, codes[3]!)
    expect(again.status).toBe(400)
    expect((await again.json()).errors).toEqual([RECOVERY_CODE_REFUSED_MESSAGE])
    expect(await sessionsOf(user.id)).toHaveLength(1)
    // Down to the last ones, the toast says where new ones are made: codes[8] and [9] are kept.
    const { recoverySalt } = await db()
      .selectFrom('userTwoFactors')
      .select('recoverySalt')
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow()
    const digest = (code: string) =>
      crypto
        .createHash('sha256')
        .update(`${recoverySalt}:${code.replace('-', '')}`)
        .digest('hex')
    await db()
      .deleteFrom('twoFactorRecoveryCodes')
      .where('userId', '=', user.id)
      .where('codeHash', 'not in', [digest(codes[8]!), digest(codes[9]!)])
      .execute()
    const last = await answerCode(cookieFrom(await signInWithPassword(user), 'pt_2fa')!, codes[9]!)
    expect(last.headers.get('Location')).toBe('/')
    expect((await getToast(cookieFrom(last, 'pt_toast')!)).toast).toMatchObject({
      title: 'Signed in with a recovery code',
      description:
        'That code is now used up: 1 recovery code left. Make new ones in Settings, Two-factor authentication.',
    })
  })

  test('the pending sign-in works once, and not after the password changed', async () => {
    const user = await createUser({ firstName: 'רותם' })
    const { codes } = await enrolTwoFactor(user)
    const pending = cookieFrom(await signInWithPassword(user), 'pt_2fa')!
    const done = await answerCode(pending, codes[0]!)
    expect(done.headers.get('Location')).toBe('/')
    // The same cookie again, even with another good code: no second session.
    const replay = await answerCode(pending, codes[1]!)
    expect(replay.status).toBe(302)
    expect(replay.headers.get('Location')).toBe('/login')
    expect(cookieFrom(replay, 'pt_session')).toBeNull()
    expect(await sessionsOf(user.id)).toHaveLength(1)

    // A sign-in left waiting, then the password is changed (a reset): the old cookie is done.
    const waiting = cookieFrom(await signInWithPassword(user), 'pt_2fa')!
    const token = crypto.randomBytes(32).toString('base64url')
    await db()
      .insertInto('passwordResetTokens')
      .values({
        userId: user.id,
        token: crypto.createHash('sha256').update(token).digest('hex'),
        expiresAt: new Date(Date.now() + 60_000),
      })
      .execute()
    const reset = await apiReset.action(
      args(
        jsonRequest(`${BASE}/api/auth/reset-password`, {
          token,
          password: 'Nowa-hasło-42!',
          confirmPassword: 'Nowa-hasło-42!',
        }),
      ),
    )
    expect(reset.status).toBe(200)
    await db().deleteFrom('sessions').where('userId', '=', user.id).execute()
    const stale = await answerCode(waiting, codes[1]!)
    expect(stale.headers.get('Location')).toBe('/login')
    expect(await sessionsOf(user.id)).toEqual([])
    // The code was not spent on it: a fresh sign-in with the new password takes it.
    const fresh = await respond(() =>
      login.action(
        args(post(`${BASE}/login`, { usernameOrEmail: user.email, password: 'Nowa-hasło-42!' })),
      ),
    )
    const ok = await answerCode(cookieFrom(fresh, 'pt_2fa')!, codes[1]!)
    expect(ok.headers.get('Location')).toBe('/')
  })

  test('POST /api/auth/login: 401 twoFactorRequired without a valid code; the session with one', async () => {
    const user = await createUser()
    const { secret } = await enrolTwoFactor(user)
    const body = { usernameOrEmail: user.username, password: PASSWORD }
    const owed = await apiLogin.action(args(jsonRequest(`${BASE}/api/auth/login`, body)))
    expect(owed.status).toBe(401)
    expect(await owed.json()).toMatchObject({ twoFactorRequired: true })
    expect(cookieFrom(owed, 'pt_session')).toBeNull()
    const wrong = await apiLogin.action(
      args(jsonRequest(`${BASE}/api/auth/login`, { ...body, code: '000000' })),
    )
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toEqual({ message: WRONG_CODE_MESSAGE, twoFactorRequired: true })
    expect(await sessionsOf(user.id)).toEqual([])
    const ok = await apiLogin.action(
      args(
        jsonRequest(`${BASE}/api/auth/login`, { ...body, code: await freshCode(user.id, secret) }),
      ),
    )
    expect(ok.status).toBe(200)
    expect(await ok.json()).toMatchObject({ id: user.id })
    expect((await sessionsOf(user.id))[0]!.secondFactorAt).not.toBeNull()
  })

  test('a password reset leaves two-factor on: signing in with the new password still asks the code', async () => {
    const user = await createUser()
    await enrolTwoFactor(user)
    const token = crypto.randomBytes(32).toString('base64url')
    await db()
      .insertInto('passwordResetTokens')
      .values({
        userId: user.id,
        token: crypto.createHash('sha256').update(token).digest('hex'),
        expiresAt: new Date(Date.now() + 60_000),
      })
      .execute()
    const newPassword = 'N3w-Passw0rd!'
    const reset = await apiReset.action(
      args(
        jsonRequest(`${BASE}/api/auth/reset-password`, {
          token,
          password: newPassword,
          confirmPassword: newPassword,
        }),
      ),
    )
    expect(reset.status).toBe(200)
    const first = await respond(() =>
      login.action(
        args(post(`${BASE}/login`, { usernameOrEmail: user.email, password: newPassword })),
      ),
    )
    expect(first.headers.get('Location')).toBe('/login/two-factor')
    expect(await sessionsOf(user.id)).toEqual([])
  })

  test('an account without two-factor signs in at once, its session without a second factor; a passkey counts as both', async () => {
    const user = await createUser({ firstName: 'Somchai สมชาย' })
    const plain = await signInWithPassword(user, '/songs')
    expect(plain.headers.get('Location')).toBe('/songs')
    expect((await sessionsOf(user.id))[0]!.secondFactorAt).toBeNull()
    await enrolTwoFactor(user)
    const passkey = await completeSignIn(new Request(`${BASE}/login`), user, { method: 'passkey' })
    expect(passkey.signedIn).toBe(true)
    const rows = await sessionsOf(user.id)
    expect(rows.filter((row) => row.secondFactorAt !== null)).toHaveLength(1)
  })

  test('wrong codes are limited per account: the sixth in 15 minutes is refused, even a right one', async () => {
    const user = await createUser()
    const { secret } = await enrolTwoFactor(user)
    const pending = cookieFrom(await signInWithPassword(user), 'pt_2fa')!
    for (let guess = 0; guess < 5; guess++)
      expect((await answerCode(pending, `00000${guess}`)).status).toBe(400)
    const limited = await answerCode(pending, await freshCode(user.id, secret))
    expect(limited.status).toBe(429)
    expect((await limited.json()).errors[0]).toMatch(
      /^Too many attempts\. Please try again in \d+ minutes?\.$/,
    )
    expect(await sessionsOf(user.id)).toEqual([])
    // The same count binds the API and the settings page.
    const api = await apiLogin.action(
      args(
        jsonRequest(`${BASE}/api/auth/login`, {
          usernameOrEmail: user.email,
          password: PASSWORD,
          code: '111111',
        }),
      ),
    )
    expect(api.status).toBe(429)
  })

  test('the fifth wrong code mails the address once, in its 15 minutes, however many more are typed; right codes mail nothing', async () => {
    const user = await createUser({ firstName: 'Дмитрий' })
    const { secret } = await enrolTwoFactor(user)
    const alerts = async () =>
      (await mailTo(user.email)).filter(
        (mail) => mail.subject === 'Wrong two-factor codes were typed for your ProofTrack account',
      )
    const pending = cookieFrom(await signInWithPassword(user), 'pt_2fa')!
    for (let guess = 0; guess < 4; guess++)
      expect((await answerCode(pending, `00000${guess}`)).status).toBe(400)
    expect(await alerts()).toEqual([])
    // A recovery code that is wrong counts the same.
    expect((await answerCode(pending, 'wxyz-2345')).status).toBe(400)
    const [alert, ...more] = await alerts()
    expect(more).toEqual([])
    expect(alert!.text).toContain(user.username)
    expect(alert!.text).toContain('http://localhost:3000/settings/password')
    for (let guess = 0; guess < 3; guess++)
      expect((await answerCode(pending, await freshCode(user.id, secret))).status).toBe(429)
    expect(await alerts()).toHaveLength(1)

    // Another account's right code on the first try: no mail.
    const other = await createUser({ firstName: 'さくら' })
    const theirs = await enrolTwoFactor(other)
    const signedIn = await answerCode(
      cookieFrom(await signInWithPassword(other), 'pt_2fa')!,
      await freshCode(other.id, theirs.secret),
    )
    expect(signedIn.status).toBe(302)
    expect(await mailTo(other.email)).toEqual([])
  })

  test('the wrong-code limit slides: five wrong codes just before a 15-minute edge still bind after it', async () => {
    const user = await createUser({ firstName: 'ธิดา' })
    await enrolTwoFactor(user)
    const window = 15 * 60 * 1000
    const edge = (Math.floor(Date.now() / window) + 1) * window
    const realNow = Date.now
    try {
      Date.now = () => edge - 20_000
      const pending = cookieFrom(await signInWithPassword(user), 'pt_2fa')!
      for (let guess = 0; guess < 5; guess++)
        expect((await answerCode(pending, `00000${guess}`)).status).toBe(400)
      Date.now = () => edge + 20_000
      const after = await answerCode(pending, '000009')
      expect(after.status).toBe(429)
    } finally {
      Date.now = realNow
    }
  })
})

describe('sensitive changes ask again after 10 minutes', () => {
  const age = (userId: string, minutes: number) =>
    sql`update sessions set created_at = ${new Date(Date.now() - minutes * 60_000)},
      reauthenticated_at = null where user_id = ${userId}`.execute(db())

  test('an older session is sent to confirm with its password, then comes back', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const get = (path: string) => new Request(`${BASE}${path}`, { headers: { Cookie: cookie } })
    expect(
      (await respond(() => passwordRoute.loader(args(get('/settings/password'))))).status,
    ).toBe(200)
    await age(user.id, 11)
    for (const [route, path] of [
      [passwordRoute, '/settings/password'],
      [deleteAccountRoute, '/settings/delete-account'],
      [twoFactorRoute, '/settings/two-factor'],
      [emailRoute, '/settings/email'],
      [dataRoute, '/settings/data'],
      [dataZip, '/settings/data.zip'],
      [passkeysRoute, '/settings/passkeys'],
    ] as const) {
      const sent = await respond(() => route.loader(args(get(path))))
      expect(sent.headers.get('Location')).toBe(
        `/settings/confirm?redirectTo=${encodeURIComponent(path)}`,
      )
    }
    // The JSON route that starts adding a passkey says so instead of redirecting.
    const options = await respond(() =>
      passkeyOptions.action(
        args(
          new Request(`${BASE}/api/passkeys/register-options`, {
            method: 'POST',
            headers: { Cookie: cookie, 'Content-Type': 'application/json' },
            body: '{}',
          }),
        ),
      ),
    )
    expect(options.status).toBe(403)
    expect(await options.json()).toMatchObject({ confirm: '/settings/confirm' })
    // A POST is refused too, and nothing changes.
    const posted = await respond(() =>
      deleteAccountRoute.action(
        args(post(`${BASE}/settings/delete-account`, { confirmUsername: user.username }, cookie)),
      ),
    )
    expect(posted.headers.get('Location')).toBe(
      '/settings/confirm?redirectTo=%2Fsettings%2Fdelete-account',
    )
    expect(
      (
        await db()
          .selectFrom('users')
          .select('deletedAt')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).deletedAt,
    ).toBeNull()

    expect(
      await (await respond(() => confirmRoute.loader(args(get('/settings/confirm'))))).json(),
    ).toMatchObject({ way: 'password' })
    const wrong = await respond(() =>
      confirmRoute.action(
        args(
          post(
            `${BASE}/settings/confirm`,
            { password: 'nope', redirectTo: '/settings/password' },
            cookie,
          ),
        ),
      ),
    )
    expect(wrong.status).toBe(400)
    const right = await respond(() =>
      confirmRoute.action(
        args(
          post(
            `${BASE}/settings/confirm`,
            { password: PASSWORD, redirectTo: '/settings/password' },
            cookie,
          ),
        ),
      ),
    )
    expect(right.headers.get('Location')).toBe('/settings/password')
    expect(
      (await respond(() => passwordRoute.loader(args(get('/settings/password'))))).status,
    ).toBe(200)
    // A redirect elsewhere is not followed.
    const away = await respond(() =>
      confirmRoute.action(
        args(
          post(
            `${BASE}/settings/confirm`,
            { password: PASSWORD, redirectTo: 'https://evil.example/' },
            cookie,
          ),
        ),
      ),
    )
    expect(away.headers.get('Location')).toBe('/settings')
  })

  test('with two-factor on, the confirm page asks the code; a Google-only account is told to sign in again', async () => {
    const user = await createUser()
    const { secret } = await enrolTwoFactor(user)
    const cookie = await sessionCookie(user.id)
    await age(user.id, 30)
    const get = (path: string) => new Request(`${BASE}${path}`, { headers: { Cookie: cookie } })
    expect(
      await (await respond(() => confirmRoute.loader(args(get('/settings/confirm'))))).json(),
    ).toMatchObject({ way: 'code' })
    const withPassword = await respond(() =>
      confirmRoute.action(args(post(`${BASE}/settings/confirm`, { password: PASSWORD }, cookie))),
    )
    expect(withPassword.status).toBe(400)
    const confirmCode = await freshCode(user.id, secret)
    const ok = await respond(() =>
      confirmRoute.action(
        args(
          post(
            `${BASE}/settings/confirm`,
            { code: confirmCode, redirectTo: '/settings/two-factor' },
            cookie,
          ),
        ),
      ),
    )
    expect(ok.headers.get('Location')).toBe('/settings/two-factor')
    const [row] = await db()
      .selectFrom('sessions')
      .select(['reauthenticatedAt', 'secondFactorAt'])
      .where('userId', '=', user.id)
      .execute()
    expect(row!.reauthenticatedAt).not.toBeNull()
    expect(row!.secondFactorAt).not.toBeNull()

    const google = await db()
      .insertInto('users')
      .values({
        email: `g-${crypto.randomBytes(3).toString('hex')}@gmail.example`,
        username: `g_${crypto.randomBytes(3).toString('hex')}`,
        authProvider: 'google',
        externalId: 'google-x',
        emailVerified: true,
        updatedAt: new Date(),
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    const googleCookie = await sessionCookie(google.id)
    expect(
      await (
        await respond(() =>
          confirmRoute.loader(
            args(new Request(`${BASE}/settings/confirm`, { headers: { Cookie: googleCookie } })),
          ),
        )
      ).json(),
    ).toMatchObject({ way: 'sign-in-again' })
  })
})

describe('the administrator must use a second factor', () => {
  test('admin pages and APIs refuse a session that passed none; they open to one that did', async () => {
    const admin = await createAdmin()
    const without = await sessionCookie(admin.id, { secondFactor: false })
    const page = (cookie: string) =>
      new Request(`${BASE}/admin/verify`, { headers: { Cookie: cookie } })
    const refused = await respond(() => adminVerify.loader(args(page(without))))
    expect(refused.status).toBe(302)
    expect(refused.headers.get('Location')).toBe('/settings/two-factor?required=admin')
    const panel = await respond(() =>
      index.loader(args(new Request(`${BASE}/`, { headers: { Cookie: without } }))),
    )
    expect(panel.headers.get('Location')).toBe('/settings/two-factor?required=admin')
    const api = await respond(() =>
      statsApi.loader(
        args(new Request(`${BASE}/api/admin/stats`, { headers: { Cookie: without } })),
      ),
    )
    expect(api.status).toBe(403)
    expect(await api.json()).toEqual({
      message: 'The administrator must sign in with a second factor (two-factor authentication).',
    })

    // Through the real way in: password, then the code from the app.
    const { secret } = await enrolTwoFactor(admin)
    const first = await signInWithPassword(admin)
    const done = await answerCode(cookieFrom(first, 'pt_2fa')!, await freshCode(admin.id, secret))
    const withCode = cookieFrom(done, 'pt_session')!
    expect((await respond(() => adminVerify.loader(args(page(withCode))))).status).toBe(200)
    const stats = await respond(() =>
      statsApi.loader(
        args(new Request(`${BASE}/api/admin/stats`, { headers: { Cookie: withCode } })),
      ),
    )
    expect(stats.status).toBe(200)
    await db().deleteFrom('userTwoFactors').where('userId', '=', admin.id).execute()
  })
})
