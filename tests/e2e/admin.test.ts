import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MAX_VIDEO_BYTES } from '~/lib/video-upload'
import { MODES, type TestPage, useBrowser } from './browser'
import { expectSoon, signIn, signUpAndIn } from './flows'
import { ADMIN, useServer } from './server'

const browser = useBrowser()
// Its own server (uploads change the landing page; Recent Activity lists the database's last
// events), on the embedded database in both CI stages
// (decision 075 says which files run on PostgreSQL too).
const server = useServer({ admin: true, env: () => ({ DATABASE_URL: '' }) })
let tooBig: string
beforeAll(async () => {
  // Sparse, so the 50 MB + 1 byte file costs no disk or memory.
  tooBig = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-admin-')), 'huge.mp4')
  fs.writeFileSync(tooBig, '')
  fs.truncateSync(tooBig, MAX_VIDEO_BYTES + 1)
})
afterAll(async () => {
  if (tooBig) fs.rmSync(path.dirname(tooBig), { recursive: true, force: true })
})

const main = (page: TestPage) => page.getByRole('main')
const toast = (page: TestPage, text: string) => page.getByTestId('toast').filter({ hasText: text })

describe.each(MODES)('admin console with $name', ({ javaScriptEnabled }) => {
  test('the admin sees the analytics, verifies a user by code from the panel, and uploads the landing video', async () => {
    const user = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    const { email } = await signUpAndIn(user, 'Vera')
    await user.goto('/verify-email')
    await user.getByRole('button', { name: 'Get a Code for Support' }).click()
    await expect.poll(() => user.getByTestId('verification-code').count()).toBe(1)
    const code = (await user.getByTestId('verification-code').textContent())!.trim()

    const admin = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await signIn(admin, ADMIN.email, ADMIN.password)
    // An event of our own for Recent Activity (the last 5 events), sent once the admin's sign-in
    // has happened: the page views and the sign_in action it records would otherwise push it out
    // of the list when a busy machine writes the buffered page views late.
    const tracked = await user.request.post('/api/analytics/track', {
      data: {
        eventType: 'user_action',
        pagePath: '/verify-email',
        metadata: { action: 'clicked_register' },
      },
    })
    expect(tracked.ok()).toBe(true)
    await admin.reload()
    await expect
      .poll(() =>
        main(admin).getByRole('heading', { name: 'ProofTrack Admin', exact: true }).count(),
      )
      .toBe(1)
    expect(await main(admin).getByText('Administrator', { exact: true }).count()).toBe(1)
    expect(await main(admin).getByRole('link', { name: 'Sign Out' }).getAttribute('href')).toBe(
      '/api/auth/logout',
    )
    const tabs = admin.getByRole('navigation', { name: 'Admin sections' })
    expect(
      await tabs.getByRole('link', { name: 'Email Verification' }).getAttribute('aria-current'),
    ).toBe('page')
    expect(
      await tabs.getByRole('link', { name: 'Video Management' }).getAttribute('aria-current'),
    ).toBeNull()

    for (const card of [
      'websiteVisits',
      'userSignups',
      'certificatesGenerated',
      'blockchainRegistrations',
      'stripeRevenue',
    ]) {
      expect(await admin.getByTestId(`card-${card}`).count(), card).toBe(1)
    }
    expect(await admin.getByTestId('stripeRevenue-total').textContent()).toMatch(
      /^\$\d[\d,]*\.\d\d$/,
    )
    expect(
      Number(await admin.getByTestId('userSignups-total').textContent()),
    ).toBeGreaterThanOrEqual(2)
    expect(await admin.getByText('weeks start on Monday').count()).toBe(1)
    expect(await admin.getByRole('heading', { name: 'Top Pages' }).count()).toBe(1)
    expect(await admin.getByRole('heading', { name: 'Recent Activity' }).count()).toBe(1)
    expect(
      await admin.getByTestId('recent-activity').getByText('User action: clicked_register').count(),
    ).toBeGreaterThan(0)
    const instructions = admin.getByRole('region', { name: 'How email verification works' })
    expect(await instructions.textContent()).toContain('/verify-email')
    expect(await instructions.textContent()).toContain(ADMIN.email)

    // The pending list shows the code with the account's email, to match the sender.
    const row = admin.getByRole('row').filter({ hasText: code })
    expect(await row.count()).toBe(1)
    expect(await row.textContent()).toContain(email)
    expect(await row.textContent()).toMatch(/\w+ \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M UTC/)

    const input = admin.getByLabel('Verification code')
    const verify = main(admin).getByRole('button', { name: 'Verify User Email' })
    await input.fill(code.slice(0, 5))
    if (javaScriptEnabled) await expect.poll(() => verify.isDisabled()).toBe(true)
    await input.fill(code)
    await verify.click()
    await expect.poll(() => toast(admin, 'User email verified successfully!').count()).toBe(1)
    expect(await admin.getByLabel('Verification code').inputValue()).toBe('')
    await user.goto('/verify-email')
    expect(await user.getByText(/is verified/).count()).toBe(1)
    await user.done()

    await admin.goto('/')
    await admin
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Video Management' })
      .click()
    await admin.waitForURL((url) => url.search === '?tab=video')
    await expectSoon(
      admin,
      (timeout) =>
        tabs
          .getByRole('link', { name: 'Video Management' })
          .getAttribute('aria-current', { timeout }),
      'page',
    )
    expect(await main(admin).getByText('MP4, 16:9').count()).toBeGreaterThan(0)
    const file = admin.getByLabel('Video file')
    expect(await file.getAttribute('accept')).toBe('video/*')
    const upload = main(admin).getByRole('button', { name: 'Upload Video' })

    // Not a video: refused in the browser with JavaScript, by the server without.
    await file.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a video'),
    })
    if (!javaScriptEnabled) await upload.click()
    await expect.poll(() => toast(admin, 'Please select a video file.').count()).toBe(1)
    expect(await toast(admin, 'Invalid File').count()).toBe(1)
    if (javaScriptEnabled) {
      await file.setInputFiles(tooBig)
      await expect.poll(() => toast(admin, 'Please select a video under 50MB.').count()).toBe(1)
      expect(await toast(admin, 'File Too Large').count()).toBe(1)
      expect(await upload.isDisabled()).toBe(true)
    }

    const bytes = crypto.randomBytes(4096)
    await admin
      .getByLabel('Video file')
      .setInputFiles({ name: 'Demo Reel.mp4', mimeType: 'video/mp4', buffer: bytes })
    await main(admin).getByRole('button', { name: 'Upload Video' }).click()
    // The upload is written to the database chunk by chunk; on a shared PostgreSQL under load that takes seconds.
    await expect
      .poll(
        () =>
          toast(
            admin,
            'Video uploaded successfully. Changes will be visible on the landing page.',
          ).count(),
        { timeout: 20_000 },
      )
      .toBe(1)
    expect(await toast(admin, 'Success').count()).toBe(1)
    if (javaScriptEnabled)
      expect(
        await admin
          .getByRole('progressbar', { name: 'Upload progress' })
          .getAttribute('aria-valuenow'),
      ).toBe('100')
    else expect(new URL(admin.url()).search).toBe('?tab=video')
    // The page's data was reloaded: the panel shows the new video.
    await expect.poll(() => admin.getByTestId('current-video').textContent()).toContain('4.0 KB')

    await admin.goto('/admin/video')
    expect(
      await admin.getByRole('heading', { name: 'ProofTrack Admin - Video Management' }).count(),
    ).toBe(1)
    expect(await main(admin).getByText('Administrator', { exact: true }).count()).toBe(1)
    expect(await main(admin).getByRole('link', { name: 'Sign Out' }).count()).toBe(1)
    expect(await admin.getByTestId('current-video').textContent()).toContain('4.0 KB')
    await main(admin).getByRole('link', { name: 'Back to Dashboard' }).click()
    await admin.waitForURL((url) => url.pathname === '/')
    await expect
      .poll(() => admin.getByRole('heading', { name: 'ProofTrack Admin', exact: true }).count())
      .toBe(1)
    await admin.done()

    const visitor = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await visitor.goto('/')
    expect(await visitor.locator('video').getAttribute('src')).toBe('/media/landing-video')
    const whole = await visitor.request.get('/media/landing-video')
    expect(whole.status()).toBe(200)
    expect(Buffer.from(await whole.body()).equals(bytes)).toBe(true)
    const part = await visitor.request.get('/media/landing-video', {
      headers: { Range: 'bytes=100-199' },
    })
    expect(part.status()).toBe(206)
    expect(Buffer.from(await part.body()).equals(bytes.subarray(100, 200))).toBe(true)
    await visitor.done()
  }, 150_000)

  test('a plain user and a visitor get Access Denied on /admin/video; the user gets 403 from the admin APIs', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    const visitorView = await page.goto('/admin/video')
    expect(visitorView?.status()).toBe(403)
    expect(await page.getByRole('heading', { name: 'Access Denied' }).count()).toBe(1)

    await signUpAndIn(page, 'Vera')
    await expect.poll(() => page.getByRole('heading', { name: /^Welcome, / }).count()).toBe(1)
    expect(await page.getByRole('heading', { name: 'ProofTrack Admin', exact: true }).count()).toBe(
      0,
    )
    const denied = await page.goto('/admin/video')
    expect(denied?.status()).toBe(403)
    expect(await page.getByRole('heading', { name: 'Access Denied' }).count()).toBe(1)
    expect(await page.getByText('Admin access required').count()).toBe(1)
    await page.getByRole('link', { name: 'Return to Home' }).click()
    await page.waitForURL((url) => url.pathname === '/')

    for (const api of [
      '/api/admin/pending-verifications',
      '/api/admin/stats',
      '/api/admin/analytics',
    ]) {
      const response = await page.request.get(api)
      expect(response.status(), api).toBe(403)
      expect(await response.json()).toEqual({ message: 'Admin access required' })
    }
    const upload = await page.request.post('/api/admin/upload-video', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      multipart: { video: { name: 'x.mp4', mimeType: 'video/mp4', buffer: Buffer.alloc(1024) } },
    })
    expect(upload.status()).toBe(403)
    await page.done()
  })
})
