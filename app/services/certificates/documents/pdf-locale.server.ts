import { isLocale, PSEUDO_LOCALE, type RenderLocale, SOURCE_LOCALE } from '~/i18n/locales'
import { pseudoLocaleOn } from '~/i18n/locale.server'
import type { Executor } from '../../platform/db.server'
import { type PdfWords, pdfWordsIn } from './pdf-words.server'

// Whose language a PDF is in (decision 122): its owner's, as their account keeps it, whoever
// downloads it. A certificate is one document, kept and signed once per snapshot (decisions 104,
// 121): a stranger's copy in the stranger's language would make the evidence read differently
// depending on who fetched it, and one kept copy per visitor's language. The owner chose the
// language the record is written in; the statement is in English too, so it reads the same
// everywhere. A job with no request behind it reads the same account.

/** The owner's language: their account's choice, else English. */
export async function ownerLocale(database: Executor, songId: number): Promise<RenderLocale> {
  const row = await database
    .selectFrom('songs')
    .innerJoin('users', 'users.id', 'songs.userId')
    .select('users.locale')
    .where('songs.id', '=', songId)
    .executeTakeFirst()
  const locale = row?.locale ?? null
  if (isLocale(locale)) return locale
  // The pseudo-language, set on an account only by a test, where tests may use it.
  return locale === PSEUDO_LOCALE && pseudoLocaleOn() ? PSEUDO_LOCALE : SOURCE_LOCALE
}

/** The words of the owner's language for a PDF of `songId`: the job's `words`. */
export async function ownerPdfWords(database: Executor, songId: number): Promise<PdfWords> {
  return pdfWordsIn(await ownerLocale(database, songId))
}
