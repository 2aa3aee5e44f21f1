import { readSongFormError } from '~/components/song-form-errors'
import { translate } from './catalogs.server'
import { translateFormError } from './form-errors.server'
import type { RenderLocale } from './locales'
import { type Area, AREAS } from './messages/index.server'
import type { Translate } from './react'

/**
 * A song form's refusal made on the server (a toast's text, the edit page's split refused by the
 * service) in `locale`: the form area's message keyed by its English, or one with a co-writer's
 * name or the components' totals read back whole (app/components/song-form-errors.ts); else
 * the English, as it was.
 */
export function songFormErrorIn(locale: RenderLocale, message: string) {
  const keyed = translateFormError(locale, 'form', message)
  if (keyed !== message) return keyed
  // The reader fills its values with text only (a name, the components' names, a total).
  const t: Translate = (id, values = {}) => {
    const area = id.slice(0, id.indexOf('.')) as Area
    const text = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v ?? '')]))
    return area in AREAS ? translate(locale, area, id, text) : id
  }
  return readSongFormError(message, t, locale) ?? message
}
