import { isolate } from '~/lib/bidi'
import { SOURCE_LOCALE } from '~/i18n/locales'
import { type MailWords, mailWords } from '../platform/mail-language.server'

// Issue 50.1 (b), decision 109: a mail about a Google sign-in named the Google account by its
// address, which is the owner's own, so the owner could not tell a stranger's Google account
// from theirs. It is named by what differs: the name it shows and the end of its id.

/** What a mail or page says of a Google account: its shown name and the end of its id. */
export interface GoogleAccountName {
  /** Google's display name, one plain line, at most NAME_LENGTH characters; '' when none. */
  name: string
  /** The last ID_ENDING characters of Google's subject id: enough to tell two apart, not to use. */
  idEnding: string
}

const NAME_LENGTH = 64
const ID_ENDING = 4

// Google's name is whatever its holder typed, a stranger perhaps: no control, line break or
// invisible format character (bidi overrides, tags) reaches our mail, and its length is bounded.
// The joiners stay: Persian and Indic names and emoji need them inside words.
const BREAKS = /[\p{Cc}\p{Zl}\p{Zp}]/gu
const NOT_SHOWN = /(?![\u200C\u200D])[\p{Cf}\p{Cn}\p{Co}\p{Cs}]/gu
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu

export function googleAccountName(profile: {
  id: string
  displayName?: string
  givenName?: string
  familyName?: string
}): GoogleAccountName {
  const typed =
    profile.displayName || [profile.givenName, profile.familyName].filter(Boolean).join(' ')
  const line = typed.replace(BREAKS, ' ').replace(NOT_SHOWN, '').replace(/\s+/g, ' ').trim()
  const name = [...line].slice(0, NAME_LENGTH).join('').trim()
  const id = profile.id.replace(BREAKS, '').replace(NOT_SHOWN, '')
  return {
    name: name.replace(INVISIBLE, '').trim() === '' ? '' : name,
    idEnding: [...id].slice(-ID_ENDING).join(''),
  }
}

/**
 * `“Grace Hopper” (ID ending 4821)`, the name set apart from the sentence around it; with the
 * Google account's address when it can differ from the account's own (connecting from Settings).
 */
export function googleAccountLabel(
  { name, idEnding }: GoogleAccountName,
  address?: string,
  /** The mail's words (its recipient's language); English where none is given. */
  t: MailWords = mailWords(SOURCE_LOCALE),
) {
  const shown = name ? `“${isolate(name)}”` : t('mails.googleAccount.noName')
  return address
    ? t('mails.googleAccount.labelWithAddress', {
        name: shown,
        idEnding,
        address: isolate(address),
      })
    : t('mails.googleAccount.label', { name: shown, idEnding })
}
