import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import { evenSplit, splitRow } from '../setup/sample-song'
import { type TestPage, useBrowser } from './browser'
import {
  expectSoon,
  newSignedInUser,
  postSong,
  signInAsAdministrator,
  verifyEmailThroughAdmin,
} from './flows'
import { invitationLinkTo } from './mailbox'
import { sharedServer } from './server'
import { smallTargets } from './tap-targets'

// Issue 25 items 2–6 and issue 26's isolation on pages, in Chromium. The page table below names
// every page module in app/routes with URLs for its error and empty states (and its ordinary
// state): a new page without a row fails the first test. Every state is visited with JavaScript
// on, on a hydrated first load and after a client-side navigation, and at 320 px without it
// (the narrowest phone in use: a page that fits it fits 360 and 390 too, issue 39.8).
const browser = useBrowser()
const server = sharedServer()

const GENERIC_ERROR = 'Something went wrong'
const NADIA = 'Nadia Al-Khatib / نادية الخطيب'
const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(2)
/** Long unbroken words people do write: Russian's longest adjective, a real German surname. */
const LONG_RUSSIAN = 'Превысокомногорассмотрительствующий'
const LONG_SURNAME = 'Wolfeschlegelsteinhausenbergerdorff'

/** A song whose every text is in another script, with a long unbroken word. */
const world = {
  owner: { username: '', email: '' },
  songId: 0,
  registeredId: 0,
  registeredCertificate: '',
  unregisteredCertificate: '',
  invitationLink: '',
}

type Who = 'anonymous' | 'owner' | 'admin' | 'newcomer'
interface Visit {
  url: () => string
  as: Who
  /** The page's first heading: never the generic error screen's. */
  heading: string | RegExp
  /** Where the address ends up, when the page moves a query parameter away (the reset token). */
  landsOn?: string
}

const T = (url: string) => () => url
const PAGES: Record<string, Visit[]> = {
  $: [{ url: T('/no/such/page'), as: 'anonymous', heading: '404 Page Not Found' }],
  _index: [
    { url: T('/'), as: 'anonymous', heading: /./ },
    { url: T('/'), as: 'newcomer', heading: /^Welcome/ },
    { url: T('/'), as: 'owner', heading: /^Welcome/ },
    { url: T('/'), as: 'admin', heading: /Admin$/ },
    // The Record Audit tab (decision 060): nothing registered checked yet is its empty state.
    { url: T('/?tab=records'), as: 'admin', heading: /Admin$/ },
  ],
  'admin.verify': [
    { url: T('/admin/verify'), as: 'owner', heading: /403|Access|denied|Admin/i },
    { url: T('/admin/verify'), as: 'admin', heading: /./ },
  ],
  'admin.video': [
    { url: T('/admin/video'), as: 'owner', heading: /403|Access|denied|Admin/i },
    { url: T('/admin/video'), as: 'admin', heading: /./ },
  ],
  'certificate.$id': [
    { url: T('/certificate/999999'), as: 'owner', heading: /not found/i },
    { url: () => `/certificate/${world.songId}`, as: 'anonymous', heading: /not found/i },
    { url: () => `/certificate/${world.songId}`, as: 'owner', heading: /봄날/ },
    { url: () => `/certificate/${world.registeredId}`, as: 'anonymous', heading: /./ },
  ],
  contact: [{ url: T('/contact'), as: 'anonymous', heading: /./ }],
  'edit.$id': [
    { url: T('/edit/999999'), as: 'owner', heading: /not found/i },
    { url: () => `/edit/${world.registeredId}`, as: 'owner', heading: /./ },
    { url: () => `/edit/${world.songId}`, as: 'owner', heading: 'Edit Song' },
  ],
  faq: [{ url: T('/faq'), as: 'anonymous', heading: /./ }],
  'forgot-password': [{ url: T('/forgot-password'), as: 'anonymous', heading: /./ }],
  'google-auth': [{ url: T('/google-auth'), as: 'anonymous', heading: /./ }],
  'invitations.$token': [
    { url: T('/invitations/mistyped'), as: 'anonymous', heading: 'Invitation not found' },
    { url: T(`/invitations/${'A'.repeat(43)}`), as: 'anonymous', heading: 'Invitation not found' },
    { url: () => world.invitationLink, as: 'anonymous', heading: 'Confirmations are final' },
  ],
  'ledger.tx.$signature': [
    { url: T(`/ledger/tx/${'5'.repeat(88)}`), as: 'anonymous', heading: /./ },
    { url: T('/ledger/tx/not-a-signature'), as: 'anonymous', heading: /./ },
  ],
  login: [{ url: T('/login'), as: 'anonymous', heading: /./ }],
  'oauth-status': [{ url: T('/oauth-status'), as: 'anonymous', heading: /./ }],
  'oauth-test': [{ url: T('/oauth-test'), as: 'anonymous', heading: /./ }],
  'privacy-policy': [{ url: T('/privacy-policy'), as: 'anonymous', heading: /./ }],
  register: [{ url: T('/register'), as: 'anonymous', heading: /./ }],
  'refuse-invitations': [
    { url: T('/refuse-invitations'), as: 'anonymous', heading: 'Link not valid' },
    { url: T(`/refuse-invitations?token=${'A'.repeat(64)}`), as: 'anonymous', heading: /./ },
  ],
  'reset-password': [
    { url: T('/reset-password'), as: 'anonymous', heading: /./ },
    {
      url: T('/reset-password?token=nonsense'),
      as: 'anonymous',
      heading: /./,
      landsOn: '/reset-password',
    },
  ],
  settings: [{ url: T('/settings'), as: 'owner', heading: /./ }],
  'settings_.profile': [{ url: T('/settings/profile'), as: 'owner', heading: 'Profile' }],
  'settings_.password': [{ url: T('/settings/password'), as: 'owner', heading: /password/i }],
  'settings_.email': [
    { url: T('/settings/email'), as: 'owner', heading: 'Email address' },
    { url: T('/settings/email?token=not-a-link'), as: 'owner', heading: 'Email address' },
  ],
  'settings_.google': [{ url: T('/settings/google'), as: 'owner', heading: 'Google' }],
  'settings_.data': [{ url: T('/settings/data'), as: 'owner', heading: 'Your data' }],
  'settings_.passkeys': [{ url: T('/settings/passkeys'), as: 'owner', heading: 'Passkeys' }],
  'settings_.sessions': [
    { url: T('/settings/sessions'), as: 'owner', heading: 'Signed-in browsers' },
  ],
  'settings_.delete-account': [
    { url: T('/settings/delete-account'), as: 'newcomer', heading: 'Delete your account' },
  ],
  'settings_.two-factor': [
    { url: T('/settings/two-factor'), as: 'owner', heading: 'Two-factor authentication' },
  ],
  'settings_.confirm': [{ url: T('/settings/confirm'), as: 'owner', heading: 'Confirm it is you' }],
  // Without a sign-in waiting for its code, the code page sends back to sign in.
  // Without a valid link from the mail (decision 078), it says so.
  'login_.google-takeover': [
    {
      url: T('/login/google-takeover?token=not-a-link'),
      as: 'anonymous',
      heading: 'This link no longer works',
    },
  ],
  'login_.two-factor': [
    { url: T('/login/two-factor'), as: 'anonymous', heading: 'Sign in', landsOn: '/login' },
  ],
  'songs.$id.delete': [
    { url: T('/songs/999999/delete'), as: 'owner', heading: /not found/i },
    { url: () => `/songs/${world.registeredId}/delete`, as: 'owner', heading: 'Delete a song' },
    { url: () => `/songs/${world.songId}/delete`, as: 'owner', heading: 'Delete a song' },
  ],
  'songs.$id.co-writers': [
    { url: T('/songs/999999/co-writers'), as: 'owner', heading: /not found/i },
    { url: () => `/songs/${world.registeredId}/co-writers`, as: 'owner', heading: /./ },
    { url: () => `/songs/${world.songId}/co-writers`, as: 'owner', heading: /./ },
  ],
  'songs.$id.details': [
    { url: T('/songs/999999/details'), as: 'owner', heading: /not found/i },
    { url: () => `/songs/${world.songId}/details`, as: 'owner', heading: 'Add Details' },
  ],
  'songs.$id.register': [
    { url: T('/songs/999999/register'), as: 'owner', heading: /not found/i },
    { url: () => `/songs/${world.registeredId}/register`, as: 'owner', heading: /./ },
    { url: () => `/songs/${world.songId}/register`, as: 'owner', heading: /./ },
  ],
  'songs.$id.register_.pay': [
    { url: T('/songs/999999/register/pay'), as: 'owner', heading: /not found/i },
  ],
  'songs.$id.split-sheet': [
    { url: T('/songs/999999/split-sheet'), as: 'owner', heading: /not found/i },
    { url: () => `/songs/${world.songId}/split-sheet`, as: 'owner', heading: /봄날/ },
  ],
  'songs._index': [
    { url: T('/songs'), as: 'newcomer', heading: 'All Submissions' },
    { url: T('/songs?page=99'), as: 'owner', heading: 'All Submissions' },
    { url: T('/songs'), as: 'owner', heading: 'All Submissions' },
  ],
  submit: [
    { url: T('/submit'), as: 'owner', heading: /./ },
    { url: T('/submit?created=999999'), as: 'owner', heading: /./ },
    { url: T('/submit?from=999999'), as: 'owner', heading: /./ },
  ],
  'terms-of-service': [{ url: T('/terms-of-service'), as: 'anonymous', heading: /./ }],
  'verify-email': [{ url: T('/verify-email'), as: 'newcomer', heading: /./ }],
  'verify.$certificateId': [
    { url: T('/verify/PT-0000-0000'), as: 'anonymous', heading: 'Certificate not registered' },
    {
      url: () => `/verify/${world.unregisteredCertificate}`,
      as: 'anonymous',
      heading: 'Certificate not registered',
    },
    { url: () => `/verify/${world.registeredCertificate}`, as: 'anonymous', heading: /./ },
  ],
}

const pageFiles = fs
  .readdirSync(path.resolve(__dirname, '../../app/routes'))
  .map((file) => file.replace(/\.tsx?$/, ''))

const song = (title: string) => ({
  title,
  contributorName: '김민지',
  coContributorName: NADIA,
  coContributorName2: 'José Peña',
  dateCreated: '2025-04-01',
  toolsUsed: `ピアノ, 钢琴, Ελληνικά, Кириллица, עברית, देवनागरी, ภาษาไทย 🎹 ${LONG_WORD}`,
  fileLink: 'https://example.com/spring-day.mp3',
  contributions: [splitRow('lyrics', 40, 30, 20, 10), ...evenSplit(100).slice(1)],
})

const sessions: Partial<Record<Who, string>> = {}

/**
 * A new browser page signed in as `who` (the session cookie of the set-up's sign-in). The page
 * table's visits are one returning visitor's per role and mode, in one tab: the app's scripts and
 * fonts, cached by the first visit, are not fetched and compiled again, nor a renderer process
 * started, for each of the 150 visits, as one person's browser would not (decisions 091, 098).
 */
async function pageAs(
  who: Who,
  options: { javaScriptEnabled: boolean; width?: number; returning?: boolean },
) {
  const page = await browser.newPage({
    javaScriptEnabled: options.javaScriptEnabled,
    baseUrl: server.baseUrl,
    visitor: options.returning ? who : undefined,
  })
  await page.setViewportSize({ width: options.width ?? 1280, height: 900 })
  const cookie = sessions[who]
  if (cookie)
    await page
      .context()
      .addCookies([{ name: 'pt_session', value: cookie, url: server.baseUrl, httpOnly: true }])
  return page
}

async function sessionOf(page: TestPage) {
  const cookies = await page.context().cookies()
  return cookies.find((cookie) => cookie.name === 'pt_session')!.value
}

beforeAll(async () => {
  const owner = await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl })
  world.owner = await newSignedInUser(owner, 'Minji', '김')
  const registered = await postSong(owner, song(`봄날 (Spring Day) — registered ${LONG_RUSSIAN}`))
  const open = await postSong(owner, song(`봄날 (Spring Day) ${LONG_WORD}`))
  world.songId = open.id
  world.registeredId = registered.id
  world.registeredCertificate = registered.certificateId
  world.unregisteredCertificate = open.certificateId
  // Only a verified account invites co-writers (issue 24.2), and registers.
  await verifyEmailThroughAdmin(
    owner,
    await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl }),
  )
  // An invitation on the song that is then registered: its link is "final" from then on.
  const email = `nadia-${crypto.randomBytes(3).toString('hex')}@example.com`
  await owner.goto(`/songs/${registered.id}/co-writers`)
  await owner.getByLabel(`Email of ${NADIA}`).fill(email)
  await owner.getByRole('button', { name: `Send invitation to ${NADIA}` }).click()
  world.invitationLink = new URL(await invitationLinkTo(server.dataDir, email)).pathname
  await owner.goto(`/songs/${registered.id}/register`)
  await owner.getByRole('checkbox', { name: /^I confirm/ }).check()
  await owner.getByRole('button', { name: /Register on Blockchain/ }).click()
  await owner.waitForURL((url) => url.pathname === '/', { timeout: 30_000 })
  sessions.owner = await sessionOf(owner)
  await owner.done()

  const newcomer = await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl })
  await newSignedInUser(newcomer, 'Noa', `נועה ${LONG_SURNAME}`)
  sessions.newcomer = await sessionOf(newcomer)
  await newcomer.done()

  const admin = await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl })
  await signInAsAdministrator(admin)
  sessions.admin = await sessionOf(admin)
  await admin.done()
}, 240_000)

test('every page module in app/routes has a row in the page table, and every row a module', () => {
  expect(pageFiles.filter((name) => !(name in PAGES))).toEqual([])
  expect(Object.keys(PAGES).filter((name) => !pageFiles.includes(name))).toEqual([])
})

const visits = Object.entries(PAGES).flatMap(([route, rows]) =>
  rows.map((visit, index) => ({ route, index, ...visit })),
)

async function expectHeading(page: TestPage, heading: string | RegExp) {
  await expectSoon(
    page,
    async (timeout) => {
      const text = (await page.locator('h1').first().textContent({ timeout })) ?? ''
      return (
        !text.includes(GENERIC_ERROR) &&
        (typeof heading === 'string' ? text === heading : heading.test(text))
      )
    },
    true,
  )
  expect(await page.locator('body').innerText()).not.toContain(GENERIC_ERROR)
}

const FAQ_HEADING = 'Frequently Asked Questions'

/** A link click's navigation, made through Remix's router, to `target`; done once the address is where it lands. */
async function navigateInBrowser(page: TestPage, target: string, landsOn = target) {
  await page.evaluate((to) => {
    const router = (window as unknown as { __remixRouter: { navigate(to: string): unknown } })
      .__remixRouter
    void router.navigate(to)
  }, target)
  await page.waitForURL((current) => `${current.pathname}${current.search}` === landsOn)
}

describe('every page state with JavaScript on (issue 25.2)', () => {
  test.each(visits)(
    '$route #$index as $as: hydrated first load, then reached by a client-side navigation',
    async ({ route, index, url, as, heading, landsOn }) => {
      const page = await pageAs(as, { javaScriptEnabled: true, returning: true })
      await page.goto(url())
      await expectHeading(page, heading)
      if (process.env.SCREENSHOTS)
        await page.screenshot({
          path: path.join(process.env.SCREENSHOTS, `${route}-${index}-${as}-1280.png`),
          fullPage: true,
        })
      // The same state reached from another page, as a link click would: Remix's router fetches
      // the loader's data and renders the page (or its error boundary) in the browser. The other
      // page is reached in the browser too: loading it afresh cost a second full load per state.
      await navigateInBrowser(page, '/faq')
      await expect.poll(() => page.locator('h1').first().textContent()).toBe(FAQ_HEADING)
      await navigateInBrowser(page, url(), landsOn)
      await expectHeading(page, heading)
      await page.done()
    },
  )
})

/** What sticks out of a phone-wide page: the document's width, and controls beyond the viewport. */
async function overflow(page: TestPage) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const outside = Array.from(
      document.querySelectorAll<HTMLElement>(
        'input:not([type=hidden]), select, textarea, button, a[href]',
      ),
    )
      // Shown, and meant for people: a honeypot field sits off-screen on purpose.
      .filter(
        (element) =>
          element.getClientRects().length > 0 && !element.closest('[aria-hidden="true"]'),
      )
      .filter((element) => {
        const box = element.getBoundingClientRect()
        return box.width > 0 && (box.left < -1 || box.right > width + 1)
      })
      .map(
        (element) =>
          `${element.tagName} ${element.getAttribute('name') ?? element.textContent?.trim().slice(0, 40)}`,
      )
    // What makes the page wider than the screen, hidden or not (a tooltip waiting for a hover).
    const wider = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .map(
        (element) =>
          `${element.tagName}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`,
      )
      .slice(0, 5)
    return { scrollWidth: document.documentElement.scrollWidth, width, outside, wider }
  })
}

describe('every page at 320 px (issues 25.6, 39.8, 39.9)', () => {
  test.each(visits)(
    '$route #$index as $as fits a phone, and every control is big enough to tap',
    async ({ route, index, url, as }) => {
      const page = await pageAs(as, { javaScriptEnabled: false, width: 320, returning: true })
      await page.goto(url())
      const found = await overflow(page)
      if (process.env.SCREENSHOTS)
        await page.screenshot({
          path: path.join(process.env.SCREENSHOTS, `${route}-${index}-${as}-320.png`),
          fullPage: true,
        })
      expect(found.outside, url()).toEqual([])
      expect(found.scrollWidth, `${url()}: ${found.wider.join(', ')}`).toBeLessThanOrEqual(
        found.width,
      )
      expect(await smallTargets(page), url()).toEqual([])
      await page.done()
    },
  )
})

describe('the split as people type it, and as they read it', () => {
  test('without JavaScript no total is shown as right while typing; the review shows the true totals, each figure beside its name (issues 25.5, 26)', async () => {
    const page = await pageAs('owner', { javaScriptEnabled: false })
    await page.goto('/submit')
    expect(await page.getByTestId('total-lyrics').innerText()).not.toContain('%')
    await page.getByLabel('Song Title *').fill('Fifty Thirty Thirty')
    await page.getByLabel('Main Contributor Name *').fill('김민지')
    await page.getByLabel('Co-Contributor Name').fill(NADIA)
    await page.getByLabel('Co-Contributor 2 Name').fill('José Peña')
    await page.getByLabel('Tools Used *').fill('Piano')
    await page.getByLabel('Song Link *').fill('https://example.com/a.mp3')
    await page.getByLabel('Lyrics: Main contributor %').fill('50')
    await page.getByLabel('Lyrics: Co-contributor %').fill('30')
    await page.getByLabel('Lyrics: Co-contributor 2 %').fill('30')
    // Typed, not yet reviewed: still no figure, never a green 100%.
    expect(await page.getByTestId('total-lyrics').innerText()).not.toContain('100%')
    expect(await page.getByTestId('no-script-totals').innerText()).toBe(
      'Totals are worked out when the form is reviewed.',
    )
    await page.getByRole('button', { name: 'Review & Continue' }).click()
    await expectSoon(
      page,
      (timeout) => page.getByRole('heading', { level: 1 }).textContent({ timeout }),
      'Review Your Submission',
    )
    expect(await page.getByText('Total 110%').count()).toBe(1)
    await expectFigureBesideName(page, 'summary-shares-lyrics', NADIA, '30%')
    await page.done()
  })

  test('a right-to-left co-contributor’s figure stays beside their name on the certificate and the split sheet (issue 26)', async () => {
    const page = await pageAs('owner', { javaScriptEnabled: true })
    await page.goto(`/certificate/${world.songId}`)
    await expectFigureBesideName(page, 'breakdown-lyrics', NADIA, '30%')
    await page.goto(`/songs/${world.songId}/split-sheet`)
    const cells = await page.evaluate((name) => {
      const row = document.querySelector('[data-testid="split-sheet-co-contributor"]')!
      const bdi = Array.from(row.querySelectorAll('bdi')).find((b) => b.textContent === name)
      // The Lyrics column: the cell under its heading (the head has two rows, "Shares" above
      // the components, so a heading's index is not its column's).
      const headings = Array.from(row.closest('table')!.querySelectorAll('thead th'))
      const lyrics = headings.find((th) => th.textContent === 'Lyrics')!.getBoundingClientRect()
      const cell = Array.from(row.children).find((td) => {
        const box = td.getBoundingClientRect()
        return box.left < lyrics.right && lyrics.left < box.right
      }) as HTMLElement
      const a = bdi?.getBoundingClientRect()
      const b = cell.getBoundingClientRect()
      return {
        isolated: Boolean(bdi),
        figure: cell.textContent,
        sameRow: a ? a.top < b.bottom && b.top < a.bottom : false,
        after: a ? b.left >= a.right - 1 : false,
      }
    }, NADIA)
    expect(cells).toEqual({ isolated: true, figure: '30%', sameRow: true, after: true })
    await page.done()
  })
})

/** The share whose name is `name` in the element `testId`: its name in a <bdi>, its figure right after it. */
async function expectFigureBesideName(
  page: TestPage,
  testId: string,
  name: string,
  figure: string,
) {
  const found = await page.getByTestId(testId).evaluate(
    (container, [who, percent]) => {
      const bdi = Array.from(container.querySelectorAll('bdi')).find((b) => b.textContent === who)
      const text = bdi?.nextSibling
      if (!bdi || !text || text.nodeType !== Node.TEXT_NODE) return { isolated: false }
      const range = document.createRange()
      range.selectNodeContents(text)
      const name = bdi.getBoundingClientRect()
      const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0)
      const first = rects[0]!
      return {
        isolated: true,
        figure: text.textContent?.trim(),
        // On the same line, just to the right of the name (the page reads left to right).
        sameLine: first.top < name.bottom && name.top < first.bottom,
        gap: Math.round(first.left - name.right),
        expected: percent,
      }
    },
    [name, figure] as const,
  )
  expect(found).toMatchObject({ isolated: true, figure, sameLine: true })
  expect((found as { gap: number }).gap).toBeGreaterThanOrEqual(-1)
  expect((found as { gap: number }).gap).toBeLessThan(12)
}

describe('registration and sharing say what is true', () => {
  test('the dashboard’s Register dialog warns that co-writers have not confirmed (issue 25.4)', async () => {
    const page = await pageAs('owner', { javaScriptEnabled: true })
    await page.goto('/')
    await page
      .getByRole('link', { name: `Register 봄날 (Spring Day) ${LONG_WORD} on the blockchain` })
      .click()
    const dialog = page.getByRole('dialog')
    await expectSoon(
      page,
      (timeout) => dialog.getByTestId('unconfirmed-shares').innerText({ timeout }),
      // The owner (김민지, the main contributor) is not among them: counts are about the others (issue 39.7).
      `Not everyone has confirmed their share (${NADIA}, José Peña). You can still register; the record will show only the confirmations given by then.`,
    )
    await page.done()
  })

  for (const javaScriptEnabled of [true, false])
    test(`an unregistered certificate offers no link that others cannot open, with JavaScript ${javaScriptEnabled ? 'on' : 'off'} (issue 25.3)`, async () => {
      const page = await pageAs('owner', { javaScriptEnabled })
      await page.goto(`/certificate/${world.songId}`)
      expect(await page.getByTestId('certificate-not-public').innerText()).toContain(
        'It becomes public, at this address, when the song is registered',
      )
      expect(await page.getByRole('button', { name: 'Share' }).count()).toBe(0)
      expect(await page.getByLabel('Certificate link').count()).toBe(0)
      // Registered, the link opens for anyone: Share (or the link to copy) is offered.
      await page.goto(`/certificate/${world.registeredId}`)
      expect(await page.getByTestId('certificate-not-public').count()).toBe(0)
      if (javaScriptEnabled)
        expect(await page.getByRole('button', { name: 'Share' }).count()).toBe(1)
      else expect(await page.getByLabel('Certificate link').count()).toBe(1)
      await page.done()
    })
})
