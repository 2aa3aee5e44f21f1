import { describe, expect, test } from 'vitest'
import { FSI, PDI } from '~/lib/bidi'
import { googleAccountLabel, googleAccountName } from '~/services/accounts/google-account.server'

// Decision 109: a mail names the Google account that asked by its shown name and the end of its
// id. The name is typed by whoever holds that Google account, a stranger perhaps: what reaches
// the owner's mailbox is one plain line, bounded, set apart from our sentence.

describe('the name of a Google account in our mail', () => {
  test('the shown name, else the given and family names, and the last four characters of the id', () => {
    expect(googleAccountName({ id: '104829384756102938475', displayName: 'Grace Hopper' })).toEqual(
      { name: 'Grace Hopper', idEnding: '8475' },
    )
    expect(
      googleAccountName({ id: '1048', displayName: '', givenName: '美咲', familyName: '佐藤' }),
    ).toEqual({ name: '美咲 佐藤', idEnding: '1048' })
    expect(googleAccountName({ id: '7' })).toEqual({ name: '', idEnding: '7' })
  })

  test.each([
    ['a line break', 'Your bank\nClick here', 'Your bank Click here'],
    ['a line separator', 'Support\u2028Team', 'Support Team'],
    ['a right-to-left override', 'evil\u202Emoc.elgoog', 'evilmoc.elgoog'],
    ['an escape sequence', 'Ann\u001b[2KWriter', 'Ann [2KWriter'],
    ['a joiner alone', '\u200D\u200C', ''],
    ['tag characters', 'Ann\u{E0041}\u{E0042}', 'Ann'],
    ['a zero-width space only', '\u200B', ''],
  ])('%s never reaches the mail', (_label, typed, shown) => {
    expect(googleAccountName({ id: 'google-1234', displayName: typed }).name).toBe(shown)
  })

  test('joiners inside words stay: a Persian name and an emoji sequence', () => {
    expect(googleAccountName({ id: 'g', displayName: 'می\u200Cخواهم' }).name).toBe('می\u200Cخواهم')
    expect(googleAccountName({ id: 'g', displayName: '👩\u200D🎤 Ann' }).name).toBe(
      '👩\u200D🎤 Ann',
    )
  })

  test('a long name is cut at 64 characters, never inside a character', () => {
    const { name } = googleAccountName({ id: 'g', displayName: '😀'.repeat(100) })
    expect([...name]).toHaveLength(64)
    expect(name).toBe('😀'.repeat(64))
  })

  test('the label sets the name apart and says when there is none', () => {
    expect(googleAccountLabel({ name: 'نور', idEnding: '8475' })).toBe(
      `“${FSI}نور${PDI}” (ID ending 8475)`,
    )
    expect(googleAccountLabel({ name: '', idEnding: '8475' }, 'g@gmail.example')).toBe(
      `with no name (ID ending 8475, ${FSI}g@gmail.example${PDI})`,
    )
  })
})
