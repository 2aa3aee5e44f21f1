import { useFetcher, useNavigate } from '@remix-run/react'
import { useCallback, useEffect, useRef } from 'react'
import { trapTab } from '~/lib/focus-trap'
import { registeredUrl } from '~/lib/registration-network-names'
import type { loader as registerLoader } from '~/routes/songs.$id.register'
import { RegistrationCard, SplitsNotWhole } from './registration-card'
import { Button } from './ui/button'
import { useT } from '~/i18n/react'

// The dashboard's Register dialog (register-modal.tsx loads this module on the first click).

export function RegisterModal({ songId, onClose }: { songId: number; onClose: () => void }) {
  const t = useT()
  const data = useFetcher<typeof registerLoader>()
  const dialog = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (data.state === 'idle' && !data.data) data.load(`/songs/${songId}/register`)
  }, [data, songId])
  useEffect(() => {
    dialog.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
      else if (event.key === 'Tab' && dialog.current) trapTab(event, dialog.current)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onClose])
  const navigate = useNavigate()
  const onDone = useCallback(() => {
    // The action's toast ('Blockchain Registration Complete!') arrives with the new page's data,
    // and the dashboard shows the completed registration (SPEC §4).
    onClose()
    navigate(registeredUrl(songId))
  }, [navigate, onClose, songId])

  return (
    // Clicking the backdrop is a mouse shortcut; the keyboard closes the dialog with Escape.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/60 p-4"
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={dialog}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-labelledby="register-modal-title"
        className="w-full max-w-lg rounded-2xl bg-white p-6 text-left shadow-xl outline-none"
      >
        <h2 id="register-modal-title" className="text-xl font-bold text-slate-900">
          {t('registration.title')}
        </h2>
        <p className="mt-2 whitespace-normal text-sm text-slate-600">
          {!data.data
            ? t('registration.adds.dialogLoading')
            : data.data.destination.permanent
              ? t('registration.adds.dialogPermanent', { title: data.data.song.title })
              : t('registration.adds.local', { title: data.data.song.title })}
        </p>
        <div className="mt-4 whitespace-normal">
          {data.data?.blocked ? (
            <SplitsNotWhole
              message={data.data.blocked.message}
              editUrl={data.data.blocked.editUrl}
              lang={data.data.blocked.lang}
            />
          ) : data.data ? (
            <RegistrationCard
              songId={songId}
              usage={data.data.usage}
              paymentsConfigured={data.data.paymentsConfigured}
              paidCredits={data.data.paidCredits}
              destination={data.data.destination}
              confirmations={data.data.confirmations}
              onDone={onDone}
            />
          ) : (
            <p role="status" className="text-sm text-slate-600">
              {t('registration.loading')}
            </p>
          )}
        </div>
        <div className="mt-4 flex justify-end">
          <Button variant="ghost" onClick={onClose}>
            {t('registration.cancel')}
          </Button>
        </div>
      </div>
    </div>
  )
}
