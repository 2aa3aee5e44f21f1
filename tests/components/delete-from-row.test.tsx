// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, expect, test } from 'vitest'
import { Dashboard, type SongRowData } from '~/components/dashboard'

// Issue 39.18: an unregistered song is deleted from its row (through the confirm page), a
// registered or registering one is not.

afterEach(cleanup)

const song = (id: number, title: string, registration: SongRowData['registration']) => ({
  id,
  title,
  fileLink: null,
  dateCreated: '2025-03-01',
  createdAt: '2025-04-02T10:00:00.000Z',
  isRegistered: registration?.status === 'confirmed',
  registration,
})

test('the row of an unregistered song (or one whose registration failed) links to its delete page', async () => {
  const songs = [
    song(1, 'Черновик', null),
    song(2, '失敗した登録', { createdAt: '2025-05-03T12:00:00.000Z', status: 'failed' }),
    song(3, 'गीत पंजीकृत', { createdAt: '2025-05-03T12:00:00.000Z', status: 'confirmed' }),
    song(4, 'เพลงกำลังลงทะเบียน', { createdAt: '2025-05-03T12:00:00.000Z', status: 'pending' }),
  ]
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <Dashboard
            name="Ann"
            appName="TestTrack"
            emailVerified
            stats={{ totalSongs: 4, blockchainCertified: 1 }}
            songs={songs}
            timeline={[]}
          />
        ),
        loader: () => null,
        HydrateFallback: () => null,
      },
    ],
    { future: { v7_relativeSplatPath: true } },
  )
  render(<RouterProvider router={router} />)
  await screen.findByRole('heading', { level: 1 })
  const row = (title: string) =>
    screen.getByRole('rowheader', { name: new RegExp(title) }).closest('tr')!
  expect(
    within(row('Черновик')).getByRole('link', { name: 'Delete Черновик' }).getAttribute('href'),
  ).toBe('/songs/1/delete?from=dashboard')
  expect(
    within(row('失敗した登録'))
      .getByRole('link', { name: 'Delete 失敗した登録' })
      .getAttribute('href'),
  ).toBe('/songs/2/delete?from=dashboard')
  for (const title of ['गीत पंजीकृत', 'เพลงกำลังลงทะเบียน'])
    expect(within(row(title)).queryByRole('link', { name: /^Delete/ })).toBeNull()
})
