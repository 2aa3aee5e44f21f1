import { sql } from 'kysely'
import { getChain, verifyTransactionSignature } from '~/chain/index.server'
import type { AuditSummary } from '~/lib/admin'
import { getStorage } from '~/storage/index.server'
import { beforeDatabaseClose, db } from '../platform/db.server'
import { type VerificationParts, verifyCertificate } from '../certificates/verification.server'

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
 * Claims up to `limit` confirmed registrations last checked before `dueBefore` (never-checked
 * first, then the oldest check), locking their rows with SKIP LOCKED and writing a lease, so two
 * servers auditing at once split the records instead of checking one twice.
 */
async function claimBatch(limit: number, dueBefore: Date, now: Date): Promise<Claimed[]> {
  return db()
    .transaction()
    .execute(async (trx) => {
      const rows = await trx
        .selectFrom('blockchainRegistrations as r')
        .innerJoin('songs as s', 's.id', 'r.songId')
        .leftJoin('recordAudits as a', 'a.registrationId', 'r.id')
        .select(['r.id', 's.certificateId', 'r.transactionSignature'])
        .where('r.status', '=', 'confirmed')
        .where('r.transactionSignature', 'is not', null)
        .where((eb) => eb.or([eb('a.checkedAt', 'is', null), eb('a.checkedAt', '<', dueBefore)]))
        .where((eb) => eb.or([eb('a.claimedUntil', 'is', null), eb('a.claimedUntil', '<', now)]))
        .orderBy(sql`a.checked_at asc nulls first`)
        .orderBy('r.id')
        .limit(limit)
        .forUpdate('r')
        .skipLocked()
        .execute()
      if (rows.length === 0) return []
      const claimedUntil = new Date(now.getTime() + LEASE_MS)
      await trx
        .insertInto('recordAudits')
        .values(
          rows.map((row) => ({
            registrationId: row.id,
            certificateId: row.certificateId,
            // Not a result yet: figures count only rows with a checked_at.
            ok: false,
            claimedUntil,
          })),
        )
        .onConflict((oc) => oc.column('registrationId').doUpdateSet({ claimedUntil }))
        .execute()
      return rows.map((row) => ({
        id: row.id,
        certificateId: row.certificateId,
        signature: row.transactionSignature!,
      }))
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
  while (pass.checked < maxRecords && !shouldStop()) {
    const batch = await claimBatch(
      Math.min(batchSize, maxRecords - pass.checked),
      dueBefore,
      new Date(),
    )
    if (batch.length === 0) break
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
  const [counts, unchecked, failures] = await Promise.all([
    db()
      .selectFrom('recordAudits')
      .select([
        sql<Date | null>`max(checked_at)`.as('last'),
        sql<number>`count(*) filter (where ok and checked_at is not null)`.as('holding'),
        sql<number>`count(*) filter (where not ok and checked_at is not null)`.as('failing'),
      ])
      .executeTakeFirstOrThrow(),
    db()
      .selectFrom('blockchainRegistrations as r')
      .leftJoin('recordAudits as a', 'a.registrationId', 'r.id')
      .select(sql<number>`count(*)`.as('count'))
      .where('r.status', '=', 'confirmed')
      .where('a.checkedAt', 'is', null)
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
    unchecked: Number(unchecked.count),
    failures: failures.map((row) => ({
      certificateId: row.certificateId,
      reason: row.reason ?? 'No reason recorded',
      checkedAt: new Date(row.checkedAt!).toISOString(),
    })),
  }
}

const holder = globalThis as typeof globalThis & {
  __prooftrackRecordAudit?: { stop: () => Promise<void> }
}

/**
 * Hourly in every server. A pass checks only records not checked in the last interval, claimed
 * batch by batch: with several servers the first to start a pass does the work and the others
 * find nothing due (or the rest of it, split between them). Stopped before the database closes.
 */
export function startRecordAudit({ firstRunMs = FIRST_RUN_MS, intervalMs = INTERVAL_MS } = {}) {
  void holder.__prooftrackRecordAudit?.stop()
  let timer: ReturnType<typeof setTimeout> | null = null
  let running: Promise<void> | null = null
  let stopped = false
  const run = () => {
    // A record checked within the last interval (less a margin for timer drift) is not due.
    const dueBefore = new Date(Date.now() - intervalMs + 5 * 60 * 1000)
    running = runRecordAudit({ dueBefore, shouldStop: () => stopped })
      .then((pass) => {
        if (pass.checked > 0)
          console.log(
            `[audit] checked ${pass.checked} registered certificates: ${pass.holding} hold, ${pass.failing} do not`,
          )
      })
      .catch((error: unknown) => console.warn('[audit] the record audit failed', error))
      .finally(() => {
        running = null
        if (!stopped) schedule(intervalMs)
      })
  }
  const schedule = (delay: number) => {
    timer = setTimeout(run, delay)
    timer.unref()
  }
  schedule(firstRunMs)
  const handle = {
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
  holder.__prooftrackRecordAudit = handle
  beforeDatabaseClose('record audit', () => handle.stop())
  return handle
}
