import { GLOSSARY, type GlossaryTerm } from '~/lib/glossary'

/**
 * The plain explanation of jargon where it first appears on a page (issue 39.13): visible text,
 * not a tooltip, so it works without JavaScript and on a touch screen. The term is a <dfn>.
 */
export function TermNote({ term, className = '' }: { term: GlossaryTerm; className?: string }) {
  const sentence = GLOSSARY[term]
  const at = sentence.indexOf(term === 'lamports' ? 'lamport' : term)
  const shown = term === 'lamports' ? 'lamport' : term
  return (
    <p className={`text-xs text-slate-600 ${className}`} data-term={term}>
      {sentence.slice(0, at)}
      <dfn className="font-semibold not-italic">{shown}</dfn>
      {sentence.slice(at + shown.length)}
    </p>
  )
}
