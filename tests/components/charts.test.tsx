// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { CertificateTimeline } from '~/components/charts'
import { DailyActivityChart } from '~/components/daily-activity-chart'
import type { DailyFigures } from '~/lib/admin'

afterEach(cleanup)

function thirtyDays(): DailyFigures[] {
  return Array.from({ length: 30 }, (_, i) => {
    const day = new Date(Date.UTC(2026, 9, 25 + i)).toISOString().slice(0, 10)
    return {
      day,
      visits: i,
      signups: i % 2,
      certificates: i === 29 ? 4 : 0,
      registrations: 0,
      revenue: i === 10 ? 1.99 : 0,
    }
  })
}

test("the admin's 30-day chart is a described picture with every number in a table beneath", () => {
  render(<DailyActivityChart days={thirtyDays()} />)
  const figure = screen.getByRole('figure', { name: 'Last 30 days' })
  const picture = within(figure).getByRole('img', {
    name: /Visits, sign-ups, certificates, registrations and revenue per day, Oct 25 to Nov 23/,
  })
  expect(picture.tagName.toLowerCase()).toBe('svg')
  expect(picture.querySelector('desc')?.textContent).toBe(
    'Totals over the 30 days: 435 visits, 15 sign-ups, 4 certificates, 0 registrations, $1.99 revenue. Each figure is scaled to its own busiest day; the table below lists every day.',
  )
  // One bar per day in each of the five rows; the busiest day of a row is full height.
  for (const series of ['visits', 'signups', 'certificates', 'registrations', 'revenue']) {
    expect(picture.querySelectorAll(`[data-series="${series}"] rect`)).toHaveLength(30)
  }
  const visitBars = picture.querySelectorAll('[data-series="visits"] rect')
  expect(visitBars[29]!.getAttribute('height')).toBe('44')
  expect(visitBars[0]!.getAttribute('height')).toBe('0')
  // Without the picture (or without sight), the numbers are in the table.
  const table = within(figure).getByRole('table')
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Day', 'Visits', 'Sign-ups', 'Certificates', 'Registrations', 'Revenue'])
  const row = within(table).getByRole('rowheader', { name: 'Nov 4' }).closest('tr')!
  expect(
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual(['10', '0', '0', '0', '$1.99'])
})

test("the user's timeline: a bar per month with its count, a description and a table", () => {
  const months = [
    '2025-12',
    '2026-01',
    '2026-02',
    '2026-03',
    '2026-04',
    '2026-05',
    '2026-06',
    '2026-07',
    '2026-08',
    '2026-09',
    '2026-10',
    '2026-11',
  ].map((month, i) => ({ month, count: i === 0 ? 1 : i === 11 ? 3 : 0 }))
  render(<CertificateTimeline months={months} />)
  const figure = screen.getByRole('figure', { name: 'Your certificates by month' })
  const picture = within(figure).getByRole('img', {
    name: /Certificates created per month, Dec 2025 to Nov 2026/,
  })
  expect(picture.querySelector('desc')?.textContent).toBe(
    '4 certificates in the last 12 months (UTC months): Dec 2025: 1, Nov 2026: 3.',
  )
  expect(picture.querySelectorAll('rect')).toHaveLength(12)
  expect(picture.querySelector('[data-month="2026-11"] text')?.textContent).toBe('3')
  const table = within(figure).getByRole('table')
  const row = within(table).getByRole('rowheader', { name: 'Nov 2026' }).closest('tr')!
  expect(within(row).getByRole('cell').textContent).toBe('3')
})
