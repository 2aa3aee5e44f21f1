import { translate } from '~/i18n/catalogs.server'
import { pseudoLocaleOn } from '~/i18n/locale.server'
import {
  isLocale,
  LANGUAGE_NAMES,
  PSEUDO_LOCALE,
  type RenderLocale,
  SOURCE_LOCALE,
} from '~/i18n/locales'
import type { mails } from '~/i18n/messages/mails.server'
import { env } from '~/env.server'
import { displayNames } from '~/lib/intl'

// Which language a mail is written in (issue 54): the recipient's choice kept on their account
// (users.locale); without one, the language of the request that caused the mail; else English.
// A co-writer's invitation goes in the inviter's language, its invitee having chosen none yet.

export type MailId = keyof typeof mails

/** The recipient's language: their account's choice, else the caller's request's, else English. */
export function mailLocale(
  account: { locale?: string | null } | null | undefined,
  requestLocale?: RenderLocale | null,
): RenderLocale {
  if (isLocale(account?.locale)) return account.locale
  // The pseudo-language, kept on a test's account, so its test follows each mail's real path.
  if (account?.locale === PSEUDO_LOCALE && pseudoLocaleOn()) return PSEUDO_LOCALE
  return requestLocale ?? SOURCE_LOCALE
}

/** The mails' words in `locale`, with the product's name filled in where a message names it. */
export function mailWords(locale: RenderLocale) {
  const appName = env().APP_NAME
  return (id: MailId, values: Record<string, string | number> = {}) =>
    translate(locale, 'mails', id, { appName, ...values })
}

export type MailWords = ReturnType<typeof mailWords>

/** Paragraphs as a mail's text: a blank line between them, one line break at the end. */
export function paragraphs(...parts: (string | false | null | undefined)[]) {
  return `${parts.filter(Boolean).join('\n\n')}\n`
}

/** A language's English name, for the one English line atop an invitation ('Japanese'). */
export function englishLanguageName(locale: RenderLocale) {
  if (!isLocale(locale)) return 'pseudo-English'
  return displayNames(['en'], { type: 'language' }).of(locale) ?? LANGUAGE_NAMES[locale]
}
