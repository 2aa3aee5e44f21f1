import crypto from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { COMPONENTS } from '~/lib/song-constants'
import { splitRow } from '../setup/sample-song'
import { MODES, type TestPage, useBrowser } from './browser'
import { postSong, registerSong, verifyEmailThroughAdmin } from './flows'
import { englishOn, expectNothingWider, pseudoSignIn, pseudoWriter } from './i18n-english'
import { sharedServer } from './server'

// Issue 54, the song area: the pages around the song form drawn in the pseudo-language (en-XA)
// hold no English outside names and identifiers, in the states the suite visits: /submit's form
// step, its review after a real post of a full song, the created song, a new version's notice
// and its toast, /edit/:id (and a registered song's locked page), /songs/:id/details,
// /songs/:id/delete (and a registered song's refusal), each form refused after a real post, with
// JavaScript on and off. Then each page in German and Japanese at 320 px.

const browser = useBrowser()
const server = sharedServer()

// What the owner typed stays as typed; the check cannot tell a typed word from an English one.
const TYPED = [
  'Zoé Ñúñez',
  'Zoé',
  'Ólafur Ásgeirsson',
  'Piano',
  'https://example.com/ete.mp3',
  'Mäster',
  'audio/wav',
  'prise-3.wav (ÿ)',
  'Éditions Lumière',
]
// Intl has no data for en-XA: its dates and figures are English's (app/i18n/format.ts), a file's
// size in Intl's own units too (the form's recording field).
const ENGLISH_DATE = /^[A-Z][a-z]+ \d{1,2}, \d{4}$/
const INTL_SIZE = /^[\d,.]+ (byte|bytes|kB|MB|GB)$/

// The song form's own fields are the form area's, checked by its own test; what of them these
// pages show untranslated is listed here by what it is, so it fails here once it changes.
const FORM_AREA = [
  // The PRO field's example societies: names, whose last one ends in an ellipsis.
  '@placeholder: ASCAP, BMI, PRS…',
]

function asIs(found: string) {
  const text = found.split(': ').slice(1).join(': ')
  return (
    TYPED.includes(text) ||
    ENGLISH_DATE.test(text) ||
    INTL_SIZE.test(text) ||
    FORM_AREA.includes(found) ||
    // A recording's SHA-256: one word of hex digits.
    /^[0-9a-f]{64}$/.test(text)
  )
}
const ourEnglish = async (page: TestPage) => (await englishOn(page)).filter((f) => !asIs(f))

/** The song form as a browser posts it: every field of the review filled in, and a recording. */
function fullSong(title: string) {
  const fields: Record<string, string> = {
    title,
    dateCreated: '2025-04-01',
    contributorName: 'Zoé Ñúñez',
    coContributorName: 'Ólafur Ásgeirsson',
    toolsUsed: 'Piano',
    fileLink: 'https://example.com/ete.mp3',
    isrc: 'FRZ039900212',
    mainContributorPro: 'SACEM',
    mainContributorPublisher: 'Éditions Lumière',
    lyrics: 'Ça va\nÇa vient',
    'recordings[0].label': 'Mäster',
    'recordings[0].sha256': crypto.randomBytes(32).toString('hex'),
    'recordings[0].size': '12345',
    'recordings[0].mediaType': 'audio/wav',
    'recordings[0].fileName': 'prise-3.wav (ÿ)',
    intent: 'review',
  }
  // Lyrics shared 60/40, which is not whole: the review's warning is drawn too.
  COMPONENTS.forEach((component, index) => {
    fields[`contributions[${index}].component`] = component
    fields[`contributions[${index}].contributorPercent`] = index === 0 ? '60' : '100'
    fields[`contributions[${index}].coContributorPercent`] = index === 0 ? '30' : '0'
    fields[`contributions[${index}].coContributor2Percent`] = '0'
    fields[`contributions[${index}].aiPercent`] = '0'
  })
  return fields
}

let username: string
let songs: { open: number; registered: number }

/** One owner (a verified address, a registered song, an open one with a co-writer). */
beforeAll(async () => {
  const page = await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl })
  username = (await pseudoWriter(page, { open: '/settings/data' })).username
  await verifyEmailThroughAdmin(
    page,
    await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl }),
  )
  const song = (title: string) =>
    postSong(page, {
      title,
      contributorName: 'Zoé Ñúñez',
      coContributorName: 'Ólafur Ásgeirsson',
      dateCreated: '2025-04-01',
      toolsUsed: 'Piano',
      fileLink: 'https://example.com/ete.mp3',
      contributions: [splitRow('lyrics', 50, 50, 0, 0), splitRow('vocals', 100, 0, 0, 0)],
      recordings: [
        { label: 'Mäster', sha256: crypto.randomBytes(32).toString('hex'), size: 12_345 },
      ],
    })
  const registeredSong = await song('Été gravé')
  await registerSong(page, registeredSong.id)
  songs = { open: (await song('Été ouvert')).id, registered: registeredSong.id }
  await page.done()
}, 120_000)

const post = (page: TestPage, path: string, form: Record<string, string>, maxRedirects?: number) =>
  page.request.post(path, { form, maxRedirects, headers: { 'Sec-Fetch-Site': 'same-origin' } })

async function signIn(page: TestPage) {
  await pseudoSignIn(page, username)
  // The sign-in's welcome toast is the auth area's: spent on a page of its own, not checked here.
  await page.request.get('/settings/data')
}

/** The review page of a full song, after its real post: its address. */
async function reviewed(page: TestPage, title: string) {
  const answer = await post(page, '/submit', fullSong(title), 0)
  expect(answer.status()).toBe(302)
  const location = answer.headers()['location']!
  expect(location).toMatch(/^\/submit\?review=/)
  return location
}

describe.each(MODES)('the song pages in the pseudo-language, $name', (mode) => {
  test('show no English outside names and identifiers, in each state the suite visits', async () => {
    const page = await browser.newPage({ ...mode, locale: 'en-XA', baseUrl: server.baseUrl })
    await signIn(page)
    const found: Record<string, string[]> = {}
    const check = async (state: string) => {
      await page.waitForLoadState('load')
      expect(await page.locator('html').getAttribute('lang')).toBe('en-XA')
      // The route sends its messages: were it not, <main lang="en"> would mark it English.
      expect(await page.locator('main').getAttribute('lang')).toBeNull()
      found[state] = await ourEnglish(page)
    }

    await page.goto('/submit')
    await check('/submit')

    // The review of a full song posted for real: every section, the recording, the warning.
    await page.goto(await reviewed(page, 'Été à Paris'))
    await expect.poll(() => page.getByTestId('summary-recording-file').count()).toBe(1)
    await check('/submit, the review')

    // Created: the dialog with JavaScript, the page's section without.
    await page.locator('button[name="intent"][value="create"]').click()
    await page.waitForURL((url) => url.searchParams.has('created'))
    await expect.poll(() => page.locator('#success-title').count()).toBe(1)
    await check('/submit, created')

    // A registered song's details go into a new version: its notice and the toast that says why.
    await page.goto(`/songs/${songs.registered}/details`)
    await page.waitForURL((url) => url.searchParams.has('from'))
    await expect.poll(() => page.getByRole('status').count()).toBeGreaterThan(0)
    await check('/songs/:id/details of a registered song: a new version')

    await page.goto(`/edit/${songs.open}`)
    await check('/edit/:id')
    // Refused after a real post: the title emptied (the browser says so first with JavaScript).
    await page.locator('#edit-song-title').fill('')
    await page.locator('form#edit-song button[type="submit"]').click()
    await expect
      .poll(() => page.locator('#edit-song-title').getAttribute('aria-invalid'))
      .toBe('true')
    await check('/edit/:id, refused')

    await page.goto(`/edit/${songs.registered}`)
    await check('/edit/:id of a registered song')

    await page.goto(`/songs/${songs.open}/details`)
    await check('/songs/:id/details')

    await page.goto(`/songs/${songs.open}/delete`)
    await check('/songs/:id/delete')
    // Refused after a real post: the confirmation left out of the form.
    await page.locator('input[name="confirm"]').evaluate((input) => input.remove())
    await page.locator('main form button[type="submit"]').click()
    await expect.poll(() => page.locator('#delete-song-error li').count()).toBe(1)
    await check('/songs/:id/delete, refused')

    await page.goto(`/songs/${songs.registered}/delete`)
    await check('/songs/:id/delete of a registered song')

    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((state) => [state, []])))
    await page.done()
  })
})

test('the check finds English: the same review in English fails it', async () => {
  const page = await browser.newPage({
    javaScriptEnabled: false,
    locale: 'en-US',
    baseUrl: server.baseUrl,
  })
  await signIn(page)
  await page.goto(await reviewed(page, 'Été en anglais'))
  expect(await ourEnglish(page)).toContain('<h1>: Review Your Submission')
  await page.done()
})

describe.each(['de', 'ja'])('the song pages in %s at 320 px', (locale) => {
  test.each(MODES)('$name: nothing wider than the window', async (mode) => {
    const page = await browser.newPage({ ...mode, locale, baseUrl: server.baseUrl })
    await signIn(page)
    await page.setViewportSize({ width: 320, height: 640 })
    const paths = [
      '/submit',
      await reviewed(page, 'Été étroit'),
      `/edit/${songs.open}`,
      `/edit/${songs.registered}`,
      `/songs/${songs.open}/details`,
      `/songs/${songs.open}/delete`,
      `/songs/${songs.registered}/delete`,
    ]
    for (const path of paths) {
      await page.goto(path)
      expect(await page.locator('html').getAttribute('lang')).toBe(locale)
      await expectNothingWider(page, { path })
    }
    await page.done()
  })
})
