import { isolate } from '~/lib/bidi'
import { ROLE_LABELS, statusText } from '~/lib/confirmations'
import { DEFAULT_TIME_ZONE, formatLongDate } from '~/lib/dates'
import { IPI } from '~/lib/glossary/ipi'
import { PRO } from '~/lib/glossary/pro'
import { COMPONENT_LABELS, type Component } from '~/lib/song-constants'
import {
  DATE_LABEL,
  registrationText,
  SIGNATURE_LABEL,
  SIGNATURES_INTRO,
  SPLIT_SHEET_NOT_VERIFIABLE,
  SPLIT_SHEET_NOTE,
  SPLIT_SHEET_VERIFY_LEAD,
} from '~/lib/split-sheet'
import { formatPercent } from '~/lib/split-totals'
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
}

export function splitSheetView(sheet: SplitSheet, options: SplitSheetViewOptions) {
  const { appName, timeZone = DEFAULT_TIME_ZONE } = options
  const share = (component: Component, percent: number): SplitSheetShare => ({
    component,
    label: COMPONENT_LABELS[component],
    percent: `${formatPercent(Number(percent))}%`,
  })
  return {
    songId: sheet.songId,
    title: sheet.title,
    certificateId: sheet.certificateId,
    brand: `${appName} · Split sheet`,
    /** The article's accessible name, and the PDF's document title. */
    name: `Split sheet for ${sheet.title}`,
    facts: [
      { name: 'certificate-id', label: 'Certificate ID', value: sheet.certificateId, code: true },
      { name: 'created', label: 'Created', value: formatLongDate(sheet.dateCreated), code: false },
      {
        name: 'registration',
        label: 'Registration',
        value: registrationText(sheet.registration, timeZone),
        code: false,
      },
    ],
    // A registered sheet leads a stranger to the record (issue 37.5); before, it says why not.
    verify: sheet.verifyUrl
      ? {
          public: true as const,
          lead: SPLIT_SHEET_VERIFY_LEAD,
          url: sheet.verifyUrl,
          href: `/verify/${sheet.certificateId}`,
        }
      : { public: false as const, note: SPLIT_SHEET_NOT_VERIFIABLE },
    /** A split that is not whole, said before the table (issue 37.6); null for a whole one. */
    warning: sheet.totalsWarning,
    /** The jargon of the table's columns, explained before it (issue 39.13). */
    terms: [PRO, IPI],
    table: {
      title: 'Contributors and their shares (%)',
      labels: {
        contributor: 'Contributor',
        latinName: 'In Latin script',
        pro: 'PRO',
        ipi: 'IPI / PRO #',
        shares: 'Shares',
        song: 'The song',
        confirmation: 'Confirmation',
      },
      /** The share columns' headers, in the order of every row's shares. */
      components: sheet.components.map((component) => COMPONENT_LABELS[component]),
      people: sheet.contributors.map((person): SplitSheetPerson => ({
        slot: person.slot,
        name: person.name,
        latinName: person.latinName,
        role:
          person.name === person.declaredName
            ? ROLE_LABELS[person.slot]
            : `${ROLE_LABELS[person.slot]}, declared as ${isolate(person.declaredName)}`,
        pro: person.pro || null,
        ipi: person.ipi || null,
        publisher: publisherText(person),
        shares: person.shares.map((s) => share(s.component, s.percent)),
        song: songLine(sheet.songAndRecording.people.find((p) => p.slot === person.slot)),
        status: {
          text: statusText(person.status, { recorded: sheet.recorded, timeZone }),
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
        name: 'AI',
        role: 'Generative AI, as declared',
        // Only the AI tools the owner named, each with its parts (issue 51.5, decision 119);
        // "Tools used" (DAWs, instruments) is never credited to the AI.
        toolsLabel: 'AI tools',
        tools: aiToolsText(sheet.songAndRecording.ai),
        shares: sheet.ai.map((s) => share(s.component, s.percent)),
        status: { text: 'Declared by the submitter', tone: 'plain' as SplitSheetTone },
      },
    },
    /** The song apart from the recording (issue 51, decision 117): the writers' shares of it. */
    song: songSection(sheet.songAndRecording),
    note: SPLIT_SHEET_NOTE,
    // Split sheets are signed on the day (issue 37.5): a line to sign and date for each person.
    signatures: {
      title: 'Signatures',
      intro: SIGNATURES_INTRO,
      date: DATE_LABEL,
      people: sheet.contributors.map((person) => ({
        slot: person.slot,
        name: person.name,
        line: `${SIGNATURE_LABEL} — ${ROLE_LABELS[person.slot]}`,
      })),
    },
  }
}
export type SplitSheetView = ReturnType<typeof splitSheetView>

/** A person's publisher and its IPI in one line, as the page and the PDF print it. */
export function publisherText(person: { publisher: string | null; publisherIpi: string | null }) {
  if (!person.publisher && !person.publisherIpi) return null
  return [
    person.publisher ? `Publisher: ${isolate(person.publisher)}` : null,
    person.publisherIpi ? `Publisher IPI: ${person.publisherIpi}` : null,
  ]
    .filter(Boolean)
    .join(' · ')
}

function songLine(person: SongPerson | undefined): SplitSheetPerson['song'] {
  const writer = person?.writer
  if (!writer)
    return {
      role: null,
      share: null,
      text: person?.recording.length
        ? NOT_A_WRITER
        : 'Not a writer of the song, and no share of the recording',
    }
  const share = `${formatShare(writer.song)}%`
  return {
    role: writer.roleLabel,
    share,
    text: `${writer.roleLabel}: ${share} of the song (words ${formatShare(writer.words)}%, music ${formatShare(writer.music)}%)`,
  }
}

function songSection(derived: SongAndRecording) {
  return {
    title: 'The song (words and music), as PROs register it',
    weight: { label: 'Words and music weigh', value: derived.weights.text },
    writers: derived.writers.map((person) => ({
      slot: person.slot,
      name: person.name,
      ...songLine(person),
    })),
    total: `The writers’ shares total ${derived.total}%.`,
    notes: [derived.melodyRule, ...derived.notes],
    credited:
      derived.creditedOnly.length > 0
        ? `Credited on the recording, not writers of the song: ${derived.creditedOnly
            .map((p) => `${isolate(p.name)} (${p.recording.map((r) => r.label).join(', ')})`)
            .join('; ')}.`
        : null,
  }
}
