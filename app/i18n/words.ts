// The domain's shared words in the page's language (the `words` area, decision 120): a page that
// shows a component's, a role's or a genre's name, or explains PRO, IPI, the manifest or RFC 3161,
// sends 'words' in its loader's areas and names them through these. The values stay English:
// they are the data (a form's option value, the manifest's field), only what is shown changes.
import type { GlossaryNote } from '~/lib/glossary/note'
import type { WriterRole } from '~/lib/song-and-recording'
import type { Component, Genre } from '~/lib/song-constants'
import { type MessageId, type Translate, useT } from './react'

// Each id written whole, so the catalogue lint (tests/unit/i18n-catalogues.test.ts) sees it used.
export const COMPONENT_IDS: Record<Component, MessageId> = {
  lyrics: 'words.component.lyrics',
  vocals: 'words.component.vocals',
  instrumentation: 'words.component.instrumentation',
  production: 'words.component.production',
  mixing: 'words.component.mixing',
}

const ROLE_IDS: Record<WriterRole, MessageId> = {
  CA: 'words.role.CA',
  C: 'words.role.C',
  A: 'words.role.A',
}

export function componentLabel(t: Translate, component: Component) {
  return t(COMPONENT_IDS[component])
}

export function writerRoleLabel(t: Translate, role: WriterRole) {
  return t(ROLE_IDS[role])
}

const GENRE_IDS: Record<Genre, MessageId> = {
  Afrobeat: 'words.genre.afrobeat',
  Alternative: 'words.genre.alternative',
  'Ambient/New Age': 'words.genre.ambient',
  'Acappella/Spoken Word': 'words.genre.spokenWord',
  Blues: 'words.genre.blues',
  "Children's Music": 'words.genre.children',
  'Christian/Gospel': 'words.genre.gospel',
  Classical: 'words.genre.classical',
  Comedy: 'words.genre.comedy',
  Country: 'words.genre.country',
  Dance: 'words.genre.dance',
  Electronic: 'words.genre.electronic',
  Folk: 'words.genre.folk',
  'Hip-Hop/Rap': 'words.genre.hipHop',
  Instrumental: 'words.genre.instrumental',
  Jazz: 'words.genre.jazz',
  Latin: 'words.genre.latin',
  Metal: 'words.genre.metal',
  Pop: 'words.genre.pop',
  Punk: 'words.genre.punk',
  'R&B/Soul': 'words.genre.rnb',
  Reggae: 'words.genre.reggae',
  Rock: 'words.genre.rock',
  'Singer-Songwriter': 'words.genre.singerSongwriter',
  'Soundtrack/Score': 'words.genre.soundtrack',
  World: 'words.genre.world',
}

/** A genre's name; one saved before the list changed shows as it was saved. */
export function genreLabel(t: Translate, genre: string) {
  const id = GENRE_IDS[genre as Genre]
  return id === undefined ? genre : t(id)
}

/**
 * The glossary's notes (PRO, IPI, manifest, RFC 3161) in the page's language, for <TermNote>.
 * The terms are app/lib/glossary's; their English sentences are not imported, so a translated
 * page's script carries none of them.
 */
export function useTermNotes(): Record<'PRO' | 'IPI' | 'manifest' | 'rfc3161', GlossaryNote> {
  const t = useT()
  return {
    PRO: { term: 'PRO', sentence: t('words.note.PRO') },
    IPI: { term: 'IPI', sentence: t('words.note.IPI') },
    manifest: {
      term: 'manifest',
      sentence: t('words.note.manifest'),
      word: t('words.note.manifest.word'),
    },
    rfc3161: { term: 'RFC 3161', sentence: t('words.note.rfc3161') },
  }
}
