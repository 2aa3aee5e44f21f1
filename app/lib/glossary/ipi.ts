import type { GlossaryNote } from './note'

export const IPI = {
  term: 'IPI',
  sentence:
    'An IPI is the number (8 to 11 digits) a PRO gives each songwriter, so their royalties reach them and not someone of the same name.',
} as const satisfies GlossaryNote
