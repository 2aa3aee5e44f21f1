import { pageMessages, translate } from './catalogs.server'
import { FORM_ERROR_KEY } from './form-errors'
import type { RenderLocale } from './locales'
import { type Area, AREAS } from './messages/index.server'

const isFormError = (id: string) => /^[a-z]+\.formError\./i.test(id)

/**
 * `pageMessages`, with each `<area>.formError.*` message keyed by its English instead of its id:
 * the schemas speak English to both sides, and the field, the summary and the form's alert look
 * their message up by it (app/i18n/form-errors.ts, decision 120 "Form errors").
 */
export function pageMessagesWithFormErrors(locale: RenderLocale, areas: readonly Area[]) {
  const page = pageMessages(locale, areas)
  const messages = { ...page.messages }
  for (const area of areas)
    for (const [id, english] of Object.entries<string>(AREAS[area])) {
      if (!isFormError(id) || messages[id] === undefined) continue
      messages[`${FORM_ERROR_KEY}${english}`] = messages[id]
      delete messages[id]
    }
  return { locale: page.locale, messages }
}

/** A form error made on the server (a toast's text), in `locale` where `area` has it. */
export function translateFormError(locale: RenderLocale, area: Area, message: string) {
  const entry = Object.entries<string>(AREAS[area]).find(
    ([id, english]) => isFormError(id) && english === message,
  )
  return entry ? translate(locale, area, entry[0]) : message
}
