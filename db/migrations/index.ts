import type { Migration } from 'kysely'
import * as initial from './2026-11-22T0000-initial'
import * as rateLimits from './2026-11-22T0100-rate-limits'
import * as registrationProgress from './2026-11-22T0200-registration-progress'
import * as paymentCredits from './2026-11-22T0300-payment-credits'

// Listed by hand, not read from disk, so the migrations travel inside the server bundle.
export const migrations: Record<string, Migration> = {
  '2026-11-22T0000-initial': { up: initial.migrateUp, down: initial.migrateDown },
  '2026-11-22T0100-rate-limits': { up: rateLimits.migrateUp, down: rateLimits.migrateDown },
  '2026-11-22T0200-registration-progress': { up: registrationProgress.migrateUp, down: registrationProgress.migrateDown },
  '2026-11-22T0300-payment-credits': { up: paymentCredits.migrateUp, down: paymentCredits.migrateDown },
}
