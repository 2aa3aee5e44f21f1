import { sql } from 'kysely'
import type { Executor } from './db.server'

/**
 * What an operator graphs beside the process figures (GET /metrics, server/metrics.mjs): the
 * mail queue, registrations waiting for the chain, snapshots waiting for their RFC 3161
 * timestamp, and the record audit's last pass. Read from
 * the database, so every server of a cluster sees the same numbers; one query each, on indexed
 * status columns.
 */
export interface OperationalFigures {
  mail: { queued: number; failed: number; oldestQueuedSeconds: number }
  registrations: { pending: number; oldestPendingSeconds: number }
  /** Snapshots not yet stamped by a TSA (decision 057): the worker retries while the TSA is down. */
  timestamps: { pending: number; oldestPendingSeconds: number }
  audit: {
    /** Unix seconds of the last check recorded, or null before the first. */
    lastCheckedAt: number | null
    holding: number
    failing: number
  }
}

export async function operationalFigures(
  database: Executor,
  now = new Date(),
): Promise<OperationalFigures> {
  const age = (oldest: Date | string | null) =>
    oldest === null ? 0 : Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000)
  const [mail, pending, timestamps, audit] = await Promise.all([
    database
      .selectFrom('mailOutbox')
      .select([
        sql<number>`count(*) filter (where status = 'queued')`.as('queued'),
        sql<number>`count(*) filter (where status = 'failed')`.as('failed'),
        sql<Date | null>`min(created_at) filter (where status = 'queued')`.as('oldest'),
      ])
      .where('status', 'in', ['queued', 'failed'])
      .executeTakeFirstOrThrow(),
    database
      .selectFrom('blockchainRegistrations')
      .select([sql<number>`count(*)`.as('pending'), sql<Date | null>`min(created_at)`.as('oldest')])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
    // On the partial index snapshot_timestamps_due (status = 'pending').
    database
      .selectFrom('snapshotTimestamps')
      .select([sql<number>`count(*)`.as('pending'), sql<Date | null>`min(created_at)`.as('oldest')])
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
    database
      .selectFrom('recordAudits')
      .select([
        sql<Date | null>`max(checked_at)`.as('last'),
        sql<number>`count(*) filter (where ok and checked_at is not null)`.as('holding'),
        sql<number>`count(*) filter (where not ok and checked_at is not null)`.as('failing'),
      ])
      .executeTakeFirstOrThrow(),
  ])
  return {
    mail: {
      queued: Number(mail.queued),
      failed: Number(mail.failed),
      oldestQueuedSeconds: age(mail.oldest),
    },
    registrations: { pending: Number(pending.pending), oldestPendingSeconds: age(pending.oldest) },
    timestamps: {
      pending: Number(timestamps.pending),
      oldestPendingSeconds: age(timestamps.oldest),
    },
    audit: {
      lastCheckedAt: audit.last === null ? null : new Date(audit.last).getTime() / 1000,
      holding: Number(audit.holding),
      failing: Number(audit.failing),
    },
  }
}
