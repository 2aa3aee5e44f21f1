import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { evenSplit } from '../setup/sample-song'
import { MODES, type TestPage, useBrowser } from './browser'
import { expectSoon, newSignedInUser, postSong } from './flows'
import { mailTo } from './mailbox'
import { sharedServer } from './server'

// Issue 52 items 6–10 (decision 114): the verify page in one screen, focus where the next thing
// to read is, the congratulations dialog as a modal that leads with the co-writers, a review
// that Back and reload can reach safely, and Update Song returning to the song.

const browser = useBrowser()
const server = sharedServer()

/** What has focus, as a reader would name it: a field's name, or an element's text. */
const focused = (page: TestPage) =>
  page.evaluate(() => {
    const element = document.activeElement
    if (!element || element === document.body) return 'body'
    return element.getAttribute('name') ?? element.textContent?.trim() ?? element.tagName
  })

/**
 * Moves the point where Tab starts to the top of the document, as for someone who arrived with
 * nothing focused: a throwaway button first in <body>, focused and removed.
 */
const focusDocumentStart = (page: TestPage) =>
  page.evaluate(() => {
    const start = document.createElement('button')
    document.body.prepend(start)
    start.focus()
    start.remove()
  })

/** Whether `first` comes before `second` in the document (the reading and tab order here). */
const comesBefore = (page: TestPage, first: string, second: string) =>
  page.evaluate(
    ([a, b]) => {
      const one = document.querySelector(a!)
      const two = document.querySelector(b!)
      return Boolean(
        one && two && one.compareDocumentPosition(two) & Node.DOCUMENT_POSITION_FOLLOWING,
      )
    },
    [first, second],
  )

/** The links the congratulations offer, in their order: [text, href]. */
const successLinks = (page: TestPage) =>
  page.evaluate(() => {
    const heading = [...document.querySelectorAll('h1')].find(
      (h1) => h1.textContent?.trim() === 'Congratulations!',
    )
    const box = heading?.closest('dialog, [role="dialog"], section')
    return box
      ? [...box.querySelectorAll('a')].map((a) => [a.textContent?.trim(), a.getAttribute('href')])
      : []
  })

const ownSongs = async (page: TestPage, title: string) => {
  const response = await page.request.get('/api/songs?limit=100')
  const songs = z
    .array(z.object({ id: z.number(), title: z.string() }))
    .parse(await response.json())
  return songs.filter((song) => song.title === title)
}

describe.each(MODES)('flows that keep their place with $name', ({ javaScriptEnabled }) => {
  test('verify-email: the sending button first, then the code box, focused, with "Send a new code" below; a wrong code keeps the box', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    const account = await newSignedInUser(page, 'Minji', 'Kim')
    await page.goto('/verify-email')
    const box = page.getByLabel('Code from the email')
    // No box to type into before a code is on its way.
    expect(await box.count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Send a new code' }).count()).toBe(0)
    await page.getByRole('button', { name: 'Generate Verification Code' }).click()
    await expectSoon(
      page,
      (timeout) => page.getByTestId('toast').textContent({ timeout }),
      'Verification Code Generated✕',
    )
    await expect.poll(() => box.count()).toBe(1)
    expect(await page.getByRole('heading', { name: 'Check your inbox' }).count()).toBe(1)
    await expect.poll(() => focused(page)).toBe('token')
    expect(await page.getByRole('button', { name: 'Generate Verification Code' }).count()).toBe(0)
    // The box and Verify, then "Send a new code" below them.
    expect(
      await comesBefore(page, 'input[name="token"]', 'form:has(input[value="generate"])'),
    ).toBe(true)
    expect(
      await page.locator('form:has(input[value="generate"]) button[type="submit"]').textContent(),
    ).toBe('Send a new code')

    // The server knows a code is on its way: the page opened again shows the box.
    await page.goto('/verify-email')
    expect(await box.count()).toBe(1)

    const code = /\b(\d{6})\b/.exec((await mailTo(server.dataDir, account.email)).text ?? '')![1]!
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    await box.fill(wrong)
    await page.getByRole('button', { name: 'Verify', exact: true }).click()
    await expect
      .poll(() => page.getByText(/Invalid or expired verification code\. 4 tries left/).count())
      .toBe(1)
    await page.waitForLoadState('load')
    expect(await box.count()).toBe(1)
    await box.fill(code)
    await page.getByRole('button', { name: 'Verify', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await expect.poll(() => page.getByText('Email verified').count()).toBeGreaterThan(0)
    await page.done()
  })

  test('sign-in: the first field is two Tabs from the top of the page, by the skip link that comes first', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await page.goto('/login')
    await focusDocumentStart(page)
    let tabs = 0
    while (tabs < 30 && (await focused(page)) !== 'usernameOrEmail') {
      await page.keyboard.press('Tab')
      tabs++
      // A skip link is followed, as a keyboard user does.
      if (tabs === 1 && /^Skip to/.test(await focused(page))) await page.keyboard.press('Enter')
    }
    expect(tabs).toBeLessThanOrEqual(2)
    await page.done()
  })

  test('review: a page of its own that Back and reload reach safely, focused on its heading; one song only', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await newSignedInUser(page, 'Mara')
    await page.goto('/submit')
    const title = `Paper Lanterns ${Date.now()}`
    await page.getByLabel('Song Title *').fill(title)
    await page.getByLabel('Main Contributor Name *').fill('Mara Writer')
    await page.getByLabel('Co-Contributor Name', { exact: true }).fill('Theo Lane')
    await page.getByLabel('Tools Used *').fill('Guitar')
    await page.getByLabel('Song Link *').fill('https://example.com/paper-lanterns.mp3')
    const lyrics = 'Paper lanterns on the water\n'.repeat(600)
    await page.getByLabel('Lyrics', { exact: true }).fill(lyrics)
    await page
      .getByLabel(javaScriptEnabled ? 'Lyrics: Mara Writer %' : 'Lyrics: Main contributor %')
      .fill('50')
    await page
      .getByLabel(javaScriptEnabled ? 'Lyrics: Theo Lane %' : 'Lyrics: Co-contributor %')
      .fill('50')
    await page.getByRole('button', { name: 'Review & Continue' }).click()
    await page.waitForURL((url) => url.pathname === '/submit' && url.searchParams.has('review'), {
      timeout: 15_000,
    })
    const review = page.getByRole('heading', { name: 'Review Your Submission' })
    await expect.poll(() => review.count()).toBe(1)
    await page.waitForLoadState('load')
    await expect.poll(() => focused(page)).toBe('Review Your Submission')
    // The lyrics travel in the server's keeping, not in the address.
    expect(page.url().length).toBeLessThan(200)
    const reviewUrl = page.url()

    // Reloading the review shows it again, with what was typed.
    await page.reload()
    await expect.poll(() => review.count()).toBe(1)
    await expect.poll(() => page.getByText(title).count()).toBeGreaterThan(0)

    await page.getByRole('button', { name: 'Create Certificate' }).click()
    await expect.poll(() => page.getByRole('heading', { name: 'Congratulations!' }).count()).toBe(1)
    await page.waitForLoadState('load')

    // Back shows the review as a page, no resubmission asked; it says the song exists.
    await page.goBack()
    expect(page.url()).toBe(reviewUrl)
    await expect.poll(() => review.count()).toBe(1)
    await expect.poll(() => page.getByText('This song is created.').count()).toBe(1)
    expect(await page.getByRole('button', { name: 'Create Certificate' }).count()).toBe(0)
    await page.reload()
    await expect.poll(() => review.count()).toBe(1)
    expect(await ownSongs(page, title)).toHaveLength(1)
    await page.done()
  })

  test('Update Song returns to the song’s certificate with the toast', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await newSignedInUser(page, 'Eleni', 'Papadopoulou')
    const song = await postSong(page, {
      title: 'Ελιές',
      contributorName: 'Eleni Papadopoulou',
      dateCreated: '2025-05-01',
      toolsUsed: 'Bouzouki',
      fileLink: 'https://example.com/elies.mp3',
      contributions: evenSplit(100),
    })
    await page.goto(`/edit/${song.id}`)
    await page.getByLabel('Song Title *').fill('Ελιές (live)')
    await page.getByRole('button', { name: 'Update Song' }).click()
    await page.waitForURL((url) => url.pathname === `/certificate/${song.id}`, { timeout: 15_000 })
    await expect
      .poll(() => page.getByTestId('toast').textContent())
      .toContain('Song updated successfully! Certificate will reflect the changes.')
    await page.done()
  })

  test('the congratulations lead with inviting the co-writers when there are any, and say what a registration records', async () => {
    const page = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await newSignedInUser(page, 'Ana', 'Souza')
    const shared = await postSong(page, {
      title: 'Saudade',
      contributorName: 'Ana Souza',
      coContributorName: 'João Lima',
      dateCreated: '2025-05-01',
      toolsUsed: 'Violão',
      fileLink: 'https://example.com/saudade.mp3',
      contributions: evenSplit(50, 50),
    })
    const solo = await postSong(page, {
      title: 'Sozinha',
      contributorName: 'Ana Souza',
      dateCreated: '2025-05-01',
      toolsUsed: 'Violão',
      fileLink: 'https://example.com/sozinha.mp3',
      contributions: evenSplit(100),
    })
    await page.goto(`/submit?created=${shared.id}`)
    await expect.poll(() => successLinks(page)).not.toEqual([])
    expect((await successLinks(page)).slice(0, 2)).toEqual([
      ['Invite your co-writers', `/songs/${shared.id}/co-writers`],
      ['Register on Blockchain', `/songs/${shared.id}/register?from=submit`],
    ])
    expect(
      await page.getByText('A registration records who has confirmed their share by then').count(),
    ).toBe(1)

    await page.goto(`/submit?created=${solo.id}`)
    await expect.poll(() => successLinks(page)).not.toEqual([])
    expect((await successLinks(page))[0]).toEqual([
      'Register on Blockchain',
      `/songs/${solo.id}/register?from=submit`,
    ])
    await page.done()
  })
})

describe('the congratulations dialog with JavaScript on', () => {
  test('is modal: Tab stays inside, Escape closes it, focus goes to the page heading', async () => {
    const page = await browser.newPage({ javaScriptEnabled: true, baseUrl: server.baseUrl })
    await newSignedInUser(page, 'Seo', 'Yuna')
    const song = await postSong(page, {
      title: '봄비',
      contributorName: '서유나',
      coContributorName: '김민지',
      dateCreated: '2025-05-01',
      toolsUsed: 'Piano',
      fileLink: 'https://example.com/spring-rain.mp3',
      contributions: evenSplit(50, 50),
    })
    await page.goto(`/submit?created=${song.id}`)
    const dialog = page.locator('dialog[open]')
    await expect.poll(() => dialog.count()).toBe(1)
    // A real modal: the page behind is inert and the dialog is on the top layer.
    expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true)
    const insideDialog = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))
    expect(await insideDialog()).toBe(true)
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press('Tab')
      expect(await insideDialog()).toBe(true)
    }
    for (let press = 0; press < 12; press++) {
      await page.keyboard.press('Shift+Tab')
      expect(await insideDialog()).toBe(true)
    }

    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    await expect.poll(() => focused(page)).toBe('Congratulations!')
    // What the dialog offered stays on the page.
    expect(await page.getByRole('link', { name: 'Invite your co-writers' }).isVisible()).toBe(true)
    await page.done()
  })
})
