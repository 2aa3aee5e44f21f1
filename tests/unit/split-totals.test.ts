import { describe, expect, test } from 'vitest'
import { splitTotalsWarning } from '~/lib/split-totals'
import { splitRow } from '../setup/sample-song'

// Issue 37.6: what the certificate and split-sheet pages say of a split that is not whole.
describe('splitTotalsWarning', () => {
  test('names each component off 100 %, with its total, in the song’s order', () => {
    expect(
      splitTotalsWarning([
        splitRow('lyrics', 60, 30, 0, 20),
        splitRow('vocals', 100, 0, 0, 0),
        splitRow('mixing', 33.33, 33.33, 0, 0),
      ]),
    ).toBe(
      'Warning: this split is not complete. Lyrics totals 110%; Mixing/Mastering totals 66.66%. Each component must total 100%, so these shares cannot be relied on as they stand.',
    )
  })

  test('says nothing of a whole split, thirds in hundredths included', () => {
    expect(
      splitTotalsWarning([
        splitRow('lyrics', 33.33, 33.33, 33.34, 0),
        splitRow('vocals', 100, 0, 0, 0),
      ]),
    ).toBeNull()
    expect(splitTotalsWarning([])).toBeNull()
  })
})
