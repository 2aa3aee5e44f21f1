import type { GlossaryNote } from './note'

export const PRO = {
  term: 'PRO',
  sentence:
    'A PRO (performing rights organisation, such as ASCAP, JASRAC or IPRS) collects the royalties owed when a song is played in public.',
} as const satisfies GlossaryNote
