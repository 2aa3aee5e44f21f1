// Where AI took part in a song, in plain words and in DDEX's terms (issue 40, decision 084): one
// definition read by the certificate page and its PDF, the verify page, the JSON API and the
// DDEX ERN 4.3.2 export, so no two of them can say it differently. Not a .server file: the
// certificate's view (certificate-view.ts), built again in the browser, holds it as a section.
import type { ContributorStatus } from '~/lib/confirmations'
import { type Say, sayEnglish } from '~/lib/say'
import {
  COMPONENT_LABELS,
  type Component,
  type ContributionValues,
  componentTotal,
} from '~/lib/song-constants'

/** DDEX's ContainsAI (allowed-value set `ContainsAI`, AVS 9): the recording as a whole. */
export type ContainsAi = 'None' | 'Partly' | 'All'

/** One component's AI share, as a level: none, part of it, or all of it. */
export type AiLevel = 'none' | 'assisted' | 'all'

/** What each ContainsAI value means, in DDEX's own definitions put plainly. */
export const CONTAINS_AI_MEANING: Record<ContainsAi, string> = {
  None: 'no part of it was made with generative AI',
  Partly: 'part of it was made with generative AI, the rest by people',
  All: 'all of it was made by generative AI',
}

export const AI_DISCLOSURE_HEADING = 'AI disclosure'
export const RECORDING_AS_A_WHOLE = 'The recording as a whole'

// A no-break space keeps "40 %" on one line on a 320 px screen and in the PDF.
const percentText = (percent: number) => `${percent}\u00a0%`

/**
 * "no AI", "AI-assisted (40 %)", "made by AI (100 %)": a component's AI share in words; `say`
 * the certificate page's language (app/lib/say.ts), English without it.
 */
export function aiLevelText(level: AiLevel, aiPercent: number, say: Say = sayEnglish) {
  if (level === 'none') return say('certificate.ai.levelNone', 'no AI')
  if (level === 'all')
    return say('certificate.ai.levelAll', `made by AI (${percentText(100)})`, {
      percent: percentText(100),
    })
  return say('certificate.ai.levelAssisted', `AI-assisted (${percentText(aiPercent)})`, {
    percent: percentText(aiPercent),
  })
}

export function aiLevelOf(row: Pick<ContributionValues, 'aiPercent'>): AiLevel {
  const ai = Number(row.aiPercent)
  if (ai >= 100) return 'all'
  return ai > 0 ? 'assisted' : 'none'
}

/** "Partly (DDEX ContainsAI): part of it was made with generative AI, the rest by people". */
export const containsAiText = (containsAi: ContainsAi, say: Say = sayEnglish) =>
  say(
    CONTAINS_AI_IDS[containsAi],
    `${containsAi} (DDEX ContainsAI): ${CONTAINS_AI_MEANING[containsAi]}`,
  )
const CONTAINS_AI_IDS = {
  None: 'certificate.ai.containsNone',
  Partly: 'certificate.ai.containsPartly',
  All: 'certificate.ai.containsAll',
} as const

export interface ComponentDisclosure {
  component: Component
  label: string
  level: AiLevel
  aiPercent: number
  /** "Lyrics: AI-assisted (40 %)". */
  text: string
}

export interface AiDisclosure {
  heading: string
  containsAi: ContainsAi
  /** "The recording as a whole: Partly (DDEX ContainsAI): part of it was made with …". */
  recording: string
  components: ComponentDisclosure[]
  /** Whose word this is: the submitter's, and which co-writers confirmed the split it comes from. */
  basis: string
}

/** What the disclosure is read from: the split and the contributors' standing, nothing else. */
export interface DisclosureSource {
  contributions: readonly ContributionValues[]
  confirmations: { recorded: boolean; contributors: readonly ContributorStatus[] }
}

/**
 * The components the song has: a row whose shares total nothing is a component the song does not
 * have (a genre without it), not one people made without AI.
 */
export function disclosedComponents(
  rows: readonly ContributionValues[],
  say: Say = sayEnglish,
): ComponentDisclosure[] {
  return rows
    .filter((row) => componentTotal(row) > 0)
    .map((row) => {
      const level = aiLevelOf(row)
      const aiPercent = Number(row.aiPercent)
      const label = say(`words.component.${row.component}`, COMPONENT_LABELS[row.component])
      const levelText = aiLevelText(level, aiPercent, say)
      return {
        component: row.component,
        label,
        level,
        aiPercent,
        text: say('certificate.ai.component', `${label}: ${levelText}`, {
          component: label,
          level: levelText,
        }),
      }
    })
}

/**
 * The recording as DDEX counts it: None when no component has an AI share, All when AI made every
 * component alone, Partly otherwise.
 */
export function containsAiOf(
  components: readonly Pick<ComponentDisclosure, 'level'>[],
): ContainsAi {
  if (components.length === 0 || components.every((c) => c.level === 'none')) return 'None'
  return components.every((c) => c.level === 'all') ? 'All' : 'Partly'
}

/**
 * A confirmation covers the whole split the co-writer was shown (decision 041), AI shares
 * included; the main contributor is the submitter, whose word it is in the first place.
 */
function basisOf(confirmations: DisclosureSource['confirmations'], say: Say) {
  const coWriters = confirmations.contributors.filter((c) => c.slot !== 'main')
  const declared = 'This is the declaration of the person who submitted the song'
  if (coWriters.length === 0) return say('certificate.ai.basisAlone', `${declared}.`)
  const confirmed = coWriters.filter((c) => c.status === 'confirmed').length
  const recorded = confirmations.recorded && confirmed > 0
  const where = recorded ? ' in the registered record' : ''
  return say(
    'certificate.ai.basis',
    `${declared}; ${confirmed} of ${coWriters.length} co-writer${coWriters.length === 1 ? '' : 's'} confirmed the split it comes from${where}.`,
    { confirmed, total: coWriters.length, recorded: recorded ? 'yes' : 'no' },
  )
}

export function aiDisclosure(source: DisclosureSource, say: Say = sayEnglish): AiDisclosure {
  const components = disclosedComponents(source.contributions, say)
  const containsAi = containsAiOf(components)
  const whole = say('certificate.ai.recording', RECORDING_AS_A_WHOLE)
  const contains = containsAiText(containsAi, say)
  return {
    heading: say('certificate.ai.heading', AI_DISCLOSURE_HEADING),
    containsAi,
    recording: say('certificate.ai.recordingLine', `${whole}: ${contains}.`, {
      whole,
      contains,
    }),
    components,
    basis: basisOf(source.confirmations, say),
  }
}

/** The disclosure as lines of plain text, for a document that only draws lines. */
export function aiDisclosureLines(disclosure: AiDisclosure) {
  return [disclosure.recording, ...disclosure.components.map((c) => c.text), disclosure.basis]
}
