import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { ButtonLink } from '~/components/ui/button'

// The frame the Privacy Policy and the Terms of Service share: a printable article with a back
// link, the title and date, an introduction, and titled sections.

export function LegalPage({
  title,
  updated,
  intro,
  children,
}: {
  title: string
  updated: string
  intro: ReactNode
  children: ReactNode
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header className="border-b border-slate-200 pb-8">
        <ButtonLink to="/" variant="secondary">
          Back to Home
        </ButtonLink>
        <h1 className="mt-8 text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-slate-500">Last updated: {updated}</p>
        <p className="mt-6 leading-7 text-slate-600">{intro}</p>
      </header>
      <div className="mt-10 space-y-10">{children}</div>
    </article>
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

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={linkClass}>
      {children}
    </Link>
  )
}

export function MailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className={linkClass}>
      {address}
    </a>
  )
}
