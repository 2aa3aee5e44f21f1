import { translate } from '~/i18n/catalogs.server'
import { pageMessagesWithFormErrors } from '~/i18n/form-errors.server'
import type { RenderLocale } from '~/i18n/locales'
import type { LimitResult } from '~/services/platform/rate-limit.server'

// The texts the sign-up, sign-in and password pages' actions make, in the page's language
// (decision 120); the pages' own texts travel as their data, `authPageMessages`.

/** What each auth page's loader sends as `i18n`: the auth area, its form errors keyed by English. */
export const authPageMessages = (locale: RenderLocale) =>
  pageMessagesWithFormErrors(locale, ['auth'])

export const authText = (
  locale: RenderLocale,
  id: string,
  values?: Record<string, string | number>,
) => translate(locale, 'auth', id, values)

/** rate-limit.server's `tooManyMessage`, in `locale`: past two hours the wait is in hours. */
export function tooManyText(locale: RenderLocale, result: LimitResult) {
  const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60))
  return minutes < 120
    ? authText(locale, 'auth.tooMany.minutes', { minutes })
    : authText(locale, 'auth.tooMany.hours', { hours: Math.ceil(minutes / 60) })
}
