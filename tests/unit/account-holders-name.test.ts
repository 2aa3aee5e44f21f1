import { expect, test } from 'vitest'
import { isAccountHoldersName } from '~/lib/dispute-person.server'

// Issue 52.11: the co-writers page offered the owner an invitation to themselves. A name on the
// song is the owner's own when a reader could not tell it from their account's name.
test('the owner is recognised by their first name, full name in either order, or username', () => {
  const ann = { firstName: 'Ann', lastName: 'Writer', username: 'annw' }
  for (const name of ['Ann', 'Ann Writer', 'writer  ann', 'ANNW', 'Аnn Writer'])
    expect(isAccountHoldersName(ann, name)).toBe(true)
  for (const name of ['Anna', 'Bea Writer', 'Ann W.', '', null])
    expect(isAccountHoldersName(ann, name)).toBe(false)

  const minji = { firstName: '민지', lastName: '김', username: 'minji_kim' }
  expect(isAccountHoldersName(minji, '김민지')).toBe(true)
  expect(isAccountHoldersName(minji, '김 민지')).toBe(true)
  expect(isAccountHoldersName(minji, '박민지')).toBe(false)

  // An account without a name is recognised by its username only, never by an empty name.
  const nameless = { firstName: null, lastName: null, username: 'solo' }
  expect(isAccountHoldersName(nameless, 'Solo')).toBe(true)
  expect(isAccountHoldersName(nameless, ' ')).toBe(false)
})
