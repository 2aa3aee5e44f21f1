import { expect, test } from 'vitest'
import {
  WRITER_COLUMNS,
  writerRows,
  writersCsvOpening,
} from '~/services/certificates/exports/writers-csv'
import { csvRecords } from '../setup/csv-reader'
import { rows } from '../ddex/songs'

// Issue 51.7 (decision 117): the PRO-ready writers' CSV, read back as a spreadsheet reads it.

const song = {
  certificateId: 'PT-AB12-CD34',
  title: 'Harbour "Lights", part 1\nthe long version',
  iswc: 'T-034.524.680-1',
  isrc: 'USABC2600001',
  durationSeconds: 205,
  contributorName: 'Lee, Ann "Annie"',
  coContributorName: '=HYPERLINK("http://evil.example")',
  coContributorName2: '山田\n花子',
  contributorLatinName: null,
  coContributorLatinName: null,
  coContributor2LatinName: 'Yamada Hanako',
  mainContributorPro: 'ASCAP',
  coContributorPro: '+PRS',
  coContributor2Pro: 'JASRAC',
  mainContributorProNumber: '00014107338',
  coContributorProNumber: null,
  coContributor2ProNumber: '-00052210040',
  contributions: rows({
    lyrics: [40, 30, 10, 20],
    vocals: [0, 0, 100, 0],
    instrumentation: [100, 0, 0, 0],
  }),
  coContributor2WroteMelody: true,
  confirmations: { contributors: [] },
}

test('a BOM, the header, one row per writer; quotes, commas and line breaks survive; formulas are defused', () => {
  const text = writersCsvOpening() + writerRows(song)
  const { bom, header, records } = csvRecords(text)
  expect(bom).toBe(true)
  expect(header).toEqual([...WRITER_COLUMNS])
  expect(records.map((r) => [r['Writer name'], r['Role'], r['Share of the song (%)']])).toEqual([
    ['Lee, Ann "Annie"', 'CA', '50.00'],
    // A name a spreadsheet would run as a formula is prefixed with a quote (OWASP).
    ['\'=HYPERLINK("http://evil.example")', 'A', '18.75'],
    ['山田\n花子', 'CA', '31.25'],
  ])
  expect(records.map((r) => [r['PRO'], r['IPI'], r['Writer name (Latin script)']])).toEqual([
    ['ASCAP', '00014107338', ''],
    ["'+PRS", '', ''],
    ['JASRAC', "'-00052210040", 'Yamada Hanako'],
  ])
  for (const record of records) {
    expect(record).toMatchObject({
      Title: 'Harbour "Lights", part 1\nthe long version',
      ISWC: 'T-034.524.680-1',
      ISRC: 'USABC2600001',
      Duration: '3:25',
      'Certificate ID': 'PT-AB12-CD34',
      Publisher: '',
      'Publisher IPI': '',
    })
  }
  const total = records.reduce(
    (sum, r) => sum + Math.round(Number(r['Share of the song (%)']) * 100),
    0,
  )
  expect(total).toBe(10000)
})

test('a song no person wrote has no writer row; the AI never has one', () => {
  const aiOnly = {
    ...song,
    contributions: rows({ lyrics: [0, 0, 0, 100], instrumentation: [0, 0, 0, 100] }),
  }
  expect(writerRows(aiOnly)).toBe('')
  const text = writersCsvOpening() + writerRows(song)
  expect(text).not.toMatch(/(^|,)AI(,|\r)/m)
})
