import {
  type CertificateSong,
  isWebUrl,
  NOT_SPECIFIED,
  orNotSpecified,
  present,
  registrationFeeInfo,
  registrationLinkLabels,
  registrationNotes,
} from '~/lib/certificate'
import { genreLabel } from '~/i18n/words'
import { SHA_256 } from '~/lib/glossary/sha-256'
import { SOL } from '~/lib/glossary/sol'
import { formatDayInZone } from '~/lib/dates'
import { recordingDetails } from '~/lib/recording-details'
import { aiToolsText, songAndRecording } from '~/lib/song-and-recording'
import { aiDisclosure, aiLevelText, containsAiText, RECORDING_AS_A_WHOLE } from './ai-disclosure'
import {
  type CertificateRow,
  type CertificateSection,
  type CertificateViewOptions,
  explain,
  type Words,
} from './certificate-rows'

// The certificate view's sections after the people and the split (certificate-view.ts): the
// song's details, its identifiers, where AI took part, the blockchain record, the private texts.

/**
 * Where AI took part (issue 40), in the words ai-disclosure.ts gives every surface: the recording
 * as a whole with whose word it is, then each component the song has, as a table.
 */
export function aiDisclosureSection(song: CertificateSong, words: Words): CertificateSection {
  const { say } = words
  const disclosure = aiDisclosure(song, say)
  return {
    id: 'ai-disclosure',
    title: disclosure.heading,
    width: 'table',
    empty: null,
    rows: [
      {
        kind: 'fact',
        name: 'contains-ai',
        label: say('certificate.ai.recording', RECORDING_AS_A_WHOLE),
        value: containsAiText(disclosure.containsAi, say),
        note: { name: 'ai-basis', text: disclosure.basis },
      },
      ...disclosure.components.map((c): CertificateRow => ({
        kind: 'fact',
        name: `ai-${c.component}`,
        label: c.label,
        value: aiLevelText(c.level, c.aiPercent, say),
      })),
      // Only the AI tools the owner named, each with its parts (issue 51.5, decision 119); a
      // song with an AI share and none named says so. "Tools used" stays in the details.
      ...(disclosure.components.some((c) => c.aiPercent > 0)
        ? [
            {
              kind: 'fact' as const,
              name: 'ai-tools',
              label: say('certificate.ai.toolsLabel', AI_TOOLS_LABEL),
              value: aiToolLines(song, words).join('; '),
              // A note sets it across the table, where a tool's parts have room.
              note: { name: 'ai-tools-note', text: say('certificate.ai.toolsNote', AI_TOOLS_NOTE) },
            },
          ]
        : []),
    ],
  }
}
export const AI_TOOLS_LABEL = 'AI tools, by name'
export const AI_TOOLS_NOTE =
  'As the owner named them, each with the parts it worked on. The tools used (software, instruments) are never counted as AI.'

/** "Suno v4 — Lyrics, Instrumentation" per tool, its parts named in the page's language. */
function aiToolLines(song: CertificateSong, words: Words) {
  const { tools } = songAndRecording(song).ai
  if (!tools) return [words.say('certificate.ai.toolsNotNamed', aiToolsText({ tools })[0]!)]
  return tools.map((tool) =>
    words.say('certificate.ai.toolLine', tool.line, {
      name: tool.name,
      parts: tool.components.map((c) => words.component(c)).join(', '),
    }),
  )
}
export function detailsSection(song: CertificateSong, words: Words): CertificateSection {
  const { say } = words
  const notSpecified = (value: string | null | undefined) =>
    present(value) ? value : say('certificate.notSpecified', orNotSpecified(value))
  const rows: CertificateRow[] = [
    // Every fingerprint's label names SHA-256, with or without a recording.
    explain({ ...SHA_256, sentence: say('certificate.note.sha256', SHA_256.sentence) }),
    {
      kind: 'fact',
      name: 'tools',
      label: say('certificate.details.tools', 'Tools used'),
      value: notSpecified(song.toolsUsed),
    },
    {
      kind: 'fact',
      name: 'file',
      label: say('certificate.details.file', 'File location'),
      value: notSpecified(song.fileLink),
      // Only http(s) becomes a link: a stored `javascript:` address must never be clickable.
      ...(isWebUrl(song.fileLink) ? { link: song.fileLink } : {}),
    },
    {
      kind: 'fact',
      name: 'genre',
      label: say('certificate.details.genre', 'Genre'),
      value: present(song.genre)
        ? words.t
          ? genreLabel(words.t, song.genre)
          : song.genre
        : notSpecified(song.genre),
    },
  ]
  if (song.recordings.length === 0)
    rows.push({
      kind: 'fact',
      name: 'recording-none',
      label: say('certificate.details.recordingNone', 'Recording fingerprint (SHA-256)'),
      value: say('certificate.details.noRecording', 'No recording fingerprinted'),
    })
  // Every fingerprinted file under its own label (decision 040).
  for (const recording of song.recordings)
    rows.push({
      kind: 'fact',
      name: 'recording-sha256',
      label: say('certificate.details.fingerprint', `Fingerprint: ${recording.label} (SHA-256)`, {
        label: recording.label,
      }),
      value: recording.sha256,
      code: true,
      note: { name: 'recording-details', text: recordingDetails(recording, say, words.locale) },
    })
  return {
    id: 'details',
    title: say('certificate.section.details', 'Song Details'),
    width: 'half',
    empty: null,
    rows,
  }
}

export function identifiersSection(song: CertificateSong, { say }: Words): CertificateSection {
  const identifiers = [
    ['isrc', 'ISRC', song.isrc],
    ['iswc', 'ISWC', song.iswc],
    ['upc', 'UPC', song.upc],
    ['other-identifier', say('certificate.identifiers.other', 'Other'), song.otherIdentifier],
  ] as const
  return {
    id: 'identifiers',
    title: say('certificate.section.identifiers', 'Identifiers'),
    width: 'half',
    empty: say('certificate.identifiers.empty', 'None declared.'),
    rows: identifiers.flatMap(([name, label, value]): CertificateRow[] =>
      present(value) ? [{ kind: 'fact', name, label, value, code: true }] : [],
    ),
  }
}

export function blockchainSection(
  registration: NonNullable<CertificateSong['registration']>,
  { appName, certificateUrl }: CertificateViewOptions,
  { say, timeZone, locale }: Words,
): CertificateSection {
  const fee = registrationFeeInfo(registration.registrationFee)
  // Where the record really is, as it recorded it (decision 019), with what that means.
  const { network, storage, notes } = registrationNotes(registration, say)
  const labels = registrationLinkLabels(registration, say)
  const feeEnglish = `Network fees paid by ${appName}: registration fee ${fee.fee} SOL + network gas ${fee.gas} SOL${fee.total === null ? '' : ` = ${fee.total} SOL`}`
  const rows: CertificateRow[] = [
    {
      kind: 'fact',
      name: 'registration-date',
      label: say('certificate.blockchain.date', 'Registration date'),
      value: formatDayInZone(registration.createdAt, timeZone, locale),
    },
    {
      kind: 'fact',
      name: 'network',
      label: say('certificate.blockchain.network', 'Network'),
      value:
        registration.status === 'confirmed'
          ? network.label
          : say(
              'certificate.blockchain.networkStatus',
              `${network.label} (status: ${registration.status})`,
              { network: network.label, status: registration.status },
            ),
    },
    {
      kind: 'fact',
      name: 'storage',
      label: say('certificate.blockchain.storage', 'Storage'),
      value: storage.label,
    },
    // The transaction's own terms are for whoever checks it (issue 25.9); its fee is in SOL.
    explain({ ...SOL, sentence: say('certificate.note.sol', SOL.sentence) }, true),
    {
      kind: 'fact',
      name: 'transaction',
      label: say('certificate.blockchain.transaction', 'Transaction ID'),
      value: present(registration.transactionSignature)
        ? registration.transactionSignature
        : say('certificate.notSpecified', NOT_SPECIFIED),
      code: true,
      technical: true,
    },
    {
      kind: 'fact',
      name: 'wallet',
      label: say('certificate.blockchain.wallet', 'Wallet address'),
      value: present(registration.walletAddress)
        ? registration.walletAddress
        : say('certificate.notSpecified', NOT_SPECIFIED),
      code: true,
      technical: true,
    },
    {
      kind: 'fact',
      name: 'fees',
      label: say('certificate.blockchain.fees', 'Fees'),
      value:
        fee.total === null
          ? say('certificate.blockchain.feesNoTotal', feeEnglish, {
              appName,
              fee: fee.fee,
              gas: fee.gas,
            })
          : say('certificate.blockchain.feesTotal', feeEnglish, {
              appName,
              fee: fee.fee,
              gas: fee.gas,
              total: fee.total,
            }),
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
  return {
    id: 'blockchain',
    title: say('certificate.section.blockchain', 'Blockchain Record'),
    width: 'wide',
    empty: null,
    rows,
  }
}

/**
 * The owner's lyrics and notes, whole (the public projection has neither). No bare digest of the
 * lyrics: a shared certificate would let anyone test guessed lyrics against it.
 */
export const PRIVATE_TEXT_NOTE =
  'Private: only the song’s owner sees this text. The public certificate holds a commitment to it, never the text itself.'

export function longSections(song: CertificateSong, { say }: Words): CertificateSection[] {
  return (
    [
      ['lyrics', say('certificate.section.lyrics', 'Lyrics'), song.lyrics],
      ['notes', say('certificate.section.notes', 'Creative Notes'), song.creativeNotes],
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
              {
                kind: 'warning',
                name: `private-${id}`,
                text: say('certificate.privateText', PRIVATE_TEXT_NOTE),
              },
              { kind: 'long', style: id, text },
            ],
          },
        ]
      : [],
  )
}
