import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { splitRow } from '../setup/sample-song'
import { MODES, type TestPage, useBrowser } from './browser'
import { newSignedInUser, postSong, registerSong, verifyEmailThroughAdmin } from './flows'
import { sharedServer } from './server'

// Issue 49.4 in the browser: where a certificate's QR code leads, a stranger first reads which
// song it is — title, date created, each person's and AI's share with its confirmation — then
// "✓ Verified", then the proof; at a phone's width and a desktop's, with JavaScript and
// without. The certificate ID is never broken at its hyphens, there or on the certificate.

const browser = useBrowser()
const server = sharedServer()

const TITLE = 'Ánh trăng 달빛 — Moonlight'
const WIDTHS = [
  { width: 320, height: 640 },
  { width: 1280, height: 900 },
] as const

let shots: string
let song: { id: number; certificateId: string }
beforeAll(async () => {
  // VERIFY_SHOTS=1 keeps the screenshots to look at.
  shots = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-verify-lead-'))
  const owner = await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl })
  await newSignedInUser(owner, 'Lan', 'Nguyễn')
  await verifyEmailThroughAdmin(
    owner,
    await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl }),
  )
  song = await postSong(owner, {
    title: TITLE,
    contributorName: 'Nguyễn Thị Lan',
    coContributorName: '김민지',
    coContributorLatinName: 'Kim Minji',
    dateCreated: '2025-03-01',
    toolsUsed: 'Logic Pro, Suno',
    fileLink: 'https://files.example/moonlight.wav',
    contributions: [
      splitRow('lyrics', 60, 30, 0, 10),
      splitRow('vocals', 100, 0, 0, 0),
      splitRow('instrumentation', 50, 50, 0, 0),
      splitRow('production', 50, 0, 0, 50),
      splitRow('mixing', 100, 0, 0, 0),
    ],
  })
  await registerSong(owner, song.id)
  await owner.done()
})
afterAll(() => {
  if (process.env.VERIFY_SHOTS) console.log(`Screenshots kept in ${shots}`)
  else fs.rmSync(shots, { recursive: true, force: true })
})

/** Each shown certificate ID on the page, with the lines it takes (1: whole on one line). */
async function idLines(page: TestPage) {
  return page.locator('[data-certificate-id]').evaluateAll((spans) =>
    spans
      .filter((span) => span.getClientRects().length > 0)
      .map((span) => ({
        id: span.textContent,
        lines: new Set([...span.getClientRects()].map((rect) => Math.round(rect.top))).size,
      })),
  )
}

/** Where an element is on the page, and whether it comes before another in the document. */
async function box(page: TestPage, testId: string) {
  const found = await page.getByTestId(testId).first().boundingBox()
  expect(found, `${testId} is laid out`).not.toBeNull()
  return found!
}

describe.each(MODES)('the verify page with $name', ({ javaScriptEnabled }) => {
  test.each(WIDTHS)(
    'at $width px: the title, date and split first, then “✓ Verified”, then the proof; the ID on one line',
    async ({ width, height }) => {
      const visitor = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
      await visitor.setViewportSize({ width, height })
      expect((await visitor.goto(`/verify/${song.certificateId}`))?.status()).toBe(200)

      expect(await visitor.getByTestId('verify-record-kicker').textContent()).toBe(
        'The registered record',
      )
      expect(await visitor.getByRole('heading', { level: 2, name: TITLE }).count()).toBe(1)
      expect(await visitor.getByTestId('verify-created').textContent()).toBe(
        'Created March 1, 2025',
      )
      const split = visitor.getByTestId('verify-split')
      for (const [component, shares] of [
        ['lyrics', 'Nguyễn Thị Lan 60% / 김민지 30% / AI 10%'],
        ['production', 'Nguyễn Thị Lan 50% / AI 50%'],
      ] as const)
        expect(await split.getByTestId(`breakdown-${component}`).innerText()).toContain(shares)
      expect(await split.getByTestId('contributor-status-co-contributor').textContent()).toBe(
        'Declared by the submitter',
      )
      expect(await visitor.getByTestId('verdict').getByRole('status').textContent()).toBe(
        '✓ Verified: the certificate matches its blockchain record.',
      )

      // In the document and on the screen: the record, then the answer, then the proof.
      const order = await visitor.evaluate(() => {
        const at = (id: string) => document.querySelector(`[data-testid="${id}"]`)!
        const before = (a: string, b: string) =>
          Boolean(at(a).compareDocumentPosition(at(b)) & Node.DOCUMENT_POSITION_FOLLOWING)
        return {
          titleBeforeVerdict: before('verify-title', 'verdict'),
          splitBeforeVerdict: before('verify-split', 'verdict'),
          verdictBeforeProof: before('verdict', 'proof-details'),
          proofHoldsTimestamp: at('proof-details').contains(at('timestamp-check')),
          proofHoldsDetails: at('proof-details').contains(at('technical-details')),
        }
      })
      expect(order).toEqual({
        titleBeforeVerdict: true,
        splitBeforeVerdict: true,
        verdictBeforeProof: true,
        proofHoldsTimestamp: true,
        proofHoldsDetails: true,
      })
      const title = await box(visitor, 'verify-title')
      const splitBox = await box(visitor, 'verify-split')
      const verdict = await box(visitor, 'verdict')
      const proof = await box(visitor, 'timestamp-check')
      expect(title.y).toBeLessThan(splitBox.y)
      expect(splitBox.y + splitBox.height).toBeLessThanOrEqual(verdict.y)
      expect(verdict.y + verdict.height).toBeLessThanOrEqual(proof.y)

      // The ID in the heading (and wherever else it shows) is whole on one line.
      const ids = await idLines(visitor)
      expect(ids.length).toBeGreaterThan(0)
      expect(ids.filter((id) => id.lines !== 1)).toEqual([])
      expect(ids[0]!.id).toBe(song.certificateId)
      // Nothing runs off the side at a phone's width.
      expect(
        await visitor.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(width)
      await visitor.screenshot({
        path: path.join(shots, `verify-${width}-js-${javaScriptEnabled ? 'on' : 'off'}.png`),
        fullPage: true,
      })
      await visitor.done()
    },
  )
})

describe.each(MODES)('the certificate page with $name', ({ javaScriptEnabled }) => {
  test.each(WIDTHS)(
    'at $width px the ID and the verify address keep the ID whole; the QR code is beside the address',
    async ({ width, height }) => {
      const visitor = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
      await visitor.setViewportSize({ width, height })
      await visitor.goto(`/certificate/${song.id}`)
      const address = visitor.getByTestId('certificate-verify-url')
      expect(await address.textContent()).toBe(`${server.baseUrl}/verify/${song.certificateId}`)
      // The address may break only after a slash: its ID part is one box on one line.
      const parts = await address.locator('span').evaluateAll((spans) =>
        spans.map((span) => ({
          text: span.textContent,
          lines: new Set([...span.getClientRects()].map((rect) => Math.round(rect.top))).size,
        })),
      )
      expect(parts.at(-1)).toEqual({ text: song.certificateId, lines: 1 })
      expect(parts.filter((part) => part.lines !== 1)).toEqual([])
      expect(parts.map((part) => part.text).join('')).toBe(
        `${server.baseUrl}/verify/${song.certificateId}`,
      )
      expect((await idLines(visitor)).filter((id) => id.lines !== 1)).toEqual([])
      const qr = visitor.getByTestId('certificate-verify-qr')
      expect(await qr.isVisible()).toBe(true)
      expect(
        await visitor.evaluate(() => document.documentElement.scrollWidth),
      ).toBeLessThanOrEqual(width)
      await qr.scrollIntoViewIfNeeded()
      await visitor.screenshot({
        path: path.join(
          shots,
          `certificate-footer-${width}-js-${javaScriptEnabled ? 'on' : 'off'}.png`,
        ),
      })
      await visitor.done()
    },
  )
})
