import { Link, useFetcher, useRevalidator } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { loader as registerLoader } from '~/routes/songs.$id.register'
import { RegistrationCard, SplitsNotWhole } from './registration-card'
import { Button } from './ui/button'

const registerClass = 'inline-flex items-center rounded-md bg-brand-600 px-3 py-1 text-xs font-semibold text-white hover:bg-brand-700'

/**
 * The dashboard's Register: a link to /songs/:id/register that works without JavaScript; with
 * it, the same card opens in a modal and the dashboard refreshes when the song is registered.
 */
export function RegisterButton({ songId, title }: { songId: number; title: string }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Link
        to={`/songs/${songId}/register`}
        className={registerClass}
        aria-label={`Register ${title} on the blockchain`}
        onClick={(event) => {
          event.preventDefault()
          setOpen(true)
        }}
      >
        Register
      </Link>
      {open && <RegisterModal songId={songId} onClose={() => setOpen(false)} />}
    </>
  )
}

function RegisterModal({ songId, onClose }: { songId: number; onClose: () => void }) {
  const data = useFetcher<typeof registerLoader>()
  const revalidator = useRevalidator()
  const dialog = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (data.state === 'idle' && !data.data) data.load(`/songs/${songId}/register`)
  }, [data, songId])
  useEffect(() => {
    dialog.current?.focus()
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose()
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [onClose])
  const onDone = useCallback(() => {
    // The action's toast ('Blockchain Registration Complete!') arrives with the revalidation.
    revalidator.revalidate()
    onClose()
  }, [revalidator, onClose])

  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/60 p-4" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialog} tabIndex={-1} role="dialog" aria-modal="true" aria-labelledby="register-modal-title" className="w-full max-w-lg rounded-2xl bg-white p-6 text-left shadow-xl outline-none">
        <h2 id="register-modal-title" className="text-xl font-bold text-slate-900">Register on Blockchain</h2>
        <p className="mt-2 whitespace-normal text-sm text-slate-600">
          {data.data ? `Adds “${data.data.song.title}”` : 'Adds the song title'} to the Solana blockchain for permanent, immutable proof of authorship.
        </p>
        <div className="mt-4 whitespace-normal">
          {data.data?.blocked ? (
            <SplitsNotWhole message={data.data.blocked.message} editUrl={data.data.blocked.editUrl} />
          ) : data.data ? (
            <RegistrationCard
              songId={songId}
              usage={data.data.usage}
              paymentsConfigured={data.data.paymentsConfigured}
              paidCredits={data.data.paidCredits}
              destination={data.data.destination}
              onDone={onDone}
            />
          ) : (
            <p role="status" className="text-sm text-slate-600">Loading...</p>
          )}
        </div>
        <div className="mt-4 flex justify-end">
          <Button variant="ghost" onClick={onClose}>Cancel</Button>
        </div>
      </div>
    </div>
  )
}
