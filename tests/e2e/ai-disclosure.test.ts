import { describe, expect, test } from 'vitest'
import { splitRow } from '../setup/sample-song'
import { MODES, type TestPage, useBrowser } from './browser'
import { newSignedInUser, postSong, registerSong, verifyEmailThroughAdmin } from './flows'
import { useServer } from './server'

// Issue 40: the AI disclosure in plain words on the certificate page and the verify page, with
// JavaScript on and off, at 320 px: under its own heading, every line whole, no sideways scroll,
// beside names in many scripts.

const browser = useBrowser()
const server = useServer({ admin: true })

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
