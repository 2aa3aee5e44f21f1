import type { ReactNode } from 'react'
import type { GlossaryTerm } from '~/lib/glossary'
import type { GlossaryNote } from '~/lib/glossary/note'
import { type MessageId, useT } from '~/i18n/react'
import { LandingVideo } from './landing-video'
import { TermNote } from './term'
import { ButtonLink } from './ui/button'

const capabilities = [
  { title: 'landing.layers.snapshot.title', text: 'landing.layers.snapshot.text' },
  { title: 'landing.layers.solana.title', text: 'landing.layers.solana.text' },
  { title: 'landing.layers.arweave.title', text: 'landing.layers.arweave.text' },
] as const satisfies { title: MessageId; text: MessageId }[]

/** `terms`: the jargon a card's text uses, explained under it (issue 39.13). */
const features: { title: MessageId; text: MessageId; terms?: GlossaryTerm[]; icon: ReactNode }[] = [
  {
    title: 'landing.features.details.title',
    text: 'landing.features.details.text',
    terms: ['PRO', 'SHA-256'],
    icon: <path d="M7 10V7a5 5 0 0 1 10 0v3M6 10h12v10H6z" />,
  },
  {
    title: 'landing.features.contributors.title',
    text: 'landing.features.contributors.text',
    icon: (
      <path d="M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM2 21a7 7 0 0 1 14 0M17 4l1 2 2 1-2 1-1 2-1-2-2-1 2-1 1-2Z" />
    ),
  },
  {
    title: 'landing.features.proof.title',
    text: 'landing.features.proof.text',
    icon: <path d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3ZM9 12l2 2 4-4" />,
  },
  {
    title: 'landing.features.workflow.title',
    text: 'landing.features.workflow.text',
    icon: <path d="M4 20h4L19 9l-4-4L4 16v4ZM13 7l4 4" />,
  },
]

/** The public front page for visitors; the site header and footer come from the root layout. */
/** The terms the cards explain: the route's loader sends their sentences as `notes`. */
export const LANDING_TERMS = features.flatMap((feature) => feature.terms ?? [])

export function LandingPage({
  appName,
  hasVideo,
  notes,
}: {
  appName: string
  hasVideo: boolean
  notes: GlossaryNote[]
}) {
  const t = useT()
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-4xl px-4 pb-16 pt-16 text-center sm:pb-20 sm:pt-24">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">{appName}</p>
          <h1 className="mt-3 text-balance text-4xl font-extrabold tracking-tight text-slate-900 [word-break:auto-phrase] sm:text-5xl lg:text-6xl">
            {t('landing.hero.title')}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">{t('landing.hero.text')}</p>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to="/register" className="px-6 py-3 text-base">
              {t('landing.hero.getStarted')}
            </ButtonLink>
            <ButtonLink to="/login" variant="secondary" className="px-6 py-3 text-base">
              {t('landing.hero.signIn')}
            </ButtonLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="capabilities-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2
          id="capabilities-heading"
          className="text-center text-2xl font-bold text-slate-900 sm:text-3xl"
        >
          {t('landing.layers.title')}
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {capabilities.map((capability, index) => (
            <li
              key={capability.title}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-600 text-lg font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">
                <span className="sr-only">{index + 1}. </span>
                {t(capability.title)}
              </h3>
              <p className="mt-2 text-slate-600">{t(capability.text)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="demo-heading" className="bg-slate-50">
        <div className="mx-auto max-w-5xl px-4 py-16 sm:py-20">
          <h2
            id="demo-heading"
            className="text-center text-2xl font-bold text-slate-900 sm:text-3xl"
          >
            {t('landing.demo.title')}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-center text-slate-600">
            {t('landing.demo.text')}
          </p>
          <div className="mt-10">
            <LandingVideo hasVideo={hasVideo} />
          </div>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <h2
          id="features-heading"
          className="text-center text-2xl font-bold text-slate-900 sm:text-3xl"
        >
          {t('landing.features.title')}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2">
          {features.map((feature) => (
            <li key={feature.title} className="flex gap-4 rounded-2xl border border-slate-200 p-6">
              <span
                aria-hidden="true"
                className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700"
              >
                <svg
                  viewBox="0 0 24 24"
                  className="h-6 w-6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                >
                  {feature.icon}
                </svg>
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{t(feature.title)}</h3>
                <p className="mt-2 text-slate-600">{t(feature.text)}</p>
                {notes
                  .filter((note) => feature.terms?.some((term) => term === note.term))
                  .map((note) => (
                    <TermNote key={note.term} note={note} className="mt-2" />
                  ))}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="cta-heading" className="px-4 pb-8">
        <div className="mx-auto max-w-5xl rounded-3xl bg-brand-700 px-6 py-14 text-center shadow-xl sm:px-12">
          <h2 id="cta-heading" className="text-2xl font-bold text-white sm:text-3xl">
            {t('landing.cta.title')}
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-brand-100">{t('landing.cta.text')}</p>
          <ButtonLink
            to="/register"
            variant="inverse"
            className="mt-8 px-6 py-3 text-base focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-brand-700"
          >
            {t('landing.cta.button')}
          </ButtonLink>
        </div>
      </section>
    </>
  )
}
