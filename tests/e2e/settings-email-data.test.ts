import crypto from 'node:crypto'
import fs from 'node:fs'
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import { evenSplit } from '../setup/sample-song'
import { MODES, useBrowser } from './browser'
import { expectSoon, postSong, signUpAndIn } from './flows'
import { mailTo } from './mailbox'
import { sharedServer } from './server'

// Issue 28 (decision 067): changing the email address by the mailed link, and downloading
// one's data, in a real browser with JavaScript on and off, on the run's shared server (its mail
// read from DATA_DIR/mail).
const browser = useBrowser()
const server = sharedServer()

describe.each(MODES)('email change and data download with $name', ({ javaScriptEnabled }) => {
  test('a new address confirmed from the mailed link, the old one told; the ZIP holds the songs', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    const account = await signUpAndIn(page, 'Mina', '김')
    await postSong(page, {
      title: '봄날의 노래',
      contributorName: '김민아',
      dateCreated: '2025-04-01',
      toolsUsed: 'Piano',
      fileLink: 'https://example.com/song.mp3',
      contributions: evenSplit(100),
    })

    await page.goto('/settings')
    await page.getByRole('link', { name: /^Email address/ }).click()
    await page.waitForURL((url) => url.pathname === '/settings/email')
    expect(await page.getByTestId('current-email').innerText()).toContain(account.email)
    const newEmail = `mina-new-${crypto.randomBytes(3).toString('hex')}@example.org`
    await page.getByLabel('New email address').fill(newEmail)
    await page.getByRole('button', { name: 'Send Confirmation Link' }).click()
    await expectSoon(
      page,
      (timeout) => page.getByTestId('toast').innerText({ timeout }),
      expect.stringContaining('Check the new mailbox'),
    )

    const mail = await mailTo(server.dataDir, newEmail, {
      subject: 'Confirm your new ProofTrack email address',
    })
    const link = /http:\/\/\S+\/settings\/email\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0]
    await page.goto(new URL(link).pathname + new URL(link).search)
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(
      'Confirm your new email address',
    )
    await page.getByRole('button', { name: 'Confirm New Address' }).click()
    await page.waitForURL((url) => url.pathname === '/settings')
    await expectSoon(
      page,
      (timeout) => page.getByTestId('toast').innerText({ timeout }),
      expect.stringContaining(newEmail),
    )
    const told = await mailTo(server.dataDir, account.email, {
      subject: 'Your ProofTrack email address was changed',
    })
    expect(told.text).toContain(newEmail)

    // The same link a second time changes nothing and says so.
    await page.goto(new URL(link).pathname + new URL(link).search)
    expect(await page.getByRole('alert').first().innerText()).toContain('invalid or has expired')

    await page.goto('/settings')
    await page.getByRole('link', { name: /^Your data/ }).click()
    await page.waitForURL((url) => url.pathname === '/settings/data')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-data').click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^prooftrack-data-[0-9a-f]{8}-[\d-]{10}\.zip$/)
    const files = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)))
    const data = JSON.parse(strFromU8(files['your-data.json']!))
    expect(data.account.email).toBe(newEmail)
    expect(data.account.emailVerified).toBe(true)
    expect(data.account.lastName).toBe('김')
    expect(data.songs.map((s: { title: string }) => s.title)).toEqual(['봄날의 노래'])
    expect(strFromU8(files['songs.csv']!)).toContain('봄날의 노래')
    expect(page.url()).toMatch(/\/settings\/data$/)
    await page.done()
  })
})
