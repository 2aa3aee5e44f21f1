import type { GlossaryNote } from './note'

export const SOL = {
  term: 'SOL',
  sentence: 'SOL is the currency of the Solana blockchain, in which its fees are counted.',
} as const satisfies GlossaryNote
