import { AppLink } from '~/components/app-link'
import type { LanguageChoice } from '~/i18n/locale.server'
import { useT } from '~/i18n/react'
import { LanguageForm } from './language-form'
import { TAP_TARGET } from './ui/button'

const linkClass = `${TAP_TARGET} text-sm text-slate-600 hover:text-brand-700 hover:underline`

export function SiteFooter({
  appName,
  signedIn,
  year,
  languages = [],
}: {
  appName: string
  signedIn: boolean
  year: number
  /** The language form's choices (the root loader's); without them, no form. */
  languages?: LanguageChoice[]
}) {
  const t = useT()
  return (
    <footer className="no-print mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-semibold text-slate-900">{appName}</p>
          <p className="mt-2 text-sm text-slate-600">{t('shell.footer.tagline')}</p>
          {!signedIn && (
            <ul className="mt-3 flex gap-4">
              <li>
                <AppLink to="/register" className={linkClass}>
                  {t('shell.header.getStarted')}
                </AppLink>
              </li>
              <li>
                <AppLink to="/login" className={linkClass}>
                  {t('shell.header.signIn')}
                </AppLink>
              </li>
            </ul>
          )}
        </div>
        <nav aria-label={t('shell.footer.support')}>
          <h2 className="text-sm font-semibold text-slate-900">{t('shell.footer.support')}</h2>
          <ul className="mt-2 space-y-1">
            <li>
              <AppLink to="/faq" className={linkClass}>
                {t('shell.nav.help')}
              </AppLink>
            </li>
            <li>
              <AppLink to="/contact" className={linkClass}>
                {t('shell.footer.contact')}
              </AppLink>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('shell.footer.legal')}>
          <h2 className="text-sm font-semibold text-slate-900">{t('shell.footer.legal')}</h2>
          <ul className="mt-2 space-y-1">
            <li>
              <AppLink to="/terms-of-service" className={linkClass}>
                {t('shell.footer.terms')}
              </AppLink>
            </li>
            <li>
              <AppLink to="/privacy-policy" className={linkClass}>
                {t('shell.footer.privacy')}
              </AppLink>
            </li>
          </ul>
        </nav>
      </div>
      {languages.length > 0 && (
        <div className="mx-auto max-w-6xl px-4 pb-6">
          <LanguageForm id="footer-language" languages={languages} />
        </div>
      )}
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-500">
        {t('shell.footer.rights', { year: String(year), appName })}
      </p>
    </footer>
  )
}
