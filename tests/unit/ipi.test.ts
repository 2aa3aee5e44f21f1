import { parseWithZod } from '@conform-to/zod/v4'
import { expect, test } from 'vitest'
import { DecisionSchema } from '~/lib/co-writers-schema'
import { ipiCheckDigits, ipiProblem, normalizeIpi } from '~/lib/identifiers'
import { SongSchema } from '~/lib/song-schema'

// Issue 25 item 8: IPI name numbers carry two check digits (CISAC; `check_ipi_digit` in
// django-music-publisher's music_publisher/validators.py). One definition serves every IPI field.

test('valid IPI name numbers, with and without their leading zeros and separators', () => {
  // 00014107338 is django-music-publisher's own example; the others were worked out by hand:
  // 0+0+0+7·1+6·4+5·1+4·0+3·7+2·3 = 63, 101 − 63 = 38.
  for (const valid of [
    '00014107338',
    '014107338',
    '0014107338',
    '00123456790',
    '123456790',
    '12345678993',
    '99999999919',
    '00000000000',
    '91000000100',
    '00000589900',
    '00014.107.338',
    '000 141 073 38',
    // Issue 39 item 15: written without its three leading zeros.
    '14107338',
    '14.107.338',
    '000-141-073-38',
  ]) {
    expect(ipiProblem(valid), valid).toBeNull()
  }
  expect(normalizeIpi('014107338')).toBe('00014107338')
  expect(normalizeIpi('14107338')).toBe('00014107338')
  expect(normalizeIpi('0014107338')).toBe('00014107338')
  expect(normalizeIpi('000 141 073 38')).toBe('00014107338')
  expect(ipiCheckDigits('00014107300')).toBe('38')
  // r = 0 (9·10 + 1·9 + 1·2 = 101): the pair is 00, not (101 − 0) mod 100 = 01.
  expect(ipiCheckDigits('91000000100')).toBe('00')
  // r = 1 (5·4 + 8·3 + 9·2 … = 102): (101 − 1) mod 100 is 00 as well.
  expect(ipiCheckDigits('00000589900')).toBe('00')
})

test('a wrong check pair is named as typed, never the pair that would fit (issue 39 item 15)', () => {
  expect(ipiProblem('00014107339')).toBe(
    'The last two digits of this IPI number (39) do not match the nine before them: please check the number',
  )
  // The made-up number the tests used to carry: 00123456789 (the pair that fits is 90).
  const madeUp = ipiProblem('123456789')
  expect(madeUp).toBe(
    'The last two digits of this IPI number (89) do not match the nine before them: please check the number',
  )
  expect(madeUp).not.toContain('90')
  expect(ipiProblem('91000000101')).toContain('(01)')
  expect(ipiProblem('91000000101')).not.toContain('00')
  expect(ipiProblem('14107339')).toContain('(39)')
})

test('too short, too long or not digits is the length message', () => {
  for (const invalid of ['1410733', '123456789012', '12ab56789', 'IPI 00014107338', ''])
    expect(ipiProblem(invalid), invalid).toBe('An IPI number has 8 to 11 digits')
})

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  return data
}

test('the co-writer’s IPI field: kept as 11 digits, checked, and optional through conform', () => {
  const confirm = { intent: 'confirm', creditedName: '김민지' }
  const short = parseWithZod(form({ ...confirm, ipi: '1410733' }), { schema: DecisionSchema })
  expect(short.reply().error).toEqual({ ipi: ['An IPI number has 8 to 11 digits'] })
  const eight = parseWithZod(form({ ...confirm, ipi: '14107338' }), { schema: DecisionSchema })
  expect(eight.status === 'success' && eight.value).toMatchObject({ ipi: '00014107338' })
  const valid = parseWithZod(form({ ...confirm, ipi: '014107338' }), { schema: DecisionSchema })
  expect(valid.status === 'success' && valid.value).toMatchObject({ ipi: '00014107338' })
  const wrong = parseWithZod(form({ ...confirm, ipi: '00014107339' }), { schema: DecisionSchema })
  expect(wrong.reply().error).toEqual({
    ipi: [
      'The last two digits of this IPI number (39) do not match the nine before them: please check the number',
    ],
  })
  const empty = parseWithZod(form({ ...confirm, ipi: '', pro: '' }), { schema: DecisionSchema })
  expect(empty.status === 'success' && empty.value).toMatchObject({ ipi: null, pro: null })
})

test('the owner’s PRO number: an IPI is checked the same way; a society’s own number is kept', () => {
  const song = {
    title: 'Arirang',
    contributorName: '김민지',
    dateCreated: '2025-03-01',
    toolsUsed: 'Piano',
    fileLink: 'https://example.com/a.mp3',
  }
  const errors = (mainContributorProNumber: string) => {
    const parsed = SongSchema.safeParse({ ...song, mainContributorProNumber })
    return parsed.success ? parsed.data.mainContributorProNumber : parsed.error.issues[0]!.message
  }
  expect(errors('123456789')).toBe(
    'The last two digits of this IPI number (89) do not match the nine before them: please check the number',
  )
  // 8 digits: an IPI without its leading zeros when they check out, else the society's own number.
  expect(errors('14107338')).toBe('00014107338')
  expect(errors('12345678')).toBe('12345678')
  expect(errors('014.107.338')).toBe('00014107338')
  expect(errors('00014107338')).toBe('00014107338')
  // Not 8 to 11 digits: another society's member number, taken as typed.
  expect(errors('777')).toBe('777')
  expect(errors('W-123456')).toBe('W-123456')
  expect(errors('SACEM 12345678901')).toBe('SACEM 12345678901')
})

test('the glossary and the field say the same number of digits (issue 52, polish)', async () => {
  const { IPI } = await import('~/lib/glossary/ipi')
  const { IPI_LENGTH_MESSAGE } = await import('~/lib/identifiers')
  const digits = /(\d+) to (\d+)/
  expect(digits.exec(IPI.sentence)?.slice(1)).toEqual(digits.exec(IPI_LENGTH_MESSAGE)?.slice(1))
})
