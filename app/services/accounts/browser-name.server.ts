import { translate } from '~/i18n/catalogs.server'
import type { RenderLocale } from '~/i18n/locales'
import { browserParts } from '~/lib/user-agent'

// A new passkey left unnamed is called after the browser that made it, in the words of the page
// that offered the name (decision 120): the hint on /settings/passkeys and the name the
// registration keeps must be the same text, so both ask here.

/** "Firefox on Linux" as `locale` says it; a header we cannot read, as it came. */
export function browserName(locale: RenderLocale, userAgent: string | null) {
  const parts = browserParts(userAgent)
  if (!parts) return translate(locale, 'settings', 'settings.sessions.unknownBrowser')
  const { browser, system, raw } = parts
  if (!system) return browser ?? raw
  return browser
    ? translate(locale, 'settings', 'settings.sessions.browserOn', { browser, system })
    : translate(locale, 'settings', 'settings.sessions.someBrowserOn', { system })
}
