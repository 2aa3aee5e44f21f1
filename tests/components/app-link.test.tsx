// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { createRef } from 'react'
import { afterEach, expect, test } from 'vitest'
import { AppLink, useAppLinkNavigation } from '~/components/app-link'

// Issue 53: an AppLink is a plain <a>; once the app runs, a plain click on a path of this app
// goes through the router, and every other click (another site, a modifier, a download) is the
// browser's own, as with Remix's Link.

afterEach(cleanup)

const opener = createRef<HTMLAnchorElement>()

function Links() {
  useAppLinkNavigation()
  return (
    <>
      <AppLink
        to="/songs/1/register"
        ref={opener}
        // As the register dialog's opener: its own click handler takes the click.
        onClick={(event) => event.preventDefault()}
      >
        Register
      </AppLink>
      <AppLink to="/faq" target="_blank">
        Help in a new tab
      </AppLink>
      <AppLink to="/">Here</AppLink>
      <AppLink to={'/\t/evil.example/songs' as `/${string}`}>Elsewhere with a tab</AppLink>
      <AppLink to="/songs?page=2" className="nav">
        Songs
      </AppLink>
      <AppLink to="//evil.example/songs">Elsewhere</AppLink>
      <AppLink to="/\evil.example/songs">Elsewhere too</AppLink>
      <AppLink to="/certificate/1/proof-bundle" reloadDocument>
        Download
      </AppLink>
    </>
  )
}

/** Whether the page took the click (the router's), the browser's navigation then held back. */
function taken(link: HTMLElement, init?: MouseEventInit) {
  let prevented = false
  const look = (event: Event) => {
    prevented = event.defaultPrevented
    // jsdom cannot follow a link; what the browser would open is not this test's.
    event.preventDefault()
  }
  window.addEventListener('click', look)
  fireEvent.click(link, init)
  window.removeEventListener('click', look)
  return prevented
}

function renderLinks() {
  const router = createMemoryRouter([{ path: '*', element: <Links /> }], {
    initialEntries: ['/'],
  })
  render(<RouterProvider router={router} />)
  return router
}

test('a plain click on a path of this app is the router’s; the <a> carries its href and props', async () => {
  const router = renderLinks()
  const link = screen.getByRole('link', { name: 'Songs' })
  expect(link.getAttribute('href')).toBe('/songs?page=2')
  expect(link.className).toBe('nav')
  expect(link.getAttribute('data-discover')).toBe('true')
  expect(taken(link)).toBe(true)
  await expect
    .poll(() => router.state.location.pathname + router.state.location.search)
    .toBe('/songs?page=2')
})

test('another site, a modified click and a download are the browser’s', () => {
  const router = renderLinks()
  for (const name of ['Elsewhere', 'Elsewhere too', 'Elsewhere with a tab', 'Help in a new tab'])
    expect(taken(screen.getByRole('link', { name }))).toBe(false)
  expect(taken(screen.getByRole('link', { name: 'Songs' }), { ctrlKey: true })).toBe(false)
  expect(taken(screen.getByRole('link', { name: 'Songs' }), { button: 1 })).toBe(false)
  const download = screen.getByRole('link', { name: 'Download' })
  expect(download.getAttribute('data-discover')).toBeNull()
  expect(taken(download)).toBe(false)
  expect(router.state.location.pathname).toBe('/')
})

test('a click the link’s own handler took stays taken; the ref is the <a>', () => {
  const router = renderLinks()
  const register = screen.getByRole('link', { name: 'Register' })
  expect(opener.current).toBe(register)
  expect(taken(register)).toBe(true)
  expect(router.state.location.pathname).toBe('/')
})

test('a link to the page shown replaces its history entry, as Remix’s does', async () => {
  const router = renderLinks()
  expect(taken(screen.getByRole('link', { name: 'Here' }))).toBe(true)
  await expect.poll(() => router.state.historyAction).toBe('REPLACE')
  expect(taken(screen.getByRole('link', { name: 'Songs' }))).toBe(true)
  await expect.poll(() => router.state.historyAction).toBe('PUSH')
})
