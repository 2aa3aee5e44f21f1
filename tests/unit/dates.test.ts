import { expect, test } from 'vitest'
import { formatDayInZone, formatUtcTime, todayIso } from '~/lib/dates'

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

// Issue 32: Node's ICU wrote the hour after midnight as '24:12:05', Chromium's as '00:12:05'.
test('a UTC time of day reads the same on either side of midnight', () => {
  expect(formatUtcTime('2026-11-26T00:12:05Z')).toBe('00:12:05 UTC')
  expect(formatUtcTime(new Date('2026-11-25T23:30:09.999Z'))).toBe('23:30:09 UTC')
  expect(formatUtcTime('2026-11-26T09:05:00+05:30')).toBe('03:35:00 UTC')
  expect(formatUtcTime('not a time')).toBe('Time not available')
})
