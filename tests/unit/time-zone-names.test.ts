import { expect, test } from 'vitest'
import { isTimeZone } from '~/lib/dates'

// Browsers report today's IANA names; a runtime's Intl.supportedValuesOf may list only the old
// ones (Node 20 lists Asia/Calcutta, not Asia/Kolkata). Both must be accepted.
test('current and older IANA names are time zones', () => {
  for (const zone of ['UTC', 'Asia/Kolkata', 'Asia/Calcutta', 'Europe/Kyiv', 'Pacific/Honolulu'])
    expect(isTimeZone(zone), zone).toBe(true)
})

test('anything else is not', () => {
  for (const value of ['', 'Mars/Olympus', 'Europe/Kyiv; x', '../etc', 'A'.repeat(65)])
    expect(isTimeZone(value), value).toBe(false)
})
