import { describe, expect, test } from 'vitest'
import { formatLongDate } from '~/lib/dates'
import { iswcCheckDigitOk, normalizeIswc, upcCheckDigitOk } from '~/lib/identifiers'
import { componentTotal, totalsAreComplete, visibleComponents } from '~/lib/song-constants'
import { SongSchema } from '~/lib/song-schema'
import { newCertificateId } from '~/services/songs/songs.server'

const base = {
  title: 'First Light',
  contributorName: 'Ann',
  dateCreated: '2025-03-01',
  toolsUsed: 'Logic Pro',
  fileLink: 'https://example.com/song.mp3',
}

function errorsOf(input: Record<string, unknown>) {
  const result = SongSchema.safeParse({ ...base, ...input })
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
}

describe('song schema', () => {
  test('required fields carry the spec messages', () => {
    const result = SongSchema.safeParse({})
    expect(result.success).toBe(false)
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message)
    expect(messages).toEqual(
      expect.arrayContaining([
        'Song title is required',
        'Contributor name is required',
        'Date created is required',
        'Tools used is required',
        'Song link is required',
      ]),
    )
  })

  test('ISRC: the spec format, accepted with hyphens or lower case and stored normalised', () => {
    expect(errorsOf({ isrc: 'US-ABC' })).toEqual({ isrc: 'ISRC must be in format: CCXXXNNNNNNN' })
    expect(errorsOf({ isrc: '1SABC2400001' })).toEqual({
      isrc: 'ISRC must be in format: CCXXXNNNNNNN',
    })
    expect(SongSchema.parse({ ...base, isrc: 'us-ab1-24-00001' }).isrc).toBe('USAB12400001')
  })

  test('ISWC: T and ten digits with a valid check digit, stored in the standard form', () => {
    expect(errorsOf({ iswc: 'X1234567890' })).toEqual({
      iswc: 'ISWC must be in format: T-XXXXXXXXXX',
    })
    expect(errorsOf({ iswc: 'T-034.524.680-2' })).toEqual({
      iswc: 'This ISWC check digit does not match: please check the number',
    })
    expect(SongSchema.parse({ ...base, iswc: 't0345246801' }).iswc).toBe('T-034.524.680-1')
    expect(iswcCheckDigitOk(normalizeIswc('T-034.524.680-1'))).toBe(true)
  })

  test('UPC: exactly 12 digits with a valid check digit', () => {
    expect(errorsOf({ upc: '12345' })).toEqual({ upc: 'UPC must be 12 digits' })
    expect(errorsOf({ upc: '036000291453' })).toEqual({
      upc: 'This UPC check digit does not match: please check the number',
    })
    expect(SongSchema.parse({ ...base, upc: '0360-0029-1452' }).upc).toBe('036000291452')
    expect(upcCheckDigitOk('036000291452')).toBe(true)
  })

  test('percentages are numbers from 0 to 100', () => {
    const row = {
      component: 'lyrics',
      contributorPercent: 101,
      coContributorPercent: 0,
      coContributor2Percent: 0,
      aiPercent: -1,
    }
    expect(errorsOf({ contributions: [row] })).toEqual({
      'contributions.0.contributorPercent': 'Percentages must be between 0 and 100',
      'contributions.0.aiPercent': 'Percentages must be between 0 and 100',
    })
    expect(
      errorsOf({
        contributions: [{ ...row, component: 'drums', contributorPercent: 50, aiPercent: 50 }],
      }),
    ).toHaveProperty(['contributions.0.component'])
  })

  test('the genre rule and the co-contributor rule are applied on the server too', () => {
    const rows = ['lyrics', 'vocals', 'instrumentation', 'production', 'mixing'].map(
      (component) => ({
        component,
        contributorPercent: 50,
        coContributorPercent: 50,
        coContributor2Percent: 0,
        aiPercent: 0,
      }),
    )
    const instrumental = SongSchema.parse({
      ...base,
      genre: 'Instrumental',
      coContributorName: 'Bo',
      contributions: rows,
    })
    expect(instrumental.contributions.map((c) => c.component)).toEqual([
      'instrumentation',
      'production',
      'mixing',
    ])
    // Without a co-contributor's name, a percentage for one is refused, never dropped (39.6).
    expect(errorsOf({ genre: 'Instrumental', contributions: rows })).toEqual({
      coContributorName:
        'Co-Contributor Name is empty, so its percentages cannot count toward 100%: write the name, or give its share to another contributor or AI.',
    })
    const spoken = SongSchema.parse({
      ...base,
      genre: 'Acappella/Spoken Word',
      coContributorName: 'Bo',
      coContributorPro: 'BMI',
      contributions: rows,
    })
    expect(spoken.contributions.map((c) => c.component)).toEqual([
      'lyrics',
      'vocals',
      'production',
      'mixing',
    ])
    expect(spoken.contributions[0]?.coContributorPercent).toBe(50)
    expect(spoken.coContributorPro).toBe('BMI')
    expect(SongSchema.parse({ ...base, coContributorPro: 'BMI' }).coContributorPro).toBeUndefined()
    expect(visibleComponents('Pop')).toHaveLength(5)
  })

  test('file link and date must be real', () => {
    expect(errorsOf({ fileLink: 'javascript:alert(1)' })).toEqual({
      fileLink: 'Please enter a valid link starting with http:// or https://',
    })
    expect(errorsOf({ dateCreated: '2025-02-30' })).toEqual({
      dateCreated: 'Please enter a valid date',
    })
    expect(errorsOf({ dateCreated: '2999-01-01' })).toEqual({
      dateCreated: 'Date created cannot be in the future',
    })
    expect(errorsOf({ genre: 'Polka' })).toEqual({ genre: 'Please choose a genre from the list' })
  })
})

describe('totals', () => {
  test('33.33 + 33.33 + 33.34 is exactly 100', () => {
    expect(
      componentTotal({
        contributorPercent: 33.33,
        coContributorPercent: 33.33,
        coContributor2Percent: 33.34,
        aiPercent: 0,
      }),
    ).toBe(100)
    expect(
      totalsAreComplete([
        {
          contributorPercent: 60,
          coContributorPercent: 0,
          coContributor2Percent: 0,
          aiPercent: 30,
        },
      ]),
    ).toBe(false)
  })
})

describe('dates', () => {
  test('long US format; a date-only value never shifts with the time zone', () => {
    expect(formatLongDate('2025-03-01')).toBe('March 1, 2025')
    expect(formatLongDate('2025-01-01')).toBe('January 1, 2025')
    expect(formatLongDate(null)).toBe('Date not available')
    expect(formatLongDate('')).toBe('Date not available')
    expect(formatLongDate('not a date')).toBe('Invalid date')
    expect(formatLongDate('2025-02-30')).toBe('Invalid date')
    expect(formatLongDate('2025-06-05T23:30:00.000Z')).toBe('June 5, 2025')
  })
})

test('certificate ids are unguessable and easy to read aloud', () => {
  const ids = new Set(Array.from({ length: 2000 }, newCertificateId))
  expect(ids.size).toBe(2000)
  for (const id of ids) expect(id).toMatch(/^PT-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/)
})
