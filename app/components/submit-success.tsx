import { useEffect, useRef } from 'react'
import { ButtonLink, buttonClass } from './ui/button'
import { useHydrated } from '~/lib/hooks'

/** 'Congratulations!' after a song is created: a dialog with JavaScript, a page without. */
export function SubmitSuccess({
  song,
}: {
  song: { id: number; title: string; certificateId: string }
}) {
  const interactive = useHydrated()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [interactive])
  const body = (
    <div className="mx-auto max-w-lg rounded-2xl bg-white p-6 text-center shadow-xl sm:p-8">
      <p aria-hidden="true" className="text-5xl">
        🎉
      </p>
      <h1
        id="success-title"
        ref={heading}
        tabIndex={-1}
        className="mt-3 text-3xl font-bold text-slate-900 outline-none"
      >
        Congratulations!
      </h1>
      <p className="mt-3 text-slate-700">
        <strong>
          “<bdi>{song.title}</bdi>”
        </strong>{' '}
        is now certified. Certificate ID <span className="font-mono">{song.certificateId}</span>.
      </p>
      <div className="mt-6 flex flex-col gap-3">
        <ButtonLink to={`/songs/${song.id}/register?from=submit`} variant="primary">
          Register on Blockchain
        </ButtonLink>
        <a
          href={`/certificate/${song.id}`}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('secondary')}
        >
          See Certificate
        </a>
        <ButtonLink to={`/songs/${song.id}/co-writers`} variant="secondary">
          Invite co-writers to confirm their shares
        </ButtonLink>
        <ButtonLink to="/" variant="ghost">
          Go to Dashboard
        </ButtonLink>
      </div>
    </div>
  )
  if (!interactive)
    return (
      <section aria-labelledby="success-title" className="px-4 py-12">
        {body}
      </section>
    )
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="success-title"
      className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/60 p-4"
    >
      {body}
    </div>
  )
}
