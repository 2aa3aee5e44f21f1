// Shared with the browser: the languages ProofTrack speaks, by the tags <html lang> carries.

/** English is the source: its messages live in the code (app/i18n/messages), not in a catalogue. */
export const SOURCE_LOCALE = 'en'

/** The languages offered, in the order the language form lists them. */
export const LOCALES = ['en', 'es', 'pt-BR', 'fr', 'de', 'ja', 'ko'] as const

/**
 * The pseudo-language (issue 54): English accented and made ~35 % longer, so a test can tell a
 * string that skipped the catalogue from one that went through it. Never offered in the footer;
 * chosen only where NODE_ENV=test or PSEUDO_LOCALE=on (app/i18n/locale.server.ts).
 */
export const PSEUDO_LOCALE = 'en-XA'

export type Locale = (typeof LOCALES)[number]
export type RenderLocale = Locale | typeof PSEUDO_LOCALE

/** Each language by its own name, as a speaker of it looks for it in a list. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  fr: 'Français',
  de: 'Deutsch',
  ja: '日本語',
  ko: '한국어',
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value)
}

/** The cookie a visitor's choice is kept in (a year, SameSite=Lax). */
export const LANGUAGE_COOKIE = 'lang'
/** Where the language form posts (app/resource-routes/language.tsx). */
export const LANGUAGE_PATH = '/language'
