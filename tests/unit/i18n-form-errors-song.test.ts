import { expect, test } from 'vitest'
import { readSongFormError } from '~/components/song-form-errors'
import { formatMessage, type MessageValues } from '~/i18n/format-message'
import { FORM_ERROR_KEY } from '~/i18n/form-errors'
import { pageMessagesWithFormErrors } from '~/i18n/form-errors.server'
import type { RenderLocale } from '~/i18n/locales'
import { songFormErrorIn } from '~/i18n/song-form-errors.server'
import type { MessageId } from '~/i18n/react'
import { aiToolNoShareMessage } from '~/lib/ai-tools'
import { emptyFieldMessages } from '~/lib/form-rules.server'
import { ipiProblem } from '~/lib/identifiers'
import { clearedContributorErrors, sharelessCoWriterErrors } from '~/lib/song-constants'
import { songDetailsSchemaFor } from '~/lib/song-details-schema'
import { SongSchema, SongUpdateSchema } from '~/lib/song-schema'
import { splitTotalsRefusal } from '~/lib/split-totals'
import { evenSplit } from '../setup/sample-song'

// Decision 120, "Form errors", for the song forms (the new song, edit and details pages): every
// message their schemas can refuse with has its translation in the form area, keyed by its
// English in the pages' data; one that carries a value (a co-writer's name, the components
// named, each component's total) is read back and translated whole by song-form-errors.ts.
// A new schema message without its `form.formError.*` entry fails here.

const AREAS = ['words', 'form', 'song'] as const

/** What a song page in `locale` shows for `message`: its data's key, else the reader's sentence. */
function shownIn(locale: RenderLocale, message: string) {
  const { messages } = pageMessagesWithFormErrors(locale, AREAS)
  const t = (id: MessageId, values: MessageValues = {}) => {
    const compiled = messages[id]
    return compiled === undefined ? id : formatMessage(compiled, values, locale)
  }
  const keyed = messages[`${FORM_ERROR_KEY}${message}`]
  return keyed === undefined
    ? (readSongFormError(message, t, locale) ?? message)
    : formatMessage(keyed, {}, locale)
}

const long = (length: number) => 'x'.repeat(length)
const ok = {
  title: 'Été',
  contributorName: 'Zoé',
  dateCreated: '2025-04-01',
  toolsUsed: 'Piano',
  fileLink: 'https://example.com/song.mp3',
  contributions: evenSplit(100),
}
const hash = 'a'.repeat(64)
const schemaRefusals: [
  { safeParse: (value: unknown) => { error?: { issues: { message: string }[] } } },
  unknown,
][] = [
  [SongSchema, {}],
  [SongSchema, { title: ' ', contributorName: '', toolsUsed: '', fileLink: '', dateCreated: '' }],
  [
    SongSchema,
    {
      title: long(201),
      contributorName: long(201),
      coContributorName: long(201),
      coContributorName2: long(201),
      contributorLatinName: '김민지',
      coContributorLatinName: long(201),
      toolsUsed: long(1001),
      fileLink: `https://example.com/${long(2000)}`,
      dateCreated: '2025-02-30',
      lyrics: long(20001),
      creativeNotes: long(5001),
      otherIdentifier: long(201),
      mainContributorPro: long(51),
      mainContributorProNumber: long(51),
      mainContributorPublisher: long(201),
      mainContributorPublisherIpi: '12',
      coContributorPublisherIpi: '00014107338',
      genre: 'Polka',
      isrc: 'nope',
      iswc: 'T-1234567891',
      upc: '12345',
      duration: '3:75',
    },
  ],
  [
    SongSchema,
    {
      ...ok,
      title: 'Bell\u0007',
      fileLink: 'ftp://example.com',
      dateCreated: '2999-01-01',
      iswc: 'nope',
      upc: '036000291453',
      contributions: [{ component: 'drums', contributorPercent: 'x', aiPercent: 120 }],
    },
  ],
  [SongSchema, { ...ok, fileLink: 'https://name:secret@example.com/', dateCreated: '1800-01-01' }],
  [
    SongSchema,
    {
      ...ok,
      contributions: [
        { component: 'lyrics', contributorPercent: 33.333 },
        { component: 'lyrics', contributorPercent: -1 },
      ],
    },
  ],
  [
    SongSchema,
    {
      ...ok,
      recordings: [
        { label: 'Master', sha256: 'nothex', size: '0', mediaType: 'wav' },
        { label: 'Master' },
        { sha256: hash, size: '10', fileName: long(256), mediaType: `audio/${long(256)}` },
        { label: 'Mix', sha256: hash, size: '10' },
        { label: long(61), sha256: 'b'.repeat(64) },
      ],
    },
  ],
  [
    SongSchema,
    {
      ...ok,
      coContributorName: 'Kim',
      coContributorName2: '',
      contributions: evenSplit(50, 0, 50),
      aiTools: [
        { name: 'Suno', lyrics: 'on', vocals: 'on' },
        { name: 'suno' },
        { vocals: 'on' },
        { name: long(101), components: ['drums'] },
      ],
    },
  ],
  [SongSchema, { ...ok, aiTools: Array.from({ length: 5 }, () => ({ name: 'Suno' })) }],
  [SongUpdateSchema, {}],
  [SongUpdateSchema, { ...ok, coContributorName: '', contributions: evenSplit(50, 50) }],
  [
    songDetailsSchemaFor(evenSplit(100)),
    { wordsWeightPercent: '100', aiTools: [{ name: 'Suno', mixing: 'on' }] },
  ],
  [songDetailsSchemaFor(evenSplit(100)), { wordsWeightPercent: 'half' }],
]

const messages = new Set([
  ...schemaRefusals.flatMap(([schema, value]) =>
    (schema.safeParse(value).error?.issues ?? []).map((issue) => issue.message),
  ),
  ...Object.values(emptyFieldMessages(SongSchema)),
  ...Object.values(
    clearedContributorErrors({
      coContributorName: '',
      coContributorName2: ' ',
      contributions: evenSplit(50, 25, 25),
    }),
  ),
  ...Object.values(sharelessCoWriterErrors({ coContributorName2: '김민지', contributions: [] })),
  aiToolNoShareMessage(['lyrics', 'mixing']),
  ipiProblem('00014107339')!,
  splitTotalsRefusal([]),
  splitTotalsRefusal([
    {
      component: 'lyrics',
      contributorPercent: 90,
      coContributorPercent: 0,
      coContributor2Percent: 0,
      aiPercent: 0,
    },
    {
      component: 'vocals',
      contributorPercent: 100,
      coContributorPercent: 0,
      coContributor2Percent: 0,
      aiPercent: 12.5,
    },
  ]),
  // The no-JavaScript upload's problem with a slot (app/services/songs/recording-fingerprint.server.ts).
  'The chosen file is empty: there is nothing to fingerprint.',
])

test('every message the song forms can refuse with is translated, in every language', () => {
  expect(messages.size).toBeGreaterThan(50)
  for (const locale of ['es', 'pt-BR', 'fr', 'de', 'ja', 'ko'] as const)
    for (const message of messages) expect(shownIn(locale, message), message).not.toBe(message)
  // English pages show the schema's own words.
  for (const message of messages) expect(shownIn('en', message)).toBe(message)
})

test('a refusal with values is translated whole: names as typed, components and totals in the language', () => {
  const totals = splitTotalsRefusal([
    {
      component: 'lyrics',
      contributorPercent: 90,
      coContributorPercent: 0,
      coContributor2Percent: 0,
      aiPercent: 0,
    },
    {
      component: 'vocals',
      contributorPercent: 100,
      coContributorPercent: 0,
      coContributor2Percent: 0,
      aiPercent: 12.5,
    },
  ])
  expect(totals).toBe(
    'All contribution percentages must total 100% for each component. Lyrics totals 90%; Vocals totals 112.5%.',
  )
  expect(shownIn('de', totals)).toBe(
    'Alle Beitragsanteile müssen für jede Komponente zusammen 100\u00a0% ergeben. Text ergibt 90\u00a0%; Gesang ergibt 112,5\u00a0%.',
  )
  const shareless = Object.values(
    sharelessCoWriterErrors({ coContributorName: 'Ana “Lyrics” Ruiz', contributions: [] }),
  )[0]!
  expect(shownIn('ja', shareless)).toBe(
    '「Ana “Lyrics” Ruiz」は共作者として入力されていますが、すべての要素で 0% です。貢献した要素に持ち分を割り当てるか、名前を消してください。',
  )
  expect(shownIn('fr', aiToolNoShareMessage(['lyrics', 'mixing']))).toBe(
    'L’IA a 0 % de Paroles, Mixage/Mastering dans la répartition : ne cochez que des parties où l’IA a une part, ou donnez d’abord sa part à l’IA',
  )
  // A list the reader cannot read whole stays English, never half translated.
  const unknown =
    'The AI holds 0% of Lyrics, Drums in the split: tick only parts where the AI has a share, or give the AI its share first'
  expect(shownIn('de', unknown)).toBe(unknown)
})

test('a refusal made on the server (a toast) reads the same as the page shows it', () => {
  const totals = splitTotalsRefusal([
    {
      component: 'mixing',
      contributorPercent: 40,
      coContributorPercent: 0,
      coContributor2Percent: 0,
      aiPercent: 0,
    },
  ])
  expect(songFormErrorIn('ko', totals)).toBe(shownIn('ko', totals))
  expect(songFormErrorIn('ko', totals)).toBe(
    '모든 기여 비율은 항목마다 합계가 100%여야 합니다. 믹싱/마스터링 합계 40%.',
  )
  expect(songFormErrorIn('es', 'Song title is required')).toBe(
    'El título de la canción es obligatorio',
  )
  expect(songFormErrorIn('de', 'A message of another area')).toBe('A message of another area')
  expect(songFormErrorIn('en', totals)).toBe(totals)
})
