import { env } from '~/env.server'
import { pageMessages, translate } from '~/i18n/catalogs.server'
import { pageMessagesWithFormErrors, translateFormError } from '~/i18n/form-errors.server'
import { formatNumber, formatPercent } from '~/i18n/format'
import type { RenderLocale } from '~/i18n/locales'
import { COMPONENT_IDS } from '~/i18n/words'
import { COMPONENT_LABELS, COMPONENTS, TOTALS_MESSAGE } from '~/lib/song-constants'
import { BYTE_BUDGET, byteBudgetMessage } from './byte-budget.server'
import { MAX_SONGS_PER_ACCOUNT, songCeilingMessage } from './songs.server'

// The sentences the song pages' loaders and actions make (toasts, refusals), in the owner's
// language (decision 120). The services keep their English: the JSON API and the logs say it.
// A refusal a service wrote is known here by its English, fixed ones as the song area's
// `formError` entries, ones with a value (the ceiling, the byte budget) by their shape.

/**
 * What the song form's pages (new song, edit, details) send as `i18n`: the shared words, the
 * form's and the song area's, and the error summary's title, which is the auth area's (its one
 * message, not the area: the summary is shared with the sign-in forms).
 */
export function songPageMessages(locale: RenderLocale) {
  const page = pageMessagesWithFormErrors(locale, ['words', 'form', 'song'])
  const summary = pageMessages(locale, ['auth']).messages['auth.errorSummary.title']
  return summary
    ? { ...page, messages: { ...page.messages, 'auth.errorSummary.title': summary } }
    : page
}

export const songText = (
  locale: RenderLocale,
  id: string,
  values?: Record<string, string | number>,
) => translate(locale, 'song', id, values)

/** Sentences side by side: Japanese writes them without a space between. */
export const sentences = (locale: RenderLocale, ...texts: string[]) =>
  texts.filter(Boolean).join(locale === 'ja' ? '' : ' ')

const MB = 1024 * 1024

/** A service's refusal of a save (space, ceiling, lock) in `locale`; unknown ones as written. */
export function songRefusalText(locale: RenderLocale, message: string) {
  const supportEmail = env().SUPPORT_EMAIL
  if (message === songCeilingMessage())
    return songText(locale, 'song.submit.ceiling', {
      count: formatNumber(locale, MAX_SONGS_PER_ACCOUNT),
      supportEmail,
    })
  for (const verified of [true, false])
    if (message === byteBudgetMessage(verified))
      return songText(locale, verified ? 'song.space.verified' : 'song.space.unverified', {
        budget: formatNumber(locale, BYTE_BUDGET[verified ? 'verified' : 'unverified'] / MB),
        supportEmail,
      })
  return splitRefusalText(locale, message) ?? translateFormError(locale, 'song', message)
}

const COMPONENT_TOTAL = /^(.+) totals (-?\d+(?:\.\d+)?)%$/

/**
 * split-totals' `splitTotalsRefusal` ("… for each component. Lyrics totals 90%; Vocals totals
 * 110%.") in `locale`, each component's name and total in the language; null for another message.
 */
function splitRefusalText(locale: RenderLocale, message: string) {
  const prefix = `${TOTALS_MESSAGE} `
  if (!message.startsWith(prefix) || !message.endsWith('.')) return null
  const totals = message
    .slice(prefix.length, -1)
    .split('; ')
    .map((item) => {
      const [, label, total] = COMPONENT_TOTAL.exec(item) ?? []
      const component = COMPONENTS.find((c) => COMPONENT_LABELS[c] === label)
      return component === undefined || total === undefined
        ? null
        : translate(locale, 'words', 'words.split.total', {
            component: translate(locale, 'words', COMPONENT_IDS[component]),
            total: formatPercent(locale, Number(total) / 100),
          })
    })
  if (totals.includes(null)) return null
  return songText(locale, 'song.totalsRefused', {
    totals: totals.join(translate(locale, 'words', 'words.split.separator')),
  })
}

const SHARELESS =
  /“(.+?)” is named as a co-writer but has 0% in every component: give them a share where they contributed, or clear the name\./g

/**
 * The details page's refusal of a genre that leaves a co-writer no share, in `locale`: the
 * song-saves' sentences (one per co-writer, each naming them) read back into the form area's
 * message. One it cannot read whole keeps the whole refusal English, never half of it.
 */
export function genreSharelessText(locale: RenderLocale, reason: string) {
  const names = [...reason.matchAll(SHARELESS)].map((found) => found[1]!)
  const whole = names.length > 0 && reason.replace(SHARELESS, '').trim() === ''
  if (!whole && locale !== 'en')
    return `This genre drops every component where a co-writer holds a share. ${reason} Change the split on the edit page first, then change the genre.`
  const translated = whole
    ? sentences(
        locale,
        ...names.map((name) => translate(locale, 'form', 'form.refusal.shareless', { name })),
      )
    : reason
  return songText(locale, 'song.details.genreShareless', { reason: translated })
}

/** reinvitedText's sentence in `locale`: '' when nobody was invited again. */
export const reinvitedSentence = (locale: RenderLocale, count: number) =>
  count === 0 ? '' : songText(locale, 'song.reinvited', { count })

/** song-edits' NOTHING_CHANGED_TOAST, in `locale`. */
export const nothingChangedToast = (locale: RenderLocale) => ({
  type: 'message' as const,
  title: songText(locale, 'song.nothingChanged.title'),
  description: songText(locale, 'song.nothingChanged.text'),
})
