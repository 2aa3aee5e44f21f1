import type { GlossaryNote } from './note'

export const MANIFEST = {
  term: 'manifest',
  sentence:
    'The manifest is the file holding the song’s record (title, contributors, shares) exactly as it was registered.',
} as const satisfies GlossaryNote
