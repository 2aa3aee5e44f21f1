import { recordingsText } from '~/lib/recording'
import type { Kysely } from 'kysely'
import type { Database } from '#db/schema'
import { COMPONENTS } from '~/lib/song-constants'
import { readBlockchainData } from './manifest.server'
import { songQuery, type SongView, toView } from './songs.server'

// The owner's catalogue as CSV or JSON (issue 14, docs/decisions/037-catalogue-export.md).
// Songs are read in keyset pages and written out page by page, so a catalogue of any size is
// exported in the memory of one page; PGlite has no cursors, and pages work on both drivers.

export const EXPORT_PAGE_SIZE = 500
export type ExportFormat = 'csv' | 'json'

/** The owner's songs, oldest first, one page at a time. */
export async function* ownedSongPages(
  database: Kysely<Database>,
  userId: string,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<SongView[]> {
  let after = 0
  for (;;) {
    const rows = await songQuery(database)
      .where('songs.userId', '=', userId)
      .where('songs.id', '>', after)
      .orderBy('songs.id', 'asc')
      .limit(pageSize)
      .execute()
    if (rows.length === 0) return
    yield rows.map(toView)
    if (rows.length < pageSize) return
    after = rows[rows.length - 1]!.id
  }
}

const SONG_FIELDS = [
  'id',
  'certificateId',
  'title',
  'dateCreated',
  'genre',
  'contributorName',
  // Issue 26: each name in Latin script beside it, as PROs and partners file it.
  'contributorLatinName',
  'mainContributorPro',
  'mainContributorProNumber',
  'coContributorName',
  'coContributorLatinName',
  'coContributorPro',
  'coContributorProNumber',
  'coContributorName2',
  'coContributor2LatinName',
  'coContributor2Pro',
  'coContributor2ProNumber',
  'isrc',
  'iswc',
  'upc',
  'otherIdentifier',
  'toolsUsed',
  'fileLink',
  'arweaveId',
  'lyrics',
  'creativeNotes',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof SongView)[]

const PERCENTS = [
  'contributorPercent',
  'coContributorPercent',
  'coContributor2Percent',
  'aiPercent',
] as const

/** The CSV header: every song field, the version link, the registration status, then each component's four shares. */
export const CSV_COLUMNS: readonly string[] = [
  ...SONG_FIELDS,
  'recordings',
  'supersedesCertificateId',
  'registrationStatus',
  ...COMPONENTS.flatMap((component) => PERCENTS.map((percent) => `${component}.${percent}`)),
]

// OWASP CSV injection: a cell a spreadsheet would read as a formula is prefixed with a quote.
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: unknown) {
  let text = value === null || value === undefined ? '' : String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

function csvRow(cells: unknown[]) {
  return `${cells.map(csvCell).join(',')}\r\n`
}

function csvSongRow(song: SongView) {
  const shares = COMPONENTS.flatMap((component) => {
    const row = song.contributions.find((c) => c.component === component)
    return PERCENTS.map((percent) => (row ? row[percent] : ''))
  })
  return csvRow([
    ...SONG_FIELDS.map((field) => song[field]),
    recordingsText(song.recordings),
    song.supersedes?.certificateId ?? '',
    song.registration?.status ?? 'not registered',
    ...shares,
  ])
}

/** The song as the JSON export carries it: every field, the split, and the registration record. */
export function exportedSong(song: SongView) {
  const fields = Object.fromEntries(SONG_FIELDS.map((field) => [field, song[field]]))
  const r = song.registration
  const data = r ? readBlockchainData(r.blockchainData) : null
  return {
    ...fields,
    // Every fingerprinted file with its label, the file name and whether it is shown (decision 040).
    recordings: song.recordings,
    // The certificate this song is a new version of (issue 14), or null.
    supersedesCertificateId: song.supersedes?.certificateId ?? null,
    contributions: song.contributions,
    registration:
      r && data
        ? {
            status: r.status,
            network: r.network,
            transactionSignature: r.transactionSignature,
            walletAddress: r.walletAddress,
            registrationFee: r.registrationFee,
            confirmationStatus: r.confirmationStatus,
            blockTime: r.blockTime,
            createdAt: r.createdAt,
            manifestSha256: data.manifestSha256 ?? null,
            storageKind: r.storageKind,
            storageId: data.storageId ?? null,
            storageUrl: data.storageUrl ?? null,
            explorerUrl: data.explorerUrl ?? null,
          }
        : null,
  }
}

// A byte-order mark: Excel otherwise reads UTF-8 as the system code page and garbles accents.
const BOM = '\uFEFF'

async function* exportChunks(
  database: Kysely<Database>,
  userId: string,
  format: ExportFormat,
  exportedAt: Date,
): AsyncGenerator<string> {
  if (format === 'csv') {
    yield BOM + csvRow([...CSV_COLUMNS])
    for await (const page of ownedSongPages(database, userId)) yield page.map(csvSongRow).join('')
    return
  }
  yield `{"exportedAt":${JSON.stringify(exportedAt.toISOString())},"songs":[`
  let first = true
  for await (const page of ownedSongPages(database, userId)) {
    const items = page.map((song) => JSON.stringify(exportedSong(song)))
    yield (first ? '' : ',') + items.join(',')
    first = false
  }
  yield ']}\n'
}

/** A byte stream of the export, read from the database only as fast as it is sent. */
export function catalogueExportStream(
  database: Kysely<Database>,
  userId: string,
  format: ExportFormat,
  exportedAt = new Date(),
): ReadableStream<Uint8Array> {
  const chunks = exportChunks(database, userId, format, exportedAt)
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(next.value))
      } catch (error) {
        controller.error(error)
      }
    },
    async cancel() {
      await chunks.return(undefined)
    },
  })
}

export function exportFileName(format: ExportFormat, now = new Date()) {
  return `prooftrack-catalogue-${now.toISOString().slice(0, 10)}.${format}`
}
