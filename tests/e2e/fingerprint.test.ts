import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { HASHED_IN_BROWSER, HASHED_ON_SERVER, RECORDINGS_LIMIT } from '../setup/recording-english'
import { CHECKED_IN_BROWSER, CHECKED_ON_SERVER } from '~/components/verify/recording-check'
import { seriousAxeViolations } from './axe'
import { MODES, type TestPage, useBrowser } from './browser'
import { newSignedInUser, registerSong, verifyEmailThroughAdmin } from './flows'
import { sharedServer } from './server'

// Issue 17 in Chromium, with JavaScript on and off: fingerprint two labelled files on /submit
// (hashed in the browser, or streamed through the server's hash and dropped), see them on the
// summary and the certificate, and check each and a wrong file on /verify/:certificateId.

const run = promisify(execFile)
const browser = useBrowser()
const server = sharedServer()
let dir: string
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-fingerprint-e2e-'))
})
afterAll(async () => {
  await judge?.done()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

let judge: TestPage | undefined
/** axe's serious and critical findings, a no-JavaScript page judged as rendered (tests/e2e/axe.ts). */
const serious = (page: TestPage, javaScriptEnabled: boolean) =>
  seriousAxeViolations(
    page,
    javaScriptEnabled,
    async () =>
      (judge ??= await browser.newPage({ javaScriptEnabled: true, baseUrl: server.baseUrl })),
  )

/** A generated "recording" of a few MB on disk, with the digest `sha256sum` prints for it. */
async function recording(name: string, size: number) {
  const file = path.join(dir, name)
  fs.writeFileSync(file, crypto.randomBytes(size))
  const { stdout } = await run('sha256sum', [file])
  return { file, sha256: stdout.split(' ')[0]!, size }
}

describe.each(MODES)('recording fingerprints with $name', ({ javaScriptEnabled }) => {
  test('fingerprint two labelled files on submit, see them on the summary and the certificate, then check each and a wrong file', async () => {
    const mode = javaScriptEnabled ? 'js' : 'nojs'
    const master = await recording(`master-${mode}.wav`, 4 * 1024 * 1024 + 321)
    const stems = await recording(`stems-${mode}.zip`, 3 * 1024 * 1024 + 7)
    const other = await recording('other.wav', 4 * 1024 * 1024 + 321)
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    // The largest body the page sends: with JavaScript the files never leave the browser.
    let largestPost = 0
    page.on(
      'request',
      (request) => (largestPost = Math.max(largestPost, request.postDataBuffer()?.length ?? 0)),
    )
    await newSignedInUser(page, 'Finn')
    await page.goto('/submit')
    expect(
      await page.getByRole('heading', { name: 'Fingerprint your recordings (Optional)' }).count(),
    ).toBe(1)
    // Next to the field, plainly: which of the two happens, and the limit.
    expect(await page.getByTestId('recording-how').textContent()).toBe(
      `${javaScriptEnabled ? HASHED_IN_BROWSER : HASHED_ON_SERVER} ${RECORDINGS_LIMIT}`,
    )
    // Without JavaScript five fixed slots; with it one row, and more on demand.
    expect(await page.getByTestId('recording-slot').count()).toBe(javaScriptEnabled ? 1 : 5)
    expect(await serious(page, javaScriptEnabled)).toEqual([])

    await page.getByLabel('Song Title *').fill('Fingerprinted Song')
    await page.getByLabel('Main Contributor Name *').fill('Finn Writer')
    await page.getByLabel('Tools Used *').fill('Piano')
    await page.getByLabel('Song Link *').fill('https://example.com/fp.wav')
    // The splits keep their default (100 % to the main contributor), so the song can be registered.
    await page.locator('#recording-0-label').fill('Master')
    await page.locator('#recording-0-file').setInputFiles(master.file)
    if (javaScriptEnabled) await page.getByRole('button', { name: 'Add another file' }).click()
    await page.locator('#recording-1-label').fill('Stems archive')
    await page.locator('#recording-1-file').setInputFiles(stems.file)
    if (javaScriptEnabled) {
      // Hashed here, in the page: each digest shows before anything is sent.
      await expect
        .poll(() => page.getByTestId('recording-sha256').allTextContents(), { timeout: 30_000 })
        .toEqual([master.sha256, stems.sha256])
    }
    await page
      .getByTestId('recording-slot')
      .nth(0)
      .getByLabel(/Show the file name on the certificate/)
      .check()
    await page.getByRole('button', { name: 'Review & Continue' }).click()
    await page.getByRole('heading', { name: 'Review Your Submission' }).waitFor()
    const files = page.getByTestId('summary-recording-file')
    // Without JavaScript the review arrives as one streamed page: its heading can be there
    // before the files' rows below it.
    await expect.poll(() => files.count()).toBe(2)
    const [first, second] = await files.allTextContents()
    expect(first).toContain('Master')
    expect(first).toContain(master.sha256)
    expect(first).toContain(`${master.size.toLocaleString('en-US')} bytes`)
    expect(first).toContain(`${path.basename(master.file)} (shown on the certificate)`)
    expect(second).toContain('Stems archive')
    expect(second).toContain(stems.sha256)
    expect(second).toContain(`${path.basename(stems.file)} (kept private)`)
    await page.getByRole('button', { name: 'Create Certificate' }).click()
    await page.waitForURL(/created=\d+/)
    // (Without JavaScript the files are in the post, but Chromium does not expose file-backed bodies; the summary's digests show they arrived.)
    if (javaScriptEnabled) expect(largestPost).toBeLessThan(64 * 1024)
    const songId = Number(new URL(page.url()).searchParams.get('created'))

    // Registered through the API (the registration flow has its own tests), after the admin verifies the email.
    await verifyEmailThroughAdmin(
      page,
      await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl }),
    )
    await registerSong(page, songId)

    await page.goto(`/certificate/${songId}`)
    expect(await page.getByTestId('certificate-recording-sha256').allTextContents()).toEqual([
      master.sha256,
      stems.sha256,
    ])
    const details = await page.getByTestId('certificate-recording-details').allTextContents()
    expect(details[0]).toContain(path.basename(master.file))
    expect(details[1]).not.toContain(path.basename(stems.file))
    expect(await page.getByText('Fingerprint: Stems archive (SHA-256)').count()).toBe(1)
    const certificateId = z
      .string()
      .parse(
        /PT-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec((await page.locator('body').textContent()) ?? '')?.[0],
      )
    await page.done()

    // A stranger checks files against the certificate: each registered one is named by its label.
    const visitor = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    let visitorPost = 0
    visitor.on(
      'request',
      (request) => (visitorPost = Math.max(visitorPost, request.postDataBuffer()?.length ?? 0)),
    )
    await visitor.goto(`/verify/${certificateId}`)
    expect(await visitor.getByTestId('registered-sha256').allTextContents()).toEqual([
      master.sha256,
      stems.sha256,
    ])
    expect(await visitor.getByTestId('check-recording-how').textContent()).toBe(
      javaScriptEnabled ? CHECKED_IN_BROWSER : CHECKED_ON_SERVER,
    )
    for (const [file, answer] of [
      [stems, 'This is the registered recording (Stems archive)'],
      [master, 'This is the registered recording (Master)'],
      [other, 'This is not the registered recording'],
    ] as const) {
      await visitor.getByLabel('File to check').setInputFiles(file.file)
      if (!javaScriptEnabled) await visitor.getByRole('button', { name: 'Check this file' }).click()
      await expect
        .poll(() => visitor.getByTestId('recording-answer').textContent(), { timeout: 30_000 })
        .toBe(answer)
      expect(await visitor.getByTestId('file-sha256').textContent()).toBe(file.sha256)
    }
    if (javaScriptEnabled) expect(visitorPost).toBe(0)
    expect(await serious(visitor, javaScriptEnabled)).toEqual([])
    await visitor.done()
  }, 180_000)
})
