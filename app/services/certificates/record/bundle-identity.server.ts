import { z } from 'zod'
import { CERTIFICATE_ID_PATTERN } from '~/lib/identifiers'
import { sha256Hex } from '~/lib/digest.server'

// Which record an owner's proof bundle is of (issue 37 item 8). The bundle's `certificateId`
// and `title` are labels anyone can edit; the timestamps cover the manifests' exact bytes. So
// the identity a checker states is read from those bytes, and labels that disagree with them
// are refused: a relabelled bundle, or one whose manifests were swapped for another
// certificate's (with that certificate's own valid tokens), must not pass as the first.

/** The facts every manifest version carries about itself (docs/certificate-manifest.md). */
const ManifestIdentity = z.object({
  schema: z.literal('prooftrack.certificate'),
  certificateId: z.string().regex(CERTIFICATE_ID_PATTERN),
  title: z.string(),
})

/** The certificate id and title a manifest's text names; null when it names none. */
export function manifestIdentity(text: string) {
  try {
    const parsed = ManifestIdentity.safeParse(JSON.parse(text))
    return parsed.success
      ? { certificateId: parsed.data.certificateId, title: parsed.data.title }
      : null
  } catch {
    return null
  }
}

export interface BundleSnapshot {
  /** `snapshot-1`…, as the bundle names it. */
  file: string
  /** The manifest's exact text, whose token has verified. */
  manifest: string
  registered: boolean
}

export interface BundleLabels {
  certificateId: string
  title: string
  /** The registered record's stored manifest, as the bundle carries it (null before registration). */
  stored: { sha256: string; canonical: string | null } | null
}

export type BundleIdentity =
  { ok: true; certificateId: string; title: string } | { ok: false; problem: string }

/**
 * The record a bundle is of, from the manifests its verified timestamps cover: the registered
 * snapshot's, else the latest one's. Every manifest must name the same certificate, the label
 * must be that certificate, and the label's title one a manifest holds (a title edited since
 * registration is the later snapshot's).
 */
export function bundleIdentity(labels: BundleLabels, snapshots: BundleSnapshot[]): BundleIdentity {
  const named = snapshots.map((snapshot) => ({
    ...snapshot,
    identity: manifestIdentity(snapshot.manifest),
  }))
  const unnamed = named.find((snapshot) => snapshot.identity === null)
  if (unnamed) return { ok: false, problem: `${unnamed.file}’s manifest names no certificate.` }
  const ids = [...new Set(named.map((snapshot) => snapshot.identity!.certificateId))]
  if (ids.length !== 1)
    return {
      ok: false,
      problem: `The time-stamped manifests are of different certificates (${named
        .map((snapshot) => `${snapshot.file}: ${snapshot.identity!.certificateId}`)
        .join(', ')}), so the bundle is not one record’s.`,
    }
  const anchor = named.find((snapshot) => snapshot.registered) ?? named.at(-1)!
  const { certificateId, title } = anchor.identity!
  if (labels.certificateId !== certificateId)
    return {
      ok: false,
      problem: `The bundle is labelled ${labels.certificateId}, but the manifests its timestamps cover are of ${certificateId} (“${title}”): it was relabelled, or holds another certificate’s record.`,
    }
  if (!named.some((snapshot) => snapshot.identity!.title === labels.title))
    return {
      ok: false,
      problem: `The bundle is labelled “${labels.title}”, but no time-stamped manifest has that title (${certificateId} is “${title}”).`,
    }
  const stored = labels.stored
  // A bundle that says its record is registered carries the stored manifest itself: without
  // it, a manifest anyone wrote and had stamped could be passed off as the registered one.
  if (stored && stored.canonical === null)
    return {
      ok: false,
      problem:
        'The bundle names a registered manifest by its hash alone (no manifest.canonical), so nothing in it shows which record was registered.',
    }
  if (stored?.canonical != null) {
    if (sha256Hex(stored.canonical) !== stored.sha256)
      return {
        ok: false,
        problem: `The bundle’s stored manifest (manifest.canonical) does not hash to the SHA-256 it names (${stored.sha256}).`,
      }
    if (manifestIdentity(stored.canonical)?.certificateId !== certificateId)
      return {
        ok: false,
        problem: `The bundle’s stored manifest (manifest.canonical) is not of ${certificateId}.`,
      }
  }
  return { ok: true, certificateId, title }
}
