import { z } from 'zod'
import { env } from '~/env.server'
import {
  isLocale,
  LANGUAGE_COOKIE,
  LANGUAGE_NAMES,
  type Locale,
  LOCALES,
  PSEUDO_LOCALE,
  type RenderLocale,
  SOURCE_LOCALE,
} from './locales'

// Browsers send a dozen entries at most; anything past these bounds is read no further.
const MAX_HEADER = 512
const MAX_ENTRIES = 16

const EntrySchema = z
  .string()
  .trim()
  .regex(/^(\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)(\s*;\s*q=(0(\.\d{0,3})?|1(\.0{0,3})?))?$/)
  .transform((entry) => {
    const [tag = '', q] = entry.split(/\s*;\s*q=/)
    return { tag, q: q === undefined ? 1 : Number(q) }
  })

/** The languages an `Accept-Language` header asks for, best first; malformed entries skipped. */
export function parseAcceptLanguage(header: string | null | undefined) {
  const entries = (header ?? '')
    .slice(0, MAX_HEADER)
    .split(',')
    .slice(0, MAX_ENTRIES)
    .flatMap((entry) => {
      const parsed = EntrySchema.safeParse(entry)
      return parsed.success && parsed.data.q > 0 ? [parsed.data] : []
    })
  // A stable sort: equal weights keep the browser's order.
  return entries.sort((a, b) => b.q - a.q).map((entry) => entry.tag)
}

/** The pseudo-language is there only for tests (APP_ENV=test), never in production. */
export function pseudoLocaleOn() {
  return env().APP_ENV === 'test'
}

/**
 * The language we speak for a tag: an exact one ('pt-BR'), else by its language alone
 * ('pt-PT' and 'pt' → pt-BR, 'es-419' → es, 'de-AT' → de, 'ja-JP' → ja); null for one we lack.
 */
export function matchLocale(tag: string): RenderLocale | null {
  const lower = tag.toLowerCase()
  if (lower === PSEUDO_LOCALE.toLowerCase()) return pseudoLocaleOn() ? PSEUDO_LOCALE : null
  const exact = LOCALES.find((locale) => locale.toLowerCase() === lower)
  if (exact) return exact
  const language = lower.split('-', 1)[0]
  return LOCALES.find((locale) => locale.toLowerCase().split('-', 1)[0] === language) ?? null
}

/** The visitor's choice, as the language form's cookie keeps it; null without one. */
export function cookieLocale(cookieHeader: string | null | undefined): RenderLocale | null {
  const found = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([A-Za-z-]{2,8})(?:;|$)`).exec(
    cookieHeader ?? '',
  )
  return found ? matchLocale(found[1]!) : null
}

/**
 * The language a page is drawn in: the person's choice (on the account, else in the cookie),
 * then the browser's `Accept-Language`, then English.
 */
export function resolveLocale({
  account,
  cookieHeader,
  acceptLanguage,
}: {
  account?: string | null
  cookieHeader: string | null | undefined
  acceptLanguage: string | null | undefined
}): RenderLocale {
  if (isLocale(account)) return account
  const chosen = cookieLocale(cookieHeader)
  if (chosen) return chosen
  for (const tag of parseAcceptLanguage(acceptLanguage)) {
    const found = tag === '*' ? null : matchLocale(tag)
    if (found) return found
  }
  return SOURCE_LOCALE
}

/** The language of this request's page, for a visitor or an account (`locale` on the user). */
export function requestLocale(request: Request, user?: { locale: string | null } | null) {
  return resolveLocale({
    account: user?.locale,
    cookieHeader: request.headers.get('Cookie'),
    acceptLanguage: request.headers.get('Accept-Language'),
  })
}

/** The cookie that keeps a visitor's choice for a year; Secure where the site is served so. */
export function languageCookie(locale: Locale | typeof PSEUDO_LOCALE) {
  const secure = env().isProduction ? '; Secure' : ''
  return `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
}

// All seven are written left to right; the list is here so a right-to-left language added later
// (Arabic, Hebrew) sets `dir` by adding its tag, not by finding every place that assumed LTR.
const RIGHT_TO_LEFT: readonly string[] = []

export function localeDirection(locale: string): 'ltr' | 'rtl' {
  return RIGHT_TO_LEFT.includes(locale) ? 'rtl' : 'ltr'
}

/** The language form's choices, each by its own name: sent as data, not kept in the script. */
export function languageChoices() {
  return LOCALES.map((tag) => ({ tag, name: LANGUAGE_NAMES[tag] }))
}
export type LanguageChoice = ReturnType<typeof languageChoices>[number]
