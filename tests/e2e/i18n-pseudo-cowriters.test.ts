import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { evenSplit } from '../setup/sample-song'
import { MODES, type TestPage, useBrowser } from './browser'
import { postSong, verifyEmailThroughAdmin } from './flows'
import { englishDate, englishOn, expectNothingWider, pseudoWriter } from './i18n-english'
import { invitationLinkTo, mailTo } from './mailbox'
import { sharedServer } from './server'

// Issue 54, the cowriters area: the owner's co-writers page, the invitation an invitee opens and
// the refusal of every invitation, drawn in the pseudo-language (en-XA), hold no English outside
// names and identifiers in the states the suite visits (nothing sent yet, a refusal after a real
// post, invitations sent and sent again, an answer confirmed and one disputed, the links closed),
// with JavaScript on and off; and in German and Japanese at 320 px nothing is wider than the
// window.

const browser = useBrowser()
const server = sharedServer()

// Intl has no data for en-XA: its dates are English ("December 7, 2026"), as every number. What
// people typed and the record's own names stay as they are: an address, the salt a confirmation
// is given, the record's field names the salt's shell command prints.
const ALLOWED = [
  englishDate(['dd', 'span']),
  /^<bdi>: [a-z0-9-]+@example\.com$/,
  /^<code>: [0-9a-f]{64}$/,
  /^<code>: (email\.value|confirmations)$/,
]
const ourEnglish = async (page: TestPage) =>
  (await englishOn(page)).filter((found) => !ALLOWED.some((allowed) => allowed.test(found)))

const post = (page: TestPage, path: string, form: Record<string, string>) =>
  page.request.post(path, { form, headers: { 'Sec-Fetch-Site': 'same-origin' } })

// The check cannot tell a typed name from an English word: every name here reads as not English.
const OWNER = 'Zoé Ñúñez'
const BEA = 'Béa Ĺóŕé'
const CELINE = 'Çéĺîñé Ŕûíz'

/** A signed-up and signed-in account (the sign-up and sign-in pages' posts, from this browser). */
const account = (page: TestPage, firstName: string, lastName: string) =>
  pseudoWriter(page, { firstName, lastName, open: '/settings/data' })

/** The song's owner, Zoé, named as its main contributor with two co-writers to invite. */
async function owner(page: TestPage, { verified }: { verified: boolean }) {
  const made = await account(page, 'Zoé', 'Ñúñez')
  const { id } = await postSong(page, {
    title: 'Été',
    contributorName: OWNER,
    coContributorName: BEA,
    coContributorName2: CELINE,
    dateCreated: '2025-04-01',
    toolsUsed: 'Piano',
    fileLink: 'https://example.com/song.mp3',
    contributions: evenSplit(40, 30, 30),
  })
  if (verified)
    await verifyEmailThroughAdmin(page, await browser.newPage({ javaScriptEnabled: false }))
  return { ...made, id }
}

const address = (who: string) => `${who}-${crypto.randomBytes(3).toString('hex')}@example.com`

/** The invitation link in the newest mail to `email` once it is not `before`. */
async function newLink(email: string, before?: string) {
  let link = ''
  await expect
    .poll(async () => (link = await invitationLinkTo(server.dataDir, email)))
    .not.toBe(before)
  return link
}

describe.each(MODES)('the co-writers pages in the pseudo-language, $name', (mode) => {
  test('show no English outside names and identifiers, in each state the suite visits', async () => {
    const page = await browser.newPage({ ...mode, locale: 'en-XA' })
    const found: Record<string, string[]> = {}
    const check = async (on: TestPage, state: string) => {
      expect(await on.locator('html').getAttribute('lang')).toBe('en-XA')
      // The route sends its messages: were it not, <main lang="en"> would mark it English.
      expect(await on.locator('main').getAttribute('lang')).toBeNull()
      found[state] = await ourEnglish(on)
    }
    const { email: ownEmail, id } = await owner(page, { verified: false })
    const coWriters = `/songs/${id}/co-writers`
    await page.goto(coWriters)
    await check(page, 'co-writers, the email not verified')

    await verifyEmailThroughAdmin(page, await browser.newPage({ javaScriptEnabled: false }))
    await page.goto(coWriters)
    await check(page, 'co-writers, nothing sent')

    // Refused after a real post: an address the browser takes and the schema does not, then the
    // owner's own address, which the service refuses.
    const beaEmail = page.locator('[data-testid="slot-co-contributor"] input[name="email"]')
    const beaSend = page.locator('[data-testid="slot-co-contributor"] button[type="submit"]')
    await beaEmail.fill('bea@localhost')
    await beaSend.click()
    await expect.poll(() => beaEmail.getAttribute('aria-invalid')).toBe('true')
    await check(page, 'co-writers, an address refused by the form')
    await page.goto(coWriters)
    await beaEmail.fill(ownEmail)
    await beaSend.click()
    await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThan(0)
    await check(page, 'co-writers, the owner’s own address refused')

    // Sent, and sent again: the toasts and each slot's status.
    const bea = address('bea')
    const celine = address('celine')
    await page.goto(coWriters)
    await beaEmail.fill(bea)
    await beaSend.click()
    await expect
      .poll(() => page.getByTestId('slot-co-contributor-status').textContent())
      .toContain(bea)
    await check(page, 'co-writers, an invitation sent')
    const first = await newLink(bea)
    await page.locator('[data-testid="slot-co-contributor-2"] input[name="email"]').fill(celine)
    await page.locator('[data-testid="slot-co-contributor-2"] button[type="submit"]').click()
    await expect
      .poll(() => page.getByTestId('slot-co-contributor-2-status').textContent())
      .toContain(celine)
    await page.locator('[data-testid="slot-co-contributor"] button[value="resend"]').click()
    const link = await newLink(bea, first)
    await page.goto(coWriters)
    await check(page, 'co-writers, invitations sent and one sent again')

    // The register page (the registration area's) shows this area's list of confirmations and
    // its note of who has not confirmed: only those two are checked there.
    await page.goto(`/songs/${id}/register`)
    const lists = page.locator(
      'section[aria-labelledby="co-writers"], [data-testid="unconfirmed-shares"]',
    )
    expect(await lists.count()).toBe(2)
    const listed = await lists.allTextContents()
    found['register, the confirmations and who has not confirmed'] = (
      await ourEnglish(page)
    ).filter((finding) =>
      listed.some((text) => text.includes(finding.slice(finding.indexOf(': ') + 2))),
    )

    // The invitee, signed out: the replaced link, the open one, a refusal, the confirmation.
    const invitee = await browser.newPage({ ...mode, locale: 'en-XA' })
    await invitee.goto(first)
    await check(invitee, 'invitation, replaced by a newer one')
    await invitee.goto(link)
    await check(invitee, 'invitation, open, signed out')
    // Refused twice over: a name not in Latin letters, and an IPI whose check digits (93) are
    // typed wrong, the one refusal with a value inside.
    await invitee.locator('input[name="creditedLatinName"]').fill('ベア')
    await invitee.locator('input[name="ipi"]').fill('12345678900')
    await invitee.locator('form#confirm-share button[type="submit"]').click()
    await expect
      .poll(() => invitee.locator('input[name="ipi"]').getAttribute('aria-invalid'))
      .toBe('true')
    expect(
      await invitee.locator('input[name="creditedLatinName"]').getAttribute('aria-invalid'),
    ).toBe('true')
    await check(invitee, 'invitation, the confirmation refused')
    await invitee.locator('input[name="ipi"]').fill('')
    await invitee.locator('input[name="creditedLatinName"]').fill('Béá Ĺöŕé')
    await invitee.locator('input[name="pro"]').fill('SACEM')
    await invitee.locator('form#confirm-share button[type="submit"]').click()
    await expect.poll(() => invitee.getByTestId('record-check').count()).toBe(1)
    await check(invitee, 'invitation, confirmed')

    // The second co-writer, signed in to an account of their own, disputes.
    const other = await browser.newPage({ ...mode, locale: 'en-XA' })
    await account(other, 'Çéĺîñé', 'Ŕûíz')
    await other.goto(await newLink(celine))
    await check(other, 'invitation, open, signed in')
    await other.locator('textarea[name="disputeReason"]').fill('Ñó, éĺ ŕéƥáŕţó')
    await other.locator('form#dispute-share button[type="submit"]').click()
    await expect.poll(() => other.locator('form#dispute-share').count()).toBe(0)
    await check(other, 'invitation, disputed')
    await other.done()

    // The owner reads both answers (each told once, as a toast), then withdraws the confirmation.
    await page.goto(coWriters)
    await check(page, 'co-writers, one confirmed and one disputed, the first answer’s toast')
    await page.goto(coWriters)
    await check(page, 'co-writers, the second answer’s toast')
    await page.locator('[data-testid="slot-co-contributor"] button[value="revoke"]').click()
    await expect.poll(() => beaEmail.count()).toBe(1)
    await check(page, 'co-writers, the answer withdrawn')
    await invitee.goto(link)
    await check(invitee, 'invitation, withdrawn')
    await invitee.goto(`/invitations/${'A'.repeat(43)}`)
    await check(invitee, 'invitation, unknown')

    // The refusal of every invitation: asked, done, and a link cut short.
    const mail = await mailTo(server.dataDir, bea)
    const refusal = /(\/refuse-invitations\?token=[A-Za-z0-9_-]{64})/.exec(mail.text ?? '')![1]!
    await invitee.goto(refusal)
    await check(invitee, 'refuse-invitations, asked')
    await invitee.locator('main form button[type="submit"]').click()
    await expect.poll(() => invitee.locator('main form').count()).toBe(0)
    await check(invitee, 'refuse-invitations, done')
    await invitee.goto(refusal.slice(0, -1))
    await check(invitee, 'refuse-invitations, not valid')
    await invitee.done()

    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((state) => [state, []])))
    await page.done()
  })
})

test('the check finds English: the same co-writers page in English fails it', async () => {
  const page = await browser.newPage({ javaScriptEnabled: false, locale: 'en-US' })
  const { id } = await owner(page, { verified: false })
  await page.goto(`/songs/${id}/co-writers`)
  expect(await ourEnglish(page)).toContain('<a>: Verify your email address')
  await page.done()
})

describe.each(['de', 'ja'])('the co-writers pages in %s at 320 px', (locale) => {
  test.each(MODES)('$name: nothing wider than the window', async (mode) => {
    const page = await browser.newPage({ ...mode, locale })
    const { id } = await owner(page, { verified: true })
    const bea = address('bea')
    const sent = await post(page, `/songs/${id}/co-writers`, {
      intent: 'invite',
      slot: 'co-contributor',
      email: bea,
    })
    expect(sent.ok()).toBe(true)
    const link = await newLink(bea)
    const mail = await mailTo(server.dataDir, bea)
    const refusal = /(\/refuse-invitations\?token=[A-Za-z0-9_-]{64})/.exec(mail.text ?? '')![1]!
    await page.setViewportSize({ width: 320, height: 640 })
    for (const path of [`/songs/${id}/co-writers`, new URL(link).pathname, refusal]) {
      await page.goto(path)
      expect(await page.locator('html').getAttribute('lang')).toBe(locale)
      await expectNothingWider(page, { path })
    }
    await page.done()
  })
})
