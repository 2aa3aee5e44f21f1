import { type MessageId, useT } from './react'

// Decision 120, "Form errors": a schema's message is English, shared by the server and the
// browser. A page's data keys the translations of its area's `<area>.formError.*` messages by
// that English (app/i18n/form-errors.server.ts), so the place that shows a message looks it up;
// one the page's data lacks (another area's form, a message no catalogue has yet) stays English.
export const FORM_ERROR_KEY = 'formError:'

/** `shown(message)`: the form error in the page's language, else as the schema wrote it. */
export function useFormErrorText() {
  const t = useT()
  return (message: string) => {
    // Not a typed id: the key is the English message itself, sent as data.
    const key = `${FORM_ERROR_KEY}${message}` as MessageId
    const text = t(key)
    return text === key ? message : text
  }
}

/**
 * `t(id, english)` for a part shared with pages of other areas (the password toggle): the
 * message where the page sent it, else the English it always showed, on the server and in the
 * browser alike.
 */
export function useTextOr() {
  const t = useT()
  return (id: MessageId, english: string, values?: Record<string, string | number>) => {
    const text = t(id, values)
    return text === id ? english : text
  }
}
