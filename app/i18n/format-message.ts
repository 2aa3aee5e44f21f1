// Shared with the browser. Messages arrive compiled, in the form Lingui's compiler gives
// (@lingui/message-utils on the server, app/i18n/catalogs.server.ts): a plain string, or a list
// of text and placeholders. This interprets that form in ~0.5 KB gzip, where Lingui's own
// runtime (@lingui/core) weighs 2.3 KB and the page budget has no room for it (decision 120).
import { numberFormat, pluralRules } from '~/lib/intl'

type Cases = { offset?: number } & Record<string, CompiledMessage>
export type CompiledPart =
  | string
  | [name: string]
  | [name: string, type: string]
  | [name: string, type: string, format: string | Cases | Record<string, unknown>]
export type CompiledMessage = string | CompiledPart[]
export type MessageValues = Record<string, string | number | null | undefined>

/** The message with its placeholders filled, plurals and numbers written for `locale`. */
export function formatMessage(
  message: CompiledMessage,
  values: MessageValues,
  locale: string,
  count?: number,
): string {
  if (typeof message === 'string') return message
  return message
    .map((part) => {
      if (typeof part === 'string')
        return part === '#' && count !== undefined ? number(locale, count) : part
      const [name, type, format] = part
      const value = values[name]
      if (type === 'plural' || type === 'selectordinal' || type === 'select') {
        const cases = format as Cases
        let key = String(value)
        let n = count
        if (type !== 'select') {
          n = Number(value) - (cases.offset ?? 0)
          // An exact case (=0 compiles to "0") before the language's plural rule.
          if (!Object.hasOwn(cases, key))
            key = pluralRules(locale, {
              type: type === 'plural' ? 'cardinal' : 'ordinal',
            }).select(n)
        }
        // Own cases only: a value such as "constructor" must not find Object's own properties.
        const chosen = (Object.hasOwn(cases, key) ? cases[key] : undefined) ?? cases.other
        return chosen === undefined ? '' : formatMessage(chosen, values, locale, n)
      }
      if (type === 'number' && typeof value === 'number')
        return number(locale, value, format === 'percent' ? { style: 'percent' } : undefined)
      return value ?? ''
    })
    .join('')
}

function number(locale: string, value: number, options?: Intl.NumberFormatOptions) {
  return numberFormat(locale, options).format(value)
}
