import type { MessageValues } from '~/i18n/format-message'
import type { MessageId, Translate } from '~/i18n/react'

// The certificate's view is built on the server (its PDF, a test) and again in the browser (the
// page, once it knows the reader's time zone), where the only messages are the ones the loader
// sent (decision 120). So each sentence is written once where it is built, English beside its id:
// with the page's translator it is the message, without one the English as written there. The
// catalogue lint holds each id's English in app/i18n/messages/certificate.server.ts, and
// tests/unit/certificate-words.test.ts holds the two equal.

/** `say(id, english, values)`: the message `id` in the page's language, or `english`. */
export type Say = (id: MessageId, english: string, values?: MessageValues) => string

export const sayEnglish: Say = (_id, english) => english

export const sayWith = (t: Translate | undefined): Say =>
  t ? (id, _english, values) => t(id, values) : sayEnglish
