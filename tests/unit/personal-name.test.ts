import { expect, test } from 'vitest'
import { fullName, personalName } from '~/lib/display-name'

test('a Chinese, Japanese or Korean name is said family name first, a Korean one without a space; any other as the form asks', () => {
  // First name, last name, as typed into the form; then as others read it.
  const said: [string | null, string | null, string][] = [
    ['美咲', '佐藤', '佐藤 美咲'],
    ['さくら', '山田', '山田 さくら'],
    // A Korean name is written without a space between family and given name (issue 52.14).
    ['민지', '김', '김민지'],
    ['지민', '남궁', '남궁지민'],
    [' 민지 ', ' 김 ', '김민지'],
    ['伟', '王', '王 伟'],
    // A foreign name in katakana is written given name first in Japanese too.
    ['ジョン', 'スミス', 'ジョン スミス'],
    ['Ann', 'Writer', 'Ann Writer'],
    ['美咲', 'Sato', '美咲 Sato'],
    ['Misaki', '佐藤', 'Misaki 佐藤'],
    ['प्रिया', 'शर्मा', 'प्रिया शर्मा'],
    ['Дмитрий', 'Волков', 'Дмитрий Волков'],
    ['نادية', 'الخطيب', 'نادية الخطيب'],
    [' 美咲 ', ' 佐藤 ', '佐藤 美咲'],
    ['美咲', null, '美咲'],
    [null, '佐藤', '佐藤'],
    ['', '', ''],
  ]
  for (const [first, last, expected] of said) expect(personalName(first, last)).toBe(expected)
})

test("an invitation names its owner in their name's own order; a deleted owner by no name", () => {
  const owner = {
    firstName: '美咲',
    lastName: '佐藤',
    email: 'misaki@example.com',
    deletedAt: null,
  }
  expect(fullName(owner)).toBe('佐藤 美咲')
  expect(fullName({ ...owner, firstName: null, lastName: null })).toBe('misaki')
  expect(fullName({ ...owner, deletedAt: new Date() })).toBeNull()
})
