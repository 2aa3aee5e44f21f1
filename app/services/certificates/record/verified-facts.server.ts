import type { CertificateSong } from '~/lib/certificate'
import { contributionShares, contributorSlots, type ContributionValues } from '~/lib/song-constants'
import {
  publishedConfirmations,
  publishedContributors,
  type ReadManifest,
  readManifest,
} from './manifest.server'

// The verify page leads with the song's title, date and split (issue 49.4), drawn by the
// certificate's own view from the public projection in our database. The proof is about the
// stored manifest, not that row: these facts may be called verified only when they are the
// manifest's own, so each one is compared here with the verified manifest.

export type RecordFact = 'title' | 'date created' | 'contributors' | 'split' | 'confirmations'

const RECORD_FACTS: RecordFact[] = [
  'title',
  'date created',
  'contributors',
  'split',
  'confirmations',
]

// Both sides are built key by key in one order, so their JSON texts are equal when they are.
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

const byComponent = (rows: readonly ContributionValues[]) =>
  contributionShares(rows)
    .map((row) => ({
      ...row,
      contributorPercent: Number(row.contributorPercent),
      coContributorPercent: Number(row.coContributorPercent),
      coContributor2Percent: Number(row.coContributor2Percent),
      aiPercent: Number(row.aiPercent),
    }))
    .sort((a, b) => a.component.localeCompare(b.component))

function contributorsAgree(song: CertificateSong, read: ReadManifest) {
  const shown = contributorSlots(song).map(
    ({ slot, name, latinName, pro, proNumber, publisher, publisherIpi }) => ({
      role: slot,
      name,
      // Before version 6 a record held no Latin-script name, before version 7 no publisher:
      // none shown is the same as none kept.
      latinName: latinName || null,
      pro: pro ?? null,
      proNumber: proNumber ?? null,
      publisher: publisher || null,
      publisherIpi: publisherIpi || null,
    }),
  )
  const kept = publishedContributors(read).map(
    ({ role, name, latinName, pro, proNumber, publisher, publisherIpi }) => ({
      role,
      name,
      latinName,
      pro,
      proNumber,
      publisher,
      publisherIpi,
    }),
  )
  return same(shown, kept)
}

function confirmationsAgree(song: CertificateSong, read: ReadManifest) {
  // Each slot's standing as one comparable line; "declared" is no confirmation at all. Invited,
  // expired or disputed cannot be a registered record's: they never match one.
  const shown = song.confirmations.contributors
    .filter((status) => status.status !== 'declared')
    .map((status) =>
      status.status === 'confirmed'
        ? [status.slot, status.creditedName, status.creditedLatinName ?? null, status.confirmedAt]
        : [status.slot, status.status],
    )
  const kept = (publishedConfirmations(read) ?? []).map((c) => [
    c.role,
    c.creditedName,
    c.creditedLatinName,
    c.confirmedAt,
  ])
  const sorted = (lines: unknown[][]) => lines.map((line) => JSON.stringify(line)).sort()
  return same(sorted(shown), sorted(kept))
}

/**
 * The facts the verify page leads with that the verified manifest does not hold as shown; every
 * one of them when the manifest cannot be read. Empty: the title, date, contributors, split and
 * confirmations shown are the manifest's own.
 */
export function factsNotInManifest(song: CertificateSong, manifest: unknown): RecordFact[] {
  const read = readManifest(manifest)
  if (read.manifest === null) return RECORD_FACTS
  const agrees: Record<RecordFact, boolean> = {
    title: song.title === read.manifest.title,
    'date created': song.dateCreated === read.manifest.dateCreated,
    contributors: contributorsAgree(song, read),
    split: same(byComponent(song.contributions), byComponent(read.manifest.contributions)),
    confirmations: confirmationsAgree(song, read),
  }
  return RECORD_FACTS.filter((fact) => !agrees[fact])
}
