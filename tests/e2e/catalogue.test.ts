import fs from 'node:fs'
import { describe, expect, test } from 'vitest'
import { evenSplit } from '../setup/sample-song'
import { MODES, type TestPage, useBrowser } from './browser'
import { expectSoon, postSong, signInAsAdministrator, signUpAndIn } from './flows'
import { sharedServer } from './server'

const browser = useBrowser()
const server = sharedServer()

const song = (title: string) => ({
  title,
  contributorName: 'Nia Writer',
  dateCreated: '2025-04-01',
  toolsUsed: 'Piano',
  fileLink: 'https://example.com/song.mp3',
  contributions: evenSplit(100),
})

describe.each(MODES)('catalogue export with $name', ({ javaScriptEnabled }) => {
  test('the song list downloads the catalogue as CSV and as JSON, formulas neutralised', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await signUpAndIn(page, 'Nia')
    for (const title of ['Paper Lanterns', '=HYPERLINK("http://x","y")'])
      await postSong(page, song(title))
    await page.goto('/songs')
    const format = page.getByLabel('Export your catalogue')
    expect(await format.inputValue()).toBe('csv')

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ])
    expect(csv.suggestedFilename()).toMatch(/^prooftrack-catalogue-\d{4}-\d{2}-\d{2}\.csv$/)
    const text = fs.readFileSync((await csv.path())!, 'utf8')
    const lines = text.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toMatch(/^id,certificateId,title,dateCreated,/)
    expect(lines).toHaveLength(4)
    expect(text).toContain(',Paper Lanterns,')
    expect(text).toContain(`,"'=HYPERLINK(""http://x"",""y"")",`)

    await format.selectOption('json')
    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download' }).click(),
    ])
    expect(json.suggestedFilename()).toMatch(/\.json$/)
    const body = JSON.parse(fs.readFileSync((await json.path())!, 'utf8'))
    expect(body.songs.map((s: { title: string }) => s.title).sort()).toEqual([
      '=HYPERLINK("http://x","y")',
      'Paper Lanterns',
    ])
    expect(body.songs[0].certificateId).toMatch(/^PT-/)
    expect(page.url()).toMatch(/\/songs$/)
    await page.done()
  })
})

/** A verified writer with one song registered on the test ledger, made through the API. */
async function writerWithRegisteredSong(javaScriptEnabled: boolean) {
  const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
  await signUpAndIn(page, 'Iris')
  const { verificationCode } = await (
    await page.request.post('/api/auth/request-email-verification')
  ).json()
  const admin: TestPage = await browser.newPage({
    javaScriptEnabled: false,
    baseUrl: server.baseUrl,
  })
  await signInAsAdministrator(admin)
  expect(
    (
      await admin.request.post('/api/auth/verify-email', { data: { token: verificationCode } })
    ).status(),
  ).toBe(200)
  await admin.done()
  const { id, certificateId } = await postSong(page, {
    ...song('Lantern Road'),
    isrc: 'USAB12400001',
    mainContributorPro: 'ASCAP',
    mainContributorProNumber: '777',
    lyrics: 'Lanterns down the road',
    creativeNotes: 'First take',
  })
  const registered = await page.request.post(`/api/songs/${id}/blockchain/sponsored`)
  expect(registered.status(), await registered.text()).toBe(201)
  return { page, id, certificateId }
}

describe.each(MODES)('new version with $name', ({ javaScriptEnabled }) => {
  test('from the dashboard: the form opens pre-filled, the new song supersedes the certificate, the history shows what changed', async () => {
    const { page, id, certificateId } = await writerWithRegisteredSong(javaScriptEnabled)
    await page.goto('/')
    await page.getByRole('link', { name: 'Create a new version of Lantern Road' }).click()
    await page.waitForURL(`**/submit?from=${id}`)
    await expectSoon(
      page,
      (timeout) => page.getByLabel('Song Title *').inputValue({ timeout }),
      'Lantern Road',
    )
    expect(await page.getByText(`New version of ${certificateId}`).count()).toBe(1)
    expect(await page.getByLabel('ISRC', { exact: true }).inputValue()).toBe('USAB12400001')
    expect(await page.getByLabel('Main Contributor PRO', { exact: true }).inputValue()).toBe(
      'ASCAP',
    )
    expect(await page.getByLabel('Main Contributor PRO Number').inputValue()).toBe('777')
    expect(await page.getByLabel('Lyrics', { exact: true }).inputValue()).toBe(
      'Lanterns down the road',
    )
    expect(await page.getByLabel('Creative Notes', { exact: true }).inputValue()).toBe('First take')

    await page.getByLabel('ISWC', { exact: true }).fill('T-123.456.789-4')
    await page.getByRole('button', { name: 'Review & Continue' }).click()
    await expect
      .poll(() => page.getByRole('heading', { name: 'Review Your Submission' }).count())
      .toBe(1)
    await page.getByRole('button', { name: 'Create Certificate' }).click()
    await page.waitForURL(/\/submit\?created=\d+$/)
    const newId = Number(new URL(page.url()).searchParams.get('created'))
    expect(newId).not.toBe(id)

    await page.goto(`/certificate/${newId}`)
    await expectSoon(
      page,
      (timeout) => page.getByTestId('version-links').innerText({ timeout }),
      `Supersedes ${certificateId}.`,
    )
    const versions = page.getByTestId('version')
    expect(await versions.count()).toBe(2)
    const latest = await versions.nth(1).innerText()
    expect(latest).toContain('Not registered')
    expect(latest).toContain('ISWC')
    expect(latest).toContain('T-123.456.789-4')
    // The old certificate names no successor until the new version is registered.
    await page.goto(`/certificate/${id}`)
    expect(await page.getByTestId('version-links').count()).toBe(0)
    expect(await page.getByRole('link', { name: 'Create a new version' }).count()).toBe(1)
    await page.done()
  })
})
