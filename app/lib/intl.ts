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
// One kept store for every kind, keyed by what made it; a bad zone or language throws in `make`,
// as `new` would, and nothing is kept.
const kept = keptBy((key) => {
  const [kind, locales, options] = JSON.parse(key) as [
    Kind,
    string | string[] | null,
    object | null,
  ]
  const Constructor = Intl[kind] as unknown as new (
    locales?: string | string[],
    options?: object,
  ) => unknown
  return new Constructor(locales ?? undefined, options ?? undefined)
})

function made<K extends Kind>(
  kind: K,
  locales: string | readonly string[] | undefined,
  options: Kinds[K][0] | undefined,
): Kinds[K][1] {
  return kept(JSON.stringify([kind, locales ?? null, options ?? null])) as Kinds[K][1]
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
