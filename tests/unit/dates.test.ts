import { expect, test } from 'vitest'
import { formatDayInZone, todayIso } from '~/lib/dates'

// The formatters behind these are kept per zone (issue 16): alternating zones must never give
// one zone's day for another's.
test('one instant reads as its own day in each zone, however the zones alternate', () => {
  const instant = new Date('2026-03-01T05:30:00Z')
  for (let round = 0; round < 3; round++) {
    expect(formatDayInZone(instant, 'Pacific/Honolulu')).toBe(
      'February 28, 2026 (Pacific/Honolulu)',
    )
    expect(formatDayInZone(instant, 'Pacific/Tongatapu')).toBe('March 1, 2026 (Pacific/Tongatapu)')
    expect(formatDayInZone(instant)).toBe('March 1, 2026 (UTC)')
    expect(todayIso(instant, 'Pacific/Honolulu')).toBe('2026-02-28')
    expect(todayIso(instant, 'Pacific/Tongatapu')).toBe('2026-03-01')
  }
  expect(formatDayInZone('not a date', 'UTC')).toBe('Invalid date')
  expect(formatDayInZone(null)).toBe('Date not available')
})
