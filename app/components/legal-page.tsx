import { Form, useLocation } from '@remix-run/react'
import { AppLink } from '~/components/app-link'
import type { ReactNode } from 'react'
import { ButtonLink, buttonClass } from '~/components/ui/button'
import { formatDate } from '~/i18n/format'
import { LANGUAGE_PATH, SOURCE_LOCALE } from '~/i18n/locales'
import { useLocale, useT } from '~/i18n/react'

// The frame the Privacy Policy and the Terms of Service share: a printable article with a back
// link, the title and date, an introduction, and titled sections. In any language but English it
// says first that the English text governs, with a way to read it (decision 123).

export function LegalPage({
  title,
  updated,
  intro,
  children,
}: {
  title: string
  /** The day the English text last changed (YYYY-MM-DD), written as the page's language does. */
  updated: string
  intro: ReactNode
  children: ReactNode
}) {
  const t = useT()
  const locale = useLocale()
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header className="border-b border-slate-200 pb-8">
        <ButtonLink to="/" variant="secondary">
          {t('help.legal.backHome')}
        </ButtonLink>
        {locale !== SOURCE_LOCALE && <GoverningText />}
        <h1 className="mt-8 text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-slate-500">
          {t('help.legal.updated', { date: formatDate(locale, updated) })}
        </p>
        <p className="mt-6 leading-7 text-slate-600">{intro}</p>
      </header>
      <div className="mt-10 space-y-10">{children}</div>
    </article>
  )
}

/** A translation's notice: the English text governs. Its button is the language form's post. */
function GoverningText() {
  const t = useT()
  const location = useLocation()
  return (
    <aside
      data-testid="governing-text"
      className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-800"
    >
      <p>{t('help.legal.governs')}</p>
      <Form method="post" action={LANGUAGE_PATH} className="mt-3">
        <input type="hidden" name="language" value={SOURCE_LOCALE} />
        <input type="hidden" name="redirectTo" value={location.pathname} />
        <button type="submit" className={buttonClass('secondary', 'text-sm')}>
          {t('help.legal.readEnglish')}
        </button>
      </Form>
    </aside>
  )
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <div className="mt-3 space-y-3 leading-7 text-slate-600 [&_strong]:font-semibold [&_strong]:text-slate-800 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5">
        {children}
      </div>
    </section>
  )
}

const linkClass = 'font-medium text-brand-700 underline hover:text-brand-900'

export function TextLink({ to, children }: { to: `/${string}`; children: ReactNode }) {
  return (
    <AppLink to={to} className={linkClass}>
      {children}
    </AppLink>
  )
}

export function MailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className={linkClass}>
      {address}
    </a>
  )
}

/** The parts a legal sentence's `<n>…</n>` tags are drawn as (app/components/tagged-text). */
export const bold = (children: string) => <strong>{children}</strong>
export const linkTo = (to: `/${string}`) => (children: string) => (
  <TextLink to={to}>{children}</TextLink>
)
export const plainLinkTo = (href: string) => (children: string) => <a href={href}>{children}</a>
