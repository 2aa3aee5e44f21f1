import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { aiDisclosure, aiDisclosureLines } from '~/services/certificates/record/ai-disclosure'
import {
  checkContainsAi,
  DDEX_ROLES,
  ddexMessage,
  type DdexOptions,
  type DdexSong,
  MISSING_DURATION,
  MISSING_TOTALS,
} from '~/services/certificates/exports/ddex-export.server'
import {
  fullNameAsciiTranscribed,
  languageAndScriptCode,
} from '~/services/certificates/exports/ddex-names.server'
import { asciiTranscription } from '~/lib/latin-form'
import { DDEX_TEST_SONGS, NO_DURATION, rows } from '../ddex/songs'
import { xmllint } from '../ddex/xmllint'

// Issue 40 (decision 084): the AI disclosure in words, and the song's credits as a DDEX ERN 4.3.2
// NewReleaseMessage validated against DDEX's own schema by libxml2.

const DIR = path.resolve(__dirname, '../ddex')
const NOW = new Date('2026-11-28T02:00:00.000Z')
const OPTIONS: DdexOptions = { appName: 'ProofTrack', senderPartyId: null, now: NOW }
const LIVE_DPID = 'PADPIDA2014120301F'

const xmlOf = (song: DdexSong, options = OPTIONS) => {
  const result = ddexMessage(song, options)
  if (!result.ok) throw new Error(`not exported: ${result.missing.join(', ')}`)
  return result.xml
}
/** The message without its indentation, for assertions on a run of elements. */
const compactXmlOf = (song: DdexSong, options = OPTIONS) =>
  xmlOf(song, options).replace(/>\s+</g, '><')

test('every test song exports the golden message, and every one validates against the XSD', () => {
  const messages: (readonly [string, DdexSong, DdexOptions])[] = [
    ...Object.entries(DDEX_TEST_SONGS).map(([name, song]) => [name, song, OPTIONS] as const),
    // With the operator's DDEX Party ID: a live message.
    ['people-only-live', DDEX_TEST_SONGS['people-only'], { ...OPTIONS, senderPartyId: LIVE_DPID }],
  ]
  const files = messages.map(([name, song, options]) => {
    const file = path.join(DIR, 'golden', `${name}.xml`)
    const xml = xmlOf(song, options)
    // UPDATE_GOLDEN=1 rewrites them; a reviewer reads the diff.
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(file)) writeFileSync(file, xml)
    expect(xml, name).toBe(readFileSync(file, 'utf8'))
    return file
  })
  const started = performance.now()
  const output = xmllint(files)
  console.info(
    `[ddex] xmllint, ${files.length} messages: ${Math.round(performance.now() - started)} ms`,
  )
  expect(output).toBe('')
})

test('a song without a duration is not exported: the owner is told what is missing', () => {
  expect(ddexMessage(NO_DURATION, OPTIONS)).toEqual({ ok: false, missing: [MISSING_DURATION] })
  const open = { ...NO_DURATION, contributions: rows({ lyrics: [50, 0, 0, 0] }) }
  expect(ddexMessage(open, OPTIONS)).toEqual({
    ok: false,
    missing: [MISSING_DURATION, MISSING_TOTALS],
  })
})

test('the plain words: no AI, AI-assisted (n %), made by AI (100 %), and the recording as a whole', () => {
  const partly = aiDisclosure(DDEX_TEST_SONGS['partly-ai'])
  expect(partly.containsAi).toBe('Partly')
  expect(aiDisclosureLines(partly)).toEqual([
    'The recording as a whole: Partly (DDEX ContainsAI): part of it was made with generative AI, the rest by people.',
    'Lyrics: AI-assisted (40\u00a0%)',
    'Vocals: no AI',
    'Instrumentation: AI-assisted (70\u00a0%)',
    'Production: no AI',
    'Mixing/Mastering: no AI',
    'This is the declaration of the person who submitted the song.',
  ])
  const one = aiDisclosure(DDEX_TEST_SONGS['ai-made-one-component'])
  expect(one.components.map((c) => c.text)).toContain('Instrumentation: made by AI (100\u00a0%)')
  expect(aiDisclosure(DDEX_TEST_SONGS['people-only']).recording).toBe(
    'The recording as a whole: None (DDEX ContainsAI): no part of it was made with generative AI.',
  )
  expect(aiDisclosure(DDEX_TEST_SONGS['people-only']).basis).toBe(
    'This is the declaration of the person who submitted the song; 1 of 1 co-writer confirmed the split it comes from.',
  )
  expect(aiDisclosure(DDEX_TEST_SONGS['five-scripts']).basis).toBe(
    'This is the declaration of the person who submitted the song; 1 of 2 co-writers confirmed the split it comes from in the registered record.',
  )
  expect(aiDisclosure(DDEX_TEST_SONGS['no-isrc']).containsAi).toBe('All')
  // A component the genre leaves out (its row totals nothing) is not "no AI": it is not there.
  const instrumental = aiDisclosure({
    ...DDEX_TEST_SONGS['partly-ai'],
    contributions: rows({ lyrics: [0, 0, 0, 0], instrumentation: [0, 0, 0, 100] }),
  })
  expect(instrumental.components.map((c) => c.text)).toEqual([
    'Instrumentation: made by AI (100\u00a0%)',
  ])
  expect(instrumental.containsAi).toBe('All')
})

test('ContainsAI agrees with the contributor rows, and a message that would break the rule is refused', () => {
  for (const [name, song] of Object.entries(DDEX_TEST_SONGS)) {
    const xml = xmlOf(song)
    const contains = /<ContainsAI>(\w+)<\/ContainsAI>/.exec(xml)?.[1]
    const ai = [...xml.matchAll(/<AiContribution>(\w+)<\/AiContribution>/g)].map((m) => m[1])
    const people = (xml.match(/<ContributorPartyReference>/g) ?? []).length
    if (contains === 'None')
      expect(
        ai.every((v) => v === 'None'),
        name,
      ).toBe(true)
    if (contains === 'All') expect(people, name).toBe(0)
    if (contains === 'Partly') expect(ai.some((v) => v !== 'None') && people > 0, name).toBe(true)
  }
  expect(() => checkContainsAi('None', [{ kind: 'ai', aiContribution: 'Partly' }])).toThrow(
    /ContainsAI None/,
  )
  expect(() =>
    checkContainsAi('All', [
      { kind: 'ai', aiContribution: 'All' },
      { kind: 'person', aiContribution: 'None' },
    ]),
  ).toThrow(/ContainsAI All/)
  expect(() => checkContainsAi('Partly', [{ kind: 'person', aiContribution: 'None' }])).toThrow()
})

test('the roles, the AI rows, the identifiers and the header', () => {
  expect(DDEX_ROLES.production).toEqual(['StudioProducer'])
  const one = compactXmlOf(DDEX_TEST_SONGS['ai-made-one-component'])
  // The AI made instrumentation alone (All) and helped with production (Partly): two rows.
  expect(one).toContain(
    '<SpecialContributor>GenerativeAI</SpecialContributor><Role><Value>Composer</Value></Role><Role><Value>Musician</Value></Role><AiContribution>All</AiContribution>',
  )
  // The declared tools are not credited to the AI (issue 51): the list mixes DAWs and instruments.
  expect(one).toContain(
    '<Value>StudioProducer</Value></Role><AiContribution>Partly</AiContribution></Contributor>',
  )
  expect(one).not.toContain('Tools used')
  expect(one).toContain('<WorkId><ISWC>T0345246801</ISWC></WorkId>')
  expect(one).toContain('<ISRC>USABC2600001</ISRC>')
  expect(one).toContain('<MessageControlType>TestMessage</MessageControlType>')
  expect(one).toContain('<PartyId>PADPIDAPLACEHOLDER</PartyId>')
  const partly = xmlOf(DDEX_TEST_SONGS['partly-ai'])
  expect(partly).toContain('<TitleText>Paper &amp; &quot;Ink&quot; &lt;Demo&gt;</TitleText>')
  const noIsrc = xmlOf(DDEX_TEST_SONGS['no-isrc'])
  expect(noIsrc).toContain(
    '<ProprietaryId Namespace="DPID:PADPIDAPLACEHOLDER">PT-AB12-CD34</ProprietaryId>',
  )
  expect(noIsrc).toContain('<Duration>PT1H2M5S</Duration>')
  const live = xmlOf(DDEX_TEST_SONGS['people-only'], {
    ...OPTIONS,
    senderPartyId: LIVE_DPID,
  })
  expect(live).toContain('<MessageControlType>LiveMessage</MessageControlType>')
  // The confirmed co-writer is credited as they asked; the IPI name number goes in as 11 digits.
  expect(live).toContain('<FullName>Robert Stone</FullName>')
  expect(live).toContain('<IpiNameNumber>00014107338</IpiNameNumber>')
})

test('names in their own script, with a script code and their Latin form in ASCII', () => {
  const xml = compactXmlOf(DDEX_TEST_SONGS['five-scripts'])
  // The second co-writer confirmed, credited in Cyrillic and Latin as they asked.
  for (const [code, name, ascii] of [
    ['und-Hani', '山田 花子', 'Yamada Hanako'],
    ['und-Deva', 'प्रिया शर्मा', 'Priya Sarma'],
    ['und-Cyrl', 'Дмитрий Ørsted-Łukasz', 'Dmitrii Orsted-Lukasz'],
  ])
    expect(xml).toContain(
      `<PartyName LanguageAndScriptCode="${code}"><FullName>${name}</FullName><FullNameAsciiTranscribed>${ascii}</FullNameAsciiTranscribed></PartyName>`,
    )
  expect(compactXmlOf(DDEX_TEST_SONGS['partly-ai'])).toContain(
    '<PartyName LanguageAndScriptCode="th-Thai"><FullName>ชไมพร ศรีสุข</FullName><FullNameAsciiTranscribed>Chamaiporn Srisuk</FullNameAsciiTranscribed>',
  )
  expect(compactXmlOf(DDEX_TEST_SONGS['ai-made-one-component'])).toContain(
    '<PartyName LanguageAndScriptCode="und-Hebr"><FullName>נועה כהן</FullName><FullNameAsciiTranscribed>Noa Cohen</FullNameAsciiTranscribed>',
  )
  expect(compactXmlOf(DDEX_TEST_SONGS['no-isrc'])).toContain(
    '<PartyName LanguageAndScriptCode="und-Arab"><FullName>ليلى حداد</FullName><FullNameAsciiTranscribed>Layla Haddad</FullNameAsciiTranscribed>',
  )
  expect(languageAndScriptCode('やまだ はなこ')).toBe('ja-Jpan')
  expect(xml).toContain(
    '<DisplayTitleText LanguageAndScriptCode="ja-Jpan">夜明けの歌 🎵</DisplayTitleText>',
  )
  expect(xml).toContain('<IpiNameNumber>00014107338</IpiNameNumber>')
  expect(languageAndScriptCode('प्रिया शर्मा')).toBe('und-Deva')
  expect(languageAndScriptCode('Дмитрий')).toBe('und-Cyrl')
  expect(languageAndScriptCode('ليلى')).toBe('und-Arab')
  expect(languageAndScriptCode('김민지')).toBe('ko-Kore')
  expect(languageAndScriptCode('🎸')).toBe('und-Zyyy')
  expect(asciiTranscription('Priyā Śarmā')).toBe('Priya Sarma')
  expect(asciiTranscription('Dmitrii Ørsted-Łukasz')).toBe('Dmitrii Orsted-Lukasz')
  expect(fullNameAsciiTranscribed('José Núñez', null)).toBe('Jose Nunez')
  expect(fullNameAsciiTranscribed('Ann Lee', null)).toBeNull()
  // No Latin form given: none is made up.
  expect(fullNameAsciiTranscribed('Дмитрий', null)).toBeNull()
})

test('text the XML cannot hold becomes U+FFFD, never a broken message', () => {
  const xml = xmlOf({ ...DDEX_TEST_SONGS['people-only'], title: 'Null\u0000byte \uD800 end' })
  expect(xml).toContain('<TitleText>Null\uFFFDbyte \uFFFD end</TitleText>')
})
