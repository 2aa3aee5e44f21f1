import type { GlossaryNote } from './note'

export const SHA_256 = {
  term: 'SHA-256',
  sentence:
    'A SHA-256 is a fingerprint of a file’s exact bytes: change one character and the fingerprint changes completely.',
} as const satisfies GlossaryNote
