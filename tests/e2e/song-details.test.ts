import { describe, expect, test } from 'vitest'
import { evenSplit } from '../setup/sample-song'
import { MODES, useBrowser } from './browser'
import { postSong, signUpAndIn } from './flows'
import { sharedServer } from './server'

// Issue 25 item 7 (decision 052): details added to an unregistered song after it was created.

const browser = useBrowser()
const server = sharedServer()

const LYRICS = [
  '밤하늘의 별처럼 너를 기다려',
  '夜空の星のように',
  'مثل نجوم السماء',
  'כמו כוכבי השמיים',
  'रात के तारों की तरह',
  'Как звёзды в ночи',
].join('\n')

describe.each(MODES)('adding details with $name', ({ javaScriptEnabled }) => {
  test('from the certificate: a bad ISRC is named on its field with the text kept; then the certificate shows what was added', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await signUpAndIn(page, 'Minji')
    const song = await postSong(page, {
      title: '별빛 노래',
      contributorName: '김민지',
      coContributorName: 'Ana Núñez',
      dateCreated: '2025-03-01',
      toolsUsed: 'Piano, Suno',
      fileLink: 'https://example.com/starlight.mp3',
      // A named co-writer holds a share somewhere (decision 096).
      contributions: evenSplit(50, 50),
    })

    await page.goto('/songs')
    expect(
      await page.getByRole('link', { name: 'Add details to 별빛 노래' }).getAttribute('href'),
    ).toBe(`/songs/${song.id}/details`)

    await page.goto(`/certificate/${song.id}`)
    await page
      .getByRole('link', {
        name: 'Add details: identifiers, performing rights, genre, lyrics, notes',
      })
      .click()
    await page.waitForURL(`**/songs/${song.id}/details`)
    // With JavaScript the address changes before the page's data has arrived.
    await expect.poll(() => page.getByRole('heading', { name: 'Add Details' }).count()).toBe(1)

    await page.getByLabel('ISRC', { exact: true }).fill('bad-isrc')
    await page.getByLabel('Lyrics', { exact: true }).fill(LYRICS)
    await page.getByRole('button', { name: 'Save Details' }).click()
    // Under the field and in the error summary (issue 52.2).
    await expect.poll(() => page.getByText('ISRC must be in format: CCXXXNNNNNNN').count()).toBe(2)
    expect(await page.getByLabel('Lyrics', { exact: true }).inputValue()).toBe(LYRICS)

    await page.getByLabel('ISRC', { exact: true }).fill('us-ab1-24-00001')
    await page.locator('#song-genre').selectOption('Pop')
    await page.getByLabel('Main Contributor PRO', { exact: true }).fill('KOMCA')
    await page.getByLabel('Co-Contributor PRO', { exact: true }).fill('SGAE')
    await page.getByRole('button', { name: 'Save Details' }).click()
    await page.waitForURL(`**/certificate/${song.id}`)

    const certificate = page.locator('main')
    await expect.poll(() => certificate.getByText('USAB12400001').count()).toBeGreaterThan(0)
    const text = await certificate.innerText()
    expect(text).toContain('밤하늘의 별처럼 너를 기다려')
    expect(text).toContain('כמו כוכבי השמיים')
    expect(text).toContain('KOMCA')
    expect(text).toContain('SGAE')
    expect(text).toContain('Pop')
    await page.done()
  })
})
