// The industry's and the chain's words, each explained once in plain words (issue 39.13,
// decision 086): a page shows the sentence beside the word's first appearance, as text, so it
// reads the same without JavaScript, on a phone and on paper.
//
// One file a term, so that a page's script carries only the sentences it shows (decision 093):
// the browser bundle's shared chunks are made of whole files, and one file of every term put
// them all on each page that explains one. A component imports its terms from their own files;
// this one, which names them all, is for loaders and tests.
import { IPI } from './ipi'
import { LAMPORTS } from './lamports'
import { MANIFEST } from './manifest'
import { PRO } from './pro'
import { RFC_3161 } from './rfc-3161'
import { SHA_256 } from './sha-256'
import { SOL } from './sol'

import type { GlossaryNote } from './note'

/** Every term: what the tests check each page against. */
export const GLOSSARY = [PRO, IPI, SHA_256, MANIFEST, RFC_3161, SOL, LAMPORTS] as const

export type GlossaryTerm = (typeof GLOSSARY)[number]['term']

/** The notes of these terms, for a page that is given them as data rather than importing them. */
export function glossaryNotes(terms: readonly GlossaryTerm[]): GlossaryNote[] {
  return GLOSSARY.filter((note) => terms.includes(note.term))
}
