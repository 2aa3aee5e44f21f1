import { isolate } from '~/lib/bidi'
import crypto from 'node:crypto'
import { sql, type Transaction } from 'kysely'
import type { Database } from '#db/schema'
import { env } from '~/env.server'
import { derivedKey } from '../platform/derived-keys.server'
import { type Executor, inTransaction } from '../platform/db.server'
import { enqueueMail } from '../platform/mail.server'
import { mailLocale, mailWords, paragraphs } from '../platform/mail-language.server'
import type { RenderLocale } from '~/i18n/locales'
import { displayName } from '~/lib/display-name'

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000
export const INVALID_CODE_MESSAGE = 'Invalid or expired verification code'
/** Wrong guesses one mailed code survives (decision 017); the daily cap is in rate-limit.server.ts. */
export const MAX_CODE_ATTEMPTS = 5
export const VOID_CODE_MESSAGE =
  'Too many wrong codes: this code no longer works. Please generate a new code.'
// Mailed codes are stored hashed with this prefix; the admin's list shows only displayed codes.
const MAILED = 'mail:'
// A six-digit code's plain SHA-256 is undone by trying the million codes, so a copy of the
// database (its WAL, a backup) would hold every pending code. It is stored as an HMAC of the
// account and the code under a key of its own purpose, derived from SESSION_SECRET like the
// cookies' keys (decision 087). Rows from before (`mail:` and the plain hash) keep working
// until they expire, within VERIFICATION_TTL_MS.
const KEYED = `${MAILED}k1:`
const mailedCodeKey = () => derivedKey('prooftrack codes', 'email verification code v1')
const keyedDigest = (userId: string, code: string) =>
  `${KEYED}${crypto.createHmac('sha256', mailedCodeKey()).update(`${userId}\0${code}`).digest('hex')}`
const legacyDigest = (code: string) =>
  `${MAILED}${crypto.createHash('sha256').update(code).digest('hex')}`
const sixDigits = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0')

export const SUPPORT_CODE_TYPED_MESSAGE =
  'That is the code to send to support, not the one we emailed you. It did not use up a try.'

/**
 * Two ways to verify, two different codes (issue 39 items 1 and 2, decision 080). The user's own:
 * a code mailed to them and never shown, which proves the mailbox when they enter it. Every mail
 * goes the same way, so without a mail server it is written to DATA_DIR/mail like a reset link.
 * The fallback, the spec's flow: a code shown on the page, which the user mails to support from
 * their own mailbox, and the admin enters. Each kind replaces only the user's earlier code of its
 * own kind, so a mail that arrives late still works after the user asked support.
 */
export async function mailVerificationCode(
  database: Executor,
  userId: string,
  email: string,
  /** The language of the page that asked, for an account that chose none (issue 54). */
  requestLocale?: RenderLocale,
) {
  const expiresAt = new Date(Date.now() + VERIFICATION_TTL_MS)
  await inTransaction(database, async (trx) => {
    await replaceCodes(trx, userId, 'mailed')
    await mailCode(trx, userId, email, expiresAt, requestLocale)
  })
  return { expiresAt }
}

/** The code the user sends support (the fallback step), shown on the page. */
export async function createSupportCode(database: Executor, userId: string) {
  const expiresAt = new Date(Date.now() + VERIFICATION_TTL_MS)
  const code = await inTransaction(database, async (trx) => {
    await replaceCodes(trx, userId, 'shown')
    return insertUnique(trx, userId, expiresAt, (candidate) => candidate)
  })
  return { code, expiresAt }
}

/**
 * Both at once, for the JSON API (SPEC: it answers `verificationCode`, the code for support): the
 * user's own code is mailed beside it, as the page's first step does.
 */
export async function createVerificationCode(
  database: Executor,
  userId: string,
  email: string,
  requestLocale?: RenderLocale,
) {
  const expiresAt = new Date(Date.now() + VERIFICATION_TTL_MS)
  const code = await inTransaction(database, async (trx) => {
    await replaceCodes(trx, userId, 'mailed')
    await replaceCodes(trx, userId, 'shown')
    const shown = await insertUnique(trx, userId, expiresAt, (candidate) => candidate)
    await mailCode(trx, userId, email, expiresAt, requestLocale)
    return shown
  })
  return { code, expiresAt }
}

async function replaceCodes(trx: Transaction<Database>, userId: string, kind: 'mailed' | 'shown') {
  await trx
    .deleteFrom('emailVerificationTokens')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('userId', '=', userId),
          kind === 'mailed'
            ? eb('token', 'like', `${MAILED}%`)
            : eb('token', 'not like', `${MAILED}%`),
        ]),
        eb('used', '=', true),
        eb('expiresAt', '<', new Date()),
      ]),
    )
    .execute()
}

async function mailCode(
  trx: Transaction<Database>,
  userId: string,
  email: string,
  expiresAt: Date,
  requestLocale?: RenderLocale,
) {
  const { APP_URL } = env()
  const mailed = await insertUnique(trx, userId, expiresAt, (code) => keyedDigest(userId, code))
  const account = await trx
    .selectFrom('users')
    .select('locale')
    .where('id', '=', userId)
    .executeTakeFirst()
  const t = mailWords(mailLocale(account, requestLocale))
  await enqueueMail(trx, {
    to: email,
    subject: t('mails.verification.subject'),
    text: paragraphs(
      t('mails.verification.code', { code: mailed }),
      t('mails.verification.enter', { link: `${APP_URL}/verify-email` }),
    ),
  })
}

async function insertUnique(
  trx: Transaction<Database>,
  userId: string,
  expiresAt: Date,
  store: (code: string) => string,
) {
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = sixDigits()
    const inserted = await trx
      .insertInto('emailVerificationTokens')
      .values({ userId, token: store(code), expiresAt })
      .onConflict((oc) => oc.column('token').doNothing())
      .returning('id')
      .executeTakeFirst()
    if (inserted) return code
  }
  throw new Error('Could not generate a unique verification code')
}

/**
 * Whether a mailed code is on its way and can still be entered: /verify-email then shows the box
 * for it, and only then (issue 52.6).
 */
export async function hasLiveMailedCode(database: Executor, userId: string) {
  const live = await database
    .selectFrom('emailVerificationTokens')
    .select('id')
    .where('userId', '=', userId)
    .where('token', 'like', `${MAILED}%`)
    .where('used', '=', false)
    .where('expiresAt', '>', new Date())
    .where('attempts', '<', MAX_CODE_ATTEMPTS)
    .executeTakeFirst()
  return live !== undefined
}

/** The admin's verification: the displayed code marks its owner's email verified. */
export function verifyEmailByCode(database: Executor, code: string) {
  return claim(database, code)
}

/**
 * A user entering the mailed code; it must be their live one. Each guess is spent before it is
 * compared, in one conditional update, so parallel guesses cannot go past the cap; the guess
 * that reaches it voids the code.
 */
export async function verifyOwnEmailByMailedCode(database: Executor, userId: string, code: string) {
  // The code for support typed here by mistake: said so, and no try is spent on it.
  const supportCode = await database
    .selectFrom('emailVerificationTokens')
    .select('id')
    .where('userId', '=', userId)
    .where('token', '=', code)
    .where('used', '=', false)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst()
  if (supportCode) return { ok: false as const, message: SUPPORT_CODE_TYPED_MESSAGE }
  const live = await database
    .updateTable('emailVerificationTokens')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('userId', '=', userId)
    .where('token', 'like', `${MAILED}%`)
    .where('used', '=', false)
    .where('expiresAt', '>', new Date())
    .where('attempts', '<', MAX_CODE_ATTEMPTS)
    .returning(['id', 'token', 'attempts'])
    .executeTakeFirst()
  if (!live) {
    const spent = await database
      .selectFrom('emailVerificationTokens')
      .select('id')
      .where('userId', '=', userId)
      .where('token', 'like', `${MAILED}%`)
      .where('attempts', '>=', MAX_CODE_ATTEMPTS)
      .where('expiresAt', '>', new Date())
      .executeTakeFirst()
    return { ok: false as const, message: spent ? VOID_CODE_MESSAGE : INVALID_CODE_MESSAGE }
  }
  const expected = Buffer.from(live.token)
  const given = Buffer.from(
    live.token.startsWith(KEYED) ? keyedDigest(userId, code) : legacyDigest(code),
  )
  if (expected.length === given.length && crypto.timingSafeEqual(expected, given))
    return claim(database, live.token, userId)
  const left = MAX_CODE_ATTEMPTS - live.attempts
  if (left > 0)
    return {
      ok: false as const,
      message: `${INVALID_CODE_MESSAGE}. ${left} ${left === 1 ? 'try' : 'tries'} left for this code.`,
      // For a page that says it in another language (decision 120).
      triesLeft: left,
    }
  await database
    .updateTable('emailVerificationTokens')
    .set({ used: true })
    .where('id', '=', live.id)
    .execute()
  return { ok: false as const, message: VOID_CODE_MESSAGE }
}

// Marking the code used is the claim: under concurrent attempts only one update matches. The
// code is spent and the email verified in one transaction, so neither happens without the other.
function claim(database: Executor, token: string, userId?: string) {
  return inTransaction(database, async (trx) => {
    let query = trx
      .updateTable('emailVerificationTokens')
      .set({ used: true })
      .where('token', '=', token)
      .where('used', '=', false)
      .where('expiresAt', '>', new Date())
    if (userId) query = query.where('userId', '=', userId)
    const row = await query.returning('userId').executeTakeFirst()
    if (!row) return { ok: false as const, message: INVALID_CODE_MESSAGE }
    const user = await trx
      .updateTable('users')
      .set({ emailVerified: true, updatedAt: new Date() })
      .where('id', '=', row.userId)
      .returning(['id', 'email', 'firstName', 'locale'])
      .executeTakeFirstOrThrow()
    // The user who entered a mailed code sees the answer on screen; one verified by the admin
    // would otherwise only find out by trying to register, so they are told, in the same
    // transaction as the change (issue 25 item 10).
    if (!userId) await enqueueMail(trx, adminVerifiedMail(user))
    return { ok: true as const, user: { id: user.id, email: user.email } }
  })
}

function adminVerifiedMail(user: {
  email: string
  firstName: string | null
  locale: string | null
}) {
  const { APP_URL } = env()
  const t = mailWords(mailLocale(user))
  return {
    to: user.email,
    subject: t('mails.verified.subject'),
    text: paragraphs(
      t('mails.greeting', { name: isolate(displayName(user)) }),
      t('mails.verified.text', { email: user.email }),
      t('mails.verified.songs', { link: `${APP_URL}/` }),
    ),
  }
}

export async function pendingVerifications(database: Executor) {
  return database
    .selectFrom('emailVerificationTokens as t')
    .innerJoin('users as u', 'u.id', 't.userId')
    .select(['t.id', 't.token', 't.userId', 't.expiresAt', 'u.email'])
    .where('t.used', '=', false)
    .where('t.expiresAt', '>', new Date())
    .where('u.emailVerified', '=', false)
    .where(sql<boolean>`t.token not like ${`${MAILED}%`}`)
    .orderBy('t.createdAt', 'desc')
    .execute()
}
