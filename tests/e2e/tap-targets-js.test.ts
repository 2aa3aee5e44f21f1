import crypto from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { evenSplit } from '../setup/sample-song'
import { type TestPage, useBrowser } from './browser'
import { expectSoon, postSong, signUpAndIn } from './flows'
import { invitationLinkTo, mailTo } from './mailbox'
import { sharedServer } from './server'
import { smallTargets } from './tap-targets'

// Issue 39.9 with JavaScript on: the controls the browser draws once the page has hydrated (the
// Share button, copy buttons, the dialogs' triggers, the tooltips' triggers) are 24 × 24 px too.
// core-flow measures every page state without JavaScript; this visits the main pages once each,
// at 320 px, hydrated.

const browser = useBrowser()
const server = sharedServer()

const CO_WRITER = 'प्रिया शर्मा'
const world = { openId: 0, registeredId: 0, certificate: '', invitation: '', cookie: '' }

const song = (title: string) => ({
  title,
  contributorName: '山田 さくら',
  coContributorName: CO_WRITER,
  dateCreated: '2025-04-01',
  toolsUsed: 'ピアノ, กีตาร์',
  fileLink: 'https://example.com/a.mp3',
  contributions: evenSplit(50, 50),
})

beforeAll(async () => {
  const owner = await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl })
  const account = await signUpAndIn(owner, 'Sakura', '山田')
  // The address verified alone, by the code mailed to it (issue 39.1).
  await owner.goto('/verify-email')
  await owner.getByRole('button', { name: 'Generate Verification Code' }).click()
  const code = /\b(\d{6})\b/.exec((await mailTo(server.dataDir, account.email)).text ?? '')![1]!
  await owner.getByLabel('Code from the email').fill(code)
  await owner.getByRole('button', { name: 'Verify', exact: true }).click()
  await owner.waitForURL((url) => url.pathname === '/')
  await owner.getByText('Email verified').first().waitFor()
  const registered = await postSong(owner, song('สายลม — registered'))
  const open = await postSong(owner, song('夜明けの歌'))
  world.registeredId = registered.id
  world.openId = open.id
  world.certificate = registered.certificateId
  const email = `priya-${crypto.randomBytes(3).toString('hex')}@example.com`
  await owner.goto(`/songs/${registered.id}/co-writers`)
  await owner.getByLabel(`Email of ${CO_WRITER}`).fill(email)
  await owner.getByRole('button', { name: `Send invitation to ${CO_WRITER}` }).click()
  world.invitation = new URL(await invitationLinkTo(server.dataDir, email)).pathname
  await owner.goto(`/songs/${registered.id}/register`)
  await owner.getByRole('checkbox', { name: /^I confirm/ }).check()
  await owner.getByRole('button', { name: /Register on Blockchain/ }).click()
  await owner.waitForURL((url) => url.pathname === '/', { timeout: 30_000 })
  world.cookie = (await owner.context().cookies()).find((c) => c.name === 'pt_session')!.value
  await owner.done()
}, 120_000)

async function hydratedAt320(url: string, signedIn: boolean) {
  const page = await browser.newPage({ javaScriptEnabled: true, baseUrl: server.baseUrl })
  await page.setViewportSize({ width: 320, height: 640 })
  if (signedIn)
    await page
      .context()
      .addCookies([
        { name: 'pt_session', value: world.cookie, url: server.baseUrl, httpOnly: true },
      ])
  await page.goto(url)
  await expectSoon(
    page,
    () => page.evaluate(() => document.documentElement.dataset.hydrated ?? ''),
    'true',
  )
  return page
}

const ANONYMOUS = ['/', '/faq', '/login', '/register', '/contact']
const OWNER = () => [
  '/',
  '/songs',
  '/submit',
  `/certificate/${world.openId}`,
  `/certificate/${world.registeredId}`,
  `/songs/${world.openId}/co-writers`,
  `/songs/${world.openId}/register`,
  `/songs/${world.openId}/details`,
  `/songs/${world.openId}/split-sheet`,
  `/edit/${world.openId}`,
  '/settings',
]
const PUBLIC = () => [`/verify/${world.certificate}`, world.invitation]

describe('every control is big enough to tap at 320 px with JavaScript on (issue 39.9)', () => {
  test('the public pages, the writer’s pages and the pages a co-writer and a checker open', async () => {
    const found: Record<string, string[]> = {}
    for (const [urls, signedIn] of [
      [ANONYMOUS, false],
      [OWNER(), true],
      [PUBLIC(), false],
    ] as const) {
      for (const url of urls) {
        const page: TestPage = await hydratedAt320(url, signedIn)
        const small = await smallTargets(page)
        if (small.length > 0) found[`${signedIn ? 'owner' : 'anonymous'} ${url}`] = small
        await page.done()
      }
    }
    expect(found).toEqual({})
  })
})
