// @vitest-environment jsdom
import crypto from 'node:crypto'
import { cleanup, render, screen, within } from '@testing-library/react'
// @remix-run/testing is not installed; Remix's own components run on this router underneath.
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, describe, expect, test } from 'vitest'
import * as track from '~/resource-routes/api.analytics.track'
import type { AuditSummary } from '~/lib/admin'
import Index, { loader as indexLoader } from '~/routes/_index'
import { db } from '../setup/db'
import { args, authedRequest, createAdmin, createTestSong, createUser } from '../setup/fixtures'

const LABEL = 'unverified — sent by an anonymous visitor'

/** The admin's `/`, rendered from the route's own loader with the admin's session. */
async function renderAdminHome() {
  const admin = await createAdmin()
  const loader = async () => indexLoader(args(await authedRequest('http://localhost/', admin.id)))
  const router = createMemoryRouter(
    [{ path: '/', element: <Index />, loader, HydrateFallback: () => null }],
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
  const view = render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
  await screen.findByRole('heading', { level: 1, name: /Admin/ }, { timeout: 10_000 })
  return view
}

async function send(body: Record<string, unknown>, cookieOf?: string) {
  const init = {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-ProofTrack-Client-Address': `192.0.2.${crypto.randomInt(1, 255)}`,
    },
    body: JSON.stringify(body),
  }
  const request = cookieOf
    ? await authedRequest('http://localhost/api/analytics/track', cookieOf, init)
    : new Request('http://localhost/api/analytics/track', init)
  expect((await track.action(args(request))).status).toBe(201)
}

afterEach(cleanup)

describe('the admin panel marks what came from anonymous visitors', () => {
  test('anonymous events and page paths carry the label and render as text; a signed-in user’s do not', async () => {
    await db().deleteFrom('analyticsEvents').execute()
    const user = await createUser()
    const injectedPath = '/<img src=x onerror=alert(1)>'
    const injectedAction = '<b>Refund approved</b> call +1 555 0100'
    await send({ eventType: 'page_view', pagePath: injectedPath, metadata: { title: 'x' } })
    await send({ eventType: 'page_view', pagePath: injectedPath, metadata: { title: 'x' } })
    await send({ eventType: 'user_action', pagePath: '/', metadata: { action: injectedAction } })
    await send(
      { eventType: 'user_action', pagePath: '/submit', metadata: { action: 'clicked_register' } },
      user.id,
    )
    await send({ eventType: 'page_view', pagePath: '/faq', metadata: { title: 'FAQ' } }, user.id)

    const { container } = await renderAdminHome()
    // The 30-day chart, drawn by the server from the same loader, today's visits in its last bar.
    const chart = screen.getByRole('figure', { name: 'Last 30 days' })
    expect(within(chart).getByRole('img', { name: /per day/ })).toBeTruthy()
    const lastDay = within(chart).getAllByRole('row').at(-1)!
    expect(Number(within(lastDay).getAllByRole('cell')[0]!.textContent)).toBeGreaterThan(0)

    const activity = within(screen.getByTestId('recent-activity'))
    const anonymousAction = activity
      .getByText(`User action: ${injectedAction}`, { exact: false })
      .closest('li')!
    expect(within(anonymousAction).getByText(LABEL)).toBeTruthy()
    const userAction = activity
      .getByText('User action: clicked_register', { exact: false })
      .closest('li')!
    expect(within(userAction).queryByText(LABEL)).toBeNull()
    expect(
      within(activity.getByText('Page view: /faq', { exact: false }).closest('li')!).queryByText(
        LABEL,
      ),
    ).toBeNull()

    const pages = within(screen.getByTestId('top-pages'))
    const injectedRow = pages.getByText(injectedPath).closest('li')!
    expect(within(injectedRow).getByText(LABEL)).toBeTruthy()
    expect(injectedRow.textContent).toContain('every view')
    expect(within(pages.getByText('/faq').closest('li')!).queryByText(LABEL)).toBeNull()

    // The sender's markup is text on the page, never elements.
    expect(container.querySelector('img')).toBeNull()
    expect(screen.getByTestId('recent-activity').querySelector('b')).toBeNull()
  })
})

describe('the admin panel lists refunded and disputed payments', () => {
  test('a refunded payment that already paid for a registration shows the registration it paid for; a disputed unused one says so', async () => {
    const user = await createUser()
    const newSong = (title: string) =>
      createTestSong(user.id, {
        title,
        contributions: [{ component: 'lyrics', contributorPercent: 100 }],
      })
    const spentSong = await newSong('Spent Verse')
    const unusedSong = await newSong('Unused Verse')
    const registration = await db()
      .insertInto('blockchainRegistrations')
      .values({ songId: spentSong.id, status: 'confirmed', blockchainData: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const voidedAt = new Date('2031-06-18T12:00:00Z')
    await db()
      .insertInto('paymentHistory')
      .values([
        {
          userId: user.id,
          songId: spentSong.id,
          stripePaymentIntentId: `pi_${crypto.randomBytes(8).toString('hex')}`,
          amount: '1.99',
          status: 'refunded',
          voidedAt,
          registrationId: registration.id,
          consumedAt: voidedAt,
        },
        {
          userId: user.id,
          songId: unusedSong.id,
          stripePaymentIntentId: `pi_${crypto.randomBytes(8).toString('hex')}`,
          amount: '1.99',
          status: 'disputed',
          voidedAt,
        },
      ])
      .execute()

    await renderAdminHome()

    const table = within(screen.getByTestId('voided-payments'))
    // The title is isolated in a <bdi> (issue 26): the cell's whole text is what a reader sees.
    const cell = (text: string) =>
      table.getByText((_, element) => element?.tagName === 'TD' && element.textContent === text)
    const refunded = cell(`Registered: Spent Verse (${spentSong.certificateId})`).closest('tr')!
    expect(within(refunded).getByText('Refunded')).toBeTruthy()
    expect(within(refunded).getByText(user.email)).toBeTruthy()
    expect(within(refunded).getByText('$1.99')).toBeTruthy()
    const disputed = cell(`Unused Verse (${unusedSong.certificateId})`).closest('tr')!
    expect(within(disputed).getByText('Disputed')).toBeTruthy()
    expect(within(disputed).getByText('None: the credit was unused')).toBeTruthy()
  })
})

describe('the Record Audit tab (issue 30)', () => {
  /** The tab rendered from a loader that answers what the audit recorded (its data: tests/routes/record-audit.test.ts). */
  async function renderRecords(audit: AuditSummary) {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <Index />,
          loader: () => ({
            view: 'admin',
            appName: 'ProofTrack',
            panel: { tab: 'records', audit },
          }),
          HydrateFallback: () => null,
        },
      ],
      { future: { v7_relativeSplatPath: true, v7_partialHydration: true } },
    )
    render(<RouterProvider router={router} future={{ v7_startTransition: true }} />)
    return screen.findByTestId('record-audit', {}, { timeout: 10_000 })
  }

  test('says when it last checked, how many hold, and lists each failing record with its reason', async () => {
    const tab = await renderRecords({
      lastCheckedAt: '2026-11-26T04:05:00.000Z',
      holding: 9998,
      failing: 2,
      unchecked: 3,
      failures: [
        {
          certificateId: 'PT-AAAA-BBBB',
          reason: 'Manifest hash matches the memo: sha256 of the stored manifest differs',
          checkedAt: '2026-11-26T04:05:00.000Z',
        },
        {
          certificateId: 'PT-CCCC-DDDD',
          reason: 'Transaction found on chain: No such transaction',
          checkedAt: '2026-11-26T04:04:00.000Z',
        },
      ],
    })
    expect(within(tab).getByText('Last check').nextSibling?.textContent).toBe(
      'November 26, 2026, 4:05 AM UTC',
    )
    expect(within(tab).getByText('Records that hold').nextSibling?.textContent).toBe('9998')
    expect(within(tab).getByText('Records that do not').nextSibling?.textContent).toBe('2')
    expect(within(tab).getByText('Not checked yet').nextSibling?.textContent).toBe('3')
    const table = within(tab).getByRole('table', { name: 'Records that no longer verify' })
    const row = within(table).getByRole('link', { name: 'PT-CCCC-DDDD' }).closest('tr')!
    expect(row.textContent).toContain('Transaction found on chain: No such transaction')
    expect(within(table).getByRole('link', { name: 'PT-AAAA-BBBB' }).getAttribute('href')).toBe(
      '/verify/PT-AAAA-BBBB',
    )
  })

  test('before the first check it says so, and lists nothing', async () => {
    const tab = await renderRecords({
      lastCheckedAt: null,
      holding: 0,
      failing: 0,
      unchecked: 4,
      failures: [],
    })
    expect(within(tab).getByText('Last check').nextSibling?.textContent).toBe('Not run yet')
    expect(within(tab).getByText('No record has been checked yet.')).toBeTruthy()
    expect(within(tab).queryByRole('table')).toBeNull()
  })
})
