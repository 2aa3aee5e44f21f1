// The song's credits as a DDEX ERN 4.3.2 NewReleaseMessage (issue 40, decision 084): a pure
// function from the certificate view to the XML text, checked against DDEX's own XSD in the tests
// (tests/ddex/). What the schema cannot check, ContainsAI against the contributor rows, is checked
// here before any message leaves.
import { normalizeIsrc, normalizeIswc } from '~/lib/identifiers'
import {
  aiToolLine,
  type Component,
  type ContributorColumns,
  totalsAreComplete,
} from '~/lib/song-constants'
import {
  SLOT_SHARE,
  songAndRecording,
  type SongAndRecordingSource,
  type WriterRole,
} from '~/lib/song-and-recording'
import { aiDisclosure, type ContainsAi, type DisclosureSource } from '../record/ai-disclosure'
import { fullNameAsciiTranscribed, ipiNameNumber, languageAndScriptCode } from './ddex-names.server'
import { el, xmlDocument, type XmlElement } from './ddex-xml.server'

/**
 * The component → role map (decision 084), values of DDEX's `ContributorRole` (AVS 9). ProofTrack's
 * instrumentation is the song's music, written and played: Composer and Musician. Its mixing
 * component is labelled Mixing/Mastering: both engineers.
 */
export const DDEX_ROLES: Record<Component, readonly string[]> = {
  lyrics: ['Lyricist'],
  vocals: ['Vocalist'],
  instrumentation: ['Composer', 'Musician'],
  production: ['StudioProducer'],
  mixing: ['MixingEngineer', 'MasteringEngineer'],
}

export const ERN_NAMESPACE = 'http://ddex.net/xml/ern/432'
/** The allowed-value sets' version the schema in tests/ddex/xsd was written with. */
export const AVS_VERSION_ID = '9'
/** A DDEX Party ID (DPID) as the schema's MessagingPartyWithoutCode/PartyId allows it. */
export const DDEX_PARTY_ID_PATTERN = /^PADPIDA[a-zA-Z0-9]+$/
/** The sender without DDEX_PARTY_ID: plainly not a real DPID, and the message a TestMessage. */
export const PLACEHOLDER_PARTY_ID = 'PADPIDAPLACEHOLDER'
/** Who the owner sends it to is theirs to set: a placeholder the recipient will not mistake. */
export const RECIPIENT_PLACEHOLDER_ID = 'PADPIDARECIPIENTTOBESET'

/**
 * A writer of the song (issue 51, decision 117) by their role in it: DDEX's ComposerLyricist,
 * Composer or Lyricist. A person's part of the recording adds its own roles (RECORDING_ROLES).
 */
export const WRITER_DDEX_ROLES: Record<WriterRole, string> = {
  CA: 'ComposerLyricist',
  C: 'Composer',
  A: 'Lyricist',
}

/** What a person who played, sang, produced or mixed is credited as on the recording. */
const RECORDING_ROLES: Partial<Record<Component, readonly string[]>> = {
  vocals: ['Vocalist'],
  instrumentation: ['Musician'],
  production: ['StudioProducer'],
  mixing: ['MixingEngineer', 'MasteringEngineer'],
}

export type DdexSong = ContributorColumns &
  DisclosureSource &
  Pick<
    SongAndRecordingSource,
    | 'contributorWroteMelody'
    | 'coContributorWroteMelody'
    | 'coContributor2WroteMelody'
    | 'wordsWeightPercent'
    | 'aiTools'
  > & {
    certificateId: string
    title: string
    dateCreated: string
    toolsUsed: string
    isrc: string | null
    iswc: string | null
    /** The recording's length in whole seconds, as the owner gave it; ERN requires one. */
    durationSeconds: number | null
  }

export interface DdexOptions {
  appName: string
  /** The operator's DDEX Party ID (DDEX_PARTY_ID); null: a TestMessage from a placeholder. */
  senderPartyId: string | null
  now: Date
}

/** What a message needs that the song does not have yet, in words for the owner. */
export const MISSING_DURATION = 'the recording’s duration (add it on the song’s details page)'
export const MISSING_TOTALS = 'a split in which every component totals 100 %'

export type DdexResult =
  | { ok: true; xml: string; fileName: string; containsAi: ContainsAi }
  | { ok: false; missing: string[] }

/** PT3M25S: xs:duration, hours only when there are some. */
export function isoDuration(seconds: number) {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  return `PT${h > 0 ? `${h}H` : ''}${m}M${s}S`
}

interface ContributorRow {
  kind: 'person' | 'ai'
  aiContribution: ContainsAi
  element: XmlElement
}

/**
 * DDEX's rule for ContainsAI (release-notification.xsd, SoundRecording/ContainsAI) that no schema
 * can check: All allows only GenerativeAI contributors, None no contributor with an AI share.
 * Ours adds that Partly has both. A message that breaks it is a bug: it is never sent.
 */
export function checkContainsAi(
  containsAi: ContainsAi,
  rows: readonly Pick<ContributorRow, 'kind' | 'aiContribution'>[],
) {
  const ai = rows.filter((r) => r.kind === 'ai' || r.aiContribution !== 'None')
  const people = rows.filter((r) => r.kind === 'person')
  const holds =
    containsAi === 'None'
      ? ai.length === 0
      : containsAi === 'All'
        ? people.length === 0 && ai.length > 0
        : ai.length > 0 && people.length > 0
  if (!holds)
    throw new Error(
      `ContainsAI ${containsAi} does not match the contributors (${people.length} people, ${ai.length} with AI)`,
    )
}

const roleElements = (values: readonly string[]) =>
  [...new Set(values)].map((value) => el('Role', [el('Value', value)]))
const roles = (components: readonly Component[]) =>
  roleElements(components.flatMap((c) => DDEX_ROLES[c]))

/**
 * Each person from the one derived view (decision 117): credited with the name they confirmed,
 * the IPI and PRO they gave when confirming (else the ones the owner typed), their role in the
 * song, and what they did on the recording.
 */
function people(song: DdexSong) {
  const derived = songAndRecording(song)
  return derived.people.map((person, index) => {
    const played = song.contributions
      .filter((row) => Number(row[SLOT_SHARE[person.slot]]) > 0)
      .map((row) => row.component)
    return {
      reference: `P${index + 1}`,
      name: person.name,
      latinName: person.latinName,
      ipi: ipiNameNumber(person.ipi),
      pro: person.pro,
      // Their publisher (issue 51.3): a party of its own when its IPI is known, so it carries it.
      publisher: person.publisher,
      publisherIpi: ipiNameNumber(person.publisherIpi),
      publisherReference: `P${index + 1}PUB`,
      roles: [
        ...(person.writer ? [WRITER_DDEX_ROLES[person.writer.role]] : []),
        ...played.flatMap((c) => RECORDING_ROLES[c] ?? []),
      ],
    }
  })
}

function partyElement(person: ReturnType<typeof people>[number]) {
  const ascii = fullNameAsciiTranscribed(person.name, person.latinName)
  return el('Party', [
    el('PartyReference', person.reference),
    el(
      'PartyName',
      [el('FullName', person.name), ascii ? el('FullNameAsciiTranscribed', ascii) : null],
      { LanguageAndScriptCode: languageAndScriptCode(person.name) },
    ),
    person.ipi ? el('PartyId', [el('IpiNameNumber', person.ipi)]) : null,
    // The PRO they belong to, as given (issue 51.6): DDEX's affiliation with a rights society.
    person.pro
      ? el('Affiliation', [
          el('CompanyName', person.pro),
          el('Type', 'MusicRightsSociety'),
          el('TerritoryCode', 'Worldwide'),
        ])
      : null,
    // Their music publisher (decision 119): ERN 4.3.2's affiliation of a party with a
    // MusicPublisher, by name, or by reference to the publisher's own party with its IPI.
    person.publisherIpi || person.publisher
      ? el('Affiliation', [
          person.publisherIpi
            ? el('PartyAffiliateReference', person.publisherReference)
            : el('CompanyName', person.publisher ?? ''),
          el('Type', 'MusicPublisher'),
          el('TerritoryCode', 'Worldwide'),
        ])
      : null,
  ])
}

/** A publisher whose IPI is known, as a party the writer's affiliation points to. */
function publisherParty(person: ReturnType<typeof people>[number]) {
  if (!person.publisherIpi) return []
  const ipi = el('PartyId', [el('IpiNameNumber', person.publisherIpi)])
  return [
    el('Party', [
      el('PartyReference', person.publisherReference),
      ...(person.publisher
        ? [
            el('PartyName', [el('FullName', person.publisher)], {
              LanguageAndScriptCode: languageAndScriptCode(person.publisher),
            }),
            ipi,
          ]
        : [ipi]),
    ]),
  ]
}

/**
 * The AI tools the owner named whose parts this AI row covers, each with those parts only
 * (decision 119): "Suno v4 — Lyrics, Instrumentation". None named: no credit, never a guess.
 */
function aiToolCredits(song: DdexSong, components: readonly Component[]) {
  return (song.aiTools ?? []).flatMap((tool) => {
    const covered = tool.components.filter((c) => components.includes(c))
    return covered.length > 0
      ? [
          el('DisplayCredits', [
            el(
              'DisplayCreditText',
              `AI tool, as named: ${aiToolLine({ ...tool, components: covered })}`,
            ),
          ]),
        ]
      : []
  })
}

function contributorRows(
  song: DdexSong,
  persons: ReturnType<typeof people>,
  disclosure: ReturnType<typeof aiDisclosure>,
) {
  const rows: ContributorRow[] = persons
    .filter((p) => p.roles.length > 0)
    .map((p) => ({
      kind: 'person',
      aiContribution: 'None',
      element: el('Contributor', [
        el('ContributorPartyReference', p.reference),
        ...roleElements(p.roles),
        el('AiContribution', 'None'),
      ]),
    }))
  // The AI in two rows when it made some components alone and assisted in others: All and
  // Partly each say exactly which roles they cover.
  for (const [level, value] of [
    ['all', 'All'],
    ['assisted', 'Partly'],
  ] as const) {
    const components = disclosure.components.filter((c) => c.level === level)
    if (components.length === 0) continue
    rows.push({
      kind: 'ai',
      aiContribution: value,
      element: el('Contributor', [
        el('SpecialContributor', 'GenerativeAI'),
        ...roles(components.map((c) => c.component)),
        // Never "tools used" (issue 51): that list mixes DAWs and instruments with AI, and a
        // piano must never be credited as generative AI. Only the AI tools named, after it.
        el('AiContribution', value),
        ...aiToolCredits(
          song,
          components.map((c) => c.component),
        ),
      ]),
    })
  }
  return rows
}

function resourceId(song: DdexSong, sender: string) {
  const isrc = song.isrc ? normalizeIsrc(song.isrc) : ''
  return el('ResourceId', [
    isrc
      ? el('ISRC', isrc)
      : el('ProprietaryId', song.certificateId, { Namespace: `DPID:${sender}` }),
  ])
}

const compactTime = (now: Date) => now.toISOString().replace(/[-:]|\.\d+/g, '')

/** What a song lacks for a DDEX message, in words for its owner; empty when nothing. */
export function ddexMissing(song: Pick<DdexSong, 'durationSeconds' | 'contributions'>) {
  return [
    ...(song.durationSeconds === null ? [MISSING_DURATION] : []),
    ...(totalsAreComplete([...song.contributions]) ? [] : [MISSING_TOTALS]),
  ]
}

/** The NewReleaseMessage for one song, or what it is missing; never a message that pretends. */
export function ddexMessage(song: DdexSong, options: DdexOptions): DdexResult {
  const missing = ddexMissing(song)
  if (missing.length > 0 || song.durationSeconds === null) return { ok: false, missing }
  const sender = options.senderPartyId ?? PLACEHOLDER_PARTY_ID
  const disclosure = aiDisclosure(song)
  const persons = people(song)
  const contributors = contributorRows(song, persons, disclosure)
  checkContainsAi(disclosure.containsAi, contributors)
  const main = persons[0]
  // contributorSlots always holds the main contributor.
  if (!main) throw new Error('A song without its main contributor')
  const titleScript = languageAndScriptCode(song.title)
  const iswc = song.iswc ? normalizeIswc(song.iswc) : ''
  const header = el('MessageHeader', [
    el('MessageId', `${song.certificateId}-${compactTime(options.now)}`),
    el('MessageSender', [
      el('PartyId', sender),
      el('PartyName', [el('FullName', options.appName)]),
    ]),
    el('MessageRecipient', [
      el('PartyId', RECIPIENT_PLACEHOLDER_ID),
      el('PartyName', [el('FullName', 'Recipient to be set by the sender')]),
    ]),
    el('MessageCreatedDateTime', options.now.toISOString()),
    el('MessageControlType', options.senderPartyId ? 'LiveMessage' : 'TestMessage'),
  ])
  const recording = el('SoundRecording', [
    el('ResourceReference', 'A1'),
    el('Type', 'MusicalWorkSoundRecording'),
    el('SoundRecordingEdition', [resourceId(song, sender)]),
    iswc ? el('WorkId', [el('ISWC', iswc)]) : null,
    el('DisplayTitleText', song.title, { LanguageAndScriptCode: titleScript }),
    el('DisplayTitle', [el('TitleText', song.title)], { LanguageAndScriptCode: titleScript }),
    el('DisplayArtistName', main.name, { LanguageAndScriptCode: languageAndScriptCode(main.name) }),
    el('DisplayArtist', [
      el('ArtistPartyReference', main.reference),
      el('DisplayArtistRole', 'MainArtist'),
    ]),
    ...contributors.map((row) => row.element),
    el('Duration', isoDuration(song.durationSeconds)),
    /^\d{4}(-\d{2}){0,2}$/.test(song.dateCreated) ? el('CreationDate', song.dateCreated) : null,
    el('ContainsAI', disclosure.containsAi),
  ])
  const message = el(
    'ern:NewReleaseMessage',
    [
      header,
      el('PartyList', [...persons.map(partyElement), ...persons.flatMap(publisherParty)]),
      el('ResourceList', [recording]),
      // A credits message: the release, its label and its deals are the distributor's to add.
      el('ReleaseList', []),
    ],
    { 'xmlns:ern': ERN_NAMESPACE, AvsVersionId: AVS_VERSION_ID, LanguageAndScriptCode: 'en' },
  )
  return {
    ok: true,
    xml: xmlDocument(message),
    fileName: `${song.certificateId}-ddex-ern-432.xml`,
    containsAi: disclosure.containsAi,
  }
}
