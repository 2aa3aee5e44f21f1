import { describe, expect, test } from 'vitest'
import {
  keyPaths,
  PUBLIC_CERTIFICATE_KEYS_WITHOUT_RECORDING,
  withTimestamp,
} from '../setup/certificate-keys'
import { MODES, type TestPage, useBrowser } from './browser'
import { newSignedInUser, signInAsAdministrator, verifyEmailThroughAdmin } from './flows'
import { sharedServer, startServer } from './server'

// Issue 19: every record says where it really went, a split is whole before it is permanent, and
// a visitor's certificate data is the public projection only.

const browser = useBrowser()
const server = sharedServer()

const LOCAL_LEDGER = 'Local development ledger on this server — not a public blockchain'

async function createSong(
  page: TestPage,
  title: string,
  lyrics: { contributorPercent: number; aiPercent: number },
) {
  const response = await page.request.post('/api/songs', {
    data: {
      title,
      contributorName: 'Nia Split',
      dateCreated: '2025-05-01',
      toolsUsed: 'Voice',
      fileLink: 'https://example.com/s.mp3',
      lyrics: 'Only mine',
      contributions: [{ component: 'lyrics', ...lyrics }],
    },
  })
  expect(response.status()).toBe(201)
  return (await response.json()) as { id: number; certificateId: string }
}

describe.each(MODES)('registration records with $name', ({ javaScriptEnabled }) => {
  test(
    'a split of 200 % is refused with a link to the edit page; a whole one registers and every view names the local ledger',
    { timeout: 120_000 },
    async () => {
      const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
      await newSignedInUser(page, 'Nia', 'Split')
      await verifyEmailThroughAdmin(
        page,
        await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl }),
      )

      // The administrator sees where this server sends registrations.
      const admin = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
      await signInAsAdministrator(admin)
      expect(await admin.getByTestId('admin-deployment').textContent()).toContain(
        `registers on: ${LOCAL_LEDGER}. Storage: Local store on this server — not permanent storage.`,
      )
      await admin.done()

      // Lyrics 100 % human and 100 % AI: created (the spec flags it), never registered.
      const twice = await createSong(page, 'Twice Written', {
        contributorPercent: 100,
        aiPercent: 100,
      })
      await page.goto(`/songs/${twice.id}/register`)
      expect(await page.getByRole('alert').textContent()).toContain(
        'All contribution percentages must total 100% for each component.',
      )
      expect(
        await page.getByRole('link', { name: 'Edit the song’s splits' }).getAttribute('href'),
      ).toBe(`/edit/${twice.id}`)
      expect(await page.getByRole('checkbox', { name: /^I confirm/ }).count()).toBe(0)
      expect(await page.getByRole('button', { name: /Register on Blockchain|Pay/ }).count()).toBe(0)
      const api = await page.request.post(`/api/songs/${twice.id}/blockchain/sponsored`)
      expect(api.status()).toBe(422)
      expect(await api.json()).toMatchObject({
        message: expect.stringContaining('must total 100%'),
        editUrl: `/edit/${twice.id}`,
      })

      // From the dashboard: the modal with JavaScript, the page without; the same refusal.
      await page.goto('/')
      await page.getByRole('link', { name: 'Register Twice Written on the blockchain' }).click()
      if (javaScriptEnabled)
        await expect
          .poll(() => page.getByRole('dialog', { name: 'Register on Blockchain' }).count())
          .toBe(1)
      else await page.waitForURL(`**/songs/${twice.id}/register`)
      await expect
        .poll(() => page.getByRole('link', { name: 'Edit the song’s splits' }).count())
        .toBe(1)

      // Nothing is registered yet, but the song's snapshot is time-stamped in the background: the
      // owner's proof bundle holds its RFC 3161 timestamp alone (decision 068).
      await page.goto(`/certificate/${twice.id}`)
      expect(await page.getByRole('link', { name: 'Download PDF' }).count()).toBe(1)
      await expect
        .poll(
          async () => {
            await page.goto(`/certificate/${twice.id}`)
            return page.getByRole('link', { name: 'Download proof bundle' }).count()
          },
          { timeout: 15_000 },
        )
        .toBe(1)
      const unregistered = await page.request.get(`/certificate/${twice.id}/proof-bundle`)
      expect(unregistered.status()).toBe(200)
      expect(await unregistered.json()).toMatchObject({
        transaction: null,
        timestamps: [{ reason: 'created', tsaKind: 'local' }],
      })

      // A whole split registers; the card said where it would go, the dialog says where it went.
      const song = await createSong(page, 'Whole Song', { contributorPercent: 70, aiPercent: 30 })
      await page.goto(`/songs/${song.id}/register`)
      expect(await page.getByTestId('registration-destination').textContent()).toContain(
        `This server registers on: ${LOCAL_LEDGER}.`,
      )
      await page.getByRole('checkbox', { name: /^I confirm/ }).check()
      await page.getByRole('button', { name: /Register on Blockchain/ }).click()
      await expect
        .poll(
          () => page.getByRole('heading', { name: 'Blockchain Registration Complete' }).count(),
          { timeout: 30_000 },
        )
        .toBe(1)
      // The dialog (and, after the no-JavaScript redirect, the toast) says where it went, not "permanently".
      const complete = page.getByRole('dialog', { name: 'Blockchain Registration Complete' })
      expect(
        await complete
          .getByText(
            'Your song is now registered on this server’s local development ledger, not a public blockchain.',
          )
          .count(),
      ).toBe(1)
      expect(await page.getByText('permanently registered').count()).toBe(0)
      expect(await page.getByTestId('registration-network').textContent()).toContain(
        `Recorded on: ${LOCAL_LEDGER}.`,
      )

      // The certificate, the dashboard and the PDF show the recorded network.
      await page.goto(`/certificate/${song.id}`)
      expect(await page.getByTestId('certificate-network').textContent()).toBe(LOCAL_LEDGER)
      expect(await page.getByTestId('certificate-storage').textContent()).toBe(
        'Local store on this server — not permanent storage',
      )
      expect(await page.getByTestId('certificate-permanence').textContent()).toContain(
        'development record kept only by this server',
      )
      expect(
        await page.getByRole('link', { name: 'View on this server’s local ledger' }).count(),
      ).toBe(1)
      // The registered snapshot's RFC 3161 timestamp, stamped in the background (issue 29).
      await expect
        .poll(async () => {
          await page.goto(`/certificate/${song.id}`)
          return page.getByTestId('certificate-timestamp').textContent()
        })
        .toMatch(
          /^Time-stamped by the development TSA of this server at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC \(RFC 3161\)\. This is a development timestamp from this server, not an independent authority\.$/,
        )
      await page.goto('/')
      expect(await page.getByTestId(`song-${song.id}-network`).textContent()).toBe('Local ledger')

      // A visitor: the page's data is exactly the public projection, and the page shows the same label.
      const visitor = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
      const data = await visitor.request.get(
        `/certificate/${song.id}?_data=${encodeURIComponent('routes/certificate.$id')}`,
      )
      expect(data.status()).toBe(200)
      const body: unknown = await data.json()
      expect(keyPaths(body)).toEqual(withTimestamp(PUBLIC_CERTIFICATE_KEYS_WITHOUT_RECORDING))
      expect(JSON.stringify(body)).not.toContain('Only mine')
      await visitor.goto(`/certificate/${song.id}`)
      expect(await visitor.getByTestId('certificate-network').textContent()).toBe(LOCAL_LEDGER)
      await visitor.done()
      await page.done()
    },
  )
})

test(
  'production refuses the local ledger unless ALLOW_LOCAL_LEDGER says so; allowed, it says so at start-up',
  { timeout: 120_000 },
  async () => {
    const production = {
      APP_ENV: 'production',
      APP_URL: 'https://prooftrack.example',
      SESSION_SECRET: 'p'.repeat(48),
    }
    await expect(startServer(production)).rejects.toThrow(
      /not a public blockchain[\s\S]*ALLOW_LOCAL_LEDGER=true/,
    )
    await expect(startServer({ ...production, ALLOW_LOCAL_LEDGER: 'true' })).rejects.toThrow(
      /ALLOW_LOCAL_STORAGE=true/,
    )
    // The development TSA is refused the same way (issue 29, decision 057).
    await expect(
      startServer({ ...production, ALLOW_LOCAL_LEDGER: 'true', ALLOW_LOCAL_STORAGE: 'true' }),
    ).rejects.toThrow(/development TSA of this server[\s\S]*ALLOW_LOCAL_TSA=true/)
    // And the development signing key (issue 49, decision 103).
    const stand = {
      ...production,
      ALLOW_LOCAL_LEDGER: 'true',
      ALLOW_LOCAL_STORAGE: 'true',
      ALLOW_LOCAL_TSA: 'true',
    }
    await expect(startServer(stand)).rejects.toThrow(
      /development signing key of this server[\s\S]*ALLOW_LOCAL_SIGNING=true/,
    )
    const allowed = await startServer({ ...stand, ALLOW_LOCAL_SIGNING: 'true' })
    try {
      expect(allowed.output()).toContain(
        `[registration] production registrations go to: ${LOCAL_LEDGER}; storage: Local store on this server — not permanent storage.`,
      )
    } finally {
      await allowed.stop()
    }
  },
)
