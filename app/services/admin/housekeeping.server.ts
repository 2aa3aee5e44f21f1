import { sql } from 'kysely'
import { databaseKind, db } from '../platform/db.server'
import { startRecurringJob } from '../platform/recurring-job.server'
import { pruneLandingVideos } from './video-upload.server'

// Any number shared by every server; pg_try_advisory_xact_lock takes a bigint key.
const PRUNE_LOCK = 150_001
// The longest rate-limit window is a day (rate-limit.server.ts): older windows count for nothing.
const RATE_LIMIT_HORIZON_MS = 24 * 60 * 60 * 1000
const INTERVAL_MS = 60 * 60 * 1000
// Soon after start-up, but not in the middle of it.
const FIRST_RUN_MS = 30 * 1000

export interface PruneOutcome {
  sessions: number
  passwordResetTokens: number
  verificationCodes: number
  rateLimitWindows: number
}

/**
 * Deletes what can never be used again: expired sessions, spent or expired reset links and
 * verification codes (both are refused once used or expired, so the rows only wait), and
 * rate-limit windows that have ended. One transaction under an advisory lock: with several
 * servers on one PostgreSQL, one prunes and the others find the lock taken and return null.
 * Delivered mail bodies are wiped by the mail worker when sent (decision 015).
 */
export async function pruneExpired(now = new Date()): Promise<PruneOutcome | null> {
  const outcome = await db()
    .transaction()
    .execute(async (trx) => {
      const { rows } = await sql<{
        locked: boolean
      }>`select pg_try_advisory_xact_lock(${PRUNE_LOCK}) as locked`.execute(trx)
      if (!rows[0]?.locked) return null
      const count = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows)
      return {
        sessions: count(
          await trx.deleteFrom('sessions').where('expire', '<', now).executeTakeFirst(),
        ),
        passwordResetTokens: count(
          await trx
            .deleteFrom('passwordResetTokens')
            .where((eb) => eb.or([eb('used', '=', true), eb('expiresAt', '<', now)]))
            .executeTakeFirst(),
        ),
        verificationCodes: count(
          await trx
            .deleteFrom('emailVerificationTokens')
            .where((eb) => eb.or([eb('used', '=', true), eb('expiresAt', '<', now)]))
            .executeTakeFirst(),
        ),
        rateLimitWindows: count(
          await trx
            .deleteFrom('rateLimits')
            .where('windowStart', '<', new Date(now.getTime() - RATE_LIMIT_HORIZON_MS))
            .executeTakeFirst(),
        ),
      }
    })
  // Uploads a crash left incomplete; per-row deletes, harmless when two servers run them.
  if (outcome) await pruneLandingVideos()
  return outcome
}

/**
 * The embedded database runs PostgreSQL in single-user mode, with no autovacuum: without this its
 * tables would never be vacuumed or analysed, so dead rows would pile up, the planner would keep
 * its first guesses at table sizes, and no count could be answered from an index alone (issue 16:
 * the dashboard counts an owner's songs on every view). PostgreSQL's own autovacuum does this for
 * a server database. Returns whether it ran.
 */
export async function vacuumEmbedded() {
  if (databaseKind() !== 'pglite') return false
  const started = performance.now()
  await sql`vacuum (analyze)`.execute(db())
  // Requests wait while it runs (PGlite is one connection): the log says for how long.
  console.log(
    `[housekeeping] vacuumed the embedded database in ${Math.round(performance.now() - started)} ms`,
  )
  return true
}

/** Prunes soon after start-up and then hourly; stopped (waiting for a pass under way) before the database closes. */
export function startHousekeeping({ firstRunMs = FIRST_RUN_MS, intervalMs = INTERVAL_MS } = {}) {
  return startRecurringJob('housekeeping', {
    firstRunMs,
    intervalMs,
    pass: () =>
      pruneExpired()
        .then(
          (outcome) => {
            const total = outcome ? Object.values(outcome).reduce((a, b) => a + b, 0) : 0
            if (total > 0) console.log(`[housekeeping] pruned ${JSON.stringify(outcome)}`)
          },
          (error: unknown) => console.warn('[housekeeping] prune failed', error),
        )
        .then(async () => {
          await vacuumEmbedded()
        })
        .catch((error: unknown) => console.warn('[housekeeping] vacuum failed', error)),
  })
}
