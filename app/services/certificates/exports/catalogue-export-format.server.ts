import { csvOpening, csvRow } from '~/lib/csv'
import { recordingsText } from '~/lib/recording'
import { COMPONENTS } from '~/lib/song-constants'
import { readBlockchainData } from '../record/blockchain-data.server'
import type { SongView } from '../../songs/songs.server'
import { writerRows, writersCsvOpening, type WritersCsvSong } from './writers-csv'

// The catalogue export's formats (issue 14, decision 037): CSV and JSON text of one page of
// songs. Pure, and run in a document worker (decision 053), so no page is written on the event
// loop.

/** `writers-csv`: the PRO-ready writers' CSV, one row per writer (issue 51.7). */
export type ExportFormat = 'csv' | 'json' | 'writers-csv'

/**
 * A song as an export page gets it. The writers' CSV needs each contributor's standing too (the
 * PRO and IPI a co-writer gave when confirming), read with the page (catalogue-export.server.ts).
 */
export type ExportSong = SongView & { confirmations?: WritersCsvSong['confirmations'] }

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

/** The file's opening: CSV's BOM and header, or JSON's object up to its songs. */
export function exportOpening(format: ExportFormat, exportedAt: Date) {
  if (format === 'writers-csv') return writersCsvOpening()
  return format === 'csv'
    ? csvOpening(CSV_COLUMNS)
    : `{"exportedAt":${JSON.stringify(exportedAt.toISOString())},"songs":[`
}

/** One page of songs; `first` is true for the file's first page (JSON puts commas between). */
export function exportPageText(format: ExportFormat, songs: ExportSong[], first: boolean) {
  if (format === 'writers-csv')
    return songs
      .map((song) => writerRows({ ...song, confirmations: song.confirmations ?? NONE_CONFIRMED }))
      .join('')
  if (format === 'csv') return songs.map(csvSongRow).join('')
  return (first ? '' : ',') + songs.map((song) => JSON.stringify(exportedSong(song))).join(',')
}

/** The file's close. */
export function exportClosing(format: ExportFormat) {
  return format === 'json' ? ']}\n' : ''
}

const NONE_CONFIRMED: WritersCsvSong['confirmations'] = { contributors: [] }
