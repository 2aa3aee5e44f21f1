import { beforeAll, describe, expect, test } from 'vitest'
import { splitRow } from '../setup/sample-song'
import { MODES, useBrowser } from './browser'
import { newSignedInUser, postSong, registerSong, verifyEmailThroughAdmin } from './flows'
import { sharedServer } from './server'

// Issue 53 (decision 116) in the browser: a stranger's verify page is kept with its check of the
// ledger, the store and the timestamp, and says when that check was made ("Checked … ago",
// written by the server, so JavaScript off reads it too); "Check again now" makes it again and the
// page says so. The certificate page and the verify page are answered from the kept copy.

const browser = useBrowser()
const server = sharedServer()

let song: { id: number; certificateId: string }
beforeAll(async () => {
  const owner = await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl })
  await newSignedInUser(owner, 'Ines', 'Sousa')
  await verifyEmailThroughAdmin(
    owner,
    await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl }),
  )
  song = await postSong(owner, {
    title: 'Fado da Ribeira',
    contributorName: 'Inês Sousa',
    dateCreated: '2025-06-12',
    toolsUsed: 'Guitarra portuguesa',
    fileLink: 'https://files.example/ribeira.wav',
    contributions: [splitRow('lyrics', 100, 0, 0, 0), splitRow('vocals', 100, 0, 0, 0)],
  })
  await registerSong(owner, song.id)
  await owner.done()
})

describe.each(MODES)('the verify page with $name', ({ javaScriptEnabled }) => {
  test('says when it was checked; “Check again now” checks again, and the page says so', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    const response = await page.goto(`/verify/${song.certificateId}`)
    expect(response?.status()).toBe(200)
    const checked = page.getByTestId('verify-checked').locator('time')
    expect(await checked.textContent()).toMatch(
      /^Checked (just now|\d{1,2} seconds ago|[1-5] minutes? ago)$/,
    )
    const first = Number(await checked.getAttribute('data-checked-at'))
    expect(first).toBeGreaterThan(Date.now() - 6 * 60_000)

    await page.getByRole('button', { name: 'Check again now' }).click()
    await expect
      .poll(async () => Number(await checked.getAttribute('data-checked-at')))
      .toBeGreaterThan(first)
    expect(new URL(page.url()).pathname).toBe(`/verify/${song.certificateId}`)
    expect(await checked.textContent()).toMatch(/^Checked (just now|\d seconds ago)$/)
    expect(await page.getByText('✓ Verified').count()).toBeGreaterThan(0)
    await page.done()
  })
})

test('a stranger’s second visit of the certificate and its verify page is the kept answer', async () => {
  const page = await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl })
  for (const path of [`/certificate/${song.id}`, `/verify/${song.certificateId}`]) {
    const first = await page.request.get(path)
    expect(first.status()).toBe(200)
    const again = await page.request.get(path)
    expect(again.status()).toBe(200)
    expect(again.headers()['x-kept']).toBe('hit')
    expect(await again.text()).toContain('Fado da Ribeira')
  }
  await page.done()
})
