import crypto from 'node:crypto'
import { z } from 'zod'
import { type Executor, inTransaction } from '../platform/db.server'

// Issue 52.9 (decision 114): the song form's review is a page of its own, /submit?review=<id>,
// reached by a redirect, so Back and reload never post the form again. What was reviewed waits
// here, in the database every app server reads, under a random id: a song's lyrics alone can
// be 20,000 characters, too long for an address or a cookie.

/** How long a review waits for "Create Certificate". */
export const REVIEW_DRAFT_TTL_MS = 24 * 60 * 60 * 1000
// Reviews an account keeps at once: a few tabs' worth and every Edit Details round, bounded.
const MAX_DRAFTS_PER_USER = 20

const DraftIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/)
const FieldsSchema = z.array(z.tuple([z.string(), z.string()]))

export type ReviewDraftFields = z.output<typeof FieldsSchema>

export interface ReviewDraft {
  id: string
  fields: ReviewDraftFields
  /** The song created from this review, once "Create Certificate" went through. */
  songId: number | null
}

/** A draft id as it comes in a query or a form; null when it cannot be one. */
export function parseReviewDraftId(value: unknown) {
  const parsed = DraftIdSchema.safeParse(value)
  return parsed.success ? parsed.data : null
}

/**
 * Keeps what was reviewed and answers its new id. Expired drafts go first (anyone's: a review is
 * useless after a day), then the account's oldest beyond its bound.
 */
export async function saveReviewDraft(
  database: Executor,
  userId: string,
  fields: ReviewDraftFields,
  now = new Date(),
) {
  const id = crypto.randomBytes(16).toString('base64url')
  await inTransaction(database, async (trx) => {
    await trx.deleteFrom('reviewDrafts').where('expiresAt', '<=', now).execute()
    await trx
      .insertInto('reviewDrafts')
      .values({
        id,
        userId,
        fields: JSON.stringify(fields),
        expiresAt: new Date(now.getTime() + REVIEW_DRAFT_TTL_MS),
      })
      .execute()
    await trx
      .deleteFrom('reviewDrafts')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('reviewDrafts')
          .select('id')
          .where('userId', '=', userId)
          .orderBy('createdAt', 'desc')
          .orderBy('id')
          .offset(MAX_DRAFTS_PER_USER),
      )
      .execute()
  })
  return id
}

/** The account's live draft under `id`, or null (unknown, someone else's, or expired). */
export async function getReviewDraft(
  database: Executor,
  userId: string,
  id: string | null,
  { lock = false, now = new Date() } = {},
): Promise<ReviewDraft | null> {
  if (id === null) return null
  let query = database
    .selectFrom('reviewDrafts')
    .select(['id', 'fields', 'songId'])
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('expiresAt', '>', now)
  // Two "Create Certificate" posts of one review wait for each other here: the second then
  // finds the song the first created.
  if (lock) query = query.forUpdate()
  const row = await query.executeTakeFirst()
  if (!row) return null
  return { id: row.id, fields: FieldsSchema.parse(row.fields), songId: row.songId }
}

/** Marks the draft as created, in the transaction that created the song. */
export async function markReviewDraftCreated(database: Executor, id: string, songId: number) {
  await database.updateTable('reviewDrafts').set({ songId }).where('id', '=', id).execute()
}

// Names the review's form posts that are not the song's: which button, and the draft itself.
const NOT_KEPT = new Set(['intent', 'draft', '__intent__'])

/** The posted form's text fields as a draft keeps them. */
export function reviewDraftFields(form: FormData): ReviewDraftFields {
  const fields: ReviewDraftFields = []
  for (const [name, value] of form.entries())
    if (typeof value === 'string' && !NOT_KEPT.has(name)) fields.push([name, value])
  return fields
}
