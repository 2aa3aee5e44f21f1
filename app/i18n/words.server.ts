import type { Component } from '~/lib/song-constants'
import { incompleteComponents } from '~/lib/split-totals'
import { translate } from './catalogs.server'
import { formatPercent } from './format'
import type { RenderLocale } from './locales'
import { COMPONENT_IDS } from './words'

type SplitRows = Parameters<typeof incompleteComponents>[0]

/**
 * The split's warning (app/lib/split-totals.ts' `splitTotalsWarning`, SPEC's words) in `locale`,
 * for a page that shows a split that is not whole; null for a whole one. Made on the server,
 * where the loader has the rows, and sent as the page's data.
 */
export function splitTotalsWarningIn(locale: RenderLocale, rows: SplitRows) {
  const totals = incompleteTotalsIn(locale, rows)
  return totals === null ? null : translate(locale, 'words', 'words.split.warning', { totals })
}

/**
 * Each component of a split that is off, named with its total ("Lyrics 90 %, Music 110 %"), in
 * `locale`; null for a whole split. The warning above and the registration's refusal both say it.
 */
export function incompleteTotalsIn(locale: RenderLocale, rows: SplitRows) {
  const incomplete = incompleteComponents(rows)
  if (incomplete.length === 0) return null
  return incomplete
    .map((c) =>
      translate(locale, 'words', 'words.split.total', {
        component: translate(locale, 'words', COMPONENT_IDS[c.component as Component]),
        total: formatPercent(locale, c.total / 100),
      }),
    )
    .join(translate(locale, 'words', 'words.split.separator'))
}
