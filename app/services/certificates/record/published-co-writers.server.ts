import { confirmationSentence, declaredSentence } from '~/lib/confirmations'
import { publishedConfirmations, publishedContributors, type readManifest } from './manifest.server'
import { aiDisclosure, type DisclosureSource } from './ai-disclosure'
import { recordedStatus } from './certificate.server'

/**
 * What a record says about its contributors' consent: each confirmation as a sentence, and each
 * named contributor without one as declared by the submitter. A record from before version 5
 * could hold no confirmation, and says so rather than "nobody confirmed".
 */
export interface CoWriters {
  recordsConfirmations: boolean
  confirmed: string[]
  declaredOnly: string[]
  lines: string[]
  /** Every name the sentences quote, so a page can set each apart (issue 26). */
  names: string[]
}

export function coWritersOf(read: ReturnType<typeof readManifest>): CoWriters {
  const recorded = publishedConfirmations(read)
  const contributors = publishedContributors(read)
  if (recorded === undefined) {
    const lines = [
      `This record (manifest version ${read.version ?? 'unknown'}) predates co-writers’ confirmations: every contributor and share is as declared by the submitter.`,
    ]
    return { recordsConfirmations: false, confirmed: [], declaredOnly: [], lines, names: [] }
  }
  const confirmed = recorded.map((confirmation) => confirmationSentence(confirmation))
  const declaredOnly = contributors
    .filter((person) => !recorded.some((c) => c.role === person.role))
    .map((person) => declaredSentence(person))
  const names = [
    ...recorded.flatMap((c) => [c.creditedName, c.creditedLatinName]),
    ...contributors.flatMap((c) => [c.name, c.latinName]),
  ].filter((name): name is string => Boolean(name))
  return {
    recordsConfirmations: true,
    confirmed,
    declaredOnly,
    lines: [...confirmed, ...declaredOnly],
    names,
  }
}

/**
 * The AI disclosure a verified record makes (issue 40): its split and its confirmations, read
 * from the stored manifest alone; null when the manifest could not be read.
 */
export function publishedAiDisclosure(read: ReturnType<typeof readManifest>) {
  const source = publishedAiDisclosureSource(read)
  return source === null ? null : aiDisclosure(source)
}

/**
 * What the disclosure is made from, read only from the verified manifest: the verify page says it
 * in its visitor's language (issue 54) from the one check, kept for every language.
 */
export function publishedAiDisclosureSource(
  read: ReturnType<typeof readManifest>,
): DisclosureSource | null {
  if (read.manifest === null) return null
  const recorded = publishedConfirmations(read) ?? []
  return {
    contributions: read.manifest.contributions,
    confirmations: {
      recorded: true,
      contributors: publishedContributors(read).map(({ role }) => recordedStatus(role, recorded)),
    },
  }
}
