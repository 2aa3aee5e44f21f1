import {
  type CertificateSong,
  certificateContributors,
  contributionBreakdown,
  contributorStatusText,
  NO_SHARES,
  present,
} from '~/lib/certificate'
import { isolate } from '~/lib/bidi'
import { PRO } from '~/lib/glossary/pro'
import { formatPercent, incompleteComponents, splitTotalsWarning } from '~/lib/split-totals'
import { songAndRecording } from '~/lib/song-and-recording'
import {
  type CertificateRow,
  type CertificateSection,
  explain,
  type Words,
} from './certificate-rows'

// The certificate view's first sections (certificate-view.ts): who made the song, with each one's
// standing, and the split of each part. Its own module: the verify page's record lead
// (certificate-lead.ts) shows these two and loads nothing of the rest of the view.

export function contributorsSection(
  song: CertificateSong,
  people: ReturnType<typeof certificateContributors>,
  { say, timeZone, locale }: Words,
): CertificateSection {
  return {
    id: 'contributors',
    title: say('certificate.section.contributors', 'Contributors & PRO Information'),
    width: 'half',
    empty: null,
    rows: [
      // The title names PROs: said before the people.
      explain({ ...PRO, sentence: say('words.note.PRO', PRO.sentence) }),
      ...people.map((person): CertificateRow => {
        const status = person.status
        return {
          kind: 'person',
          slot: status.slot,
          name: person.name,
          latinName: present(person.latinName) ? person.latinName : null,
          role: say(ROLE_IDS[status.slot], person.role),
          details: [
            ...(present(person.pro) ? [{ label: 'PRO', value: person.pro }] : []),
            ...(present(person.proNumber)
              ? [{ label: say('certificate.person.proNumber', 'PRO #'), value: person.proNumber }]
              : []),
            // Issue 51.3 (decision 119): their publisher, in a v7 record's manifest.
            ...(present(person.publisher)
              ? [
                  {
                    label: say('certificate.person.publisher', 'Publisher'),
                    value: person.publisher,
                  },
                ]
              : []),
            ...(present(person.publisherIpi)
              ? [
                  {
                    label: say('certificate.person.publisherIpi', 'Publisher IPI'),
                    value: person.publisherIpi,
                  },
                ]
              : []),
          ],
          status: {
            text: contributorStatusText(song, person, timeZone, say, locale),
            tone:
              status.status === 'confirmed'
                ? 'confirmed'
                : status.status === 'disputed'
                  ? 'disputed'
                  : 'muted',
            names:
              status.status === 'confirmed'
                ? [status.creditedName, status.creditedLatinName ?? ''].filter(present)
                : [],
          },
        }
      }),
    ],
  }
}

const ROLE_IDS = {
  main: 'certificate.role.main',
  'co-contributor': 'certificate.role.coContributor',
  'co-contributor-2': 'certificate.role.coContributor2',
} as const

export function breakdownSection(song: CertificateSong, words: Words): CertificateSection {
  const { say } = words
  // A split the review step flags is never shown without a word (issue 37.6).
  const warning = splitWarning(song, words)
  return {
    id: 'breakdown',
    title: say('certificate.section.breakdown', 'Contribution Breakdown'),
    width: 'half',
    empty: say('certificate.breakdown.empty', 'No contributions declared.'),
    rows: [
      ...(warning ? [{ kind: 'warning' as const, name: 'split-totals', text: warning }] : []),
      ...contributionBreakdown(song).map((row): CertificateRow => {
        const shares = row.shares.map((share) =>
          share.who === 'AI' ? { ...share, who: say('certificate.share.ai', 'AI') } : share,
        )
        return {
          kind: 'shares',
          component: row.component,
          label: words.component(row.component),
          shares,
          // Each name set apart: a right-to-left name would carry its figure to its far side.
          text:
            shares.length === 0
              ? say('certificate.breakdown.noShares', NO_SHARES)
              : shares
                  .map(({ who, percent }) => `${isolate(who)} ${words.percent(percent)}`)
                  .join(' / '),
        }
      }),
      ...songRows(song, words),
    ],
  }
}

/** The split's warning (app/lib/split-totals.ts), in the words area's sentence. */
function splitWarning(song: CertificateSong, words: Words) {
  const english = splitTotalsWarning(song.contributions)
  if (english === null || !words.translated) return english
  const totals = incompleteComponents(song.contributions)
    .map((c) =>
      words.say('words.split.total', '', {
        component: words.component(c.component),
        total: words.percent(c.total),
      }),
    )
    .join(words.say('words.split.separator', '; '))
  return words.say('words.split.warning', english, { totals })
}

/**
 * The song apart from the recording (issue 51, decision 117), in the breakdown: the writers' shares
 * of the song from the one derived view, each with their role; the recording's credits are the
 * vocals, production and mixing rows above it, as they are. Its notes only when it has some.
 */
function songRows(song: CertificateSong, words: Words): CertificateRow[] {
  const { say } = words
  const derived = songAndRecording(song)
  // Each name set apart and followed by its figure, as the shares above: a right-to-left name
  // followed by the role's brackets carried them to its far side.
  const writers = derived.writers
    .map((p) =>
      say(
        'certificate.breakdown.writer',
        `${isolate(p.name)} ${formatPercent(p.writer!.song)}% (${p.writer!.role})`,
        {
          name: isolate(p.name),
          percent: words.percent(p.writer!.song),
          // CA, C, A: the codes PROs use in every language.
          role: p.writer!.role,
        },
      ),
    )
    .join(' / ')
  const notes = (words.translated ? songNotes(derived, words) : derived.notes).join(' ')
  const { words: wordsWeight, music } = derived.weights.set
  return [
    {
      kind: 'fact',
      name: 'song-writers',
      label: say(
        'certificate.breakdown.songLabel',
        `${SONG_ROW_LABEL} (${derived.weights.text.toLowerCase()})`,
        { words: words.percent(wordsWeight), music: words.percent(music) },
      ),
      value: writers || say('certificate.breakdown.noWriters', NO_WRITERS),
      ...(notes ? { note: { name: 'song-notes', text: notes } } : {}),
    },
  ]
}
export const SONG_ROW_LABEL = 'The song, its writers'

/**
 * song-and-recording.ts' notes in the page's language, made from the same facts: the AI's part
 * left out, a part nobody wrote, a topline.
 */
function songNotes(derived: ReturnType<typeof songAndRecording>, { say, percent }: Words) {
  const { words: wordsWeight, music } = derived.weights.applied
  const hasWords = wordsWeight > 0
  const hasMusic = music > 0
  const notes: string[] = []
  if (derived.ai.lyrics > 0)
    notes.push(say('certificate.song.aiLyrics', '', { percent: percent(derived.ai.lyrics) }))
  if (derived.ai.music > 0)
    notes.push(say('certificate.song.aiMusic', '', { percent: percent(derived.ai.music) }))
  if (!hasWords && !hasMusic) notes.push(say('certificate.song.noWriters', ''))
  else if (!hasMusic) notes.push(say('certificate.song.noMusic', ''))
  else if (!hasWords)
    notes.push(
      say(
        derived.ai.lyrics > 0 ? 'certificate.song.noWordsByPeople' : 'certificate.song.noWords',
        '',
      ),
    )
  for (const person of derived.people)
    if (person.wroteMelody && person.recording.some((r) => r.component === 'vocals'))
      notes.push(say('certificate.song.melody', '', { name: isolate(person.name) }))
  return notes
}
export const NO_WRITERS = 'No writer a PRO would register'
