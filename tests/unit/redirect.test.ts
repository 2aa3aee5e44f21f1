import { describe, expect, test } from 'vitest'
import { safeRedirect } from '~/lib/redirect'

/** Where a browser would go from a page of ours given this Location. */
const landing = (location: string) => new URL(location, 'https://prooftrack.test/login').origin

describe('safeRedirect', () => {
  test.each([
    ['/', '/'],
    ['/dashboard', '/dashboard'],
    ['/songs?page=2', '/songs?page=2'],
    ['/edit/12#contributions', '/edit/12#contributions'],
    ['/a/../songs', '/songs'],
    ['/./songs', '/songs'],
    ['/search?next=//evil.test', '/search?next=//evil.test'],
    ['/songs/%C3%A9t%C3%A9', '/songs/%C3%A9t%C3%A9'],
  ])('keeps the same-origin path %s as %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected)
  })

  // Issue 11 item 3, and every other spelling of "a second slash" or "another scheme" we know.
  test.each([
    '/.//evil.test/phish',
    '/..//x',
    '/a/..//x',
    '/a/b/../..//x',
    '/%2e//x',
    '/%2E//x',
    '/%2e%2e//x',
    '/.%2e//x',
    '/./\\x',
    '/\\evil.test',
    '/\\/evil.test',
    '//evil.test',
    '///evil.test',
    '/\t/evil.test',
    '/\n/evil.test',
    '/\r\n/evil.test',
    '/ /evil.test'.replace(' ', '\u0000'),
    '/%2F/evil.test',
    '/%2f%2fevil.test',
    '/%5Cevil.test',
    '/%5c%5cevil.test',
    '/%252F/evil.test',
    '/%25252F%25252Fevil.test',
    '/a\\b',
    '/%E0%A4%A',
    'https://evil.test',
    'http:/evil.test',
    '\\\\evil.test',
    'javascript:alert(1)',
    'evil.test',
    '',
  ])('refuses %j', (input) => {
    expect(safeRedirect(input)).toBe('/')
  })

  test('refuses a path longer than any of ours', () => {
    expect(safeRedirect(`/${'a'.repeat(1999)}`)).toBe(`/${'a'.repeat(1999)}`)
    expect(safeRedirect(`/${'a'.repeat(2000)}`)).toBe('/')
  })

  test('every refused or kept value lands on our own origin', () => {
    const inputs = [
      '/.//evil.test/phish',
      '/..//x',
      '/a/..//x',
      '/%2e//x',
      '/./\\x',
      '/%2F/evil.test',
      '/\\evil.test',
      '/dashboard',
    ]
    for (const input of inputs) expect(landing(safeRedirect(input))).toBe('https://prooftrack.test')
  })

  test('a missing or non-text value, and the caller’s own fallback', () => {
    expect(safeRedirect(null)).toBe('/')
    expect(safeRedirect(undefined)).toBe('/')
    expect(safeRedirect(new File([], 'x'))).toBe('/')
    expect(safeRedirect('//evil.test', '/login')).toBe('/login')
  })
})
