import type { Executor } from '~/services/platform/db.server'
import type { Locale } from './locales'

/** Keeps the person's language on their account (decision 120): every device and mail uses it. */
export async function setAccountLocale(db: Executor, userId: string, locale: Locale) {
  await db.updateTable('users').set({ locale }).where('id', '=', userId).execute()
}
