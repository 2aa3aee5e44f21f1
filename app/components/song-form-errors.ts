import { formatPercent } from '~/i18n/format'
import type { FormErrorReader } from '~/i18n/form-errors'
import type { MessageId, Translate } from '~/i18n/react'
import { componentLabel } from '~/i18n/words'
import { COMPONENT_LABELS, COMPONENTS, TOTALS_MESSAGE } from '~/lib/song-constants'

// The song forms' refusals that carry a value (decision 120, "Form errors"): a co-writer's name,
// the components named, each component's total. Their English is made whole where the rule is
// (song-constants.ts, ai-tools.ts, split-totals.ts, identifiers.ts) and travels as English, so
// no key of the page's data can match it: this reads it back into the form area's message and
// its values, each value in the page's language too (a component's name, a percentage). A
// message it cannot read whole stays English: never half a sentence translated.

const SHARELESS =
  /^“(.+)” is named as a co-writer but has 0% in every component: give them a share where they contributed, or clear the name\.$/s
const AI_NO_SHARE =
  /^The AI holds 0% of (.+) in the split: tick only parts where the AI has a share, or give the AI its share first$/
const IPI_CHECK =
  /^The last two digits of this IPI number \((\d+)\) do not match the nine before them: please check the number$/
const COMPONENT_TOTAL = /^(.+) totals (-?\d+(?:\.\d+)?)%$/
const TOTALS_PREFIX = `${TOTALS_MESSAGE} `

const componentNamed = (label: string) => COMPONENTS.find((c) => COMPONENT_LABELS[c] === label)

/** `t(id, values)`, or null where the page's data lacks the message (its area not sent). */
function sent(t: Translate, id: MessageId, values?: Record<string, string>) {
  const text = t(id, values)
  return text === id ? null : text
}

/** "Lyrics, Vocals" → the components' names in the page's language; null if one is not a component. */
function componentList(t: Translate, list: string) {
  const names = list.split(', ').map((label) => {
    const component = componentNamed(label)
    return component ? componentLabel(t, component) : null
  })
  return names.includes(null) ? null : names.join(t('form.refusal.listSeparator'))
}

/** "Lyrics totals 90%; Vocals totals 110%" → each total in the page's language. */
function componentTotals(t: Translate, locale: string, list: string) {
  const totals = list.split('; ').map((item) => {
    const [, label = '', total = ''] = COMPONENT_TOTAL.exec(item) ?? []
    const component = componentNamed(label)
    if (!component) return null
    return sent(t, 'words.split.total', {
      component: componentLabel(t, component),
      total: formatPercent(locale, Number(total) / 100),
    })
  })
  return totals.includes(null) ? null : totals.join(t('words.split.separator'))
}

export const readSongFormError: FormErrorReader = (message, t, locale) => {
  const shareless = SHARELESS.exec(message)
  if (shareless) return sent(t, 'form.refusal.shareless', { name: shareless[1]! })
  const aiNoShare = AI_NO_SHARE.exec(message)
  if (aiNoShare) {
    const components = componentList(t, aiNoShare[1]!)
    return components === null ? null : sent(t, 'form.refusal.aiToolNoShare', { components })
  }
  const ipi = IPI_CHECK.exec(message)
  if (ipi) return sent(t, 'form.refusal.ipiCheck', { digits: ipi[1]! })
  if (message.startsWith(TOTALS_PREFIX) && message.endsWith('.')) {
    const totals = componentTotals(t, locale, message.slice(TOTALS_PREFIX.length, -1))
    return totals === null ? null : sent(t, 'form.refusal.splitTotals', { totals })
  }
  return null
}
