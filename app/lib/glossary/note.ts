/** A term, its plain sentence, and the word the sentence marks as the definition (the term's). */
export interface GlossaryNote {
  term: string
  sentence: string
  /** Where the sentence writes the term otherwise (a plural's singular). */
  word?: string
}
