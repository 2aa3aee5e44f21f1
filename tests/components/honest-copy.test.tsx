// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import type { ComponentType, ReactNode } from 'react'
import { createMemoryRouter, type LoaderFunction, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, test } from 'vitest'
import { LandingPage } from '~/components/landing-page'
import { RegistrationCard } from '~/components/registration-card'
import { SongSummary } from '~/components/song-summary'
import { SongSchema } from '~/lib/song-schema'
import FaqPage, { loader as faqLoader } from '~/routes/faq'
import TermsOfServicePage, { loader as termsLoader } from '~/routes/terms-of-service'

afterEach(cleanup)

/** Renders under a root route whose data names the product, as the real root loader does. */
async function renderWithRoot(element: ReactNode, loader: LoaderFunction = () => null) {
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => ({ env: { APP_NAME: 'Songmark' } }),
        HydrateFallback: () => null,
        children: [{ index: true, element, loader }],
      },
    ],
    { future: { v7_partialHydration: true, v7_relativeSplatPath: true } },
  )
  render(<RouterProvider router={router} />)
  await screen.findByTestId('ready')
}

const page = (Component: ComponentType) => (
  <div data-testid="ready">
    <Component />
  </div>
)

describe('copy that says only what the app does', () => {
  test('FAQ and Terms: only free registrations need a verified email', async () => {
    await renderWithRoot(page(FaqPage), faqLoader)
    expect(document.body.textContent).toContain('A free registration needs a verified email')
    expect(document.body.textContent).not.toContain('Blockchain registration needs a verified')
    cleanup()
    await renderWithRoot(page(TermsOfServicePage), termsLoader)
    expect(document.body.textContent).toContain(
      'Free blockchain registrations require a verified email address.',
    )
    expect(document.body.textContent).not.toContain('Blockchain registration requires a verified')
  })

  test('the registration card names the configured product and the UTC month of its quota', async () => {
    await renderWithRoot(
      <div data-testid="ready">
        <RegistrationCard
          songId={1}
          paymentsConfigured={false}
          confirmations={[]}
          usage={{
            subscriptionTier: 'free',
            currentMonthUsage: 0,
            monthlyLimit: 1,
            remainingFree: 1,
            emailVerified: true,
          }}
        />
      </div>,
    )
    expect(document.body.textContent).toContain('Network and storage fees are paid by Songmark.')
    expect(document.body.textContent).not.toContain('ProofTrack')
    expect(document.body.textContent).toContain(
      '0 of 1 free registration used this month (months are counted in UTC)',
    )
  })

  test('no promise of adding identifiers later, on the summary or the landing page', async () => {
    render(
      <SongSummary
        values={SongSchema.parse({
          title: 'Night Drive',
          dateCreated: '2025-03-01',
          contributorName: 'Ann',
          toolsUsed: 'Ableton',
          fileLink: 'https://example.com/a.mp3',
          contributions: [],
        })}
      />,
    )
    expect(document.body.textContent).not.toMatch(/add identifiers later/i)
    expect(document.body.textContent).toContain('before you create the certificate')
    cleanup()
    await renderWithRoot(
      <div data-testid="ready">
        <LandingPage appName="Songmark" hasVideo={false} />
      </div>,
    )
    expect(document.body.textContent).not.toMatch(/over time/i)
  })
})
