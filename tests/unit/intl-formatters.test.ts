import { describe, expect, it } from 'vitest'
import { dateTimeFormat, listFormat, numberFormat, pluralRules } from '~/lib/intl'
import { formatNumber } from '~/i18n/format'

describe('Intl formatters made once (issue 53)', () => {
  it('gives the same formatter for the same language and options, another for others', () => {
    const a = dateTimeFormat('de', { month: 'short', year: 'numeric', timeZone: 'UTC' })
    expect(dateTimeFormat('de', { month: 'short', year: 'numeric', timeZone: 'UTC' })).toBe(a)
    expect(dateTimeFormat('ja', { month: 'short', year: 'numeric', timeZone: 'UTC' })).not.toBe(a)
    expect(dateTimeFormat('de', { month: 'long', year: 'numeric', timeZone: 'UTC' })).not.toBe(a)
    expect(a.format(new Date(Date.UTC(2026, 10, 1)))).toBe('Nov. 2026')
    expect(numberFormat('fr', { style: 'percent' })).toBe(numberFormat('fr', { style: 'percent' }))
    expect(pluralRules('ar')).toBe(pluralRules('ar'))
    expect(listFormat('es', { type: 'conjunction' }).format(['Ana', 'Luis'])).toBe('Ana y Luis')
  })

  it('writes each language its own way through the kept formatters', () => {
    expect(formatNumber('de', 1234.5)).toBe('1.234,5')
    expect(formatNumber('fr', 0.5, { style: 'percent' })).toBe('50\u00a0%')
    expect(formatNumber('en', 1234.5)).toBe('1,234.5')
  })

  it('refuses a zone Intl does not know, as `new` does, and keeps nothing for it', () => {
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError)
    expect(() => dateTimeFormat('en-US', { timeZone: 'Mars/Olympus_Mons' })).toThrow(RangeError)
  })
})
