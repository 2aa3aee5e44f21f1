import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { evenSplit } from '../setup/sample-song'
import { MODES, type TestPage, useBrowser } from './browser'
import { newSignedInUser, postSong, verifyEmailThroughAdmin } from './flows'
import { invitationLinkTo, mailTo } from './mailbox'
import { sharedServer } from './server'

// Issue 13 in Chromium, JavaScript on and off: the owner invites, the co-writer answers from the
// mailed link, the owner sees the answer (and its toast); a dispute blocks registration.
const browser = useBrowser()
const server = sharedServer()

const song = (title: string) => ({
  title,
  contributorName: 'Ann Writer',
  coContributorName: 'Bea Lyricist',
  dateCreated: '2025-04-01',
  toolsUsed: 'Piano',
  fileLink: 'https://example.com/song.mp3',
  contributions: evenSplit(60, 40),
})

/** Only a verified account invites (issue 24): the page says so, then the admin verifies. */
async function signUpVerified(owner: TestPage, javaScriptEnabled: boolean) {
  await newSignedInUser(owner, 'Ann')
  const { id } = await postSong(owner, song('Two Of Us'))
  await owner.goto(`/songs/${id}/co-writers`)
  expect(
    await owner
      .getByText(
        'Only an account with a verified email address can invite co-writers. Verify your email address first.',
      )
      .count(),
  ).toBe(1)
  expect(await owner.getByLabel('Email of Bea Lyricist').count()).toBe(0)
  await owner.getByRole('link', { name: 'Verify your email address' }).click()
  await expect.poll(() => owner.url()).toContain('/verify-email')
  await verifyEmailThroughAdmin(
    owner,
    await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl }),
  )
  return id
}

async function invite(page: TestPage, songId: number, email: string) {
  await page.goto(`/songs/${songId}/co-writers`)
  // Ann Writer is the owner: her own row asks nothing of her (issue 52.11).
  expect(await page.getByTestId('slot-main-status').textContent()).toBe(
    'That’s you, the song’s owner: your share is declared by you, with nobody to invite.',
  )
  expect(await page.getByLabel('Email of Ann Writer').count()).toBe(0)
  await page.getByLabel('Email of Bea Lyricist').fill(email)
  await page.getByRole('button', { name: 'Send invitation to Bea Lyricist' }).click()
  await expect
    .poll(() => page.getByTestId('slot-co-contributor-status').textContent(), { timeout: 15_000 })
    .toContain(`Invited ${email}`)
}

describe.each(MODES)('co-writers with $name', ({ javaScriptEnabled }) => {
  test('owner invites → the co-writer confirms from the mailed link → the owner sees it confirmed, with a toast', async () => {
    const owner = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    const id = await signUpVerified(owner, javaScriptEnabled)
    const email = `bea-${crypto.randomBytes(3).toString('hex')}@example.com`
    await invite(owner, id, email)
    const link = await invitationLinkTo(server.dataDir, email)

    const invitee = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await invitee.goto(link)
    await expect
      .poll(() => invitee.getByRole('heading', { level: 1 }).textContent())
      .toBe('Two Of Us')
    expect(await invitee.getByText('Ann Writer listed you as co-contributor').count()).toBe(1)
    // The form starts from the name the owner declared (issue 52.13); the co-writer may change it.
    expect(await invitee.getByLabel('Your name as you want it credited *').inputValue()).toBe(
      'Bea Lyricist',
    )
    // Only the name, as most independent writers have no IPI (issue 25 item 1).
    await invitee.getByLabel('Your name as you want it credited *').fill('بيا لي')
    await invitee.getByRole('button', { name: 'Confirm my share' }).click()
    await expect
      .poll(() => invitee.getByText('You confirmed your share').count(), { timeout: 15_000 })
      .toBe(1)
    // The link is used: opening it again shows the decision, no form, and no longer asks.
    await invitee.goto(link)
    expect(await invitee.getByText('You confirmed your share').count()).toBe(1)
    expect(await invitee.getByText('Your answer', { exact: true }).count()).toBe(1)
    expect(await invitee.getByText('Confirm your share', { exact: true }).count()).toBe(0)
    expect(await invitee.getByText('and asked you to confirm the split below').count()).toBe(1)
    expect(await invitee.getByRole('button', { name: 'Confirm my share' }).count()).toBe(0)
    // The salt and its shell command wait under a disclosure (issue 25.9), opened on demand.
    const check = invitee.getByTestId('record-check')
    expect(await check.getAttribute('open')).toBeNull()
    expect(await invitee.getByText('sha256sum', { exact: false }).isVisible()).toBe(false)
    await check.getByText('Technical details', { exact: false }).click()
    expect(await invitee.getByText('sha256sum', { exact: false }).isVisible()).toBe(true)
    await invitee.done()

    await owner.goto(`/songs/${id}/co-writers`)
    expect(await owner.getByTestId('slot-co-contributor-status').textContent()).toContain(
      'Confirmed on',
    )
    await expect
      .poll(() => owner.getByText('بيا لي confirmed their share of “Two Of Us”.').count())
      .toBeGreaterThan(0)
    await owner.goto('/')
    expect(await owner.getByTestId(`song-${id}-confirmations`).textContent()).toBe(
      // The owner's own slot is not awaited (issue 39.7).
      'Co-writers: 1 of 1 confirmed',
    )
    await owner.done()
  })

  test('the invitation’s refusal link: opening it only asks; the button stops every later invitation', async () => {
    const owner = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    const id = await signUpVerified(owner, javaScriptEnabled)
    const email = `bea-${crypto.randomBytes(3).toString('hex')}@example.com`
    await invite(owner, id, email)
    const mail = await mailTo(server.dataDir, email)
    expect(mail.subject).toBe('ProofTrack: confirm your share of a song')
    // mailparser folds List-* headers into one object: the raw header line is what was sent.
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe(
      'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
    )
    const refusal = /<(http:\/\/[^>]+)>/.exec(
      mail.headerLines.find((h) => h.key === 'list-unsubscribe')!.line,
    )![1]!
    expect(mail.text).toContain(refusal)

    const invitee = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await invitee.goto(refusal)
    expect(
      await invitee.getByRole('heading', { name: 'Stop invitations to this address?' }).count(),
    ).toBe(1)
    await invitee.getByRole('button', { name: 'Stop all invitations' }).click()
    await expect
      .poll(() => invitee.getByRole('heading', { name: 'No more invitations' }).count(), {
        timeout: 15_000,
      })
      .toBe(1)
    // A mail client's one-click refusal (RFC 8058) reaches the same action through the real
    // server, multipart as the RFC's example sends it (a 415 before the attacker's review).
    const oneClick = await invitee.request.post(refusal, {
      multipart: { 'List-Unsubscribe': 'One-Click' },
    })
    expect(oneClick.status()).toBe(200)
    await invitee.done()

    // The owner's invitation, withdrawn and sent again, is refused with the one neutral sentence
    // (decision 054: it does not say the address refused).
    await owner.goto(`/songs/${id}/co-writers`)
    await owner.getByRole('button', { name: 'Revoke invitation of Bea Lyricist' }).click()
    await expect
      .poll(() => owner.getByLabel('Email of Bea Lyricist').count(), { timeout: 15_000 })
      .toBe(1)
    await owner.getByLabel('Email of Bea Lyricist').fill(email)
    await owner.getByRole('button', { name: 'Send invitation to Bea Lyricist' }).click()
    await expect
      .poll(
        () =>
          owner
            .getByText(
              'ProofTrack cannot mail an invitation to this address today, so nothing was sent. You can try again tomorrow.',
            )
            .count(),
        { timeout: 15_000 },
      )
      .toBe(1)
    await owner.done()
  })

  test('a disputed share blocks registration until the split is edited', async () => {
    const owner = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await signUpVerified(owner, javaScriptEnabled)
    const { id } = await postSong(owner, song('Disputed Song'))
    const email = `bea-${crypto.randomBytes(3).toString('hex')}@example.com`
    await invite(owner, id, email)
    const invitee = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
    await invitee.goto(await invitationLinkTo(server.dataDir, email))
    await invitee.getByLabel('Why is this split wrong? *').fill('I wrote half of it')
    await invitee.getByRole('button', { name: 'Dispute this split' }).click()
    await expect
      .poll(() => invitee.getByText('You disputed this split').count(), { timeout: 15_000 })
      .toBe(1)
    await invitee.done()

    await owner.goto(`/songs/${id}/register`)
    expect(
      await owner
        .getByText('Bea Lyricist disputed their share; edit the split before registering.')
        .count(),
    ).toBe(1)
    await owner.goto('/')
    expect(await owner.getByTestId(`song-${id}-confirmations`).textContent()).toBe(
      'Co-writers: 0 of 1 confirmed, 1 disputed',
    )
    await owner.goto(`/edit/${id}`)
    expect(await owner.getByTestId('split-invitations-notice').count()).toBe(1)
    await owner.done()
  })
})
