import type { Kysely } from 'kysely'
import type { Database } from '#db/schema'
import { getTimestampAuthority } from '~/timestamp/index.server'
import {
  type TimestampInput,
  timestampWithoutToken,
  type TimestampVerification,
  verifyTimestamp,
} from '~/timestamp/verify.server'
import {
  DocumentsBusyError,
  OwnerDocumentsBusyError,
  renderOffThread,
} from '../../platform/document-pool.server'

/** The registered record's snapshot (issue 29): its exact manifest bytes and its token, if any. */
export function registeredSnapshot(database: Kysely<Database>, songId: number) {
  return database
    .selectFrom('snapshotTimestamps')
    .select(['status', 'manifest', 'response', 'tsaName', 'tsaKind', 'tsaChainPem'])
    .where('songId', '=', songId)
    .where('reason', '=', 'registered')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}
type RegisteredSnapshot = NonNullable<Awaited<ReturnType<typeof registeredSnapshot>>>

/**
 * The registered record's RFC 3161 token checked against the manifest hash its chain record
 * anchors and the trust anchor configured on this server (not the chain stored beside the
 * token: a row changed in our database must not bring its own anchor). A record registered
 * before issue 29 has none; a token not stamped yet is pending. Neither is a failure.
 */
export async function checkRegisteredTimestamp(
  snapshot: RegisteredSnapshot | undefined,
  anchoredSha256: string | null,
  tsa = getTimestampAuthority(),
): Promise<TimestampVerification> {
  if (!snapshot) return timestampWithoutToken('none')
  if (snapshot.status !== 'stamped' || !snapshot.response) return timestampWithoutToken('pending')
  const input: TimestampInput = {
    manifest: new TextEncoder().encode(snapshot.manifest),
    response: new Uint8Array(snapshot.response),
    trustAnchorsPem: await tsa.trustAnchorsPem(),
    anchorSource: 'configured on this server',
    expectedSha256: anchoredSha256,
    expectedLabel: 'the manifest hash the blockchain record anchors',
    tsaName: snapshot.tsaName,
    development: snapshot.tsaKind === 'local',
  }
  // PKI.js reads the token's ASN.1 on the calling thread (about 10 ms of CPU a check, decision
  // 068), so a page checks it in a document worker; when the pool is full, here, rather than
  // not at all.
  const bytes = await renderOffThread(
    { kind: 'timestamp-check', input },
    { owner: `timestamp:${anchoredSha256 ?? 'none'}` },
  ).catch((error: unknown) => {
    if (error instanceof DocumentsBusyError || error instanceof OwnerDocumentsBusyError) return null
    throw error
  })
  if (bytes === null) return verifyTimestamp(input)
  return JSON.parse(new TextDecoder().decode(bytes)) as TimestampVerification
}

/**
 * The registered snapshot's token as the public JSON carries it, for `npm run verify` to check
 * itself: the manifest is the public stored one, and a token over its hash reveals nothing more.
 */
export function publicToken(snapshot: RegisteredSnapshot) {
  return {
    manifest: snapshot.manifest,
    tsr: Buffer.from(snapshot.response!).toString('base64'),
    tsaName: snapshot.tsaName,
    tsaKind: snapshot.tsaKind,
    tsaChainPem: snapshot.tsaChainPem,
  }
}
