import {
  type CertificateSong,
  certificateContributors,
  contributionBreakdown,
  contributorStatusText,
  isWebUrl,
  NO_SHARES,
  orNotSpecified,
  PDF_NOT_PUBLIC_YET,
  plainSummary,
  present,
  registrationFeeInfo,
  registrationLinkLabels,
  registrationNotes,
  statementFor,
  VERIFICATION_PAGE,
} from '~/lib/certificate'
import { isolate } from '~/lib/bidi'
import type { GlossaryTerm } from '~/lib/glossary'
import type { GlossaryNote } from '~/lib/glossary/note'
import { PRO } from '~/lib/glossary/pro'
import { RFC_3161 } from '~/lib/glossary/rfc-3161'
import { SHA_256 } from '~/lib/glossary/sha-256'
import { SOL } from '~/lib/glossary/sol'
import { DEFAULT_TIME_ZONE, formatDayInZone, formatLongDate } from '~/lib/dates'
import { recordingDetails } from '~/lib/recording'
import { formatPercent, splitTotalsWarning } from '~/lib/split-totals'
import { type SnapshotStamp, timestampText } from '~/lib/timestamp'
import { aiToolsText, songAndRecording } from '~/lib/song-and-recording'
import { aiDisclosure, aiLevelText, containsAiText, RECORDING_AS_A_WHOLE } from './ai-disclosure'

// The certificate as one view (STYLE.md, "one view, then layout"): every section, row and text
// the certificate shows, decided here once from the record. The page (components/certificate.tsx)
// and the PDF (certificate-pdf.server.ts) lay this out and add no text of their own, so neither
// can show a row the other drops. Not a .server file: the page builds it again in the browser
// once it knows the reader's time zone (components/time-zone.tsx). It imports only app/lib and
// ai-disclosure.ts, which imports only app/lib.

/** How a line is set: the renderers give each tone its colour. */
export type Tone = 'plain' | 'muted' | 'confirmed' | 'disputed'

export type CertificateRow =
  | {
      kind: 'person'
      slot: string
      name: string
      /** The name in Latin script, as PROs file it (issue 26). */
      latinName: string | null
      role: string
      /** "PRO" and "PRO #", each with the value as typed. */
      details: { label: string; value: string }[]
      status: { text: string; tone: Tone; /** Typed names the text quotes. */ names: string[] }
    }
  | {
      kind: 'shares'
      component: string
      label: string
      /** The non-zero shares, each with whose it is. */
      shares: { who: string; percent: number }[]
      /** The shares as one text ("Ann 60% / AI 40%"), each name isolated; or "No shares declared". */
      text: string
    }
  | {
      kind: 'fact'
      /** Names the fact for tests and styles ("network", "recording-sha256"). */
      name: string
      label: string
      value: string
      /** Set in a fixed-width face: an identifier, a digest, a signature. */
      code?: boolean
      /** Where the value leads (only an http(s) address the owner gave). */
      link?: string
      /** A line under the value, named for tests and styles. */
      note?: { name: string; text: string }
      /** For whoever checks the transaction: the page folds these away. */
      technical?: boolean
    }
  /** A sentence the reader must not miss (a split that is not whole, a record that is not permanent). */
  | { kind: 'warning'; name: string; text: string }
  /** A place the record can be seen: `href` as stored, `address` in full for print. */
  | { kind: 'link'; label: string; href: string; address: string }
  /** The owner's long texts, whole (lyrics, notes). */
  | { kind: 'long'; style: 'lyrics' | 'notes'; text: string }
  | TermRow

/**
 * A word of jargon the rows after it use, in plain words (issue 39.13, decision 096): the
 * glossary's one sentence, so the page and the PDF say the same. `technical` goes with the
 * technical facts.
 */
export type TermRow = {
  kind: 'term'
  term: GlossaryTerm
  note: GlossaryNote
  text: string
  technical?: boolean
}

/** The glossary's sentence for a term, as a row placed before the rows that name it. */
function explain(note: GlossaryNote & { term: GlossaryTerm }, technical = false): TermRow {
  return {
    kind: 'term',
    term: note.term,
    note,
    text: note.sentence,
    ...(technical ? { technical } : {}),
  }
}

export interface CertificateSection {
  /** Stable and unique: the page's anchor (`cert-<id>`). */
  id: string
  title: string
  /**
   * 'half': a short section, beside another on a wide page; 'wide': across the page; 'table':
   * across the page, its plain facts (short values, no note) side by side in one row; 'long':
   * across the page and over as many pages as it needs.
   */
  width: 'half' | 'wide' | 'table' | 'long'
  rows: CertificateRow[]
  /** What the section says when it has no rows; a section with neither is not shown. */
  empty: string | null
}

export interface CertificateViewOptions {
  appName: string
  /** The reader's zone for the moments (issued, registered); the creation date is a calendar day. */
  timeZone?: string
  /** The record's verify page in full (verify-address.server.ts); null until anyone may open it. */
  verifyUrl: string | null
  /** The certificate's own address: links stored relative to the site are printed from it. */
  certificateUrl?: string
  /** The RFC 3161 timestamp of the snapshot shown (issue 29); null when it has none. */
  timestamp?: SnapshotStamp | null
}

export const VERIFY_LEAD = 'Anyone can check this certificate at:'

export function certificateView(song: CertificateSong, options: CertificateViewOptions) {
  const { appName, timeZone = DEFAULT_TIME_ZONE, verifyUrl, timestamp = null } = options
  const people = certificateContributors(song)
  return {
    certificateId: song.certificateId,
    title: song.title,
    brand: `${appName} · PT Snapshot`,
    kicker: 'Certificate of Authorship',
    created: { label: 'Created', date: formatLongDate(song.dateCreated) },
    /** The opening in plain words; `link` names the words that lead to the verify page. */
    summary: {
      text: plainSummary(song, appName, timeZone),
      link: verifyUrl ? { text: VERIFICATION_PAGE, href: verifyPath(song) } : null,
    },
    sections: [
      contributorsSection(song, people, timeZone),
      breakdownSection(song),
      detailsSection(song),
      identifiersSection(song),
      aiDisclosureSection(song),
      ...(song.registration ? [blockchainSection(song.registration, options)] : []),
      ...longSections(song),
    ] as CertificateSection[],
    footer: {
      statement: { text: statementFor(song), names: people.map((person) => person.name) },
      certificateId: song.certificateId,
      issued: `Issued ${formatDayInZone(song.createdAt, timeZone)}`,
      timestamp: timestamp ? timestampText(timestamp) : null,
      /** The timestamp line names RFC 3161: its plain sentence goes under it. */
      timestampTerm: timestamp ? explain(RFC_3161) : null,
      // Before registration nothing a stranger can check: the certificate says when it will be
      // (decision 050). After, the verify page in full, for print and the QR code (issue 37.4).
      online: verifyUrl
        ? { public: true as const, lead: VERIFY_LEAD, url: verifyUrl, href: verifyPath(song) }
        : { public: false as const, note: PDF_NOT_PUBLIC_YET },
    },
  }
}
export type CertificateView = ReturnType<typeof certificateView>

const verifyPath = (song: CertificateSong) => `/verify/${song.certificateId}`

function contributorsSection(
  song: CertificateSong,
  people: ReturnType<typeof certificateContributors>,
  timeZone: string,
): CertificateSection {
  return {
    id: 'contributors',
    title: 'Contributors & PRO Information',
    width: 'half',
    empty: null,
    rows: [
      // The title names PROs: said before the people.
      explain(PRO),
      ...people.map((person): CertificateRow => {
        const status = person.status
        return {
          kind: 'person',
          slot: status.slot,
          name: person.name,
          latinName: present(person.latinName) ? person.latinName : null,
          role: person.role,
          details: [
            ...(present(person.pro) ? [{ label: 'PRO', value: person.pro }] : []),
            ...(present(person.proNumber) ? [{ label: 'PRO #', value: person.proNumber }] : []),
            // Issue 51.3 (decision 119): their publisher, in a v7 record's manifest.
            ...(present(person.publisher) ? [{ label: 'Publisher', value: person.publisher }] : []),
            ...(present(person.publisherIpi)
              ? [{ label: 'Publisher IPI', value: person.publisherIpi }]
              : []),
          ],
          status: {
            text: contributorStatusText(song, person, timeZone),
            tone:
              status.status === 'confirmed'
                ? 'confirmed'
                : status.status === 'disputed'
                  ? 'disputed'
                  : 'muted',
            names:
              status.status === 'confirmed'
                ? [status.creditedName, status.creditedLatinName ?? ''].filter(present)
                : [],
          },
        }
      }),
    ],
  }
}

function breakdownSection(song: CertificateSong): CertificateSection {
  // A split the review step flags is never shown without a word (issue 37.6).
  const warning = splitTotalsWarning(song.contributions)
  return {
    id: 'breakdown',
    title: 'Contribution Breakdown',
    width: 'half',
    empty: 'No contributions declared.',
    rows: [
      ...(warning ? [{ kind: 'warning' as const, name: 'split-totals', text: warning }] : []),
      ...contributionBreakdown(song).map((row): CertificateRow => ({
        kind: 'shares',
        component: row.component,
        label: row.label,
        shares: row.shares,
        // Each name set apart: a right-to-left name would carry its figure to its far side.
        text:
          row.shares.length === 0
            ? NO_SHARES
            : row.shares
                .map(({ who, percent }) => `${isolate(who)} ${formatPercent(percent)}%`)
                .join(' / '),
      })),
      ...songRows(song),
    ],
  }
}

/**
 * The song apart from the recording (issue 51, decision 117), in the breakdown: the writers' shares
 * of the song from the one derived view, each with their role; the recording's credits are the
 * vocals, production and mixing rows above it, as they are. Its notes only when it has some.
 */
function songRows(song: CertificateSong): CertificateRow[] {
  const derived = songAndRecording(song)
  // Each name set apart and followed by its figure, as the shares above: a right-to-left name
  // followed by the role's brackets carried them to its far side.
  const writers = derived.writers
    .map((p) => `${isolate(p.name)} ${formatPercent(p.writer!.song)}% (${p.writer!.role})`)
    .join(' / ')
  const notes = derived.notes.join(' ')
  return [
    {
      kind: 'fact',
      name: 'song-writers',
      label: `${SONG_ROW_LABEL} (${derived.weights.text.toLowerCase()})`,
      value: writers || NO_WRITERS,
      ...(notes ? { note: { name: 'song-notes', text: notes } } : {}),
    },
  ]
}
export const SONG_ROW_LABEL = 'The song, its writers'
export const NO_WRITERS = 'No writer a PRO would register'

/**
 * Where AI took part (issue 40), in the words ai-disclosure.ts gives every surface: the recording
 * as a whole with whose word it is, then each component the song has, as a table.
 */
function aiDisclosureSection(song: CertificateSong): CertificateSection {
  const disclosure = aiDisclosure(song)
  return {
    id: 'ai-disclosure',
    title: disclosure.heading,
    width: 'table',
    empty: null,
    rows: [
      {
        kind: 'fact',
        name: 'contains-ai',
        label: RECORDING_AS_A_WHOLE,
        value: containsAiText(disclosure.containsAi),
        note: { name: 'ai-basis', text: disclosure.basis },
      },
      ...disclosure.components.map((c): CertificateRow => ({
        kind: 'fact',
        name: `ai-${c.component}`,
        label: c.label,
        value: aiLevelText(c.level, c.aiPercent),
      })),
      // Only the AI tools the owner named, each with its parts (issue 51.5, decision 119); a
      // song with an AI share and none named says so. "Tools used" stays in the details.
      ...(disclosure.components.some((c) => c.aiPercent > 0)
        ? [
            {
              kind: 'fact' as const,
              name: 'ai-tools',
              label: AI_TOOLS_LABEL,
              value: aiToolsText(songAndRecording(song).ai).join('; '),
              // A note sets it across the table, where a tool's parts have room.
              note: { name: 'ai-tools-note', text: AI_TOOLS_NOTE },
            },
          ]
        : []),
    ],
  }
}
export const AI_TOOLS_LABEL = 'AI tools, by name'
export const AI_TOOLS_NOTE =
  'As the owner named them, each with the parts it worked on. The tools used (software, instruments) are never counted as AI.'

function detailsSection(song: CertificateSong): CertificateSection {
  const rows: CertificateRow[] = [
    // Every fingerprint's label names SHA-256, with or without a recording.
    explain(SHA_256),
    { kind: 'fact', name: 'tools', label: 'Tools used', value: orNotSpecified(song.toolsUsed) },
    {
      kind: 'fact',
      name: 'file',
      label: 'File location',
      value: orNotSpecified(song.fileLink),
      // Only http(s) becomes a link: a stored `javascript:` address must never be clickable.
      ...(isWebUrl(song.fileLink) ? { link: song.fileLink } : {}),
    },
    { kind: 'fact', name: 'genre', label: 'Genre', value: orNotSpecified(song.genre) },
  ]
  if (song.recordings.length === 0)
    rows.push({
      kind: 'fact',
      name: 'recording-none',
      label: 'Recording fingerprint (SHA-256)',
      value: 'No recording fingerprinted',
    })
  // Every fingerprinted file under its own label (decision 040).
  for (const recording of song.recordings)
    rows.push({
      kind: 'fact',
      name: 'recording-sha256',
      label: `Fingerprint: ${recording.label} (SHA-256)`,
      value: recording.sha256,
      code: true,
      note: { name: 'recording-details', text: recordingDetails(recording) },
    })
  return { id: 'details', title: 'Song Details', width: 'half', empty: null, rows }
}

function identifiersSection(song: CertificateSong): CertificateSection {
  const identifiers = [
    ['isrc', 'ISRC', song.isrc],
    ['iswc', 'ISWC', song.iswc],
    ['upc', 'UPC', song.upc],
    ['other-identifier', 'Other', song.otherIdentifier],
  ] as const
  return {
    id: 'identifiers',
    title: 'Identifiers',
    width: 'half',
    empty: 'None declared.',
    rows: identifiers.flatMap(([name, label, value]): CertificateRow[] =>
      present(value) ? [{ kind: 'fact', name, label, value, code: true }] : [],
    ),
  }
}

function blockchainSection(
  registration: NonNullable<CertificateSong['registration']>,
  { appName, timeZone = DEFAULT_TIME_ZONE, certificateUrl }: CertificateViewOptions,
): CertificateSection {
  const fee = registrationFeeInfo(registration.registrationFee)
  // Where the record really is, as it recorded it (decision 019), with what that means.
  const { network, storage, notes } = registrationNotes(registration)
  const labels = registrationLinkLabels(registration)
  const rows: CertificateRow[] = [
    {
      kind: 'fact',
      name: 'registration-date',
      label: 'Registration date',
      value: formatDayInZone(registration.createdAt, timeZone),
    },
    {
      kind: 'fact',
      name: 'network',
      label: 'Network',
      value: `${network.label}${registration.status === 'confirmed' ? '' : ` (status: ${registration.status})`}`,
    },
    { kind: 'fact', name: 'storage', label: 'Storage', value: storage.label },
    // The transaction's own terms are for whoever checks it (issue 25.9); its fee is in SOL.
    explain(SOL, true),
    {
      kind: 'fact',
      name: 'transaction',
      label: 'Transaction ID',
      value: orNotSpecified(registration.transactionSignature),
      code: true,
      technical: true,
    },
    {
      kind: 'fact',
      name: 'wallet',
      label: 'Wallet address',
      value: orNotSpecified(registration.walletAddress),
      code: true,
      technical: true,
    },
    {
      kind: 'fact',
      name: 'fees',
      label: 'Fees',
      value: `Network fees paid by ${appName}: registration fee ${fee.fee} SOL + network gas ${fee.gas} SOL${fee.total === null ? '' : ` = ${fee.total} SOL`}`,
      technical: true,
    },
  ]
  if (notes.length > 0) rows.push({ kind: 'warning', name: 'permanence', text: notes.join(' ') })
  for (const [label, href] of [
    [labels.explorer, registration.explorerUrl],
    [labels.storage, registration.storageUrl],
  ] as const)
    if (href)
      rows.push({
        kind: 'link',
        label,
        href,
        address: certificateUrl ? new URL(href, certificateUrl).toString() : href,
      })
  return { id: 'blockchain', title: 'Blockchain Record', width: 'wide', empty: null, rows }
}

/**
 * The owner's lyrics and notes, whole (the public projection has neither). No bare digest of the
 * lyrics: a shared certificate would let anyone test guessed lyrics against it.
 */
export const PRIVATE_TEXT_NOTE =
  'Private: only the song’s owner sees this text. The public certificate holds a commitment to it, never the text itself.'

function longSections(song: CertificateSong): CertificateSection[] {
  return (
    [
      ['lyrics', 'Lyrics', song.lyrics],
      ['notes', 'Creative Notes', song.creativeNotes],
    ] as const
  ).flatMap(([id, title, text]): CertificateSection[] =>
    present(text)
      ? [
          {
            id,
            title,
            width: 'long',
            empty: null,
            rows: [
              // Said on its face (issue 49.1): a printed owner's copy can travel, and whoever
              // holds it must know the text is not on the public record.
              { kind: 'warning', name: `private-${id}`, text: PRIVATE_TEXT_NOTE },
              { kind: 'long', style: id, text },
            ],
          },
        ]
      : [],
  )
}
