import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import { describe, expect, test } from 'vitest'
import { formatDate, formatPercent } from '~/i18n/format'
import { type CompiledPart, formatMessage } from '~/i18n/format-message'
import { matchLocale, parseAcceptLanguage, resolveLocale } from '~/i18n/locale.server'
import { pseudoText } from '~/i18n/pseudo.server'

const compiled = (message: string) => compileMessageOrThrow(message) as CompiledPart[]

describe('the browser-side formatter reads what Lingui compiles', () => {
  test('placeholders, plurals with # and exact cases, selects and numbers', () => {
    const plural = compiled('{count, plural, =0 {No songs} one {# song} other {# songs}}')
    expect(formatMessage(plural, { count: 0 }, 'en')).toBe('No songs')
    expect(formatMessage(plural, { count: 1 }, 'en')).toBe('1 song')
    expect(formatMessage(plural, { count: 1200 }, 'en')).toBe('1,200 songs')
    expect(formatMessage(plural, { count: 1200 }, 'de')).toBe('1.200 songs')
    const select = compiled('{role, select, owner {Yours} other {Theirs}} — {title}')
    expect(formatMessage(select, { role: 'owner', title: 'Song' }, 'en')).toBe('Yours — Song')
    expect(formatMessage(select, { role: 'x', title: 'Song' }, 'en')).toBe('Theirs — Song')
    // A value that names one of Object's own properties is no case of the message.
    for (const role of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(formatMessage(select, { role, title: 'Song' }, 'en')).toBe('Theirs — Song')
    expect(formatMessage(compiled('{share, number, percent}'), { share: 0.5 }, 'fr')).toBe(
      '50\u00a0%',
    )
  })

  test('Japanese and Korean plurals have one form, chosen by Intl', () => {
    const message = compiled('{n, plural, other {#曲}}')
    expect(formatMessage(message, { n: 3 }, 'ja')).toBe('3曲')
  })
})

describe('Accept-Language', () => {
  test('is read by weight, malformed entries skipped, within a bound', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
      '*',
    ])
    expect(parseAcceptLanguage('de;q=0.2, ja;q=0.9, <script>, ko;q=0')).toEqual(['ja', 'de'])
    expect(parseAcceptLanguage(`${'x-'.repeat(5000)}de`)).toEqual([])
    expect(parseAcceptLanguage(null)).toEqual([])
  })

  test('regional tags fall to the language we speak', () => {
    expect(matchLocale('pt')).toBe('pt-BR')
    expect(matchLocale('pt-PT')).toBe('pt-BR')
    expect(matchLocale('es-419')).toBe('es')
    expect(matchLocale('de-AT')).toBe('de')
    expect(matchLocale('ja-JP')).toBe('ja')
    expect(matchLocale('ko-KR')).toBe('ko')
    expect(matchLocale('zh-CN')).toBeNull()
  })

  test('the account first, then the cookie, then the browser, then English', () => {
    const acceptLanguage = 'ja-JP,ja;q=0.9'
    expect(resolveLocale({ account: 'ko', cookieHeader: 'lang=de', acceptLanguage })).toBe('ko')
    expect(resolveLocale({ account: null, cookieHeader: 'x=1; lang=de', acceptLanguage })).toBe(
      'de',
    )
    expect(resolveLocale({ cookieHeader: 'lang=xx', acceptLanguage })).toBe('ja')
    expect(resolveLocale({ cookieHeader: null, acceptLanguage: 'zh, *' })).toBe('en')
  })
})

test('dates and percentages as each language writes them', () => {
  expect(formatDate('es', '2026-12-07')).toBe('7 de diciembre de 2026')
  expect(formatDate('ja', '2026-12-07')).toBe('2026年12月7日')
  expect(formatDate('en', '2026-12-07')).toBe('December 7, 2026')
  expect(formatPercent('de', 0.5)).toBe('50\u00a0%')
  expect(formatPercent('en', 0.125)).toBe('12.5%')
})

test('the pseudo-language accents every letter and runs about a third longer', () => {
  const english = 'Lock in who made your song — every person and every AI tool.'
  const pseudo = pseudoText(english)
  expect(pseudo.replace('AI', '')).not.toMatch(/[A-Za-z]/)
  expect(pseudo.length / english.length).toBeGreaterThan(1.25)
  expect(pseudo.length / english.length).toBeLessThan(1.45)
})
