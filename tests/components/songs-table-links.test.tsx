// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, expect, test } from 'vitest'
import { Dashboard } from '~/components/dashboard'

// Issue 53 (decision 116): the songs table's links are plain anchors (the same links without
// JavaScript) that the table sends through the router, as a Link would, with their routes
// announced for discovery. A new tab, a modifier key and Register's own dialog are left alone.

// jsdom cannot follow a link itself: what the browser then does is not this test's.
const stayInJsdom = (event: MouseEvent) => event.preventDefault()
afterEach(() => {
  window.removeEventListener('click', stayInJsdom)
  cleanup()
})

function dashboardAt() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <Dashboard
            name="Ann"
            appName="TestTrack"
            emailVerified
            stats={{ totalSongs: 1, blockchainCertified: 0 }}
            songs={[
              {
                id: 7,
                title: 'Night Drive',
                fileLink: 'https://example.com/night-drive.mp3',
                dateCreated: '2025-03-01',
                createdAt: '2025-04-02T10:00:00.000Z',
                isRegistered: false,
                registration: null,
              },
            ]}
            timeline={[]}
          />
        ),
        loader: () => null,
        HydrateFallback: () => null,
      },
      { path: '/edit/:id', element: <h1>Edit page</h1> },
      { path: '/certificate/:id', element: <h1>Certificate page</h1> },
      { path: '/songs/:id/register', element: <h1>Registration page</h1> },
    ],
    { future: { v7_relativeSplatPath: true } },
  )
  render(<RouterProvider router={router} />)
  window.addEventListener('click', stayInJsdom)
  return router
}

test('a click on a row’s link goes there through the router; the links are announced for discovery', async () => {
  const router = dashboardAt()
  await screen.findByRole('heading', { level: 1, name: /Welcome back/ })
  const table = screen.getByRole('region', { name: 'Recent Submissions' })
  const edit = within(table).getByRole('link', { name: 'Edit' })
  expect(edit.getAttribute('href')).toBe('/edit/7')
  expect(edit.getAttribute('data-discover')).toBe('true')
  expect(
    within(table).getByRole('link', { name: 'View Certificate' }).getAttribute('data-discover'),
  ).toBe('true')

  // A modifier key is the browser's (a new tab or window): the router stays where it is.
  fireEvent.click(edit, { ctrlKey: true })
  expect(router.state.location.pathname).toBe('/')

  fireEvent.click(edit)
  expect(await screen.findByRole('heading', { name: 'Edit page' })).toBeTruthy()
  expect(router.state.location.pathname).toBe('/edit/7')
})

test('Listen opens in a new tab and Register opens its dialog: neither is sent through the router', async () => {
  const router = dashboardAt()
  await screen.findByRole('heading', { level: 1, name: /Welcome back/ })
  const table = screen.getByRole('region', { name: 'Recent Submissions' })
  fireEvent.click(within(table).getByRole('link', { name: /Listen/ }))
  expect(router.state.location.pathname).toBe('/')
  fireEvent.click(
    within(table).getByRole('link', { name: 'Register Night Drive on the blockchain' }),
  )
  expect(router.state.location.pathname).toBe('/')
})
