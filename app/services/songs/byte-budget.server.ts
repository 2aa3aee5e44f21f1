import { sql } from 'kysely'
import { env } from '~/env.server'
import type { Executor } from '../platform/db.server'
import { DISK_LOW_MESSAGE, diskSpaceLow } from '../platform/disk-space.server'

// Issue 50.4 (decision 112): the song ceiling (2,000) bounded how many songs an account holds,
// not how much: 2,000 songs of 4-byte text ~105 KB each grew the embedded database by 479 MB in
// under a minute from one account. Each account now has a byte budget, smaller until its address
// is verified (sign-ups are cheap; a verified address is a person we can write to), checked in
// the same transaction as the ceiling, after the account's row lock.
const MB = 1024 * 1024
export const BYTE_BUDGET = { verified: 50 * MB, unverified: 2 * MB } as const

export function byteBudgetMessage(verified: boolean) {
  const budget = BYTE_BUDGET[verified ? 'verified' : 'unverified'] / MB
  return verified
    ? `This account's songs fill the ${budget} MB one account can hold. Delete songs you no longer need, or write to ${env().SUPPORT_EMAIL} and we will help.`
    : `This account's songs fill the ${budget} MB an account can hold until its email address is verified. Verify your email address in Settings to store more, or delete songs you no longer need.`
}

/** A save refused for space: the account's budget (409) or the server's disk (503). */
export interface SpaceRefusal {
  ok: false
  reason: 'space'
  status: 409 | 503
  message: string
}

/**
 * Bytes the account's songs hold, as their rows' text: every name, lyric, note and link the
 * account wrote, in UTF-8, which is what grows the database.
 */
export async function accountBytes(database: Executor, userId: string) {
  const { bytes } = await database
    .selectFrom('songs')
    .select(sql<string>`coalesce(sum(octet_length(songs::text)), 0)::bigint`.as('bytes'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow()
  return Number(bytes)
}

/**
 * Whether a save that adds `addedBytes` to the account (a new song's text, or an edit's growth)
 * must be refused for space; null when it fits. Call inside the save's transaction, after the
 * account's or song's row lock, so two saves at once cannot both pass.
 */
export async function spaceRefusal(
  database: Executor,
  userId: string,
  addedBytes: number,
): Promise<SpaceRefusal | null> {
  if (await diskSpaceLow())
    return { ok: false, reason: 'space', status: 503, message: DISK_LOW_MESSAGE }
  if (addedBytes <= 0) return null
  // The account's row lock: two saves of different songs at once cannot both pass on the same
  // count (the fourth review's race); createSong already holds it, an edit only its song's.
  const user = await database
    .selectFrom('users')
    .select('emailVerified')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst()
  const verified = Boolean(user?.emailVerified)
  const budget = BYTE_BUDGET[verified ? 'verified' : 'unverified']
  if ((await accountBytes(database, userId)) + addedBytes <= budget) return null
  return { ok: false, reason: 'space', status: 409, message: byteBudgetMessage(verified) }
}

/** A song's text as the budget counts it: the UTF-8 bytes of every string it holds. */
export function textBytes(values: Record<string, unknown>) {
  let bytes = 0
  for (const value of Object.values(values))
    if (typeof value === 'string') bytes += Buffer.byteLength(value, 'utf8')
  return bytes
}

/**
 * What an edit adds: the new values' bytes less those they replace (negative when it shrinks the
 * song, which is always allowed, so an account over its budget can still make room).
 */
export async function editGrowth(
  database: Executor,
  songId: number,
  columns: Record<string, string | number | null | undefined>,
) {
  const stored = await database
    .selectFrom('songs')
    .select(Object.keys(columns) as never[])
    .where('id', '=', songId)
    .executeTakeFirst()
  return textBytes(columns) - textBytes((stored ?? {}) as Record<string, unknown>)
}

/** The account is out of space: createSong throws it, as it throws SongCeilingError. */
export class SpaceError extends Error {
  constructor(readonly refusal: SpaceRefusal) {
    super(refusal.message)
  }
}
