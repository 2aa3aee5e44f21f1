import { beforeAll, expect, test } from 'vitest'
import { z } from 'zod'
import { sharedServer } from './server'

// Issue 37 item 7: React 18's streaming renderer wrote NUL bytes wherever a multi-byte character
// straddled its 2 KB buffer. Through the real server and its entry, every page a signed-in owner,
// a visitor and a crawler reads, full of Japanese, Hindi, Thai, Hebrew, Russian, emoji and curly
// quotes, must come back as exactly the UTF-8 text of the page, with no 0x00 byte.

const server = sharedServer()
const ADDRESS = '198.51.100.137'
const Song = z.object({ id: z.number(), certificateId: z.string() })

// Titles and names of every length from short to long, so the 2 KB boundaries fall at ever
// different offsets inside multi-byte characters (3 bytes for kana, 4 for emoji).
const TITLES = Array.from({ length: 24 }, (_, i) =>
  `“夜明けの歌” 第${i + 1}番 ${'東京の雨、'.repeat(1 + (i % 7))}${'🎵'.repeat(i % 3)}`.slice(
    0,
    200,
  ),
)
const NAMES = ['佐藤 花子', 'अनन्या शर्मा', 'สมชาย ใจดี', 'נועה כהן', 'Анна Петрова']
const LYRICS = Array.from(
  { length: 60 },
  (_, i) => `${i + 1}. 「君の声が聞こえる」— ‘まだ’ “夜” ${'ラララ'.repeat(1 + (i % 5))} ♪`,
).join('\n')

let owner = ''
const songs: z.infer<typeof Song>[] = []

async function post(path: string, body: unknown, cookie?: string) {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/json',
      Origin: server.baseUrl,
      'X-Forwarded-For': ADDRESS,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: JSON.stringify(body ?? {}),
  })
}

const sessionOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('pt_session='))!
    .split(';')[0]!

beforeAll(async () => {
  const account = { username: 'hanako_nul', email: 'hanako-nul@example.com', password: 'Gr8tSongs' }
  const registered = await post('/api/auth/register', {
    firstName: '花子',
    lastName: '佐藤',
    ...account,
  })
  expect(registered.status, await registered.text()).toBe(201)
  const login = await post('/api/auth/login', {
    usernameOrEmail: account.username,
    password: account.password,
  })
  expect(login.status).toBe(200)
  owner = sessionOf(login)
  const asked = await post('/api/auth/request-email-verification', {}, owner)
  const code = z.object({ verificationCode: z.string() }).parse(await asked.json())
  const admin = server.adminSession
  expect(
    (await post('/api/auth/verify-email', { token: code.verificationCode }, admin)).status,
  ).toBe(200)

  for (const [i, title] of TITLES.entries()) {
    const created = await post(
      '/api/songs',
      {
        title,
        contributorName: NAMES[i % NAMES.length],
        coContributorName: NAMES[(i + 1) % NAMES.length],
        coContributorName2: NAMES[(i + 2) % NAMES.length],
        dateCreated: '2025-04-01',
        toolsUsed: 'ピアノ, “Suno”',
        fileLink: 'https://example.com/yoake.mp3',
        lyrics: LYRICS,
        creativeNotes: '終電で書いた — “夜の歌”。',
        contributions: [
          {
            component: 'lyrics',
            contributorPercent: 40,
            coContributorPercent: 30,
            coContributor2Percent: 20,
            aiPercent: 10,
          },
          { component: 'vocals', contributorPercent: 100 },
        ],
      },
      owner,
    )
    expect(created.status, await created.clone().text()).toBe(201)
    songs.push(Song.parse(await created.json()))
  }
  const sponsored = await post(`/api/songs/${songs[0]!.id}/blockchain/sponsored`, {}, owner)
  expect(sponsored.status, await sponsored.text()).toBe(201)
}, 120_000)

async function bytesOf(path: string, headers: Record<string, string>) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    redirect: 'manual',
    headers: { 'X-Forwarded-For': ADDRESS, ...headers },
  })
  expect(response.status, path).toBe(200)
  expect(response.headers.get('Content-Type'), path).toBe('text/html; charset=utf-8')
  return Buffer.from(await response.arrayBuffer())
}

test('no response body holds a NUL byte: owner, visitor and crawler pages full of CJK text and curly quotes', async () => {
  const first = songs[0]!
  const ownerPages = [
    '/',
    '/songs',
    ...songs
      .slice(0, 6)
      .flatMap((song) => [`/certificate/${song.id}`, `/songs/${song.id}/split-sheet`]),
    // A registered song is no longer edited in place: these pages are of the others.
    ...songs.slice(1, 6).flatMap((song) => [`/songs/${song.id}/details`, `/edit/${song.id}`]),
    `/verify/${first.certificateId}`,
  ]
  const publicPages = [`/verify/${first.certificateId}`, `/verify/${first.certificateId}`, '/faq']
  const crawler = { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' }
  const reads = [
    ...ownerPages.map((path) => ({ path, who: 'owner', headers: { Cookie: owner } })),
    ...ownerPages.map((path) => ({
      path,
      who: 'owner, crawler',
      headers: { Cookie: owner, ...crawler },
    })),
    ...publicPages.map((path) => ({ path, who: 'visitor', headers: {} })),
    ...publicPages.map((path) => ({ path, who: 'crawler', headers: crawler })),
  ]
  const withNul: string[] = []
  for (const { path, who, headers } of reads) {
    const bytes = await bytesOf(path, headers)
    if (bytes.includes(0)) withNul.push(`${path} (${who})`)
    // The bytes are the page's text exactly: valid UTF-8, the song's own words in it.
    const html = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    expect(html, path).toMatch(/^<!DOCTYPE html>/i)
  }
  expect(withNul).toEqual([])

  // The pages carried what they were tested with (checked without printing whole pages).
  const list = new TextDecoder().decode(await bytesOf('/songs', { Cookie: owner }))
  expect(list.includes(TITLES.at(-1)!)).toBe(true)
  const certificate = new TextDecoder().decode(
    await bytesOf(`/certificate/${first.id}`, { Cookie: owner }),
  )
  expect(NAMES.slice(0, 3).filter((name) => !certificate.includes(name))).toEqual([])
  expect(certificate.includes(TITLES[0]!)).toBe(true)
  expect(certificate.includes('「君の声が聞こえる」— ‘まだ’ “夜”')).toBe(true)
}, 180_000)
