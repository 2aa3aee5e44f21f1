// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import type { ComponentProps, ComponentType, ReactNode } from 'react'
import { createMemoryRouter, type LoaderFunction, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, test } from 'vitest'
import { LANDING_TERMS, LandingPage } from '~/components/landing-page'
import { RegistrationCard } from '~/components/registration-card'
import { RegistrationComplete } from '~/components/registration-complete'
import { SongSummary } from '~/components/song-summary'
import { glossaryNotes } from '~/lib/glossary'
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

const ready = (element: ReactNode) => <div data-testid="ready">{element}</div>
const page = (Component: ComponentType) => ready(<Component />)

/** The registration card of a free account with its month's registration left. */
const registrationCard = (destination?: ComponentProps<typeof RegistrationCard>['destination']) =>
  ready(
    <RegistrationCard
      songId={1}
      paymentsConfigured={false}
      confirmations={[]}
      destination={destination}
      usage={{
        subscriptionTier: 'free',
        currentMonthUsage: 0,
        monthlyLimit: 1,
        remainingFree: 1,
        emailVerified: true,
      }}
    />,
  )

describe('copy that says only what the app does', () => {
  test('FAQ and Terms: only free registrations need a verified email', async () => {
    await renderWithRoot(page(FaqPage), faqLoader as unknown as LoaderFunction)
    expect(document.body.textContent).toContain('A free registration needs a verified email')
    expect(document.body.textContent).not.toContain('Blockchain registration needs a verified')
    cleanup()
    await renderWithRoot(page(TermsOfServicePage), termsLoader as unknown as LoaderFunction)
    expect(document.body.textContent).toContain(
      'Free blockchain registrations require a verified email address.',
    )
    expect(document.body.textContent).not.toContain('Blockchain registration requires a verified')
  })

  test('the registration card names the configured product and the UTC month of its quota', async () => {
    await renderWithRoot(registrationCard())
    expect(document.body.textContent).toContain('Network and storage fees are paid by Songmark.')
    expect(document.body.textContent).not.toContain('ProofTrack')
    expect(document.body.textContent).toContain(
      '0 of 1 free registration used this month (months are counted in UTC)',
    )
  })

  test('the confirmation box promises permanence only where the record is permanent (issue 39.12)', async () => {
    const card = (permanent: boolean) =>
      registrationCard({
        network: permanent
          ? 'Solana mainnet'
          : 'Local development ledger on this server — not a public blockchain',
        storage: permanent ? 'Arweave' : 'Local store on this server — not permanent storage',
        notes: [],
        permanent,
      })
    await renderWithRoot(card(false))
    const local = screen.getByRole('checkbox').closest('label')!.textContent
    expect(local).toBe(
      'I confirm that I want to register this original work where this server registers, as said above. I understand this record is not permanent public proof.',
    )
    cleanup()
    await renderWithRoot(card(true))
    // SPEC §4's words, where they are true.
    expect(screen.getByRole('checkbox').closest('label')!.textContent).toBe(
      'I confirm that I want to permanently register this original work on the Solana blockchain and permanently store its certificate on Arweave. I understand this record is public and can never be changed or deleted.',
    )
  })

  test('the summary says the details can be added later, until registration; the landing page promises nothing more (issue 39.12)', async () => {
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
    // "/songs/:id/details" adds them to an unregistered song (decision 052): not "only here".
    expect(document.body.textContent).not.toContain('can only be added here')
    expect(document.body.textContent).toContain(
      'Identifiers, performing rights details, genre and lyrics can be added here, or later with “Add details” on your dashboard, until the song is registered.',
    )
    // No jargon left unexplained on the review step with only the required fields (issue 39.13).
    expect(document.body.textContent).not.toMatch(/\bPROs?\b/)
    cleanup()
    await renderWithRoot(
      ready(
        <LandingPage appName="Songmark" hasVideo={false} notes={glossaryNotes(LANDING_TERMS)} />,
      ),
    )
    expect(document.body.textContent).not.toMatch(/over time/i)
  })

  test('the completion dialog sends to the Solana Explorer only a record that is on Solana (issue 39.12)', async () => {
    const done = (network: string) => ({
      transactionSignature: '5'.repeat(88),
      explorerUrl: `/ledger/tx/${'5'.repeat(88)}`,
      network,
    })
    await renderWithRoot(ready(<RegistrationComplete songId={7} done={done('local-ledger')} />))
    expect(
      screen.getByRole('link', { name: 'View Song on This Server’s Local Ledger' }),
    ).toBeTruthy()
    expect(document.body.textContent).not.toContain('Solana Explorer')
    cleanup()
    // SPEC §4's words where they are true.
    await renderWithRoot(ready(<RegistrationComplete songId={7} done={done('devnet')} />))
    expect(screen.getByRole('link', { name: 'View Song on Solana Explorer' })).toBeTruthy()
  })
})
