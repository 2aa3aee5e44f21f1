import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { TermNote } from '~/components/term'
import type { GlossaryNote } from '~/lib/glossary/note'
import { tagged } from '~/components/tagged-text'
import { ButtonLink } from '~/components/ui/button'
import { env } from '~/env.server'
import { pageMessages } from '~/i18n/catalogs.server'
import { pagePart } from '~/i18n/page-part.server'
import { formatNumber } from '~/i18n/format'
import { requestLocale } from '~/i18n/locale.server'
import { type Translate, translatorOf, useLocale, useT } from '~/i18n/react'
import { useTermNotes } from '~/i18n/words'
import { getUser } from '~/services/accounts/auth.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = requestLocale(request, await getUser(request))
  const page = pagePart(pageMessages(locale, ['help']), 'help', ['faq'])
  // The PRO note is the one every page shows (the words area), sent without the rest of it.
  const notes = pagePart(pageMessages(locale, ['words']), 'words', ['note'])
  return json({
    appName: env().APP_NAME,
    i18n: { locale, messages: { ...page.messages, ...notes.messages } },
  })
}

const strong = (children: string) => (
  <strong className="font-semibold text-slate-900">{children}</strong>
)

function faqItems(t: Translate, locale: string, appName: string, pro: GlossaryNote) {
  const items: { question: string; answer: ReactNode }[] = [
    {
      question: t('help.faq.why.question'),
      answer: (
        <>
          <p>{t('help.faq.why.solana', { appName, tps: formatNumber(locale, 65_000) })}</p>
          <p>{t('help.faq.why.arweave')}</p>
        </>
      ),
    },
    {
      question: t('help.faq.how.question', { appName }),
      answer: (
        <ol className="list-decimal space-y-2 pl-5">
          <li>{tagged(t('help.faq.how.submit'), [strong])}</li>
          <li>{tagged(t('help.faq.how.lock'), [strong])}</li>
          <li>{tagged(t('help.faq.how.receive'), [strong])}</li>
        </ol>
      ),
    },
    {
      question: t('help.faq.blockchain.question'),
      answer: <p>{t('help.faq.blockchain.answer', { appName })}</p>,
    },
    {
      question: t('help.faq.pro.question'),
      answer: (
        <>
          <p>{t('help.faq.pro.answer', { appName })}</p>
          <TermNote note={pro} className="text-sm" />
          <p>{t('help.faq.pro.copyright', { appName })}</p>
        </>
      ),
    },
    {
      question: t('help.faq.success.question'),
      answer: <p>{t('help.faq.success.answer')}</p>,
    },
    {
      question: t('help.faq.ai.question'),
      answer: <p>{t('help.faq.ai.answer', { appName })}</p>,
    },
    {
      question: t('help.faq.proves.question'),
      answer: (
        <>
          <p>{t('help.faq.proves.intro')}</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>{t('help.faq.proves.when')}</li>
            <li>{t('help.faq.proves.who')}</li>
            <li>{t('help.faq.proves.details')}</li>
          </ul>
          <p>{t('help.faq.proves.files')}</p>
          <TermNote
            note={{ term: 'SHA-256', sentence: t('help.faq.note.SHA-256') }}
            className="text-sm"
          />
          <p>{t('help.faq.proves.cowriters')}</p>
          <p>{t('help.faq.proves.limits')}</p>
        </>
      ),
    },
    {
      question: t('help.faq.wallet.question'),
      answer: (
        <p>
          {t('help.faq.wallet.answer', {
            appName,
            price: formatNumber(locale, 1.99, { style: 'currency', currency: 'USD' }),
          })}
        </p>
      ),
    },
  ]
  return items
}

export default function FaqPage() {
  const { appName } = useLoaderData<typeof loader>()
  const t = useT()
  const locale = useLocale()
  const { PRO } = useTermNotes()
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{t('help.faq.title')}</h1>
      <p className="mt-3 text-slate-600">{t('help.faq.intro', { appName })}</p>

      {/* A shared name makes the browser keep one item open at a time, with no JavaScript. */}
      <div className="mt-10 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {faqItems(t, locale, appName, PRO).map((item, index) => (
          <details key={index} name="faq" open={index === 0} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
              {item.question}
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                fill="currentColor"
                className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
              >
                <path
                  fillRule="evenodd"
                  d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
                  clipRule="evenodd"
                />
              </svg>
            </summary>
            <div className="space-y-3 px-5 pb-5 text-slate-600">{item.answer}</div>
          </details>
        ))}
      </div>

      <section
        aria-labelledby="more-questions"
        className="mt-12 rounded-2xl bg-brand-50 p-8 text-center"
      >
        <h2 id="more-questions" className="text-xl font-semibold text-slate-900">
          {t('help.faq.more.title')}
        </h2>
        <p className="mt-2 text-slate-600">{t('help.faq.more.text')}</p>
        <ButtonLink to="/contact" className="mt-6">
          {t('help.faq.more.contact')}
        </ButtonLink>
      </section>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const appName = data?.appName ?? 'ProofTrack'
  const { t } = translatorOf(matches)
  return [
    { title: t('help.faq.meta.title', { appName }) },
    { name: 'description', content: t('help.faq.meta.description', { appName }) },
  ]
}
