import { AppLink } from '~/components/app-link'
import { Suspense, useCallback, useRef, useState } from 'react'
import { useT } from '~/i18n/react'
import { lazyView } from './lazy-view'

// The dialog and the registration card in it load when Register is first clicked, while the
// dialog fetches the song's data, so the dashboard's bundle does not carry them (issue 16).
const RegisterModal = lazyView(() =>
  import('./register-dialog').then((module) => module.RegisterModal),
)

const registerClass =
  'inline-flex items-center rounded-md bg-brand-600 px-3 py-1 text-xs font-semibold text-white hover:bg-brand-700'

/**
 * The dashboard's Register: a link to /songs/:id/register that works without JavaScript; with
 * it, the same card opens in a modal and the dashboard refreshes when the song is registered.
 */
export function RegisterButton({ songId, title }: { songId: number; title: string }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const opener = useRef<HTMLAnchorElement>(null)
  const close = useCallback(() => {
    setOpen(false)
    // Back where the keyboard was before the dialog opened.
    opener.current?.focus()
  }, [])
  return (
    <>
      <AppLink
        ref={opener}
        to={`/songs/${songId}/register`}
        className={registerClass}
        aria-label={t('dashboard.registerLabel', { title })}
        onPointerEnter={() => void RegisterModal.preload()}
        onFocus={() => void RegisterModal.preload()}
        onClick={(event) => {
          event.preventDefault()
          setOpen(true)
        }}
      >
        {t('dashboard.register')}
      </AppLink>
      {open && (
        <Suspense fallback={<DialogLoading />}>
          <RegisterModal songId={songId} onClose={close} />
        </Suspense>
      )}
    </>
  )
}

/** The backdrop and a status line for the moment the dialog's code is on its way. */
function DialogLoading() {
  const t = useT()
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/60 p-4">
      <p role="status" className="rounded-2xl bg-white p-6 text-sm text-slate-600 shadow-xl">
        {t('dashboard.dialogLoading')}
      </p>
    </div>
  )
}
