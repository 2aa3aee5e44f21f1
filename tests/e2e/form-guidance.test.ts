import { describe, expect, test } from 'vitest'
import { seriousAxeViolations } from './axe'
import { MODES, type TestPage, useBrowser } from './browser'
import { newSignedInUser } from './flows'
import { sharedServer } from './server'

// Issue 52 items 1 and 2 (decision 113): GOV.UK's error summary at the top of a refused form,
// focused, each link moving focus to its field; with JavaScript a fixed field's message goes
// as it is typed, and the summary with the last one.

const browser = useBrowser()
const server = sharedServer()

const summary = (page: TestPage) => page.getByTestId('error-summary')
const focusedTestId = (page: TestPage) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null)
const isFocused = (page: TestPage, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((field) => field === document.activeElement)

/** The summary's links as [message, the id they go to]. */
async function summaryLinks(page: TestPage) {
  const links = summary(page).getByRole('link')
  return Promise.all(
    (await links.all()).map(async (link) => [
      (await link.textContent())!.trim(),
      (await link.getAttribute('href'))!,
    ]),
  )
}

/** Each link, followed, focuses the field its message is about (`labels`: message → label). */
async function expectLinksFocusTheirFields(page: TestPage, labels: Record<string, string>) {
  const links = await summaryLinks(page)
  expect(links.map(([message]) => message)).toEqual(Object.keys(labels))
  for (const [message] of links) {
    await summary(page).getByRole('link', { name: message!, exact: true }).click()
    await expect.poll(() => isFocused(page, labels[message!]!)).toBe(true)
  }
}

const SONG_FIELDS = {
  'Song title is required': 'Song Title *',
  'Contributor name is required': 'Main Contributor Name *',
  'Tools used is required': 'Tools Used *',
  'Song link is required': 'Song Link *',
}

describe.each(MODES)('forms that guide with $name', ({ javaScriptEnabled }) => {
  test('the song form refused: a focused summary links to each field', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await newSignedInUser(page, 'Sun')
    await page.goto('/submit')
    expect(await summary(page).count()).toBe(0)
    await page.getByRole('button', { name: 'Review & Continue' }).click()
    await expect.poll(() => summary(page).count()).toBe(1)
    expect(await summary(page).getByRole('heading', { name: 'There is a problem' }).count()).toBe(1)
    await expect.poll(() => focusedTestId(page)).toBe('error-summary')
    // The message stays under its field too.
    expect(await page.getByText('Song title is required', { exact: true }).count()).toBe(2)
    const judge = await browser.newPage({ javaScriptEnabled: true, baseUrl: server.baseUrl })
    expect(await seriousAxeViolations(page, javaScriptEnabled, async () => judge)).toEqual([])
    await judge.done()
    await expectLinksFocusTheirFields(page, SONG_FIELDS)
    await page.done()
  })

  test('sign-up refused empty: every field says what to enter, from a focused summary', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await page.goto('/register')
    await page.getByRole('button', { name: 'Create Account' }).click()
    await expect.poll(() => summary(page).count()).toBe(1)
    await expect.poll(() => focusedTestId(page)).toBe('error-summary')
    await expectLinksFocusTheirFields(page, {
      'Enter your first name': 'First name',
      'Enter your last name': 'Last name',
      'Enter a username': 'Username',
      'Enter your email address': 'Email',
      'Enter a password': 'Password',
    })
    await page.done()
  })
})

test('with JavaScript, a fixed field loses its message and the summary its link; the last one takes the summary', async () => {
  const page = await browser.newPage({ javaScriptEnabled: true, baseUrl: server.baseUrl })
  await newSignedInUser(page, 'Min')
  await page.goto('/submit')
  await page.getByRole('button', { name: 'Review & Continue' }).click()
  await expect.poll(() => summary(page).count()).toBe(1)
  const messages = async () => (await summaryLinks(page)).map(([message]) => message)

  await page.getByLabel('Song Title *').fill('밤하늘')
  await expect.poll(messages).toEqual(Object.keys(SONG_FIELDS).slice(1))
  expect(await page.getByText('Song title is required').count()).toBe(0)
  expect(await page.getByLabel('Song Title *').getAttribute('aria-invalid')).toBe(null)

  // The same rule as the server's while it is typed: emptied again, it says so again.
  await page.getByLabel('Song Title *').fill('')
  await expect.poll(messages).toEqual(Object.keys(SONG_FIELDS))
  await page.getByLabel('Song Title *').fill('밤하늘')

  await page.getByLabel('Main Contributor Name *').fill('김민지')
  await page.getByLabel('Tools Used *').fill('Piano')
  await page.getByLabel('Song Link *').fill('https://example.com/night.mp3')
  await expect.poll(() => summary(page).count()).toBe(0)
  expect(
    await page
      .getByRole('alert')
      .filter({ hasText: /correct|problem/i })
      .count(),
  ).toBe(0)
  for (const message of Object.keys(SONG_FIELDS))
    expect(await page.getByText(message).count()).toBe(0)

  // The server still has the last word, and takes it.
  await page.getByRole('button', { name: 'Review & Continue' }).click()
  await expect
    .poll(() => page.getByRole('heading', { name: 'Review Your Submission' }).count())
    .toBe(1)
  await page.done()
})
