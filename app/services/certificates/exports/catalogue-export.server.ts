import { type Kysely, sql } from 'kysely'
import type { Database } from '#db/schema'
import {
  type ExportFormat,
  type ExportSong,
  exportClosing,
  exportOpening,
} from './catalogue-export-format.server'
import { ownerCertificate } from '../record/certificate.server'
import { liveInvitationsOf, slotStatuses } from '../../co-writers/split-statuses.server'
import { type DocumentTicket, ticketStream } from '../../platform/document-pool.server'
import { songQuery, type SongView, toView } from '../../songs/songs.server'

export type { ExportFormat }

// The owner's catalogue as CSV or JSON (issue 14, docs/decisions/037-catalogue-export.md).
// Songs are read in keyset pages and written out page by page, so a catalogue of any size is
// exported in the memory of one page; PGlite has no cursors, and pages work on both drivers.

export const EXPORT_PAGE_SIZE = 500
/**
 * Bytes of lyrics and creative notes one page may carry (decision 053): reading a page (the
 * driver parsing its rows) is work on the event loop, so a page is bounded by what it holds as
 * well as by its count. 500 usual songs fit; of the longest the form takes, 5 (a few tens of milliseconds of reading on PGlite).
 */
export const EXPORT_PAGE_BYTES = 250_000

/**
 * The owner's songs, oldest first, one page at a time. Without their long texts (`texts: false`)
 * a page is bounded by its count alone: what is left is a few hundred bytes a song.
 */
export async function* ownedSongPages(
  database: Kysely<Database>,
  userId: string,
  { pageSize = EXPORT_PAGE_SIZE, texts = true } = {},
): AsyncGenerator<SongView[]> {
  let after = 0
  for (;;) {
    // The next songs' sizes first (a light read), to know where this page ends.
    const sizes = await database
      .selectFrom('songs')
      .select([
        'id',
        // octet_length reads a stored text's size without unpacking it.
        texts
          ? sql<number>`coalesce(octet_length(lyrics), 0) + coalesce(octet_length(creative_notes), 0)`.as(
              'bytes',
            )
          : sql<number>`0`.as('bytes'),
      ])
      .where('userId', '=', userId)
      .where('id', '>', after)
      .orderBy('id', 'asc')
      .limit(pageSize)
      .execute()
    if (sizes.length === 0) return
    let taken = 0
    let bytes = 0
    for (const size of sizes) {
      if (taken > 0 && bytes + Number(size.bytes) > EXPORT_PAGE_BYTES) break
      bytes += Number(size.bytes)
      taken++
    }
    const last = sizes[taken - 1]!.id
    const rows = await songQuery(database, { texts })
      .where('songs.userId', '=', userId)
      .where('songs.id', '>', after)
      .where('songs.id', '<=', last)
      .orderBy('songs.id', 'asc')
      .execute()
    if (rows.length > 0) yield rows.map(toView)
    if (taken === sizes.length && sizes.length < pageSize) return
    after = last
  }
}

const encoder = new TextEncoder()

/**
 * The export's bytes, chunk by chunk. Each page's text is made in a document worker through the
 * export's stream (decision 053), which holds a worker only while that page is made (decision
 * 110); only the reading and the opening and closing lines stay here.
 */
async function* exportChunks(
  database: Kysely<Database>,
  userId: string,
  format: ExportFormat,
  exportedAt: Date,
  ticket: DocumentTicket,
): AsyncGenerator<Uint8Array> {
  yield encoder.encode(exportOpening(format, exportedAt))
  let first = true
  const writers = format === 'writers-csv'
  // The writers' CSV needs no lyrics or notes, but each contributor's standing (issue 51.7).
  for await (const page of ownedSongPages(database, userId, { texts: !writers })) {
    const songs = writers ? await withStandings(database, userId, page) : page
    yield await ticket.render({ kind: 'export-page', format, songs, first })
    first = false
  }
  const closing = exportClosing(format)
  if (closing) yield encoder.encode(closing)
}

/**
 * A byte stream of the export, read from the database only as fast as it is sent. The ticket is
 * the export's open stream in the document pool (`openDocumentStream`): released when the stream
 * ends, fails or is cancelled.
 */
export function catalogueExportStream(
  database: Kysely<Database>,
  userId: string,
  format: ExportFormat,
  ticket: DocumentTicket,
  exportedAt = new Date(),
): ReadableStream<Uint8Array> {
  return ticketStream(exportChunks(database, userId, format, exportedAt, ticket), ticket)
}

export function exportFileName(format: ExportFormat, now = new Date()) {
  const day = now.toISOString().slice(0, 10)
  return format === 'writers-csv'
    ? `prooftrack-writers-${day}.csv`
    : `prooftrack-catalogue-${day}.${format}`
}

/**
 * Each song of a page with its contributors' standing as its certificate shows it: the registered
 * record's confirmations, else the live ones (one statement for the page), so what a co-writer
 * gave when confirming (PRO, IPI, name) reaches the writers' CSV.
 */
async function withStandings(
  database: Kysely<Database>,
  userId: string,
  songs: SongView[],
): Promise<ExportSong[]> {
  const open = songs.filter((song) => song.registration?.status !== 'confirmed').map((s) => s.id)
  const live =
    open.length === 0
      ? []
      : await database
          .selectFrom('songs')
          .select((eb) => ['songs.id', liveInvitationsOf(eb, userId).as('live')])
          .where('songs.id', 'in', open)
          .execute()
  return songs.map((song) => {
    const found = live.find((row) => row.id === song.id)
    const statuses = found ? slotStatuses(song, found.live) : null
    return { ...song, confirmations: ownerCertificate(song, statuses).confirmations }
  })
}
