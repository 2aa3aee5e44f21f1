import crypto from 'node:crypto'
import { keptAnswers } from '../platform/kept-answers.server'
import { db } from '../platform/db.server'
import { dashboardData } from './dashboard.server'
import { listSongs } from './songs.server'
import { songSummariesJson } from './song-summaries.server'

// Issue 41 (decision 089): the songs API and the dashboard's song data, kept per owner and data
// version. A page of the API is up to 100 summaries (about 25 KB of JSON), or with `fields=full`
// 100 whole songs with lyrics (about 200 KB): 64 such pages fit in the bound. The dashboard's data is about 4 KB.
// Kept as UTF-8 bytes: encoding 200 KB again was a tenth of each answer's time.
const songPages = keptAnswers<Buffer<ArrayBuffer>>({
  maxEntries: 500,
  maxChars: 12_000_000,
  sizeOf: (body) => body.byteLength,
})
const dashboards = keptAnswers<Awaited<ReturnType<typeof dashboardData>>>({
  maxEntries: 2000,
  maxChars: 12_000_000,
  sizeOf: (data) => 600 * data.songs.length + 50 * data.timeline.length + 100,
})

/** The ETag of one owner's answer at one data version: it names the user (decision 089). */
export function ownerEtag(userId: string, version: string, key: string) {
  const digest = crypto
    .createHash('sha256')
    .update(`${userId}\u0000${version}\u0000${key}`)
    .digest('base64url')
  return `"${digest.slice(0, 27)}"`
}

/** GET /api/songs's body for this page of the owner's songs, serialised and encoded. */
export function keptSongPage(
  userId: string,
  version: string,
  { fields = 'summary', ...page }: { limit: number; offset: number; fields?: 'summary' | 'full' },
) {
  return songPages.get(userId, `${fields}:${page.limit}:${page.offset}`, version, async () =>
    Buffer.from(
      fields === 'full'
        ? JSON.stringify(await listSongs(db(), userId, page))
        : await songSummariesJson(db(), userId, page),
    ),
  )
}

/**
 * The dashboard's songs, totals and timeline. The timeline's months follow the UTC calendar, so
 * the month is part of the key.
 */
export function keptDashboardData(userId: string, version: string, now = new Date()) {
  return dashboards.get(userId, now.toISOString().slice(0, 7), version, () =>
    dashboardData(userId, now),
  )
}

/** How many owners' answers are kept now (the KEPT_ANSWERS=off test reads it). */
export function keptSongListCount() {
  return songPages.size + dashboards.size
}

/** Tests: forget every kept answer (each test file's database starts afresh). */
export function forgetKeptSongLists() {
  songPages.clear()
  dashboards.clear()
}
