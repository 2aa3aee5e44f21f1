import { describe, expect, test } from 'vitest'
import { MODES, useBrowser } from './browser'
import { signUpAndIn, verifyEmailThroughAdmin } from './flows'
import { sharedServer } from './server'

const browser = useBrowser()
const server = sharedServer()

describe.each(MODES)('registration with $name', ({ javaScriptEnabled }) => {
  test('verify email → register on the local ledger → certificate blockchain block → every verification check passes', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await signUpAndIn(page, 'Lena', 'Chain')
    const created = await page.request.post('/api/songs', {
      data: {
        title: 'Ledger Lullaby',
        contributorName: 'Lena Chain',
        dateCreated: '2025-04-01',
        toolsUsed: 'Voice, Udio',
        fileLink: 'https://example.com/lullaby.mp3',
        lyrics: 'Hush now',
        contributions: [{ component: 'lyrics', contributorPercent: 70, aiPercent: 30 }],
      },
    })
    expect(created.status()).toBe(201)
    const song = (await created.json()) as { id: number; certificateId: string }

    // Unverified: the card explains, and the server refuses with the spec's message.
    await page.goto(`/songs/${song.id}/register`)
    expect(await page.getByRole('heading', { name: 'Register on Blockchain' }).count()).toBe(1)
    expect(await page.getByText('Free Plan').count()).toBe(1)
    expect(await page.getByText('0 of 1 free registration used this month').count()).toBe(1)
    await page.getByRole('checkbox').check()
    await page.getByRole('button', { name: /Register on Blockchain/ }).click()
    await expect
      .poll(() =>
        page.getByText('Email verification required for free blockchain registrations').count(),
      )
      .toBeGreaterThan(0)

    // The admin verifies the code the user generated.
    await verifyEmailThroughAdmin(
      page,
      await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl }),
    )

    await page.goto(`/songs/${song.id}/register`)
    const button = page.getByRole('button', { name: /Register on Blockchain/ })
    // Disabled until the box is ticked, once the page has hydrated (without JavaScript it stays usable).
    if (javaScriptEnabled) await expect.poll(() => button.isDisabled()).toBe(true)
    await page.getByRole('checkbox').check()
    await button.click()
    await expect
      .poll(() => page.getByRole('heading', { name: 'Blockchain Registration Complete' }).count(), {
        timeout: 30_000,
      })
      .toBe(1)
    const signature = (await page.getByTestId('transaction-signature').textContent())!.trim()
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
    // On the local ledger no explorer knows the transaction: the link says where it goes (issue 39.12).
    for (const name of ['View Song on This Server’s Local Ledger', 'See Certificate'])
      expect(await page.getByRole('link', { name }).count()).toBe(1)
    // It is shown on the dashboard, so it offers no way to the dashboard (issue 52, polish).
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await page.getByRole('link', { name: 'Go to Dashboard' }).count()).toBe(0)
    expect(
      await page
        .getByRole('link', { name: 'View Song on This Server’s Local Ledger' })
        .getAttribute('href'),
    ).toContain(`/ledger/tx/${signature}`)

    // The local ledger page says plainly what it is and re-checks the signature.
    await page.goto(`/ledger/tx/${signature}`)
    expect(
      await page.getByText('Local development ledger — not a public blockchain').count(),
    ).toBeGreaterThan(0)
    expect(await page.getByText('Signature verified').count()).toBeGreaterThan(0)

    // The certificate carries the blockchain block; the dashboard shows Registered and Locked.
    await page.goto(`/certificate/${song.id}`)
    expect(await page.getByText(signature).count()).toBeGreaterThan(0)
    expect(await page.getByText(/0\.001005 SOL/).count()).toBeGreaterThan(0)
    await page.goto('/')
    expect(await page.getByText('Registered', { exact: true }).count()).toBeGreaterThan(0)
    expect(await page.getByText('Locked', { exact: true }).count()).toBeGreaterThan(0)

    // Anyone can verify it from public records.
    const visitor = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await visitor.goto(`/verify/${song.certificateId}`)
    await expect
      .poll(() => visitor.getByTestId('verification-check').count())
      .toBeGreaterThanOrEqual(6)
    expect(
      await visitor.locator('[data-testid="verification-check"][data-ok="false"]').count(),
    ).toBe(0)
    expect(
      await visitor.getByText('✓ Verified: the certificate matches its blockchain record.').count(),
    ).toBe(1)
    // A registered certificate is public, without its lyrics.
    expect((await visitor.goto(`/certificate/${song.id}`))?.status()).toBe(200)
    expect(await visitor.getByText('Hush now').count()).toBe(0)
    await visitor.done()

    // A second registration is refused.
    const again = await page.request.post(`/api/songs/${song.id}/blockchain/sponsored`)
    expect(again.status()).toBe(409)

    // The month's free registration is used: the next song's card offers the paid variant,
    // which says honestly that payments are not configured here. With JavaScript it is a modal.
    const second = await page.request.post('/api/songs', {
      data: {
        title: 'Second Verse',
        contributorName: 'Lena Chain',
        dateCreated: '2025-04-02',
        toolsUsed: 'Voice',
        fileLink: 'https://example.com/2.mp3',
      },
    })
    expect(second.status()).toBe(201)
    await page.goto('/')
    await page.getByRole('link', { name: 'Register Second Verse on the blockchain' }).click()
    if (javaScriptEnabled) {
      await expect
        .poll(() => page.getByRole('dialog', { name: 'Register on Blockchain' }).count())
        .toBe(1)
      await expect.poll(() => page.getByRole('button', { name: 'Pay $1.99' }).count()).toBe(1)
      expect(await page.getByText('payments are not available on this server').count()).toBe(1)
      await page.getByRole('button', { name: 'Cancel' }).click()
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0)
    } else {
      await page.waitForURL('**/register')
      expect(await page.getByRole('button', { name: 'Pay $1.99' }).isDisabled()).toBe(true)
      expect(await page.getByText('payments are not available on this server').count()).toBe(1)
    }
    await page.done()
  })
})
