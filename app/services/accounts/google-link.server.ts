import crypto from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { z } from 'zod'
import { env } from '~/env.server'
import { isolate } from '~/lib/bidi'
import type { Executor } from '../platform/db.server'
import { enqueueMail } from '../platform/mail.server'
import { mailLocale, mailWords, paragraphs } from '../platform/mail-language.server'
import { forgive, hit, LIMITS } from '../platform/rate-limit.server'
import { type GoogleAccountName, googleAccountLabel } from './google-account.server'
import { hasTwoFactor, secondFactorStamp } from './two-factor.server'

// Issue 50.1, decision 109: a Google account whose address matches an unverified account with
// two-factor on. Google vouches for the address, not for whoever registered the account, and
// (case b of the issue) a Google identity can be held without the mailbox. So the mailbox is
// asked first: a link that continues the sign-in in the browser that started it, as far as the
// code. It removes nothing, connects nothing and skips nothing.

/** How long a mailed link lasts; also the life of the browser's half of it. */
export const SIGN_IN_LINK_HOURS = 1
/** Kept from decision 078's link, so the page keeps its address. */
export const SIGN_IN_LINK_PATH = '/login/google-takeover'
export const SIGN_IN_LINKS_PER_HOUR = 3

// Its own key, and not decision 078's: a takeover link mailed before this change opens nothing.
const linkKey = () =>
  Buffer.from(
    crypto.hkdfSync('sha256', env().SESSION_SECRET, 'prooftrack google sign-in', 'link v2', 32),
  )
const mac = (payload: string) =>
  crypto.createHmac('sha256', linkKey()).update(payload).digest('base64url')
const digest = (value: string) => crypto.createHash('sha256').update(value).digest('base64url')

const SignInLink = z.object({
  userId: z.string().uuid(),
  google: z.object({ name: z.string().max(256), idEnding: z.string().max(16) }),
  expires: z.number(),
  /** The account's state when mailed: a code passed, or a new password, ends the link. */
  stamp: z.string().max(64),
  /** SHA-256 of the random value only the browser that asked holds, in its cookie. */
  browser: z.string().length(43),
})
type SignInLink = z.infer<typeof SignInLink>

// The browser's half: a random value, of which the link carries only the digest, so the mail
// alone is not enough and the cookie alone names nothing. Scoped to the link's page.
let cookie: ReturnType<typeof createCookie> | undefined
function browserCookie() {
  cookie ??= createCookie('pt_google_link', {
    path: SIGN_IN_LINK_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: env().isProduction,
    maxAge: SIGN_IN_LINK_HOURS * 3600,
  })
  return cookie
}

export const forgetBrowser = () => browserCookie().serialize('', { maxAge: 0 })

interface Account {
  id: string
  email: string
  username: string
  locale?: string | null
}

export type MailedLink = { sent: true; setCookie: string } | { sent: false }

/**
 * Mails the address a link that continues this Google sign-in, and returns the cookie that
 * binds it to this browser; or refuses, past SIGN_IN_LINKS_PER_HOUR links to the account within
 * the hour. A refused one is not counted: asking again does not push the wait further.
 */
export async function mailSignInLink(
  database: Executor,
  account: Account,
  google: GoogleAccountName,
): Promise<MailedLink> {
  const limit = LIMITS.googleSignInLinkPerUser(account.id)
  if (!(await hit(limit)).allowed) {
    await forgive(limit)
    return { sent: false }
  }
  const nonce = crypto.randomBytes(32).toString('base64url')
  const link: SignInLink = {
    userId: account.id,
    google,
    expires: Date.now() + SIGN_IN_LINK_HOURS * 3_600_000,
    stamp: (await secondFactorStamp(database, account.id)) ?? '',
    browser: digest(nonce),
  }
  const payload = Buffer.from(JSON.stringify(link)).toString('base64url')
  const url = `${env().APP_URL}${SIGN_IN_LINK_PATH}?token=${payload}.${mac(payload)}`
  const t = mailWords(mailLocale(account))
  await enqueueMail(database, {
    to: account.email,
    subject: t('mails.signInLink.subject'),
    text: paragraphs(
      t('mails.hello'),
      t('mails.signInLink.text', {
        google: googleAccountLabel(google, undefined, t),
        username: isolate(account.username),
      }),
      `${t('mails.signInLink.open', { hours: SIGN_IN_LINK_HOURS })}\n${url}`,
      t('mails.signInLink.code'),
      t('mails.signInLink.notYou'),
    ),
  })
  return { sent: true, setCookie: await browserCookie().serialize(nonce) }
}

export type SignInLinkState =
  | { state: 'gone' }
  | { state: 'other-browser' }
  | { state: 'ready'; userId: string; username: string; google: GoogleAccountName }

/**
 * What a link can still do: nothing (forged, expired, a code passed since, the account gone or
 * without two-factor), nothing in this browser, or continue to the code.
 */
export async function readSignInLink(
  database: Executor,
  token: string,
  cookieHeader: string | null,
): Promise<SignInLinkState> {
  const link = verified(token)
  if (!link || Date.now() > link.expires) return { state: 'gone' }
  const user = await database
    .selectFrom('users')
    .select(['id', 'username', 'deletedAt'])
    .where('id', '=', link.userId)
    .executeTakeFirst()
  if (!user || user.deletedAt) return { state: 'gone' }
  // The link leads to the code, so an account without one has nothing to continue to.
  if (!(await hasTwoFactor(database, user.id))) return { state: 'gone' }
  if ((await secondFactorStamp(database, user.id)) !== link.stamp) return { state: 'gone' }
  const nonce: unknown = await browserCookie().parse(cookieHeader)
  if (typeof nonce !== 'string' || !sameText(digest(nonce), link.browser))
    return { state: 'other-browser' }
  return { state: 'ready', userId: user.id, username: user.username, google: link.google }
}

function verified(token: string): SignInLink | null {
  const [payload = '', signature = ''] = token.split('.')
  if (!sameText(signature, mac(payload))) return null
  try {
    const parsed = SignInLink.safeParse(
      JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
    )
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

function sameText(a: string, b: string) {
  const [left, right] = [Buffer.from(a), Buffer.from(b)]
  return left.length === right.length && crypto.timingSafeEqual(left, right)
}
