// The certificate's wording and pure helpers, from which its one view is built
// (services/certificates/certificate-view.ts: the page and the PDF lay that view out).
import { DEFAULT_TIME_ZONE, formatDayInZone } from '~/lib/dates'
import { registrationNetworkIn, registrationStorageIn } from '~/lib/registration-network-words'
import { type Say, sayEnglish } from '~/lib/say'
import {
  certificateStatement,
  type ContributorStatus,
  ROLE_LABELS,
  statusText,
} from '~/lib/confirmations'
import {
  COMPONENT_LABELS,
  type ContributionValues,
  contributorSlots,
  nameWithLatin,
} from '~/lib/song-constants'
import type {
  CertificateRegistration,
  CertificateView,
} from '~/services/certificates/record/certificate.server'
import { listFormat } from './intl'

/**
 * What the certificate shows: the public projection, with the private texts for the owner
 * (app/services/certificates/certificate.server.ts).
 */
export type CertificateSong = CertificateView

export const NOT_SPECIFIED = 'Not specified'
export const NETWORK_GAS_SOL = '0.000005'

export const present = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== ''

export function orNotSpecified(value: string | null | undefined) {
  return present(value) ? value : NOT_SPECIFIED
}

// Only http(s) links become links (web-link.ts); re-exported for the certificate's views.
export { isWebUrl } from '~/lib/web-link'

export interface CertificateContributor {
  role: string
  name: string
  /** The name in Latin script, when it was given (issue 26). */
  latinName: string | null
  pro: string | null
  proNumber: string | null
  /** Their publisher and its IPI (issue 51.3); null when none was given. */
  publisher: string | null
  publisherIpi: string | null
  status: ContributorStatus
}

export function certificateContributors(song: CertificateSong): CertificateContributor[] {
  return contributorSlots(song, present).map(({ slot, ...person }) => ({
    role: ROLE_LABELS[slot],
    ...person,
    status: song.confirmations.contributors.find((c) => c.slot === slot) ?? {
      slot,
      status: 'declared',
    },
  }))
}

/** A contributor's status line: "Confirmed on …", "Invited, not confirmed yet", "Declared by the submitter". */
export function contributorStatusText(
  song: Pick<CertificateSong, 'confirmations'>,
  person: CertificateContributor,
  timeZone?: string,
  say: Say = sayEnglish,
  locale = 'en-US',
) {
  if (say !== sayEnglish) return statusIn(song, person, timeZone, say, locale)
  const text = statusText(person.status, { recorded: song.confirmations.recorded, timeZone })
  // A co-writer may ask to be credited otherwise than the submitter typed their name.
  const status = person.status
  if (status.status !== 'confirmed') return text
  const credited = nameWithLatin(status.creditedName, status.creditedLatinName)
  return credited !== nameWithLatin(person.name, person.latinName)
    ? `${text}, credited as ${credited}`
    : text
}

/** The footer's statement: never more than what was confirmed (and, once registered, recorded). */
export function statementFor(song: CertificateSong, say: Say = sayEnglish, locale = 'en-US') {
  const people = certificateContributors(song)
  if (say !== sayEnglish) return statementIn(people, song.confirmations.recorded, say, locale)
  return certificateStatement(
    people.map((person) => ({ name: person.name, status: person.status })),
    song.confirmations.recorded,
  )
}

// The status line and the statement in the page's language (issue 54): the same cases as
// confirmations.ts' English, each a whole sentence of the certificate area.
function statusIn(
  song: Pick<CertificateSong, 'confirmations'>,
  person: CertificateContributor,
  timeZone = DEFAULT_TIME_ZONE,
  say: Say,
  locale: string,
) {
  const status = person.status
  const recorded = song.confirmations.recorded ? 'yes' : 'no'
  switch (status.status) {
    case 'confirmed': {
      const day = formatDayInZone(status.confirmedAt, timeZone, locale)
      const credited = nameWithLatin(status.creditedName, status.creditedLatinName)
      return credited !== nameWithLatin(person.name, person.latinName)
        ? say('certificate.status.confirmedCredited', '', { day, recorded, name: credited })
        : say('certificate.status.confirmed', '', { day, recorded })
    }
    case 'invited':
      return say('certificate.status.invited', '')
    case 'expired':
      return say('certificate.status.expired', '')
    case 'disputed':
      return say('certificate.status.disputed', '', {
        day: formatDayInZone(status.decidedAt, timeZone, locale),
        reason: status.reason,
      })
    default:
      return say('certificate.status.declared', '')
  }
}

function statementIn(
  people: CertificateContributor[],
  recordedRecord: boolean,
  say: Say,
  locale: string,
) {
  const confirmed = people.filter((person) => person.status.status === 'confirmed')
  const recorded = recordedRecord ? 'yes' : 'no'
  if (confirmed.length === 0) return say('certificate.statement.none', '')
  if (confirmed.length === people.length) return say('certificate.statement.all', '', { recorded })
  const names = listFormat(locale, { type: 'conjunction' }).format(
    confirmed.map((person) => person.name),
  )
  return say('certificate.statement.some', '', { count: confirmed.length, names, recorded })
}

type SplitNames = Pick<
  CertificateSong,
  'contributorName' | 'coContributorName' | 'coContributorName2'
>

/** The non-zero shares of one component, with whose they are: a page isolates each name. */
export function breakdownShares(song: SplitNames, row: ContributionValues) {
  const shares: [string, number][] = [
    [song.contributorName, row.contributorPercent],
    [song.coContributorName || 'Co-contributor', row.coContributorPercent],
    [song.coContributorName2 || 'Second co-contributor', row.coContributor2Percent],
    ['AI', row.aiPercent],
  ]
  return shares
    .filter(([, percent]) => Number(percent) > 0)
    .map(([who, percent]) => ({ who, percent: Number(percent) }))
}

export const NO_SHARES = 'No shares declared'

/** 'Ann 60% / Bob 20% / AI 20%': the non-zero shares of one component, with whose they are. */
export function breakdownText(song: SplitNames, row: ContributionValues) {
  const parts = breakdownShares(song, row).map(({ who, percent }) => `${who} ${percent}%`)
  return parts.length > 0 ? parts.join(' / ') : NO_SHARES
}

export function contributionBreakdown(song: CertificateSong) {
  return song.contributions.map((row) => ({
    component: row.component,
    label: COMPONENT_LABELS[row.component],
    text: breakdownText(song, row),
    shares: breakdownShares(song, row),
  }))
}

/** SOL amounts as whole lamports (10^-9 SOL), so sums are exact. */
function toLamports(value: string) {
  const match = /^\s*(\d{1,12})(?:\.(\d{0,9})\d*)?\s*$/.exec(value)
  if (!match) return null
  return Number(match[1]) * 1e9 + Number((match[2] ?? '').padEnd(9, '0'))
}

function formatSol(lamports: number, decimals: number) {
  const unit = 10 ** (9 - decimals)
  const scaled = Math.round(lamports / unit)
  const whole = Math.floor(scaled / 10 ** decimals)
  const fraction = String(scaled % 10 ** decimals).padStart(decimals, '0')
  return decimals > 0 ? `${whole}.${fraction}` : String(whole)
}

/** SPEC §9: the fee as stored (trailing zeros dropped), the network gas, and their total to 6 decimals. */
export function registrationFeeInfo(registrationFee: string) {
  const fee = toLamports(registrationFee)
  const gas = toLamports(NETWORK_GAS_SOL) ?? 0
  if (fee === null) return { fee: registrationFee, gas: NETWORK_GAS_SOL, total: null }
  return {
    fee: formatSol(fee, 9).replace(/\.?0+$/, ''),
    gas: NETWORK_GAS_SOL,
    total: formatSol(fee + gas, 6),
  }
}

/** Where the record can be seen, in words that say what each place is. */
export function registrationLinkLabels(
  registration: Pick<CertificateRegistration, 'network' | 'storageKind'>,
  say: Say = sayEnglish,
) {
  return {
    explorer:
      registration.network === 'local-ledger'
        ? say('certificate.link.localLedger', 'View on this server’s local ledger')
        : say('certificate.link.explorer', 'View on blockchain explorer'),
    storage:
      registration.storageKind === 'local-store'
        ? say('certificate.link.localStore', 'View the copy stored on this server')
        : say('certificate.link.permanent', 'View on permanent storage'),
  }
}

/** The permanence sentences of a record's network and storage, for the view and the PDF alike. */
export function registrationNotes(
  registration: Pick<CertificateRegistration, 'network' | 'storageKind' | 'storageGateway'>,
  say: Say = sayEnglish,
) {
  const network = registrationNetworkIn(registration, say)
  const storage = registrationStorageIn(registration, say)
  return {
    network,
    storage,
    notes: [network.permanenceNote, storage.permanenceNote].filter(
      (note): note is string => note !== null,
    ),
  }
}

/** The owner's page, where Share would be, before the song is registered (decision 050). */
export const SHARE_AFTER_REGISTRATION =
  'Only you can open this certificate for now. It becomes public, at this address, when the song is registered on the blockchain; then you can share its link.'

/** The PDF, where the QR code would be, before the song is registered (decision 050). */
export const PDF_NOT_PUBLIC_YET =
  'Not public yet: this certificate can be viewed online once the song is registered on the blockchain.'

/**
 * Whether the certificate may be offered as a link, for the page's Share and the PDF's QR code:
 * only once anyone can open it (a confirmed registration, as certificateAccess decides). Before,
 * a link would show everyone but the owner "Certificate not found" (issue 25.3, decision 050).
 */
export function onlineCertificate(
  song: { registration: { status: string } | null },
  certificateUrl: string,
): { public: true; url: string; label: string } | { public: false; note: string } {
  return song.registration?.status === 'confirmed'
    ? { public: true, url: certificateUrl, label: 'Scan to view online' }
    : { public: false, note: PDF_NOT_PUBLIC_YET }
}

/** Where plainSummary sends a reader; the page links these words to /verify/:id (issue 37.4). */
export const VERIFICATION_PAGE = 'the verification page'

/**
 * The certificate's opening, in plain words (issue 25.9): what was recorded and when, who
 * confirmed, and where the proof lives. Never more than the record: the shares are the
 * submitter's word unless a co-writer confirmed them, and "registered" only once it is.
 */
export function plainSummary(
  song: CertificateSong,
  appName: string,
  timeZone = DEFAULT_TIME_ZONE,
  say: Say = sayEnglish,
  locale = 'en-US',
) {
  const people = certificateContributors(song)
  const ai = contributionBreakdown(song).some((row) => row.shares.some((s) => s.who === 'AI'))
  const day = formatDayInZone(song.createdAt, timeZone)
  const sentences = [
    say(
      'certificate.summary.recorded',
      `${appName} recorded this song’s authorship on ${day}: ${people.length === 1 ? 'one person' : `${people.length} people`}${ai ? ' and an AI share' : ''}, with a percentage for each creative part, as declared by the person who submitted it.`,
      {
        appName,
        day: formatDayInZone(song.createdAt, timeZone, locale),
        people: people.length,
        ai: ai ? 'yes' : 'no',
      },
    ),
  ]
  const coWriters = people.filter((person) => person.status.slot !== 'main')
  if (coWriters.length > 0) {
    const count = (status: string) => coWriters.filter((c) => c.status.status === status).length
    const confirmed = count('confirmed')
    const disputed = count('disputed')
    sentences.push(
      say(
        'certificate.summary.coWriters',
        `${confirmed} of ${coWriters.length} co-writer${coWriters.length === 1 ? '' : 's'} confirmed their share${disputed > 0 ? `; ${disputed} disputed it` : ''}.`,
        { confirmed, total: coWriters.length, disputed },
      ),
    )
  }
  const registration = song.registration
  if (registration?.status === 'confirmed') {
    const { network, storage } = registrationNotes(registration, say)
    const page = say('certificate.summary.verificationPage', VERIFICATION_PAGE)
    sentences.push(
      say(
        'certificate.summary.registered',
        `The record is registered on ${network.inSentence}, with its copy in ${storage.inSentence}: anyone can check it on ${page}.`,
        { network: network.inSentence, storage: storage.inSentence, page },
      ),
    )
  } else if (registration) {
    sentences.push(
      say(
        'certificate.summary.registering',
        'Its registration on the blockchain has started and is not finished.',
      ),
    )
  } else {
    sentences.push(
      say(
        'certificate.summary.kept',
        `The record is kept by ${appName}; it is not registered on a blockchain yet.`,
        { appName },
      ),
    )
  }
  return sentences.join(' ')
}
