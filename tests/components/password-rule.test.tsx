// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import type { ComponentType } from 'react'
// @remix-run/testing is not installed; Remix's own components run on this router underneath.
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, test } from 'vitest'
import { PASSWORD_RULE } from '~/lib/password-rule'
import { timeZoneOptions } from '~/lib/time-zone-names'
import RegisterPage from '~/routes/register'
import ResetPasswordPage from '~/routes/reset-password'
import PasswordPage from '~/routes/settings_.password'

afterEach(cleanup)

async function renderPage(Component: ComponentType, data: Record<string, unknown>) {
  const router = createMemoryRouter(
    [{ path: '/', element: <Component />, loader: () => data, HydrateFallback: () => null }],
    {
      future: {
        v7_relativeSplatPath: true,
        v7_fetcherPersist: true,
        v7_normalizeFormMethod: true,
        v7_partialHydration: true,
        v7_skipActionErrorRevalidation: true,
      },
    },
  )
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  await screen.findByRole('heading', { level: 1 })
}

/** The text a screen reader reads with the field: what its aria-describedby names. */
function descriptionOf(input: HTMLElement) {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
}

// Issue 39 item 3: the one rule is shown with every new-password field before any submit.
describe('the password rule before the first submit', () => {
  test.each([
    [
      'register',
      RegisterPage,
      {
        googleConfigured: false,
        constraint: {},
        // What the loader gives a browser that reported no zone (issue 39.14).
        timeZones: timeZoneOptions([]),
        suggestedTimeZone: 'UTC',
      },
      'Password',
    ],
    ['reset', ResetPasswordPage, { token: 'x', constraint: {} }, 'New Password'],
    ['settings', PasswordPage, { hasPassword: true, constraint: {} }, 'New password'],
  ] as const)('%s', async (_, Page, data, label) => {
    await renderPage(Page as ComponentType, data)
    const input = screen.getByLabelText(label, { selector: 'input' })
    expect(descriptionOf(input)).toBe(PASSWORD_RULE)
    expect(PASSWORD_RULE).toMatch(/^At least 8 characters/)
  })
})
