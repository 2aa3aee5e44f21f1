import { formatPercent as percentIn, intlLocale } from '~/i18n/format'
import type { MessageValues } from '~/i18n/format-message'
import type { MessageId, Translate } from '~/i18n/react'
import { isolate } from '~/lib/bidi'
import { type ContributorStatus, ROLE_LABELS, statusText } from '~/lib/confirmations'
import { DEFAULT_TIME_ZONE, formatDayInZone, formatLongDate } from '~/lib/dates'
import { IPI } from '~/lib/glossary/ipi'
import { PRO } from '~/lib/glossary/pro'
import { isNetwork } from '~/lib/registration-network-names'
import {
  AI_TOOLS_NOT_NAMED,
  COMPONENT_LABELS,
  type Component,
  type ContributorSlot,
} from '~/lib/song-constants'
import {
  DATE_LABEL,
  registrationText,
  SIGNATURE_LABEL,
  SIGNATURES_INTRO,
  SPLIT_SHEET_NOT_VERIFIABLE,
  SPLIT_SHEET_NOTE,
  SPLIT_SHEET_VERIFY_LEAD,
} from '~/lib/split-sheet'
import { formatPercent, incompleteComponents, splitTotalsWarning } from '~/lib/split-totals'
import {
  aiToolsText,
  formatShare,
  NOT_A_WRITER,
  type SongAndRecording,
  type SongPerson,
} from '~/lib/song-and-recording'
import type { SplitSheet } from './split-sheet.server'

// The split sheet as one view (STYLE.md, "one view, then layout"; decision 097): every label,
// value, status and note it shows, decided here once from the sheet's data (split-sheet.server.ts).
// The page (components/split-sheet.tsx) and the PDF (split-sheet-pdf.server.ts) lay it out and
// add no words of their own. Not a .server file: the page builds it again in the browser once it
// knows the reader's time zone. It imports only app/lib (and a type).

/** How a status is set: the PDF prints a confirmation in green. */
export type SplitSheetTone = 'plain' | 'confirmed' | 'disputed'

export interface SplitSheetShare {
  component: string
  /** The component's name, a column's header ("Mixing/Mastering"). */
  label: string
  /** "60%". */
  percent: string
}

export interface SplitSheetPerson {
  slot: string
  name: string
  /** The name in Latin script, as PROs file it (issue 26); null when none was given. */
  latinName: string | null
  /** "Co-contributor", or "Co-contributor, declared as ⁨Bo⁩": a typed name is isolated. */
  role: string
  /** The PRO and the IPI / PRO number as given; null when none was. */
  pro: string | null
  ipi: string | null
  /** "Publisher: Harbour Songs · Publisher IPI: 00014107338" (issue 51.3); null when none. */
  publisher: string | null
  shares: SplitSheetShare[]
  /** Their part of the song (issue 51): "Composer-author (CA): 66.67% of the song", or credited only. */
  song: { role: string | null; share: string | null; text: string }
  status: { text: string; tone: SplitSheetTone }
}

export interface SplitSheetViewOptions {
  appName: string
  /** The reader's zone for the registration and confirmation days. */
  timeZone?: string
  /**
   * A translator with the pdf and words areas, and its language (issue 54, decision 122): the
   * PDF's in the owner's language. Without them, the English beside each id below.
   */
  t?: Translate
  locale?: string
}

/** `say(id, english, values)`: the message in the sheet's language, else the English. */
type Say = (id: MessageId, english: string, values?: MessageValues) => string

/** How the sheet says things: its sentences, dates and figures in one language. */
function wordsOf({ t, locale, timeZone = DEFAULT_TIME_ZONE }: SplitSheetViewOptions) {
  const say: Say = t ? (id, _english, values) => t(id, values) : (_id, english) => english
  // English as every English page writes it ('en-US') without a translator.
  const intl = t && locale ? intlLocale(locale) : 'en-US'
  return {
    say,
    translated: t !== undefined,
    timeZone,
    day: (value: string) => formatLongDate(value, intl),
    dayInZone: (value: string) => formatDayInZone(value, timeZone, intl),
    component: (component: Component) =>
      say(`words.component.${component}`, COMPONENT_LABELS[component]),
    /** 60 → "60%", "60 %" in French and German; English as the sheet always wrote it. */
    percent: (percent: number) =>
      intl !== 'en-US' && intl !== 'en'
        ? percentIn(intl, Number(percent) / 100)
        : `${formatPercent(Number(percent))}%`,
    /** A figure the derived view wrote ("100.00"): English keeps it as written. */
    figure: (text: string) =>
      intl !== 'en-US' && intl !== 'en' ? percentIn(intl, Number(text) / 100) : `${text}%`,
    /** A writer's share of the song, words or music: two decimals, as the derived view keeps it. */
    share: (percent: number) =>
      intl !== 'en-US' && intl !== 'en'
        ? percentIn(intl, Number(percent) / 100)
        : `${formatShare(percent)}%`,
  }
}
type Words = ReturnType<typeof wordsOf>

const ROLE_IDS = {
  main: 'pdf.split.role.main',
  'co-contributor': 'pdf.split.role.coContributor',
  'co-contributor-2': 'pdf.split.role.coContributor2',
} as const satisfies Record<ContributorSlot, MessageId>

export function splitSheetView(sheet: SplitSheet, options: SplitSheetViewOptions) {
  const { appName } = options
  const words = wordsOf(options)
  const { say } = words
  const share = (component: Component, percent: number): SplitSheetShare => ({
    component,
    label: words.component(component),
    percent: words.percent(percent),
  })
  const role = (slot: ContributorSlot) => say(ROLE_IDS[slot], ROLE_LABELS[slot])
  return {
    songId: sheet.songId,
    title: sheet.title,
    certificateId: sheet.certificateId,
    brand: say('pdf.split.brand', `${appName} · Split sheet`, { appName }),
    /** The article's accessible name, and the PDF's document title. */
    name: say('pdf.split.name', `Split sheet for ${sheet.title}`, { title: sheet.title }),
    facts: [
      {
        name: 'certificate-id',
        label: say('pdf.split.fact.certificateId', 'Certificate ID'),
        value: sheet.certificateId,
        code: true,
      },
      {
        name: 'created',
        label: say('pdf.split.fact.created', 'Created'),
        value: words.day(sheet.dateCreated),
        code: false,
      },
      {
        name: 'registration',
        label: say('pdf.split.fact.registration', 'Registration'),
        value: registrationLine(sheet, words),
        code: false,
      },
    ],
    // A registered sheet leads a stranger to the record (issue 37.5); before, it says why not.
    verify: sheet.verifyUrl
      ? {
          public: true as const,
          lead: say('pdf.split.verifyLead', SPLIT_SHEET_VERIFY_LEAD),
          url: sheet.verifyUrl,
          href: `/verify/${sheet.certificateId}`,
        }
      : {
          public: false as const,
          note: say('pdf.split.notVerifiable', SPLIT_SHEET_NOT_VERIFIABLE),
        },
    /** A split that is not whole, said before the table (issue 37.6); null for a whole one. */
    warning: words.translated ? splitWarning(sheet, words) : sheet.totalsWarning,
    /** The jargon of the table's columns, explained before it (issue 39.13). */
    terms: [
      { ...PRO, sentence: say('words.note.PRO', PRO.sentence) },
      { ...IPI, sentence: say('words.note.IPI', IPI.sentence) },
    ],
    table: {
      title: say('pdf.split.table.title', 'Contributors and their shares (%)'),
      labels: {
        contributor: say('pdf.split.table.contributor', 'Contributor'),
        latinName: say('pdf.split.table.latinName', 'In Latin script'),
        pro: 'PRO',
        ipi: say('pdf.split.table.ipi', 'IPI / PRO #'),
        shares: say('pdf.split.table.shares', 'Shares'),
        song: say('pdf.split.table.song', 'The song'),
        confirmation: say('pdf.split.table.confirmation', 'Confirmation'),
      },
      /** The share columns' headers, in the order of every row's shares. */
      components: sheet.components.map((component) => words.component(component)),
      people: sheet.contributors.map((person): SplitSheetPerson => ({
        slot: person.slot,
        name: person.name,
        latinName: person.latinName,
        role:
          person.name === person.declaredName
            ? role(person.slot)
            : say(
                'pdf.split.roleDeclaredAs',
                `${ROLE_LABELS[person.slot]}, declared as ${isolate(person.declaredName)}`,
                { role: role(person.slot), name: isolate(person.declaredName) },
              ),
        pro: person.pro || null,
        ipi: person.ipi || null,
        publisher: publisherText(person, say),
        shares: person.shares.map((s) => share(s.component, s.percent)),
        song: songLine(
          sheet.songAndRecording.people.find((p) => p.slot === person.slot),
          words,
        ),
        status: {
          text: statusLine(person.status, sheet.recorded, words),
          tone:
            person.status.status === 'confirmed'
              ? 'confirmed'
              : person.status.status === 'disputed'
                ? 'disputed'
                : 'plain',
        },
      })),
      // The AI holds no PRO or IPI: its row leaves those out, and its share is the submitter's word.
      ai: {
        name: say('pdf.split.ai.name', 'AI'),
        role: say('pdf.split.ai.role', 'Generative AI, as declared'),
        // Only the AI tools the owner named, each with its parts (issue 51.5, decision 119);
        // "Tools used" (DAWs, instruments) is never credited to the AI.
        toolsLabel: say('pdf.split.ai.toolsLabel', 'AI tools'),
        tools: aiTools(sheet.songAndRecording.ai, words),
        shares: sheet.ai.map((s) => share(s.component, s.percent)),
        status: {
          text: say('pdf.split.status.declared', 'Declared by the submitter'),
          tone: 'plain' as SplitSheetTone,
        },
      },
    },
    /** The song apart from the recording (issue 51, decision 117): the writers' shares of it. */
    song: songSection(sheet.songAndRecording, words),
    note: say('pdf.split.note', SPLIT_SHEET_NOTE),
    // Split sheets are signed on the day (issue 37.5): a line to sign and date for each person.
    signatures: {
      title: say('pdf.split.signatures.title', 'Signatures'),
      intro: say('pdf.split.signatures.intro', SIGNATURES_INTRO),
      date: say('pdf.split.signatures.date', DATE_LABEL),
      people: sheet.contributors.map((person) => ({
        slot: person.slot,
        name: person.name,
        line: say('pdf.split.signatures.line', `${SIGNATURE_LABEL} — ${ROLE_LABELS[person.slot]}`, {
          role: role(person.slot),
        }),
      })),
    },
  }
}

const NETWORK_IDS = {
  'local-ledger': 'pdf.network.local-ledger',
  localnet: 'pdf.network.localnet',
  devnet: 'pdf.network.devnet',
  testnet: 'pdf.network.testnet',
  'mainnet-beta': 'pdf.network.mainnet-beta',
} as const

/** "Registered on 7 December 2026 (UTC), Solana devnet — a public test network", or why not. */
function registrationLine({ registration }: SplitSheet, { say, dayInZone, timeZone }: Words) {
  const english = registrationText(registration, timeZone)
  switch (registration.status) {
    case 'registered': {
      const network = isNetwork(registration.networkId)
        ? say(NETWORK_IDS[registration.networkId], registration.network)
        : say('pdf.network.none', registration.network)
      return say('pdf.split.registered', english, { date: dayInZone(registration.date), network })
    }
    case 'pending':
      return say('pdf.split.pending', english)
    case 'failed':
      return say('pdf.split.failed', english)
    default:
      return say('pdf.split.notRegistered', english)
  }
}

/** A contributor's standing (app/lib/confirmations.ts' statusText), in the sheet's language. */
function statusLine(status: ContributorStatus, recorded: boolean, words: Words) {
  const { say, dayInZone, timeZone } = words
  const english = statusText(status, { recorded, timeZone })
  switch (status.status) {
    case 'confirmed':
      return say(
        recorded ? 'pdf.split.status.confirmedRecorded' : 'pdf.split.status.confirmed',
        english,
        { date: dayInZone(status.confirmedAt) },
      )
    case 'invited':
      return say('pdf.split.status.invited', english)
    case 'expired':
      return say('pdf.split.status.expired', english)
    case 'disputed':
      return say('pdf.split.status.disputed', english, {
        date: dayInZone(status.decidedAt),
        reason: status.reason,
      })
    default:
      return say('pdf.split.status.declared', english)
  }
}

/** The split's warning (app/lib/split-totals.ts), in the words area's sentence. */
function splitWarning(sheet: SplitSheet, words: Words) {
  const rows = sheet.splitRows
  const english = splitTotalsWarning(rows)
  if (english === null) return null
  const totals = incompleteComponents(rows)
    .map((c) =>
      words.say('words.split.total', '', {
        component: words.component(c.component as Component),
        total: words.percent(c.total),
      }),
    )
    .join(words.say('words.split.separator', '; '))
  return words.say('words.split.warning', english, { totals })
}

/** "Suno v4 — Lyrics, Instrumentation" per named tool, or that none was named. */
function aiTools(ai: SongAndRecording['ai'], words: Words) {
  const english = aiToolsText(ai)
  if (!ai.tools) return [words.say('pdf.split.ai.notNamed', AI_TOOLS_NOT_NAMED)]
  return ai.tools.map((tool, index) =>
    words.say('pdf.split.ai.tool', english[index]!, {
      name: tool.name,
      parts: tool.components.map((c) => words.component(c)).join(', '),
    }),
  )
}
export type SplitSheetView = ReturnType<typeof splitSheetView>

/** A person's publisher and its IPI in one line, as the page and the PDF print it. */
export function publisherText(
  person: { publisher: string | null; publisherIpi: string | null },
  say: Say = (_id, english) => english,
) {
  if (!person.publisher && !person.publisherIpi) return null
  return [
    person.publisher
      ? say('pdf.split.publisher', `Publisher: ${isolate(person.publisher)}`, {
          publisher: isolate(person.publisher),
        })
      : null,
    person.publisherIpi
      ? say('pdf.split.publisherIpi', `Publisher IPI: ${person.publisherIpi}`, {
          ipi: person.publisherIpi,
        })
      : null,
  ]
    .filter(Boolean)
    .join(' · ')
}

function songLine(person: SongPerson | undefined, words: Words): SplitSheetPerson['song'] {
  const { say } = words
  const writer = person?.writer
  if (!writer)
    return {
      role: null,
      share: null,
      text: person?.recording.length
        ? say('pdf.split.notAWriter', NOT_A_WRITER)
        : say('pdf.split.noShare', 'Not a writer of the song, and no share of the recording'),
    }
  const role = say(`words.role.${writer.role}`, writer.roleLabel)
  const share = words.share(writer.song)
  return {
    role,
    share,
    text: say(
      'pdf.split.songShare',
      `${writer.roleLabel}: ${share} of the song (words ${formatShare(writer.words)}%, music ${formatShare(writer.music)}%)`,
      { role, share, words: words.share(writer.words), music: words.share(writer.music) },
    ),
  }
}

function songSection(derived: SongAndRecording, words: Words) {
  const { say } = words
  const weights = derived.weights.set
  return {
    title: say('pdf.split.song.title', 'The song (words and music), as PROs register it'),
    weight: {
      label: say('pdf.split.song.weightLabel', 'Words and music weigh'),
      value: say('pdf.split.song.weights', derived.weights.text, {
        words: words.percent(weights.words),
        music: words.percent(weights.music),
      }),
    },
    writers: derived.writers.map((person) => ({
      slot: person.slot,
      name: person.name,
      ...songLine(person, words),
    })),
    total: say('pdf.split.song.total', `The writers’ shares total ${derived.total}%.`, {
      total: words.figure(derived.total),
    }),
    notes: [
      say('pdf.split.song.melodyRule', derived.melodyRule),
      ...derived.notes.map((note) => songNote(note, derived, words)),
    ],
    credited:
      derived.creditedOnly.length > 0
        ? say(
            'pdf.split.song.credited',
            `Credited on the recording, not writers of the song: ${derived.creditedOnly
              .map((p) => `${isolate(p.name)} (${p.recording.map((r) => r.label).join(', ')})`)
              .join('; ')}.`,
            {
              people: derived.creditedOnly
                .map((p) =>
                  say('pdf.split.song.creditedPerson', '', {
                    name: isolate(p.name),
                    parts: p.recording.map((r) => words.component(r.component)).join(', '),
                  }),
                )
                .join('; '),
            },
          )
        : null,
  }
}

// The derived view's notes are English sentences (app/lib/song-and-recording.ts): each is known
// here by its shape and said again in the sheet's language, its figure or name kept.
const FIXED_NOTES: Record<string, MessageId> = {
  'No person wrote the words or the music: the song has no writer a PRO would register.':
    'pdf.split.song.noWriter',
  'No person wrote the music: the words are the whole of the writers’ song.':
    'pdf.split.song.noMusic',
  'No person wrote the words: the music is the whole of the writers’ song.':
    'pdf.split.song.noWords',
  'This song has no words: the music is the whole of the writers’ song.': 'pdf.split.song.noLyrics',
}

function songNote(note: string, derived: SongAndRecording, { say, percent }: Words) {
  const fixed = FIXED_NOTES[note]
  if (fixed) return say(fixed, note)
  const ai = /^The AI’s ([\d.]+)% of the (lyrics|instrumentation \(the music\)) is/.exec(note)
  if (ai)
    return say(ai[2] === 'lyrics' ? 'pdf.split.song.aiLyrics' : 'pdf.split.song.aiMusic', note, {
      percent: percent(Number(ai[1])),
    })
  const melody = derived.people.find((p) => note.startsWith(`${isolate(p.name)} wrote the melody`))
  if (melody) return say('pdf.split.song.melody', note, { name: isolate(melody.name) })
  // A note this file does not know yet stays English: the sheet's test fails on it.
  return note
}
