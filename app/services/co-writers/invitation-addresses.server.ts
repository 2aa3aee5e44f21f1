import crypto from 'node:crypto'
import { sql } from 'kysely'
import { env } from '~/env.server'
import type { Executor } from '../platform/db.server'
import { sha256Hex } from '~/lib/digest.server'

// Issue 24: an invitation mail goes to an address the owner typed, so it must not be a way to
// write to strangers (decision 047). Whoever holds an address can refuse every further
// invitation with one link, and no address gets more than a few invitation mails a day from all
// owners together. Both are kept in the database, keyed by the address's SHA-256 only.

/**
 * Invitation mails (first sends, resends, re-invitations after an edit) one owner may send one
 * address in a UTC day (decision 054). Counted per owner and address, so one stranger cannot use
 * up an address's day and keep its real co-writers' invitations from it.
 */
export const INVITATIONS_PER_SENDER_PER_ADDRESS_PER_DAY = 3
/** The ceiling for one address a UTC day, from every owner together: no address is mailed more. */
export const INVITATIONS_PER_ADDRESS_PER_DAY = 10

/**
 * What the owner is told when an address may not be mailed now, whichever safeguard applied (the
 * holder refused invitations, the owner's count for the address, the address's ceiling): the
 * same words and status, so an invitation tells the sender nothing of the holder's choice or of
 * who else wrote to them (decision 054).
 */
export const INVITATION_NOT_MAILED =
  'ProofTrack cannot mail an invitation to this address today, so nothing was sent. You can try again tomorrow.'
export const INVITATION_NOT_MAILED_STATUS = 429

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com'])

/**
 * The mailbox an address reaches, as one spelling (decision 054): trimmed and lower-cased, a
 * `+tag` dropped from the local part on every domain, and for Gmail the dots dropped and
 * googlemail.com read as gmail.com. Aliases of one mailbox share their safeguards: a refusal, the
 * day's counts, the owner's own address.
 */
export function canonicalAddress(email: string) {
  const address = email.trim().toLowerCase()
  const at = address.lastIndexOf('@')
  if (at <= 0) return address
  let local = address.slice(0, at)
  let domain = address.slice(at + 1)
  const plus = local.indexOf('+')
  if (plus > 0) local = local.slice(0, plus)
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com'
    local = local.replaceAll('.', '') || local
  }
  return `${local}@${domain}`
}

/** Whether two addresses reach the same mailbox, as far as their spelling tells. */
export function sameMailbox(a: string, b: string) {
  return canonicalAddress(a) === canonicalAddress(b)
}

/** The key an address is counted and refused under: its canonical spelling's SHA-256. */
export function addressKey(email: string) {
  return sha256Hex(canonicalAddress(email))
}

/**
 * The key before decision 054 (trimmed and lower-cased only). A refusal kept under it, or one made
 * later through a link mailed before, names that exact spelling; it is still honoured. For an
 * address already in its canonical spelling both keys are the same.
 */
export function legacyAddressKey(email: string) {
  return sha256Hex(email.trim().toLowerCase())
}

// The refusal link carries the address's key and a MAC of it, so it names no address, and only
// the mail we sent can hold one for a given address. A SESSION_SECRET rotation breaks the links
// in mails already sent, never a refusal already kept.
const MAC_BYTES = 16
function refusalMac(key: string) {
  const macKey = crypto.hkdfSync(
    'sha256',
    env().SESSION_SECRET,
    'prooftrack',
    'refuse invitations',
    32,
  )
  return crypto
    .createHmac('sha256', Buffer.from(macKey))
    .update(key)
    .digest()
    .subarray(0, MAC_BYTES)
}

export function refusalToken(email: string) {
  const key = addressKey(email)
  return Buffer.concat([Buffer.from(key, 'hex'), refusalMac(key)]).toString('base64url')
}

/** The address key a refusal token stands for; null for anything we did not mail. */
export function keyOfRefusalToken(token: string) {
  if (!/^[A-Za-z0-9_-]{64}$/.test(token)) return null
  const bytes = Buffer.from(token, 'base64url')
  if (bytes.length !== 32 + MAC_BYTES) return null
  const key = bytes.subarray(0, 32).toString('hex')
  return crypto.timingSafeEqual(bytes.subarray(32), refusalMac(key)) ? key : null
}

/**
 * In the query string, not the path: the access log and analytics record paths only, so the
 * token never reaches a log.
 */
export function refusalLink(email: string) {
  return `${env().APP_URL}/refuse-invitations?token=${refusalToken(email)}`
}

export async function refusesInvitations(database: Executor, email: string) {
  const row = await database
    .selectFrom('invitationRefusals')
    .select('addressSha256')
    .where('addressSha256', 'in', [addressKey(email), legacyAddressKey(email)])
    .executeTakeFirst()
  return Boolean(row)
}

/** Keeps the refusal; refusing twice is the same as once. */
export async function refuseInvitations(database: Executor, key: string) {
  await database
    .insertInto('invitationRefusals')
    .values({ addressSha256: key })
    .onConflict((oc) => oc.column('addressSha256').doNothing())
    .execute()
}

const today = sql<string>`(now() at time zone 'UTC')::date`

/**
 * Takes one of today's invitation mails to `email` for `senderId`, or refuses when the owner's
 * count for the address or the address's ceiling is reached: each one conditional upsert, so
 * servers sharing the database never count past either. Call it in the transaction that queues
 * the mail (a send that rolls back gives its counts back); an owner's count taken for a mail the
 * ceiling then refuses is given back here.
 */
export async function takeDailyInvitation(database: Executor, senderId: string, email: string) {
  const key = addressKey(email)
  const sender = await database
    .insertInto('invitationSenderDays')
    .values({ senderId, addressSha256: key, day: today, sent: 1 })
    .onConflict((oc) =>
      oc
        .columns(['senderId', 'addressSha256', 'day'])
        .doUpdateSet({ sent: sql<number>`invitation_sender_days.sent + 1` })
        .where('invitationSenderDays.sent', '<', INVITATIONS_PER_SENDER_PER_ADDRESS_PER_DAY),
    )
    .returning('sent')
    .executeTakeFirst()
  if (!sender) return false
  const address = await database
    .insertInto('invitationMailDays')
    .values({ addressSha256: key, day: today, sent: 1 })
    .onConflict((oc) =>
      oc
        .columns(['addressSha256', 'day'])
        .doUpdateSet({ sent: sql<number>`invitation_mail_days.sent + 1` })
        .where('invitationMailDays.sent', '<', INVITATIONS_PER_ADDRESS_PER_DAY),
    )
    .returning('sent')
    .executeTakeFirst()
  if (address) return true
  await (sender.sent > 1
    ? database
        .updateTable('invitationSenderDays')
        .set({ sent: sql<number>`sent - 1` })
        .where('senderId', '=', senderId)
        .where('addressSha256', '=', key)
        .where('day', '=', today)
        .execute()
    : database
        .deleteFrom('invitationSenderDays')
        .where('senderId', '=', senderId)
        .where('addressSha256', '=', key)
        .where('day', '=', today)
        .execute())
  return false
}

/**
 * Whether an invitation mail may go from `senderId` to `email` now (and then it is counted). The
 * reason is not returned: the owner is told INVITATION_NOT_MAILED whichever it was.
 */
export async function mayMailInvitation(database: Executor, senderId: string, email: string) {
  if (await refusesInvitations(database, email)) return false
  return takeDailyInvitation(database, senderId, email)
}
