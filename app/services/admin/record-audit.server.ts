import { sql } from 'kysely'
import { getChain, verifyTransactionSignature } from '~/chain/index.server'
import type { AuditSummary } from '~/lib/admin'
import { getStorage } from '~/storage/index.server'
import { db } from '../platform/db.server'
import { startRecurringJob } from '../platform/recurring-job.server'
import {
  type VerificationParts,
  verifyCertificate,
} from '../certificates/record/record-verification.server'

// The record audit (issue 30, decision 060): every confirmed registration is re-verified against
// the chain and permanent storage with the public verification (verification.server.ts), oldest
// check first, a bounded batch at a time, and the latest result kept per registration.

/** Records claimed and checked at a time: memory and the claim's transaction stay small. */
export const AUDIT_BATCH_SIZE = 50
/** A server's claim on a batch; another server takes the records over if it dies mid-batch. */
const LEASE_MS = 10 * 60 * 1000
const INTERVAL_MS = 60 * 60 * 1000
// Soon after start-up, but after housekeeping's first pass.
const FIRST_RUN_MS = 2 * 60 * 1000

export interface AuditPass {
  checked: number
  holding: number
  failing: number
}

interface Claimed {
  id: number
  certificateId: string
  signature: string
}

/**
 * Where a pass has got to in `record_audits`: first the never-checked rows by registration id,
 * then the rows checked before the pass's `dueBefore`, oldest check first. Each claim starts after
 * the last row the previous one took, so it never walks again over the rows this pass has checked
 * (their old index entries stay until a vacuum removes them: restarting from the front each time
 * walked them all, and at 10,000 records one claim took up to 400 ms on the event loop).
 */
type AuditCursor =
  { phase: 'unchecked'; afterId: number } | { phase: 'due'; afterAt: Date | null; afterId: number }

const START: AuditCursor = { phase: 'unchecked', afterId: 0 }

/**
 * Claims up to `limit` records due from `cursor` on, locking their audit rows with SKIP LOCKED and
 * writing a lease, so two servers auditing at once split the records instead of checking one
 * twice. Every confirmed registration has its row from confirmation on (decision 069), so the
 * claim walks one index of this table (`record_audits_unchecked`, then `record_audits_due`) and
 * stops after `limit` rows, however many certificates there are. Returns the rows and where the
 * next claim starts (null: nothing more is due).
 */
async function claimBatch(
  limit: number,
  dueBefore: Date,
  now: Date,
  cursor: AuditCursor,
): Promise<{ claimed: Claimed[]; next: AuditCursor | null }> {
  return db()
    .transaction()
    .execute(async (trx) => {
      // This table alone, in its index's order, so the plan holds without table statistics too
      // (the embedded database has them only once housekeeping has analysed it).
      let query = trx
        .selectFrom('recordAudits')
        .select(['registrationId', 'certificateId', 'checkedAt'])
        .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<', now)]))
      query =
        cursor.phase === 'unchecked'
          ? query
              .where('checkedAt', 'is', null)
              .where('registrationId', '>', cursor.afterId)
              .orderBy('registrationId')
          : query
              .where('checkedAt', '<', dueBefore)
              .where(
                cursor.afterAt === null
                  ? sql<boolean>`true`
                  : sql<boolean>`(checked_at, registration_id) > (${cursor.afterAt}, ${cursor.afterId})`,
              )
              .orderBy('checkedAt')
              .orderBy('registrationId')
      const rows = await query.limit(limit).forUpdate().skipLocked().execute()
      const last = rows.at(-1)
      if (!last) {
        // The never-checked rows are done: on to those checked before the pass began.
        return {
          claimed: [],
          next: cursor.phase === 'unchecked' ? { phase: 'due', afterAt: null, afterId: 0 } : null,
        }
      }
      const ids = rows.map((row) => row.registrationId)
      await trx
        .updateTable('recordAudits')
        .set({ claimedUntil: new Date(now.getTime() + LEASE_MS) })
        .where('registrationId', 'in', ids)
        .execute()
      const signatures = new Map(
        (
          await trx
            .selectFrom('blockchainRegistrations')
            .select(['id', 'transactionSignature'])
            .where('id', 'in', ids)
            .where('status', '=', 'confirmed')
            .where('transactionSignature', 'is not', null)
            .execute()
        ).map((row) => [row.id, row.transactionSignature!]),
      )
      return {
        // Every row is of a confirmed registration (its row is made at confirmation); one that
        // is not any more is passed over.
        claimed: rows.flatMap((row) => {
          const signature = signatures.get(row.registrationId)
          return signature
            ? [{ id: row.registrationId, certificateId: row.certificateId, signature }]
            : []
        }),
        next:
          cursor.phase === 'unchecked'
            ? { phase: 'unchecked', afterId: last.registrationId }
            : { phase: 'due', afterAt: last.checkedAt, afterId: last.registrationId },
      }
    })
}

/** The first failed check, in the verification page's words; or why the check itself failed. */
async function checkOne(record: Claimed, parts: VerificationParts) {
  try {
    const report = await verifyCertificate(record.certificateId, record.signature, parts)
    if (report.ok) return { ok: true, reason: null }
    const failed = report.checks.find((check) => !check.ok)
    return {
      ok: false,
      reason: failed ? `${failed.name}: ${failed.detail}` : 'No check could be made',
    }
  } catch (error) {
    return {
      ok: false,
      reason: `The check could not be made: ${error instanceof Error ? error.message : String(error)}`,
    }
  }
}

/**
 * One pass: batch after batch until nothing due is left (or `maxRecords`). Each failing record is
 * logged at error level with its reason; the pass's totals are returned.
 */
export async function runRecordAudit({
  dueBefore = new Date(),
  batchSize = AUDIT_BATCH_SIZE,
  maxRecords = Number.POSITIVE_INFINITY,
  parts = defaultParts(),
  shouldStop = () => false,
}: {
  dueBefore?: Date
  batchSize?: number
  maxRecords?: number
  parts?: VerificationParts
  shouldStop?: () => boolean
} = {}): Promise<AuditPass> {
  const pass: AuditPass = { checked: 0, holding: 0, failing: 0 }
  // A pass never takes again a record it checked itself (now later than its start).
  const passStart = new Date()
  if (dueBefore > passStart) dueBefore = passStart
  let cursor: AuditCursor | null = START
  while (cursor && pass.checked < maxRecords && !shouldStop()) {
    const { claimed: batch, next } = await claimBatch(
      Math.min(batchSize, maxRecords - pass.checked),
      dueBefore,
      new Date(),
      cursor,
    )
    cursor = next
    for (const record of batch) {
      const result = await checkOne(record, parts)
      await db()
        .updateTable('recordAudits')
        .set({ ok: result.ok, reason: result.reason, checkedAt: new Date(), claimedUntil: null })
        .where('registrationId', '=', record.id)
        .execute()
      pass.checked++
      if (result.ok) pass.holding++
      else {
        pass.failing++
        console.error(
          `[audit] certificate ${record.certificateId} no longer verifies: ${result.reason}`,
        )
      }
      // Each check reads files or the network and re-hashes: other requests get their turn.
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  return pass
}

function defaultParts(): VerificationParts {
  return { chain: getChain(), storage: getStorage(), verifySignature: verifyTransactionSignature }
}

/** What the admin panel shows of the audit. */
export async function auditSummary(): Promise<AuditSummary> {
  const [counts, failures] = await Promise.all([
    db()
      .selectFrom('recordAudits')
      .select([
        sql<Date | null>`max(checked_at)`.as('last'),
        sql<number>`count(*) filter (where ok and checked_at is not null)`.as('holding'),
        sql<number>`count(*) filter (where not ok and checked_at is not null)`.as('failing'),
        // Every confirmed registration has its row from confirmation on (decision 069).
        sql<number>`count(*) filter (where checked_at is null)`.as('unchecked'),
      ])
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom('recordAudits')
      .select(['certificateId', 'reason', 'checkedAt'])
      .where('ok', '=', false)
      .where('checkedAt', 'is not', null)
      .orderBy('checkedAt', 'desc')
      .limit(100)
      .execute(),
  ])
  return {
    lastCheckedAt: counts.last === null ? null : new Date(counts.last).toISOString(),
    holding: Number(counts.holding),
    failing: Number(counts.failing),
    unchecked: Number(counts.unchecked),
    failures: failures.map((row) => ({
      certificateId: row.certificateId,
      reason: row.reason ?? 'No reason recorded',
      checkedAt: new Date(row.checkedAt!).toISOString(),
    })),
  }
}

/**
 * Hourly in every server. A pass checks only records not checked in the last interval, claimed
 * batch by batch: with several servers the first to start a pass does the work and the others
 * find nothing due (or the rest of it, split between them). Stopped before the database closes.
 */
export function startRecordAudit({ firstRunMs = FIRST_RUN_MS, intervalMs = INTERVAL_MS } = {}) {
  return startRecurringJob('audit', {
    firstRunMs,
    intervalMs,
    pass: async (stopped) => {
      // A record checked within the last interval (less a margin for timer drift) is not due.
      const dueBefore = new Date(Date.now() - intervalMs + 5 * 60 * 1000)
      try {
        const pass = await runRecordAudit({ dueBefore, shouldStop: stopped })
        if (pass.checked > 0)
          console.log(
            `[audit] checked ${pass.checked} registered certificates: ${pass.holding} hold, ${pass.failing} do not`,
          )
      } catch (error) {
        console.warn('[audit] the record audit failed', error)
      }
    },
  })
}
