import { Form, useLocation } from '@remix-run/react'
import type { LanguageChoice } from '~/i18n/locale.server'
import { LANGUAGE_PATH } from '~/i18n/locales'
import { useLocale, useT } from '~/i18n/react'
import { buttonClass } from './ui/button'

/**
 * The language choice (issue 54): a plain form posting to /language, which keeps the choice and
 * sends the person back to this page, so it works without JavaScript. Each language is listed by
 * its own name, marked with its `lang`, so a reader finds theirs whatever the page speaks. The
 * names come from the root loader (`languages`), so the script carries none of them.
 */
export function LanguageForm({
  id,
  languages,
  redirectTo,
}: {
  id: string
  languages: LanguageChoice[]
  redirectTo?: string
}) {
  const t = useT()
  const locale = useLocale()
  const location = useLocation()
  return (
    <Form method="post" action={LANGUAGE_PATH} className="flex flex-wrap items-center gap-2">
      <input
        type="hidden"
        name="redirectTo"
        value={redirectTo ?? `${location.pathname}${location.search}`}
      />
      <label htmlFor={id} className="text-sm font-semibold text-slate-900">
        {t('shell.language.label')}
      </label>
      {/* Keyed by the language, so a change made by the form shows once the page is drawn again. */}
      <select
        key={locale}
        id={id}
        name="language"
        defaultValue={locale}
        className="min-h-6 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        {languages.map((language) => (
          <option key={language.tag} value={language.tag} lang={language.tag}>
            {language.name}
          </option>
        ))}
      </select>
      <button type="submit" className={buttonClass('secondary', 'text-sm')}>
        {t('shell.language.submit')}
      </button>
    </Form>
  )
}
