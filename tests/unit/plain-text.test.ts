import { expect, test } from 'vitest'
import { RegisterSchema } from '~/lib/auth-schemas'
import { DecisionSchema } from '~/lib/co-writers-schema'
import { ContactSchema } from '~/lib/contact-schema'
import { escapeControls, PLAIN_TEXT_MESSAGE } from '~/lib/plain-text'
import { SongSchema, SongUpdateSchema } from '~/lib/song-schema'

// Issue 24 item 5: one rule for every field people type. The attacks are the review's own.
const ERASE = 'Zed\u001b[2K\u001b[1A\u001b[2K\r FAKE LINE: Mallory confirmed 100%'
const TITLE = 'Master\u001b]0;owned\u0007'
const MEDIA = 'audio/wav;\u001b[32m'
const BIDI = 'Ann \u202Egnp.exe'

const song = {
  title: '아리랑 — نشيد',
  contributorName: '김민지',
  dateCreated: '2025-03-01',
  toolsUsed: 'Piano',
  fileLink: 'https://example.com/a.mp3',
}
const recording = { sha256: 'a'.repeat(64), size: '10', label: 'Master' }
// A named co-writer holds a share (decision 096): lyrics shared three ways.
const sharedLyrics = {
  contributions: [
    {
      component: 'lyrics',
      contributorPercent: 50,
      coContributorPercent: 30,
      coContributor2Percent: 20,
      aiPercent: 0,
    },
  ],
}
const withShares = (input: Record<string, unknown>) =>
  input.coContributorName && input.coContributorName2 ? { ...input, ...sharedLyrics } : input

function refused(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
  input: unknown,
) {
  const parsed = schema.safeParse(input) as
    | { success: true }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }
  return parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message])
}

test('every text field of the song form refuses terminal escapes and bidi overrides', () => {
  const lines = [
    'title',
    'contributorName',
    'coContributorName',
    'coContributorName2',
    'toolsUsed',
    'otherIdentifier',
    'mainContributorPro',
    'mainContributorProNumber',
  ]
  for (const field of lines)
    for (const attack of [ERASE, TITLE, BIDI, 'two\nlines'])
      expect(
        refused(
          SongSchema,
          field.startsWith('coContributorName')
            ? withShares({
                ...song,
                coContributorName: 'Ann',
                coContributorName2: 'Bo',
                [field]: attack,
              })
            : { ...song, [field]: attack },
        ),
        `${field} ${JSON.stringify(attack)}`,
      ).toEqual([[field, PLAIN_TEXT_MESSAGE]])
  // A co-contributor's PRO is only checked with the co-contributor named.
  expect(
    refused(SongSchema, {
      ...song,
      coContributorName: 'Ωmega',
      coContributorName2: 'Bo',
      coContributorPro: ERASE,
      ...sharedLyrics,
    }),
  ).toEqual([['coContributorPro', PLAIN_TEXT_MESSAGE]])
  for (const field of ['lyrics', 'creativeNotes'])
    expect(refused(SongSchema, { ...song, [field]: `verse\n\tchorus${TITLE}` })).toEqual([
      [field, PLAIN_TEXT_MESSAGE],
    ])
  expect(refused(SongSchema, { ...song, fileLink: 'https://example.com/\u001b[2Ka.mp3' })).toEqual([
    ['fileLink', PLAIN_TEXT_MESSAGE],
  ])
  for (const [field, attack] of [
    ['label', TITLE],
    ['fileName', `take.wav${ERASE}`],
    ['mediaType', MEDIA],
  ] as const)
    expect(
      refused(SongSchema, { ...song, recordings: [{ ...recording, [field]: attack }] }),
      field,
    ).toEqual([[`recordings.0.${field}`, PLAIN_TEXT_MESSAGE]])
  expect(refused(SongUpdateSchema, { ...song, contributorName: ERASE })).toEqual([
    ['contributorName', PLAIN_TEXT_MESSAGE],
  ])
})

test('lyrics and notes keep their lines and tabs; names in every script pass', () => {
  const names = [
    '김민지',
    '山田 太郎',
    '王小明',
    'فاطمة الزهراء',
    'דוד לוי',
    'देवनागरी नाम',
    'สมชาย ใจดี',
    'Пётр Чайковский',
    'Ελένη Καραΐνδρου',
    'Beatriz Núñez-O’Brien',
    'DJ 🎧 Ωmega',
    // Hebrew and Arabic names may carry the direction marks, which reorder nothing else.
    'שרה\u200F Cohen',
  ]
  for (const name of names) {
    expect(
      refused(
        SongSchema,
        withShares({
          ...song,
          contributorName: name,
          coContributorName: name,
          coContributorName2: name,
        }),
      ),
    ).toEqual([])
    expect(refused(DecisionSchema, { intent: 'confirm', creditedName: name })).toEqual([])
  }
  expect(
    refused(SongSchema, {
      ...song,
      lyrics: 'Verse 1\r\n\tArirang\r\n\r\nChorus',
      creativeNotes: 'a\nb',
    }),
  ).toEqual([])
  expect(
    refused(SongSchema, {
      ...song,
      recordings: [{ ...recording, mediaType: 'audio/wav; rate=48000' }],
    }),
  ).toEqual([])
})

test('the account and contact forms refuse them too; the message may have lines', () => {
  const account = {
    firstName: 'Ann',
    lastName: 'Writer',
    username: 'ann_w',
    email: 'ann@example.com',
    password: 'Sup3rSecret!',
  }
  expect(refused(RegisterSchema, { ...account, lastName: ERASE })).toEqual([
    ['lastName', PLAIN_TEXT_MESSAGE],
  ])
  const contact = {
    name: 'فاطمة',
    email: 'f@example.com',
    subject: 'A question',
    message: 'Hello,\r\nhow do I register?',
  }
  expect(refused(ContactSchema, contact)).toEqual([])
  expect(
    refused(ContactSchema, { ...contact, subject: TITLE, message: `${ERASE} and more` }),
  ).toEqual([
    ['subject', PLAIN_TEXT_MESSAGE],
    ['message', PLAIN_TEXT_MESSAGE],
  ])
})

test('escapeControls writes every refused character out, so nothing moves a cursor', () => {
  expect(escapeControls(ERASE)).toBe(
    'Zed\\x1b[2K\\x1b[1A\\x1b[2K\\x0d FAKE LINE: Mallory confirmed 100%',
  )
  expect(escapeControls(TITLE)).toBe('Master\\x1b]0;owned\\x07')
  expect(escapeControls(MEDIA)).toBe('audio/wav;\\x1b[32m')
  expect(escapeControls(BIDI)).toBe('Ann \\u202egnp.exe')
  expect(escapeControls('C1 \u009b31m')).toBe('C1 \\x9b31m')
  expect(escapeControls('a\nb')).toBe('a\\x0ab')
  expect(escapeControls('Verse\r\n\tline\rover', { keepLines: true })).toBe(
    'Verse\n\tline\\x0dover',
  )
  expect(escapeControls('김민지 — فاطمة 🎧')).toBe('김민지 — فاطمة 🎧')
})
