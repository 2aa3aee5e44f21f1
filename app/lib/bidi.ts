import { escapeControls } from './plain-text'

// Issue 26: a value someone typed, set inside our sentence, must not reorder it. A right-to-left
// name followed by a figure ("نادية 30%") would otherwise carry the figure to its far side, where
// it reads as the neighbour's. Pages use <bdi> (components/bidi.tsx); plain text — mails, the PDF
// before its own bidi pass — uses Unicode's first-strong isolate, U+2068 … U+2069, which every
// current mail reader and the Unicode bidirectional algorithm honour. No zod, no React: the
// browser bundle, the PDF worker and the mail queue use it alike.

export const FSI = '\u2068'
export const PDI = '\u2069'

/**
 * The value set apart from the text around it: FSI + value + PDI. Any control the value itself
 * holds (stored before app/lib/plain-text.ts refused them) is written out first, so the only
 * isolates left in a text are the ones this function put there, in pairs.
 */
export function isolate(value: string) {
  return value === '' ? value : `${FSI}${escapeControls(value)}${PDI}`
}
