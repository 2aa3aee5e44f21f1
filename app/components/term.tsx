import type { GlossaryNote } from '~/lib/glossary/note'

/**
 * The plain explanation of jargon where it first appears on a page (issue 39.13): visible text,
 * not a tooltip, so it works without JavaScript and on a touch screen. The term is a <dfn>.
 */
export function TermNote({ note, className = '' }: { note: GlossaryNote; className?: string }) {
  const shown = note.word ?? note.term
  const at = note.sentence.indexOf(shown)
  return (
    <p className={`text-xs text-slate-600 ${className}`} data-term={note.term}>
      {note.sentence.slice(0, at)}
      <dfn className="font-semibold not-italic">{shown}</dfn>
      {note.sentence.slice(at + shown.length)}
    </p>
  )
}
