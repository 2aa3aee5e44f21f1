import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { splitRow } from '../setup/sample-song'
import { MODES, type TestPage, useBrowser } from './browser'
import { postSong, registerSong, verifyEmailThroughAdmin } from './flows'
import { ENGLISH_DAY, englishOn, expectNothingWider, pseudoWriter, TIME_ZONE } from './i18n-english'
import { sharedServer } from './server'

// Issue 54, the certificate area: the certificate page (the owner's registered one with its
// timestamps and versions, the owner's draft whose split is not whole, a stranger's signed out)
// and the verify page's record lead, which shows the certificate's own sections. In the
// pseudo-language (en-XA) they hold no English outside names and identifiers, with JavaScript on
// and off; then each in German and Japanese at 320 px, nothing wider than the window. The
// statement kept in English on a translated certificate (issue 54.4) is marked lang="en", as the
// check skips it.

const browser = useBrowser()
const server = sharedServer()

let owner: TestPage
let registered: { id: number; certificateId: string }
let draft: { id: number; certificateId: string }
beforeAll(async () => {
  owner = await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl })
  // Signed up and in by the two posts the forms send (they have tests of their own); the name
  // the header shows is one the check reads as not English, as a typed name may be any.
  await pseudoWriter(owner, { open: '/' })
  await verifyEmailThroughAdmin(
    owner,
    await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl }),
  )
  registered = await postSong(owner, {
    title: 'Été Pâle',
    contributorName: 'Zoé Ñúñez',
    coContributorName: 'Ìñès Ðür',
    mainContributorPro: 'SACEM',
    mainContributorProNumber: '00123456790',
    dateCreated: '2025-03-09',
    toolsUsed: 'Pîàñø',
    fileLink: 'https://files.example/ete.wav',
    isrc: 'FRABC2400001',
    lyrics: 'Ûñé ñüît dé vérré',
    contributions: [splitRow('lyrics', 50, 30, 0, 20), splitRow('vocals', 60, 40, 0, 0)],
    recordings: [{ label: 'Mâstér', sha256: crypto.randomBytes(32).toString('hex'), size: 12_345 }],
  })
  await registerSong(owner, registered.id)
  // A draft whose split is not whole: the warning, the empty identifiers, "not public yet".
  draft = await postSong(owner, {
    title: 'Brûmé',
    contributorName: 'Zoé Ñúñez',
    coContributorName: 'Ìñès Ðür',
    dateCreated: '2025-04-01',
    toolsUsed: 'Pîàñø',
    fileLink: 'https://files.example/brume.wav',
    contributions: [splitRow('lyrics', 60, 50, 0, 0)],
  })
}, 180_000)
afterAll(async () => {
  await owner?.done()
})

// What stays as it is in every language, beside the shared check's names and capitals: the
// certificate's mark, hashes, signatures and addresses (one word with a digit, a link's address,
// the PDF signer's certificate name on the verify page), the PEM chain and
// commands a reader copies, a ledger memo, and a date: the pseudo-language has no Intl data of its
// own and writes dates as English does (app/i18n/format.ts).
const ENGLISH_DATE = new RegExp(`${ENGLISH_DAY}(${TIME_ZONE})?`, 'g')
const SIGNER = 'ProofTrack development signing key (this server, not publicly trusted)'
function asIs(found: string) {
  const [where, ...rest] = found.split(': ')
  const text = rest.join(': ')
  return (
    text === 'ProofTrack · PT Snapshot' ||
    (where === '<bdi>' && text === SIGNER) ||
    // An address, whole (the file's link) or in the parts it may break at (the verify address).
    /^https?:\/\/\S*$/.test(text) ||
    /^[a-z-]+\/$/.test(text) ||
    (!/\s/.test(text) && /\d/.test(text)) ||
    where === '<code>' ||
    /^ProofTrack v\d+ PT-\S+ sha256:[0-9a-f]{64} ar:\S+$/.test(text) ||
    (where === '<pre>' && text.startsWith('-----BEGIN CERTIFICATE-----')) ||
    // A date alone, or between the list's separators.
    !/[A-Za-z]{2,}/.test(text.replace(ENGLISH_DATE, ''))
  )
}

async function englishLeft(page: TestPage) {
  expect(await page.locator('html').getAttribute('lang')).toBe('en-XA')
  // The route sends its messages: were it not, <main lang="en"> would mark it English.
  expect(await page.locator('main').getAttribute('lang')).toBeNull()
  return (await englishOn(page)).filter((found) => !asIs(found))
}

const pages = () => ({
  'the owner’s registered certificate': `/certificate/${registered.id}`,
  'the owner’s draft, its split not whole': `/certificate/${draft.id}`,
  'the verify page’s record lead': `/verify/${registered.certificateId}`,
  'the split sheet': `/songs/${registered.id}/split-sheet`,
})

describe.each(MODES)('the certificate pages in the pseudo-language, $name', (mode) => {
  test('the owner’s, a stranger’s and the verify page’s record: no English outside names and identifiers', async () => {
    const page = await browser.newPage({ ...mode, locale: 'en-XA', baseUrl: server.baseUrl })
    await page.context().addCookies(await owner.context().cookies())
    const found: Record<string, string[]> = {}
    for (const [state, path] of Object.entries(pages())) {
      await page.goto(path)
      found[state] = await englishLeft(page)
    }
    // The English statement is there, marked as English.
    await page.goto(`/certificate/${registered.id}`)
    expect(await page.getByTestId('certificate-statement-en').getAttribute('lang')).toBe('en')

    const stranger = await browser.newPage({ ...mode, locale: 'en-XA', baseUrl: server.baseUrl })
    await stranger.goto(`/certificate/${registered.id}`)
    found['a stranger’s certificate, signed out'] = await englishLeft(stranger)
    await stranger.done()

    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((state) => [state, []])))
    await page.done()
  })
})

test('the check finds English: the same certificate in English fails it', async () => {
  const page = await browser.newPage({
    javaScriptEnabled: false,
    locale: 'en-US',
    baseUrl: server.baseUrl,
  })
  await page.goto(`/certificate/${registered.id}`)
  expect(await englishOn(page)).toContain('<h2>: Contribution Breakdown')
  await page.done()
})

describe.each(['de', 'ja'])('the certificate pages in %s at 320 px', (locale) => {
  test.each(MODES)('$name: nothing wider than the window', async (mode) => {
    const page = await browser.newPage({ ...mode, locale, baseUrl: server.baseUrl })
    await page.context().addCookies(await owner.context().cookies())
    await page.setViewportSize({ width: 320, height: 640 })
    for (const path of Object.values(pages())) {
      await page.goto(path)
      expect(await page.locator('html').getAttribute('lang')).toBe(locale)
      await expectNothingWider(page, { path })
    }
    await page.done()
  })
})
