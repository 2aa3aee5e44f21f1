import {
  type Check,
  type VerificationParts,
  type VerificationReport,
  verifyCertificate,
} from './record-verification.server'

/** One link of a chain of versions: a later record naming an earlier one. */
export interface ChainLink {
  from: string
  to: string
  signature: string
  ok: boolean
  checks: Check[]
}

/** A chain is this long at most; longer is refused rather than walked without end. */
export const MAX_CHAIN = 100

/**
 * Verifies a record and walks the chain of versions behind it (issue 14): each earlier record
 * named by a verified v4 manifest is verified the same way, from public records only, and the
 * link holds when that record verifies and its memo anchors exactly the hash the later manifest
 * names. `earlier` lists the earlier records' reports, newest first.
 */
export async function verifyChain(
  certificateId: string,
  signature: string,
  parts: VerificationParts,
) {
  const report = await verifyCertificate(certificateId, signature, parts)
  const links: ChainLink[] = []
  const earlier: VerificationReport[] = []
  const seen = new Set([certificateId])
  let current = report
  while (current.ok && current.supersedes) {
    const link = current.supersedes
    const checks: Check[] = []
    if (seen.has(link.certificateId) || links.length >= MAX_CHAIN) {
      checks.push({
        name: 'The chain ends',
        ok: false,
        detail: seen.has(link.certificateId)
          ? `${link.certificateId} appears twice: the chain loops`
          : `More than ${MAX_CHAIN} versions`,
      })
      links.push({
        from: current.certificateId,
        to: link.certificateId,
        signature: link.transactionSignature,
        ok: false,
        checks,
      })
      break
    }
    seen.add(link.certificateId)
    const previous = await verifyCertificate(link.certificateId, link.transactionSignature, parts)
    earlier.push(previous)
    const anchored = previous.browserCheck?.memoSha256 ?? null
    checks.push({
      name: 'Earlier record verifies',
      ok: previous.ok,
      detail: previous.ok
        ? `${link.certificateId} passes every check`
        : `${link.certificateId} fails: ${
            previous.checks
              .filter((c) => !c.ok)
              .map((c) => c.name)
              .join(', ') || 'not found'
          }`,
    })
    checks.push({
      name: 'Earlier manifest hash matches the link',
      ok: anchored === link.manifestSha256,
      detail:
        anchored === link.manifestSha256
          ? `sha256 ${anchored}`
          : `The link names ${link.manifestSha256}, the earlier memo anchors ${anchored ?? 'nothing'}`,
    })
    links.push({
      from: current.certificateId,
      to: link.certificateId,
      signature: link.transactionSignature,
      ok: checks.every((c) => c.ok),
      checks,
    })
    current = previous
  }
  return {
    report,
    links,
    earlier,
    ok: report.ok && links.every((link) => link.ok),
  }
}
export type ChainReport = Awaited<ReturnType<typeof verifyChain>>
