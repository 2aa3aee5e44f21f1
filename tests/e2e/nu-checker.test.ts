import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { z } from 'zod'
import { splitRow } from '../setup/sample-song'
import { type TestPage, useBrowser } from './browser'
import { newSignedInUser, postSong, registerSong, verifyEmailThroughAdmin } from './flows'
import { sharedServer } from './server'

// Issue 54: "The W3C Nu checker still finds no error, with lang right on every page". The HTML
// the server draws (JavaScript off, so it is the server's document, not React's edits of it) of
// the visitor's pages, a signed-in writer's pages for one song and a stranger's view of its
// registered record, in English, German, Japanese and Korean, checked by the W3C Nu HTML checker
// (npm's vnu-jar, on Java) in one run: no error, and <html lang> is the language asked for.

const browser = useBrowser()
const server = sharedServer()

const LANGUAGES = ['en', 'de', 'ja', 'ko'] as const
const VISITOR_PAGES = [
  '/',
  '/login',
  '/register',
  '/faq',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
]
// A registered song's details open as a new version on /submit: its details are a draft's.
const writerPages = (draftId: number, registeredId: number) => [
  '/',
  '/submit',
  `/songs/${draftId}/details`,
  `/edit/${draftId}`,
  `/songs/${registeredId}/co-writers`,
  `/songs/${registeredId}/split-sheet`,
  `/certificate/${registeredId}`,
  '/settings',
  '/settings/profile',
]

// vnu.jar's path: the package's main module exports it, and it is this file in the package.
const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar')

// What `--format json` writes (to stderr): one message per finding, each naming its file.
const ReportSchema = z.object({
  messages: z.array(
    z.object({
      type: z.string(),
      url: z.string().optional(),
      message: z.string(),
      extract: z.string().optional(),
      lastLine: z.number().optional(),
    }),
  ),
})

/** Every finding of the checker's, as "file:line: message (extract)", for a readable failure. */
async function nuErrors(files: readonly string[]) {
  // The checker exits 1 when it finds an error; its report is what tells.
  const ran = await promisify(execFile)(
    'java',
    ['-jar', VNU_JAR, '--format', 'json', '--errors-only', ...files],
    { maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: error.stderr ?? '',
  }))
  const report = ReportSchema.parse(JSON.parse(ran.stderr || ran.stdout))
  return report.messages.map(
    (found) =>
      `${path.basename(found.url ?? '?')}:${found.lastLine ?? '?'}: ${found.type}: ${found.message}` +
      (found.extract ? ` (${found.extract.replace(/\s+/g, ' ').trim()})` : ''),
  )
}

let dir: string
let owner: TestPage
let visitor: TestPage
let song: { id: number; certificateId: string }
let draft: { id: number }
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-nu-'))
  owner = await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl })
  visitor = await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl })
  await newSignedInUser(owner, 'Hana', 'Kim')
  await verifyEmailThroughAdmin(
    owner,
    await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl }),
  )
  song = await postSong(owner, {
    title: 'Glass Harbour',
    contributorName: 'Hana Kim',
    dateCreated: '2025-03-09',
    toolsUsed: 'Piano',
    fileLink: 'https://files.example/harbour.wav',
    lyrics: 'A harbour of glass',
    contributions: [splitRow('lyrics', 100, 0, 0, 0), splitRow('vocals', 100, 0, 0, 0)],
    recordings: [{ label: 'Master', sha256: crypto.randomBytes(32).toString('hex'), size: 12_345 }],
  })
  await registerSong(owner, song.id)
  draft = await postSong(owner, {
    title: 'Paper Lanterns',
    contributorName: 'Hana Kim',
    dateCreated: '2025-04-01',
    toolsUsed: 'Guitar',
    fileLink: 'https://files.example/lanterns.wav',
    contributions: [splitRow('lyrics', 100, 0, 0, 0)],
  })
}, 120_000)
afterAll(async () => {
  await owner?.done()
  await visitor?.done()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

/** The server's document at `address` in `language` (the footer form's cookie), kept in `dir`. */
async function keep(page: TestPage, who: string, language: string, address: string) {
  await page.context().addCookies([{ name: 'lang', value: language, url: server.baseUrl }])
  // Not followed: a sign-in page drawn in place of the writer's would be checked unseen.
  const response = await page.request.get(address, { maxRedirects: 0 })
  expect(response.status(), `${who} ${language} ${address}`).toBe(200)
  const html = await response.text()
  const file = path.join(dir, `${language}-${who}${address.replace(/\W+/g, '-')}.html`)
  fs.writeFileSync(file, html)
  return { file, lang: /<html\b[^>]*\slang="([^"]*)"/.exec(html)?.[1] }
}

test('every page is valid HTML to the W3C Nu checker, with <html lang> the language asked for', async () => {
  const pages = [
    ...VISITOR_PAGES.map((address) => ({ page: visitor, who: 'visitor', address })),
    ...writerPages(draft.id, song.id).map((address) => ({ page: owner, who: 'writer', address })),
    { page: visitor, who: 'stranger', address: `/verify/${song.certificateId}` },
  ]
  const files: string[] = []
  const langs: Record<string, string | undefined> = {}
  const asked: Record<string, string> = {}
  for (const language of LANGUAGES)
    for (const { page, who, address } of pages) {
      const { file, lang } = await keep(page, who, language, address)
      files.push(file)
      langs[path.basename(file)] = lang
      asked[path.basename(file)] = language
    }
  expect(langs).toEqual(asked)
  expect(await nuErrors(files)).toEqual([])
}, 120_000)
