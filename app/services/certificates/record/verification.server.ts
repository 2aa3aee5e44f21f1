import type { Kysely } from 'kysely'
import type { Database } from '#db/schema'
import { getChain, verifyTransactionSignature } from '~/chain/index.server'
import { CERTIFICATE_ID_PATTERN } from '~/lib/identifiers'
import { getStorage } from '~/storage/index.server'
import { db } from '../../platform/db.server'
import {
  matchingRecording,
  NOT_REGISTERED_RECORDING,
  registeredRecordingAnswer,
} from '~/lib/recording'
import type { VerificationReport } from './record-verification.server'
import { verifyChain } from './version-chain.server'
import {
  checkRegisteredTimestamp,
  publicToken,
  registeredSnapshot,
} from './registered-timestamp.server'

// A certificate's verification as this server answers it (the verify page, its JSON and its
// file check): our database only names the transaction; the proof itself is
// record-verification.server.ts, the chain of versions version-chain.server.ts, and the
// registered snapshot's RFC 3161 token registered-timestamp.server.ts.

/**
 * Compares a file's SHA-256 and size with every fingerprint of a verified certificate, and names
 * the one it is (decision 040). Null when there is nothing to compare with: the certificate did
 * not verify, or records no fingerprint.
 */
export function compareRecording(
  report: Pick<VerificationReport, 'ok' | 'recordings'>,
  file: { sha256: string; size: number },
) {
  if (!report.ok || report.recordings.length === 0) return null
  const match = matchingRecording(file, report.recordings)
  return {
    matches: match !== null,
    matchedLabel: match?.label ?? null,
    answer: match ? registeredRecordingAnswer(match.label) : NOT_REGISTERED_RECORDING,
    fileSha256: file.sha256,
    fileSize: file.size,
  }
}
export type RecordingComparison = NonNullable<ReturnType<typeof compareRecording>>

/** The public facts needed to start a verification: the certificate's confirmed transaction. */
export async function findRegistrationSignature(database: Kysely<Database>, certificateId: string) {
  const row = await database
    .selectFrom('songs as s')
    .innerJoin('blockchainRegistrations as r', 'r.songId', 's.id')
    .select(['r.transactionSignature', 's.id as songId'])
    .where('s.certificateId', '=', certificateId)
    .where('r.status', '=', 'confirmed')
    .executeTakeFirst()
  return row?.transactionSignature
    ? { signature: row.transactionSignature, songId: row.songId }
    : null
}

/**
 * Whether a certificate id names a registration: one read, so that a route can refuse before it
 * reads a body sent to a certificate that does not exist.
 */
export async function isRegisteredCertificate(rawId: string | undefined) {
  return (await registrationOf(rawId)) !== null
}

async function registrationOf(rawId: string | undefined) {
  const certificateId = (rawId ?? '').toUpperCase()
  if (!CERTIFICATE_ID_PATTERN.test(certificateId)) return null
  return findRegistrationSignature(db(), certificateId)
}

type RegisteredSnapshot = Awaited<ReturnType<typeof registeredSnapshot>>

/**
 * The checks themselves: the chain of records on the ledger and in storage, and the registered
 * snapshot's RFC 3161 token against the anchored manifest. What they read is outside our
 * database, so the verify page keeps their result a short while (kept-checks.server.ts).
 */
export async function checkRecord(
  certificateId: string,
  signature: string,
  registered: RegisteredSnapshot,
) {
  const chain = await verifyChain(certificateId, signature, {
    chain: getChain(),
    storage: getStorage(),
    verifySignature: verifyTransactionSignature,
  })
  const timestamp = await checkRegisteredTimestamp(registered, chain.report.anchoredSha256)
  return { report: chain.report, links: chain.links, timestamp, checkedAt: new Date() }
}
export type RecordCheck = typeof checkRecord

/**
 * The verification of a certificate by its id, with this server's chain and storage: our database
 * only says which transaction to look at; everything checked comes from the public records.
 */
export async function certificateReport(
  rawId: string | undefined,
  check: RecordCheck = checkRecord,
) {
  const certificateId = (rawId ?? '').toUpperCase()
  const registration = await registrationOf(rawId)
  if (!registration) return null
  const registered = await registeredSnapshot(db(), registration.songId)
  return {
    songId: registration.songId,
    ...(await check(certificateId, registration.signature, registered)),
    timestampToken: registered?.status === 'stamped' ? publicToken(registered) : null,
  }
}
