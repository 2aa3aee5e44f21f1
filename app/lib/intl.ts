// Intl's formatters, made once per language and options and kept: making one costs far more than
// using it (a new Intl.DateTimeFormat per month label was 19 % of the dashboard's server time with
// kept answers off, issue 53; a new one per date was 9 % in issue 16). Shared with the browser.
// The lint forbids `new Intl.…` inside a function anywhere else (eslint.config.js), so a formatter
// made per call cannot come back; a module-level constant is made once and stays allowed.

type Kinds = {
  DateTimeFormat: [Intl.DateTimeFormatOptions, Intl.DateTimeFormat]
  NumberFormat: [Intl.NumberFormatOptions, Intl.NumberFormat]
  PluralRules: [Intl.PluralRulesOptions, Intl.PluralRules]
  ListFormat: [Intl.ListFormatOptions, Intl.ListFormat]
  RelativeTimeFormat: [Intl.RelativeTimeFormatOptions, Intl.RelativeTimeFormat]
  DisplayNames: [Intl.DisplayNamesOptions, Intl.DisplayNames]
}
type Kind = keyof Kinds

// Keys are the code's own options and our few languages, plus time zones (the settings page lists
// about 420, each with its offset): bounded, but a zone also comes from a cookie, so the map is
// emptied rather than grown past this.
const MAX_KEPT = 2000
const kept = new Map<string, unknown>()

function made<K extends Kind>(
  kind: K,
  locales: string | readonly string[] | undefined,
  options: Kinds[K][0] | undefined,
): Kinds[K][1] {
  const key = `${kind}\u0000${String(locales)}\u0000${options ? JSON.stringify(options) : ''}`
  const found = kept.get(key)
  if (found) return found as Kinds[K][1]
  const Constructor = Intl[kind] as unknown as new (
    locales?: string | readonly string[],
    options?: Kinds[K][0],
  ) => Kinds[K][1]
  // A bad zone or language throws here, as `new` would, and nothing is kept.
  const formatter = new Constructor(locales as string | string[] | undefined, options)
  if (kept.size >= MAX_KEPT) kept.clear()
  kept.set(key, formatter)
  return formatter
}

export const dateTimeFormat = (
  locales?: string | readonly string[],
  options?: Intl.DateTimeFormatOptions,
) => made('DateTimeFormat', locales, options)
export const numberFormat = (
  locales?: string | readonly string[],
  options?: Intl.NumberFormatOptions,
) => made('NumberFormat', locales, options)
export const pluralRules = (
  locales?: string | readonly string[],
  options?: Intl.PluralRulesOptions,
) => made('PluralRules', locales, options)
export const listFormat = (
  locales?: string | readonly string[],
  options?: Intl.ListFormatOptions,
) => made('ListFormat', locales, options)
export const relativeTimeFormat = (
  locales?: string | readonly string[],
  options?: Intl.RelativeTimeFormatOptions,
) => made('RelativeTimeFormat', locales, options)
export const displayNames = (
  locales: string | readonly string[],
  options: Intl.DisplayNamesOptions,
) => made('DisplayNames', locales, options)

/**
 * What `make` gives for a key, made once per key: for the hot paths that ask per value shown (a
 * month label, a date per row), where even building the options' key above costs more than the
 * formatting.
 */
export function keptBy<T>(make: (key: string) => T) {
  const made = new Map<string, T>()
  return (key: string) => {
    let value = made.get(key)
    if (value === undefined) {
      if (made.size >= MAX_KEPT) made.clear()
      value = make(key)
      made.set(key, value)
    }
    return value
  }
}
