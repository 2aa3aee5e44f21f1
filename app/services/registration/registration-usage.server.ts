import { sql } from 'kysely'
import type { Executor } from '../platform/db.server'

// What a user's plan allows: the month's free registrations, what is used, the paid credits waiting.

/** The calendar month a free registration counts against, in UTC. */
export function yearMonth(now = new Date()) {
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 }
}

/** The month's free registrations of the user's tier, else of the free plan; -1 means unlimited. */
export async function monthlyLimit(database: Executor, tier: string) {
  const plan = await database
    .selectFrom('subscriptionPlans')
    .select('monthlyRegistrations')
    .where((eb) => eb.or([eb('name', '=', tier), eb('name', '=', 'free')]))
    .where('active', '=', true)
    .orderBy(sql`name = ${tier}`, 'desc')
    .executeTakeFirst()
  return plan?.monthlyRegistrations ?? 0
}

/**
 * SPEC §3 usage stats, and the paid registrations waiting to be used, in one statement: the plan's
 * limit (the user's tier, else the free plan), this month's usage and the unused credits are
 * subqueries of the user's row. remainingFree -1 means unlimited.
 */
export async function usageStats(database: Executor, userId: string, now = new Date()) {
  const { year, month } = yearMonth(now)
  const row = await database
    .selectFrom('users as u')
    .select((eb) => [
      'u.subscriptionTier',
      'u.emailVerified',
      eb
        .selectFrom('subscriptionPlans as p')
        .select('p.monthlyRegistrations')
        .where((plan) =>
          plan.or([
            plan('p.name', '=', plan.ref('u.subscriptionTier')),
            plan('p.name', '=', 'free'),
          ]),
        )
        .where('p.active', '=', true)
        .orderBy((plan) => plan('p.name', '=', plan.ref('u.subscriptionTier')), 'desc')
        .limit(1)
        .as('monthlyLimit'),
      eb
        .selectFrom('monthlyUsage as m')
        .select('m.registrationsUsed')
        .whereRef('m.userId', '=', 'u.id')
        .where('m.year', '=', year)
        .where('m.month', '=', month)
        .as('used'),
      eb
        .selectFrom('paymentHistory as ph')
        .select((count) => count.fn.countAll<number>().as('n'))
        .whereRef('ph.userId', '=', 'u.id')
        .where('ph.status', '=', 'succeeded')
        .where('ph.registrationId', 'is', null)
        .where('ph.consumedAt', 'is', null)
        .as('openCredits'),
    ])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow()
  const limit = row.monthlyLimit ?? 0
  const used = row.used ?? 0
  return {
    subscriptionTier: row.subscriptionTier,
    currentMonthUsage: used,
    monthlyLimit: limit,
    remainingFree: limit === -1 ? -1 : Math.max(0, limit - used),
    emailVerified: row.emailVerified,
    openCredits: Number(row.openCredits ?? 0),
  }
}

export type UsageStats = Awaited<ReturnType<typeof usageStats>>

export async function canRegisterForFree(database: Executor, userId: string) {
  const stats = await usageStats(database, userId)
  return stats.emailVerified && (stats.remainingFree === -1 || stats.remainingFree > 0)
}
