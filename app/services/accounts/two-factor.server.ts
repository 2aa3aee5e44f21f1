import crypto from 'node:crypto'
import { generateSecret, generateURI, verifySync } from 'otplib'
import QRCode from 'qrcode'
import { isolate } from '~/lib/bidi'
import { env } from '~/env.server'
import { type Executor, inTransaction } from '../platform/db.server'
import { enqueueMail, openBody, sealBody } from '../platform/mail.server'
import { mailLocale, mailWords, paragraphs } from '../platform/mail-language.server'
import { forgive, hit, LIMITS, type LimitResult } from '../platform/rate-limit.server'

// Issue 28, decision 063: TOTP (RFC 6238, SHA-1, 6 digits, 30 s) with otplib. The key is sealed
// with the mail queue's own sealing (one function, one key derivation), so a database dump holds
// no key in clear; recovery codes are kept only as salted SHA-256 digests.

export const RECOVERY_CODE_COUNT = 10
export const WRONG_CODE_MESSAGE = 'That code is not correct. Check your authenticator app.'
export const USED_CODE_MESSAGE =
  'That code was already used. Wait for your app to show the next one.'
// Recovery codes are not the app's: a spent or mistyped one is said so (issue 39.19).
export const RECOVERY_CODE_REFUSED_MESSAGE =
  'That recovery code is not correct or was already used: each one works once.'
export const NOT_ENROLLED_MESSAGE = 'Two-factor authentication is not on for this account.'
export const UNREADABLE_KEY_MESSAGE =
  'Your two-factor key cannot be read on this server any more. Use a recovery code, or write to support.'

/** The key, or null when it was sealed under another SESSION_SECRET (rotated) or altered. */
function openKey(sealed: string) {
  try {
    return openBody(sealed)
  } catch {
    return null
  }
}

/** What authenticator apps expect (RFC 6238's SHA-1, 6 digits, 30-second steps). */
export const TOTP_OPTIONS = { algorithm: 'sha1', digits: 6, period: 30 } as const

/** ±1 time step: a code from the step before or after still counts (clocks drift). */
const TOLERANCE_SECONDS = 30

/** Spaces and dashes are how people copy codes; they carry no meaning. */
export function normalizeCode(code: string) {
  return code.replace(/[\s-]/g, '').toLowerCase()
}

const isTotpShape = (code: string) => /^\d{6}$/.test(code)

const recoveryDigest = (salt: string, code: string) =>
  crypto
    .createHash('sha256')
    .update(`${salt}:${normalizeCode(code)}`)
    .digest('hex')

// 10 characters from 32 letters and digits without look-alikes (no 0/o, 1/l/i): 50 bits each.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
function newRecoveryCode() {
  const bytes = crypto.randomBytes(10)
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length])
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
}

export interface TwoFactorStatus {
  enabled: boolean
  /** Enrolment started (a key was made) but no code confirmed it yet. */
  pending: boolean
  recoveryCodesLeft: number
}

export async function twoFactorStatus(
  database: Executor,
  userId: string,
): Promise<TwoFactorStatus> {
  const row = await database
    .selectFrom('userTwoFactors')
    .select('confirmedAt')
    .where('userId', '=', userId)
    .executeTakeFirst()
  if (!row?.confirmedAt) return { enabled: false, pending: Boolean(row), recoveryCodesLeft: 0 }
  const left = await database
    .selectFrom('twoFactorRecoveryCodes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow()
  return { enabled: true, pending: false, recoveryCodesLeft: Number(left.count) }
}

/**
 * What a sign-in waiting for its code depends on (issue 38.6): the password, the last time step
 * spent and the recovery codes left. Any sign-in that passes a code, and any password change,
 * moves it, so the pending cookie works once and not after a new password.
 */
export async function secondFactorStamp(database: Executor, userId: string) {
  const row = await database
    .selectFrom('users')
    .leftJoin('userTwoFactors', 'userTwoFactors.userId', 'users.id')
    .select((eb) => [
      'users.passwordHash',
      'userTwoFactors.lastUsedStep',
      eb
        .selectFrom('twoFactorRecoveryCodes')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .where('twoFactorRecoveryCodes.userId', '=', userId)
        .where('twoFactorRecoveryCodes.usedAt', 'is', null)
        .as('codesLeft'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst()
  if (!row) return null
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([row.passwordHash, String(row.lastUsedStep), Number(row.codesLeft)]))
    .digest('base64url')
    .slice(0, 22)
}

export async function hasTwoFactor(database: Executor, userId: string) {
  const row = await database
    .selectFrom('userTwoFactors')
    .select('userId')
    .where('userId', '=', userId)
    .where('confirmedAt', 'is not', null)
    .executeTakeFirst()
  return Boolean(row)
}

/** A fresh key waiting for its first code; an account that has two-factor on keeps its own. */
export async function startEnrolment(database: Executor, userId: string) {
  if (await hasTwoFactor(database, userId)) return false
  const values = {
    sealedSecret: sealBody(generateSecret()),
    recoverySalt: crypto.randomBytes(16).toString('hex'),
    confirmedAt: null,
    lastUsedStep: null,
  }
  await database
    .insertInto('userTwoFactors')
    .values({ userId, ...values })
    .onConflict((oc) => oc.column('userId').doUpdateSet(values))
    .execute()
  return true
}

/** What the enrolment page shows: the key as text, and as a QR code (an SVG data URL, no script). */
export async function pendingEnrolment(database: Executor, user: { id: string; email: string }) {
  const row = await database
    .selectFrom('userTwoFactors')
    .select('sealedSecret')
    .where('userId', '=', user.id)
    .where('confirmedAt', 'is', null)
    .executeTakeFirst()
  const secret = row && openKey(row.sealedSecret)
  if (!secret) return null
  const uri = generateURI({ ...TOTP_OPTIONS, issuer: env().APP_NAME, label: user.email, secret })
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
  return {
    secret,
    /** Groups of four, as authenticator apps show keys: easier to type. */
    secretGroups: secret.match(/.{1,4}/g)?.join(' ') ?? secret,
    qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    /** The QR code's own text: on the phone that holds the app, a tap opens it (issue 39.10). */
    otpauthUrl: uri,
  }
}

/**
 * Whoever typed the wrong codes had the password or a signed-in session: the address hears of it,
 * once per 15 minutes however many more are typed (decision 078's mail, built in 087). Nothing
 * is said of where or from which address, which would help nobody but the one guessing.
 */
async function alertWrongCodes(database: Executor, userId: string) {
  if (!(await hit(LIMITS.twoFactorAlertPerUser(userId))).allowed) return
  const user = await database
    .selectFrom('users')
    .select(['email', 'username', 'locale'])
    .where('id', '=', userId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst()
  if (!user) return
  const { APP_URL } = env()
  const t = mailWords(mailLocale(user))
  await enqueueMail(database, {
    to: user.email,
    subject: t('mails.wrongCodes.subject'),
    text: paragraphs(
      t('mails.hello'),
      t('mails.wrongCodes.text', { username: isolate(user.username) }),
      t('mails.wrongCodes.what', {
        passwordLink: `${APP_URL}/settings/password`,
        resetLink: `${APP_URL}/forgot-password`,
      }),
    ),
  })
}

export type CodeCheck =
  | { ok: true; kind: 'totp' | 'recovery-code' }
  | { ok: false; message: string }
  | { ok: false; limited: LimitResult }

/**
 * Checks a TOTP or recovery code of the account, counting the guess against it (5 wrong ones per
 * 15 minutes, wherever they are typed). A right code takes its count back; a TOTP code is then
 * spent (its time step stored), a recovery code used up. `pending` checks the key of an
 * enrolment not yet confirmed, which only a TOTP code can confirm.
 */
export async function checkCode(
  database: Executor,
  userId: string,
  rawCode: string,
  { pending = false }: { pending?: boolean } = {},
): Promise<CodeCheck> {
  const limit = LIMITS.twoFactorCodePerUser(userId)
  const limited = await hit(limit)
  if (!limited.allowed) {
    await alertWrongCodes(database, userId)
    return { ok: false, limited }
  }
  // Every way out below that is not a wrong code forgives the guess; a wrong one that reaches the
  // limit tells the account's address (decision 078, built in 087).
  const wrong = async (message: string): Promise<CodeCheck> => {
    if ((limited.hits ?? 0) >= limit.max) await alertWrongCodes(database, userId)
    return { ok: false, message }
  }
  const row = await database
    .selectFrom('userTwoFactors')
    .select(['sealedSecret', 'recoverySalt', 'lastUsedStep', 'confirmedAt'])
    .where('userId', '=', userId)
    .executeTakeFirst()
  if (!row || (row.confirmedAt === null) !== pending) {
    await forgive(limit)
    return { ok: false, message: NOT_ENROLLED_MESSAGE }
  }
  const code = normalizeCode(rawCode)
  if (isTotpShape(code)) {
    const secret = openKey(row.sealedSecret)
    if (secret === null) {
      await forgive(limit)
      return { ok: false, message: UNREADABLE_KEY_MESSAGE }
    }
    const result = verifySync({
      ...TOTP_OPTIONS,
      secret,
      token: code,
      epochTolerance: TOLERANCE_SECONDS,
    })
    if (!result.valid || !('timeStep' in result)) return wrong(WRONG_CODE_MESSAGE)
    const step = result.timeStep
    // A right code already spent is no guess: it is refused, but not counted.
    await forgive(limit)
    // The step is taken in the UPDATE itself, so two requests racing with one code cannot both win.
    const taken = await database
      .updateTable('userTwoFactors')
      .set({ lastUsedStep: step })
      .where('userId', '=', userId)
      .where((eb) => eb.or([eb('lastUsedStep', 'is', null), eb('lastUsedStep', '<', step)]))
      .returning('userId')
      .executeTakeFirst()
    if (!taken) return { ok: false, message: USED_CODE_MESSAGE }
    return { ok: true, kind: 'totp' }
  }
  if (pending) return wrong(WRONG_CODE_MESSAGE)
  const used = await database
    .updateTable('twoFactorRecoveryCodes')
    .set({ usedAt: new Date() })
    .where('userId', '=', userId)
    .where('codeHash', '=', recoveryDigest(row.recoverySalt, code))
    .where('usedAt', 'is', null)
    .returning('id')
    .executeTakeFirst()
  if (!used) return wrong(RECOVERY_CODE_REFUSED_MESSAGE)
  await forgive(limit)
  return { ok: true, kind: 'recovery-code' }
}

/** A new set of recovery codes (the old ones stop working); returned once, kept only as digests. */
export async function replaceRecoveryCodes(database: Executor, userId: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await inTransaction(database, async (trx) => {
    const { recoverySalt } = await trx
      .selectFrom('userTwoFactors')
      .select('recoverySalt')
      .where('userId', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow()
    await trx.deleteFrom('twoFactorRecoveryCodes').where('userId', '=', userId).execute()
    await trx
      .insertInto('twoFactorRecoveryCodes')
      .values(codes.map((code) => ({ userId, codeHash: recoveryDigest(recoverySalt, code) })))
      .execute()
  })
  return codes
}

/** Enrolment confirmed by its first code: two-factor is on, and here are the recovery codes. */
export async function confirmEnrolment(database: Executor, userId: string, code: string) {
  const check = await checkCode(database, userId, code, { pending: true })
  if (!check.ok) return check
  await database
    .updateTable('userTwoFactors')
    .set({ confirmedAt: new Date() })
    .where('userId', '=', userId)
    .execute()
  return { ok: true as const, codes: await replaceRecoveryCodes(database, userId) }
}

/** Two-factor off: the key and every recovery code go. */
export async function removeTwoFactor(database: Executor, userId: string) {
  await inTransaction(database, async (trx) => {
    await trx.deleteFrom('twoFactorRecoveryCodes').where('userId', '=', userId).execute()
    await trx.deleteFrom('userTwoFactors').where('userId', '=', userId).execute()
  })
}
