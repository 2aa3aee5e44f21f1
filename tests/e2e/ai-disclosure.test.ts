import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { splitRow } from '../setup/sample-song'
import { MODES, type TestPage, useBrowser } from './browser'
import { newSignedInUser, postSong, registerSong, verifyEmailThroughAdmin } from './flows'
import { sharedServer } from './server'

// Issue 40: the AI disclosure in plain words on the certificate page and the verify page, with
// JavaScript on and off, at 320 px: under its own heading, every line whole, no sideways scroll,
// beside names in many scripts.

const browser = useBrowser()
const server = sharedServer()

const SONG = {
  title: '夜明けの歌 — שיר השחר',
  contributorName: '佐藤 美咲',
  contributorLatinName: 'Sato Misaki',
  coContributorName: 'प्रिया शर्मा',
  coContributorLatinName: 'Priya Sharma',
  coContributorName2: 'نادية الخطيب',
  coContributor2LatinName: 'Nadia Al-Khatib',
  dateCreated: '2025-03-01',
  toolsUsed: 'Suno, Логик Про',
  fileLink: 'https://files.example/dawn.wav',
  contributions: [
    splitRow('lyrics', 40, 30, 10, 20),
    splitRow('vocals', 50, 25, 25, 0),
    splitRow('production', 0, 0, 0, 100),
  ],
}

/** What the disclosure says for SONG, line by line, as ai-disclosure.ts words it. */
const RECORDING =
  'Partly (DDEX ContainsAI): part of it was made with generative AI, the rest by people'
const COMPONENTS = [
  ['Lyrics', 'AI-assisted (20\u00a0%)'],
  ['Vocals', 'no AI'],
  ['Production', 'made by AI (100\u00a0%)'],
] as const

/** The page scrolls sideways when anything is wider than the window. */
const sidewaysScroll = (page: TestPage) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

/** Every text in the region, whole and on screen (not cut off at the right edge). */
async function expectShown(
  page: TestPage,
  region: ReturnType<TestPage['locator']>,
  texts: string[],
) {
  // Labels are set in capitals by CSS: compared without case.
  const plain = (text: string) => text.replace(/\s+/g, ' ').toLowerCase()
  const shown = plain(await region.innerText())
  for (const text of texts) expect(shown).toContain(plain(text))
  const box = await region.boundingBox()
  expect(box, 'the disclosure is laid out').not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(320)
}

describe.each(MODES)('the AI disclosure with $name', ({ javaScriptEnabled }) => {
  test('the certificate page and the verify page say where AI took part, under their heading, at 320 px', async () => {
    const owner = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await newSignedInUser(owner, 'Misaki', 'Sato')
    await verifyEmailThroughAdmin(
      owner,
      await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl }),
    )
    const song = await postSong(owner, SONG)
    await registerSong(owner, song.id)
    await owner.setViewportSize({ width: 320, height: 640 })

    await owner.goto(`/certificate/${song.id}`)
    const section = owner.getByRole('region', { name: 'AI disclosure' })
    await expectShown(owner, section, [
      'The recording as a whole',
      RECORDING,
      'This is the declaration of the person who submitted the song; 0 of 2 co-writers confirmed the split it comes from.',
      ...COMPONENTS.flat(),
    ])
    for (const name of ['佐藤 美咲', 'प्रिया शर्मा', 'نادية الخطيب'])
      expect(await owner.locator('main').innerText()).toContain(name)
    expect(await sidewaysScroll(owner), 'certificate page scrolls sideways').toBe(0)
    await owner.done()

    // A stranger, from the record itself.
    const stranger = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await stranger.setViewportSize({ width: 320, height: 640 })
    await stranger.goto(`/verify/${song.certificateId}`)
    const recorded = stranger.getByRole('region', { name: 'AI disclosure, as recorded' })
    await expectShown(stranger, recorded, [
      `The recording as a whole: ${RECORDING}.`,
      ...COMPONENTS.map(([label, level]) => `${label}: ${level}`),
      'This is the declaration of the person who submitted the song',
    ])
    expect(await sidewaysScroll(stranger), 'verify page scrolls sideways').toBe(0)
    await stranger.done()
  })
})

/**
 * A real WAV file of `seconds` of silence (8 kHz, 8-bit mono PCM: a 44-byte RIFF header, then one
 * byte a sample), so the browser reads an actual recording's length from its header.
 */
function silentWav(seconds: number) {
  const rate = 8000
  const samples = seconds * rate
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + samples, 4)
  header.write('WAVE', 8, 'ascii')
  header.write('fmt ', 12, 'ascii')
  header.writeUInt32LE(16, 16) // the size of this fmt chunk
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(rate, 24)
  header.writeUInt32LE(rate, 28) // bytes a second
  header.writeUInt16LE(1, 32) // bytes a frame
  header.writeUInt16LE(8, 34) // bits a sample
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(samples, 40)
  // 8-bit PCM is unsigned: silence is 128.
  return Buffer.concat([header, Buffer.alloc(samples, 128)])
}

let dir: string
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-duration-e2e-'))
})
afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

describe.each(MODES)('the recording’s length on /submit with $name', ({ javaScriptEnabled }) => {
  test('read from a chosen audio file (or typed), shown on the review step, stored and in the DDEX message', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await newSignedInUser(page, 'Misaki', 'Sato')
    await page.goto('/submit')
    await page.getByLabel('Song Title *').fill('夜明けの歌')
    await page.getByLabel('Main Contributor Name *').fill('佐藤 美咲')
    await page.getByLabel('Tools Used *').fill('Piano')
    await page.getByLabel('Song Link *').fill('https://files.example/dawn.wav')
    const length = page.getByLabel('Length of the recording (Optional)')
    const reader = page.getByLabel('Or read it from the audio file')
    if (javaScriptEnabled) {
      // One minute five seconds of silence: the field shows minutes and seconds, not "65".
      const file = path.join(dir, 'dawn.wav')
      fs.writeFileSync(file, silentWav(65))
      await reader.setInputFiles(file)
      await expect.poll(() => length.inputValue(), { timeout: 10_000 }).toBe('1:05')
      expect(await page.getByText('Read from dawn.wav: 1:05.').count()).toBe(1)
    } else {
      // Without JavaScript nothing can read a file here: the length is typed.
      expect(await reader.count()).toBe(0)
      await length.fill('1:05')
    }
    await page.getByRole('button', { name: 'Review & Continue' }).click()
    await page.getByRole('heading', { name: 'Review Your Submission' }).waitFor()
    const shown = page.locator('xpath=//dt[normalize-space()="Length of the Recording"]/../dd')
    expect(await shown.innerText()).toBe('1:05')
    await page.getByRole('button', { name: 'Create Certificate' }).click()
    await page.waitForURL(/created=\d+/)
    const songId = Number(new URL(page.url()).searchParams.get('created'))

    const stored = await page.request.get(`/api/songs/${songId}`)
    expect(z.object({ durationSeconds: z.number().nullable() }).parse(await stored.json())).toEqual(
      { durationSeconds: 65 },
    )
    // What the length is asked for: the owner's DDEX message carries it.
    const ddex = await page.request.get(`/songs/${songId}/ddex.xml`)
    expect(ddex.status()).toBe(200)
    expect(await ddex.text()).toContain('<Duration>PT1M5S</Duration>')
    await page.done()
  })
})
