import { translate } from '~/i18n/catalogs.server'
import { FORM_ERROR_KEY } from '~/i18n/form-errors'
import { pageMessagesWithFormErrors } from '~/i18n/form-errors.server'
import type { RenderLocale } from '~/i18n/locales'
import type { Area } from '~/i18n/messages/index.server'
import type { settings } from '~/i18n/messages/settings.server'
import type { GlossaryNote } from '~/lib/glossary/note'

// The texts the profile, email, password and two-factor pages show, in the page's language
// (decision 120). Their forms share sign-up's fields and the sign-in's codes: the name fields,
// the password toggle and rule, the error summary's title and every refusal of those rules are
// the auth area's, translated once there. A settings page sends those few with its own area,
// not the auth area's two hundred messages.
const SHARED_WITH_AUTH = new Set<string>([
  'auth.errorSummary.title',
  'auth.password.show',
  'auth.password.hide',
  'auth.password.showLabel',
  'auth.password.hideLabel',
  'auth.password.rule',
  'auth.register.firstName',
  'auth.register.lastName',
  'auth.register.username',
  'auth.register.usernameHint',
])

/** What a settings form page's loader sends as `i18n`: its areas, and the auth parts it shows. */
export function settingsPageMessages(locale: RenderLocale, areas: readonly Area[] = []) {
  const auth = pageMessagesWithFormErrors(locale, ['auth']).messages
  const shared = Object.fromEntries(
    Object.entries(auth).filter(
      ([key]) => key.startsWith(FORM_ERROR_KEY) || SHARED_WITH_AUTH.has(key),
    ),
  )
  const own = pageMessagesWithFormErrors(locale, ['settings', ...areas])
  return { locale: own.locale, messages: { ...shared, ...own.messages } }
}

export type SettingsId = keyof typeof settings

/**
 * The PRO and IPI notes of the profile's PRO fields, in `locale`: the shared words' sentences,
 * each naming its readers' societies. Sent as the page's data, not through the words' hook, so
 * the profile shares no script with the song form (whose page is at its budget, decision 044).
 */
export function proNotes(locale: RenderLocale) {
  return {
    PRO: { term: 'PRO', sentence: translate(locale, 'words', 'words.note.PRO') },
    IPI: { term: 'IPI', sentence: translate(locale, 'words', 'words.note.IPI') },
  } satisfies Record<string, GlossaryNote>
}

/** A text a settings action makes (a toast), in `locale`. */
export const settingsText = (
  locale: RenderLocale,
  id: SettingsId,
  values?: Record<string, string | number>,
) => translate(locale, 'settings', id, values)

// The one refusal with a value inside (app/lib/identifiers.ts' `ipiProblem`, the check digits as
// typed): no page's data can hold it keyed by its English, so the action says it in the page's
// language where it makes its answer.
const IPI_CHECK_DIGITS =
  /^The last two digits of this IPI number \((\d+)\) do not match the nine before them: please check the number$/

/** A refused form's field errors, those with a value inside said in `locale`; others as they are. */
export function settingsFieldErrors(
  locale: RenderLocale,
  errors: Record<string, string[] | null> | null | undefined,
) {
  const said: Record<string, string[]> = {}
  for (const [field, messages] of Object.entries(errors ?? {})) {
    if (!messages?.some((message) => IPI_CHECK_DIGITS.test(message))) continue
    said[field] = messages.map((message) => {
      const digits = IPI_CHECK_DIGITS.exec(message)?.[1]
      return digits === undefined
        ? message
        : settingsText(locale, 'settings.profile.ipiCheckDigits', { digits })
    })
  }
  return said
}
