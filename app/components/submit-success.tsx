import { type ReactNode, useEffect, useRef, useState } from 'react'
import { ButtonLink, buttonClass } from './ui/button'
import { trapTab } from '~/lib/focus-trap'
import { useHydrated } from '~/lib/hooks'
import { withParts } from '~/i18n/form-errors'
import { useT } from '~/i18n/react'

interface CreatedSong {
  id: number
  title: string
  certificateId: string
  /** Named contributors other than the owner: the people to invite before registering. */
  coWriters: number
}

/**
 * 'Congratulations!' after a song is created: a modal <dialog> with JavaScript (Escape closes it,
 * Tab stays inside), a section of the page without, and the same section once the dialog closes,
 * its heading focused so the reader is where the dialog was (issue 52.8).
 */
export function SubmitSuccess({ song }: { song: CreatedSong }) {
  const interactive = useHydrated()
  const [open, setOpen] = useState(true)
  const dialog = useRef<HTMLDialogElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const modal = interactive && open
  const t = useT()
  useEffect(() => {
    const element = dialog.current
    if (!modal || !element || element.open) return
    element.showModal()
    // The dialog would focus its first control (Close); the reader starts at its heading.
    heading.current?.focus()
  }, [modal])
  useEffect(() => {
    if (!open) heading.current?.focus()
  }, [open])

  const body = (close?: ReactNode) => (
    <div className="relative mx-auto max-w-lg rounded-2xl bg-white p-6 text-center shadow-xl sm:p-8">
      {close}
      <p aria-hidden="true" className="text-5xl">
        🎉
      </p>
      <h1
        id="success-title"
        ref={heading}
        tabIndex={-1}
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        className="mt-3 text-3xl font-bold text-slate-900 outline-none"
      >
        {t('song.created.title')}
      </h1>
      <p className="mt-3 text-slate-700">
        {/* The whole sentence is the language's, its quotation marks too; the title as typed. */}
        {withParts((marks) => t('song.created.certified', marks), {
          title: (
            <strong key="title">
              <bdi>{song.title}</bdi>
            </strong>
          ),
          certificateId: (
            <span key="id" className="font-mono">
              {song.certificateId}
            </span>
          ),
        })}
      </p>
      {song.coWriters > 0 && (
        <p className="mt-3 text-sm text-slate-700">{t('song.created.inviteFirst')}</p>
      )}
      <SuccessActions song={song} />
    </div>
  )

  if (!modal)
    return (
      <section aria-labelledby="success-title" className="px-4 py-12">
        {body()}
      </section>
    )
  return (
    // A native modal: the page behind is inert and Escape closes it ('close' follows 'cancel').
    <dialog
      ref={dialog}
      aria-labelledby="success-title"
      onClose={() => setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === 'Tab' && dialog.current) trapTab(event, dialog.current)
      }}
      className="w-full max-w-lg bg-transparent p-0 backdrop:bg-slate-900/60"
    >
      {body(
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="absolute right-3 top-3 flex h-10 w-10 items-center justify-center rounded-full text-xl text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <span aria-hidden="true">✕</span>
          <span className="sr-only">{t('song.created.close')}</span>
        </button>,
      )}
    </dialog>
  )
}

/** With co-writers named, inviting them comes first: registering before they answer records none. */
function SuccessActions({ song }: { song: CreatedSong }) {
  const t = useT()
  const invite = (
    <ButtonLink
      key="invite"
      to={`/songs/${song.id}/co-writers`}
      variant={song.coWriters > 0 ? 'primary' : 'secondary'}
    >
      {t('song.created.invite')}
    </ButtonLink>
  )
  const register = (
    <ButtonLink
      key="register"
      to={`/songs/${song.id}/register?from=submit`}
      variant={song.coWriters > 0 ? 'secondary' : 'primary'}
    >
      {t('song.created.register')}
    </ButtonLink>
  )
  return (
    <div className="mt-6 flex flex-col gap-3">
      {song.coWriters > 0 ? [invite, register] : register}
      <a
        href={`/certificate/${song.id}`}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass('secondary')}
      >
        {t('song.created.seeCertificate')}
      </a>
      <ButtonLink to="/" variant="ghost">
        {t('song.created.dashboard')}
      </ButtonLink>
    </div>
  )
}
