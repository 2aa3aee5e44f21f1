import type { Kysely } from 'kysely'
import type { Database } from './schema'

export const FREE_PLAN = {
  name: 'free',
  displayName: 'Free',
  monthlyRegistrations: 1,
  pricePerMonth: '0.00',
  pricePerRegistration: '1.99',
  features: JSON.stringify([
    '1 free blockchain registration a month',
    '$1.99 per additional registration',
  ]),
}

/** Idempotent: restores the plans the product relies on without touching anything else. */
export async function seedPlans(db: Kysely<Database>) {
  await db
    .insertInto('subscriptionPlans')
    .values(FREE_PLAN)
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        monthlyRegistrations: FREE_PLAN.monthlyRegistrations,
        pricePerRegistration: FREE_PLAN.pricePerRegistration,
        active: true,
      }),
    )
    .execute()
}
