import type { GlossaryNote } from './note'

export const RFC_3161 = {
  term: 'RFC 3161',
  sentence:
    'RFC 3161 is the standard by which an independent time-stamping service signs the moment it saw a fingerprint.',
} as const satisfies GlossaryNote
