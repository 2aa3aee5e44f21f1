import type { GlossaryTerm } from '~/lib/glossary'
import type { GlossaryNote } from '~/lib/glossary/note'
import { DEFAULT_TIME_ZONE } from '~/lib/dates'
import { intlLocale, formatPercent as percentIn } from '~/i18n/format'
import { SOURCE_LOCALE } from '~/i18n/locales'
import type { Translate } from '~/i18n/react'
import { type Say, sayWith } from '~/lib/say'
import { COMPONENT_LABELS, type Component } from '~/lib/song-constants'
import { formatPercent } from '~/lib/split-totals'
import type { SnapshotStamp } from '~/lib/timestamp'

// The certificate view's parts (certificate-view.ts): its rows and sections, and the words it is
// said in (the reader's language through the page's translator, issue 54; English without).

/** How a line is set: the renderers give each tone its colour. */
export type Tone = 'plain' | 'muted' | 'confirmed' | 'disputed'

export type CertificateRow =
  | {
      kind: 'person'
      slot: string
      name: string
      /** The name in Latin script, as PROs file it (issue 26). */
      latinName: string | null
      role: string
      /** "PRO" and "PRO #", each with the value as typed. */
      details: { label: string; value: string }[]
      status: { text: string; tone: Tone; /** Typed names the text quotes. */ names: string[] }
    }
  | {
      kind: 'shares'
      component: string
      label: string
      /** The non-zero shares, each with whose it is. */
      shares: { who: string; percent: number }[]
      /** The shares as one text ("Ann 60% / AI 40%"), each name isolated; or "No shares declared". */
      text: string
    }
  | {
      kind: 'fact'
      /** Names the fact for tests and styles ("network", "recording-sha256"). */
      name: string
      label: string
      value: string
      /** Set in a fixed-width face: an identifier, a digest, a signature. */
      code?: boolean
      /** Where the value leads (only an http(s) address the owner gave). */
      link?: string
      /** A line under the value, named for tests and styles. */
      note?: { name: string; text: string }
      /** For whoever checks the transaction: the page folds these away. */
      technical?: boolean
    }
  /** A sentence the reader must not miss (a split that is not whole, a record that is not permanent). */
  | { kind: 'warning'; name: string; text: string }
  /** A place the record can be seen: `href` as stored, `address` in full for print. */
  | { kind: 'link'; label: string; href: string; address: string }
  /** The owner's long texts, whole (lyrics, notes). */
  | { kind: 'long'; style: 'lyrics' | 'notes'; text: string }
  | TermRow

/**
 * A word of jargon the rows after it use, in plain words (issue 39.13, decision 096): the
 * glossary's one sentence, so the page and the PDF say the same. `technical` goes with the
 * technical facts.
 */
export type TermRow = {
  kind: 'term'
  term: GlossaryTerm
  note: GlossaryNote
  text: string
  technical?: boolean
}

/** The glossary's sentence for a term, as a row placed before the rows that name it. */
export function explain(note: GlossaryNote & { term: GlossaryTerm }, technical = false): TermRow {
  return {
    kind: 'term',
    term: note.term,
    note,
    text: note.sentence,
    ...(technical ? { technical } : {}),
  }
}

export interface CertificateSection {
  /** Stable and unique: the page's anchor (`cert-<id>`). */
  id: string
  title: string
  /**
   * 'half': a short section, beside another on a wide page; 'wide': across the page; 'table':
   * across the page, its plain facts (short values, no note) side by side in one row; 'long':
   * across the page and over as many pages as it needs.
   */
  width: 'half' | 'wide' | 'table' | 'long'
  rows: CertificateRow[]
  /** What the section says when it has no rows; a section with neither is not shown. */
  empty: string | null
}

export interface CertificateViewOptions {
  appName: string
  /** The reader's zone for the moments (issued, registered); the creation date is a calendar day. */
  timeZone?: string
  /** The record's verify page in full (verify-address.server.ts); null until anyone may open it. */
  verifyUrl: string | null
  /** The certificate's own address: links stored relative to the site are printed from it. */
  certificateUrl?: string
  /** The RFC 3161 timestamp of the snapshot shown (issue 29); null when it has none. */
  timestamp?: SnapshotStamp | null
  /**
   * The page's translator (useT) and language: the view in the reader's language (issue 54).
   * Without them (the PDF, the tests) it is the English the spec wrote.
   */
  t?: Translate
  locale?: string
}

/** How the view says things: its sentences, dates and figures in one language. */
export interface Words {
  say: Say
  /** Whether a translator was given: the sentences another area words are then built here. */
  translated: boolean
  /** Whether the language is English itself (no translator, or the page's language is `en`). */
  english: boolean
  /** For Intl: 'en-US' without a translator, as every English page writes dates. */
  locale: string
  timeZone: string
  component: (component: Component) => string
  /** 60 → "60%", "60 %" in French. */
  percent: (percent: number) => string
  /** The page's translator itself, for a part's own helpers (a genre's name). */
  t: Translate | undefined
}

export function wordsOf({
  t,
  locale,
  timeZone = DEFAULT_TIME_ZONE,
}: CertificateViewOptions): Words {
  const say = sayWith(t)
  const intl = t && locale ? intlLocale(locale) : 'en-US'
  return {
    say,
    translated: t !== undefined,
    english: t === undefined || locale === undefined || locale === SOURCE_LOCALE,
    locale: intl,
    timeZone,
    component: (component) => say(`words.component.${component}`, COMPONENT_LABELS[component]),
    percent: (percent) => (t ? percentIn(intl, percent / 100) : `${formatPercent(percent)}%`),
    t,
  }
}
