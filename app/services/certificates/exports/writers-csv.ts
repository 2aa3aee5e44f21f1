// The PRO-ready writers' CSV (issue 51.7, decision 117): one row per writer of the song, as a
// publisher or administrator registers the work with a PRO. Pure: a song and its contributors'
// standing in, rows out; the catalogue's pages are written in a document worker (decision 053).
// Not CWR: a society takes a CWR file only from a registered CWR sender (decision 117).
import { csvOpening, csvRow } from '~/lib/csv'
import { formatDuration } from '~/lib/duration'
import {
  formatShare,
  songAndRecording,
  type SongAndRecordingSource,
} from '~/lib/song-and-recording'

export const WRITER_COLUMNS = [
  'Title',
  'ISWC',
  'ISRC',
  'Duration',
  'Certificate ID',
  'Writer name',
  'Writer name (Latin script)',
  'Role',
  'PRO',
  'IPI',
  // Issue 51.3 (decision 119): the writer's publisher and its IPI, empty where none was given.
  'Publisher',
  'Publisher IPI',
  'Share of the song (%)',
] as const

export type WritersCsvSong = SongAndRecordingSource & {
  certificateId: string
  title: string
  iswc: string | null
  isrc: string | null
  durationSeconds: number | null
}

/** The file's opening: a byte-order mark, so a spreadsheet reads every script, and the header. */
export const writersCsvOpening = () => csvOpening(WRITER_COLUMNS)

/**
 * One row per writer, in slot order; their shares total exactly 100.00. A song no person wrote
 * (every word and note the AI's) has no row: a PRO registers human writers only.
 */
export function writerRows(song: WritersCsvSong) {
  const derived = songAndRecording(song)
  const work = [
    song.title,
    // As stored: the forms the certificate shows (ISWC T-123.456.789-0, ISRC without hyphens).
    song.iswc ?? '',
    song.isrc ?? '',
    song.durationSeconds === null ? '' : formatDuration(song.durationSeconds),
    song.certificateId,
  ]
  return derived.writers
    .map((person) =>
      csvRow([
        ...work,
        person.name,
        person.latinName ?? '',
        person.writer!.role,
        person.pro ?? '',
        person.ipi ?? '',
        person.publisher ?? '',
        person.publisherIpi ?? '',
        formatShare(person.writer!.song),
      ]),
    )
    .join('')
}

export const writersCsvFileName = (certificateId: string) => `${certificateId}-writers.csv`
