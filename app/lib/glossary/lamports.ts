import type { GlossaryNote } from './note'

export const LAMPORTS = {
  term: 'lamports',
  word: 'lamport',
  sentence: 'A lamport is the smallest unit of SOL: one SOL is a billion lamports.',
} as const satisfies GlossaryNote
