import crypto from 'node:crypto'
import { sql } from 'kysely'
import { env } from '~/env.server'
import type { Executor } from './db.server'
import { sha256Hex } from '~/lib/digest.server'

// Issue 24: an invitation mail goes to an address the owner typed, so it must not be a way to
// write to strangers (decision 047). Whoever holds an address can refuse every further
// invitation with one link, and no address gets more than a few invitation mails a day from all
// owners together. Both are kept in the database, keyed by the address's SHA-256 only.

/** Invitation mails (first sends, resends, re-invitations after an edit) one address gets a UTC day. */
export const INVITATIONS_PER_ADDRESS_PER_DAY = 3

export const ADDRESS_REFUSES_INVITATIONS =
  'This address does not accept invitations from ProofTrack.'
export const ADDRESS_DAILY_LIMIT =
  'This address has had as many invitations as ProofTrack sends it in a day. Try again tomorrow.'

/** The key an address is counted and refused under: however it is capitalised or spaced. */
export function addressKey(email: string) {
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
    .where('addressSha256', '=', addressKey(email))
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

/**
 * Takes one of the address's invitation mails for today, or refuses when none is left: one
 * conditional upsert, so servers sharing the database never count past the cap. Call it in the
 * transaction that queues the mail, so a send that does not happen gives its count back.
 */
export async function takeDailyInvitation(database: Executor, email: string) {
  const taken = await database
    .insertInto('invitationMailDays')
    .values({
      addressSha256: addressKey(email),
      day: sql<string>`(now() at time zone 'UTC')::date`,
      sent: 1,
    })
    .onConflict((oc) =>
      oc
        .columns(['addressSha256', 'day'])
        .doUpdateSet({ sent: sql<number>`invitation_mail_days.sent + 1` })
        .where('invitationMailDays.sent', '<', INVITATIONS_PER_ADDRESS_PER_DAY),
    )
    .returning('sent')
    .executeTakeFirst()
  return Boolean(taken)
}

/** Why an invitation mail may not go to `email` now; null when it may (and then it is counted). */
export async function invitationMailRefusal(database: Executor, email: string) {
  if (await refusesInvitations(database, email)) return ADDRESS_REFUSES_INVITATIONS
  if (!(await takeDailyInvitation(database, email))) return ADDRESS_DAILY_LIMIT
  return null
}
