// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import type { ReactElement } from 'react'
// @remix-run/testing is not installed; Remix's own components run on this router underneath.
import { createMemoryRouter, type LoaderFunction, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, test } from 'vitest'
import {
  Dashboard,
  type DashboardProps,
  LOCKED_TOOLTIP,
  type SongRowData,
} from '~/components/dashboard'
import SongsPage from '~/routes/songs._index'

const future = {
  v7_relativeSplatPath: true,
  v7_fetcherPersist: true,
  v7_normalizeFormMethod: true,
  v7_partialHydration: true,
  v7_skipActionErrorRevalidation: true,
}

async function renderInRouter(element: ReactElement, loader: LoaderFunction = () => null) {
  const router = createMemoryRouter([{ path: '/', element, loader, HydrateFallback: () => null }], {
    future,
  })
  const view = render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  await screen.findByRole('heading', { level: 1 })
  return view
}

function song(overrides: Partial<SongRowData> = {}): SongRowData {
  return {
    id: 1,
    title: 'Morning Song',
    fileLink: 'https://example.com/morning.mp3',
    dateCreated: '2025-03-01',
    createdAt: '2025-04-02T10:00:00.000Z',
    isRegistered: false,
    registration: null,
    ...overrides,
  }
}

const registered = song({
  id: 2,
  title: 'Evening Song',
  isRegistered: true,
  registration: { createdAt: '2025-05-03T12:00:00.000Z', status: 'confirmed' },
})

function renderDashboard(props: Partial<DashboardProps> = {}) {
  return renderInRouter(
    <Dashboard
      name="Ann"
      appName="TestTrack"
      emailVerified
      stats={{ totalSongs: 2, blockchainCertified: 1 }}
      songs={[song(), registered]}
      timeline={[]}
      {...props}
    />,
  )
}

function rowOf(title: string) {
  const row = screen.getByRole('rowheader', { name: new RegExp(title) }).closest('tr')
  if (!row) throw new Error(`no row for ${title}`)
  return row
}

afterEach(cleanup)

describe('dashboard', () => {
  test('shows the certificates-by-month timeline once there are songs, and none before', async () => {
    const timeline = [
      { month: '2026-10', count: 0 },
      { month: '2026-11', count: 2 },
    ]
    await renderDashboard({ timeline })
    expect(
      screen.getByRole('img', { name: /Certificates created per month, Oct 2026 to Nov 2026/ }),
    ).toBeTruthy()
    cleanup()
    await renderDashboard({ timeline, songs: [], stats: { totalSongs: 0, blockchainCertified: 0 } })
    expect(screen.queryByRole('figure', { name: 'Your certificates by month' })).toBeNull()
  })

  test('greets the user and shows the two stat cards', async () => {
    await renderDashboard()
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Ann' })).toBeTruthy()
    expect(
      screen.getByText('Track and certify your creative contributions with confidence'),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'New Submission' }).getAttribute('href')).toBe(
      '/submit',
    )
    expect(screen.getByTestId('stat-TestTrack Certified').textContent).toBe('2')
    expect(screen.getByTestId('stat-Blockchain Registered').textContent).toBe('1')
    expect(screen.queryByText(/Verify your email/)).toBeNull()
  })

  test('the table has the seven columns, and a row per song with its dates and links', async () => {
    await renderDashboard()
    expect(screen.getByRole('heading', { level: 2, name: 'Recent Submissions' })).toBeTruthy()
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Song Title',
      'Created Date',
      'Certified Date',
      'Blockchain Date',
      'Certificate',
      'Actions',
      'Blockchain Status',
    ])

    const row = rowOf('Morning Song')
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    // A date-only value is that calendar day, whatever the time zone.
    expect(cells.slice(0, 3)).toEqual(['March 1, 2025', 'April 2, 2025 (UTC)', 'Not registered'])
    const listen = within(row).getByRole('link', { name: /Listen/ })
    expect(listen.getAttribute('href')).toBe('https://example.com/morning.mp3')
    expect(listen.getAttribute('target')).toBe('_blank')
    expect(listen.getAttribute('rel')).toBe('noopener noreferrer')
    expect(within(row).getByRole('link', { name: 'View Certificate' }).getAttribute('href')).toBe(
      '/certificate/1',
    )
    expect(within(row).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/edit/1')
    expect(
      within(row).getByRole('link', { name: 'Add details to Morning Song' }).getAttribute('href'),
    ).toBe('/songs/1/details')
    expect(within(row).queryByText('Locked')).toBeNull()
    expect(
      within(row)
        .getByRole('link', { name: /^Register/ })
        .getAttribute('href'),
    ).toBe('/songs/1/register')

    expect(screen.getByRole('link', { name: 'View All Submissions' }).getAttribute('href')).toBe(
      '/songs',
    )
  })

  test('a registered song is locked, with the reason as a tooltip and a description', async () => {
    await renderDashboard()
    const row = rowOf('Evening Song')
    expect(within(row).getAllByRole('cell')[2]?.textContent).toBe('May 3, 2025 (UTC)')
    expect(within(row).queryByRole('link', { name: 'Edit' })).toBeNull()
    expect(within(row).queryByRole('link', { name: /^Add details/ })).toBeNull()
    expect(within(row).queryByRole('link', { name: /^Register/ })).toBeNull()
    expect(within(row).getByText('Registered')).toBeTruthy()

    // The product's tooltip (SPEC §9's delays), not the browser's title; its text is in the page.
    const locked = within(row).getByText('Locked')
    expect(locked.getAttribute('title')).toBeNull()
    expect(LOCKED_TOOLTIP).toBe(
      'Registered songs can’t be edited to keep your original work details locked and matched across all systems.',
    )
    const description = document.getElementById(locked.getAttribute('aria-describedby') ?? '')
    expect(description?.getAttribute('role')).toBe('tooltip')
    expect(description?.textContent).toBe(LOCKED_TOOLTIP)
  })

  test('any registration locks the song, even before it is confirmed', async () => {
    await renderDashboard({
      songs: [song({ registration: { createdAt: '2025-05-03T12:00:00.000Z', status: 'pending' } })],
    })
    const row = rowOf('Morning Song')
    expect(within(row).getByText('Locked')).toBeTruthy()
    expect(within(row).queryByRole('link', { name: 'Edit' })).toBeNull()
    expect(within(row).queryByRole('link', { name: /^Register/ })).toBeNull()
    expect(within(row).getByText('Pending')).toBeTruthy()
  })

  test('missing values: N/A for no certified date, no Listen link without a file link', async () => {
    await renderDashboard({ songs: [song({ createdAt: null, fileLink: null, dateCreated: null })] })
    const row = rowOf('Morning Song')
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 3),
    ).toEqual(['Date not available', 'N/A', 'Not registered'])
    expect(within(row).queryByRole('link', { name: /Listen/ })).toBeNull()
  })

  test('a file link that is not http(s) is never a link', async () => {
    await renderDashboard({ songs: [song({ fileLink: 'javascript:alert(1)' })] })
    expect(screen.queryByRole('link', { name: /Listen/ })).toBeNull()
  })

  test('a file link kept from before decision 108 that names a site before its @ is not a link', async () => {
    await renderDashboard({
      songs: [song({ fileLink: 'https://www.dropbox.com@evil.example/a.mp3' })],
    })
    expect(screen.queryByRole('link', { name: /Listen/ })).toBeNull()
  })

  test('with no songs it invites the first submission', async () => {
    await renderDashboard({
      songs: [],
      stats: { totalSongs: 0, blockchainCertified: 0 },
      emailVerified: false,
    })
    expect(screen.getByText('No songs submitted yet')).toBeTruthy()
    expect(
      screen.getByRole('link', { name: 'Create Your First Submission' }).getAttribute('href'),
    ).toBe('/submit')
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.queryByRole('link', { name: 'View All Submissions' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Verify your email' }).getAttribute('href')).toBe(
      '/verify-email',
    )
  })
})

describe('all submissions', () => {
  const songs = [
    song({ id: 23, title: 'Track 3' }),
    song({ id: 22, title: 'Track 2' }),
    song({ id: 21, title: 'Track 1' }),
  ]

  test('shows the page of songs in the same table, its range and links to the pages around it', async () => {
    await renderInRouter(<SongsPage />, () => ({ page: 2, offset: 20, hasNext: true, songs }))
    expect(screen.getByRole('heading', { level: 1, name: 'All Submissions' })).toBeTruthy()
    expect(screen.getAllByRole('columnheader')).toHaveLength(7)
    expect(screen.getAllByRole('rowheader').map((cell) => cell.firstChild?.textContent)).toEqual([
      'Track 3',
      'Track 2',
      'Track 1',
    ])
    expect(screen.getByText('Showing 21–23')).toBeTruthy()
    const pagination = screen.getByRole('navigation', { name: 'Pagination' })
    expect(within(pagination).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      '/songs?page=1',
    )
    expect(within(pagination).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      '/songs?page=3',
    )
  })

  test('the first page has no Previous, the last no Next', async () => {
    await renderInRouter(<SongsPage />, () => ({ page: 1, offset: 0, hasNext: false, songs }))
    expect(screen.getByText('Showing 1–3')).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Previous' })).toBeNull()
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull()
  })

  test('a page beyond the end is empty, with a way back', async () => {
    await renderInRouter(<SongsPage />, () => ({ page: 9, offset: 160, hasNext: false, songs: [] }))
    expect(screen.getByText('There are no submissions on this page.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to the first page' }).getAttribute('href')).toBe(
      '/songs',
    )
    expect(screen.queryByRole('table')).toBeNull()
  })

  test('no songs at all: the invitation to submit', async () => {
    await renderInRouter(<SongsPage />, () => ({ page: 1, offset: 0, hasNext: false, songs: [] }))
    expect(screen.getByText('No songs submitted yet')).toBeTruthy()
  })
})
