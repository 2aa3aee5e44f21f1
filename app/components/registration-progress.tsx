import { useFetcher } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { type MessageId, useT } from '~/i18n/react'
import type {
  RegistrationProgress,
  StepState,
} from '~/services/registration/registration-progress.server'

const MARK: Record<StepState, string> = {
  done: '✓',
  running: '…',
  failed: '✗',
  waiting: '·',
}
// The steps' words by their keys (the service's labels are its English, for its logs and tests).
const LABEL: Record<string, MessageId> = {
  queued: 'registration.step.queued',
  store: 'registration.step.store',
  ledger: 'registration.step.ledger',
  done: 'registration.step.done',
}

/**
 * A registration's steps as the database has them (decision 116): queued, copying the record to
 * the store, writing it to the ledger, done. Each is marked done only once the registration saved
 * it; drawn by the server (the page without JavaScript refreshes itself meanwhile) and by the card
 * while its post runs.
 */
export function RegistrationSteps({ progress }: { progress: RegistrationProgress }) {
  const t = useT()
  return (
    <ol role="status" aria-label={t('registration.steps.label')} className="space-y-1 text-sm">
      {progress.steps.map((step) => (
        <li
          key={step.key}
          data-registration-step={step.key}
          data-state={step.state}
          className={
            step.state === 'done'
              ? 'text-green-800'
              : step.state === 'running'
                ? 'font-semibold text-brand-700'
                : step.state === 'failed'
                  ? 'font-semibold text-red-700'
                  : 'text-slate-500'
          }
        >
          <span aria-hidden="true" className="inline-block w-5">
            {MARK[step.state]}
          </span>
          {LABEL[step.key] ? t(LABEL[step.key]!) : step.label}{' '}
          <span className="sr-only">{t('registration.step.state', { state: step.state })}</span>
        </li>
      ))}
    </ol>
  )
}

/**
 * While the card's registration post runs, the steps read again every second from the page's own
 * loader (its `progress`), so what is shown is what the database says, never ahead of it.
 */
export function RegistrationProgressWhileRunning({
  songId,
  running,
  fallback,
}: {
  songId: number
  running: boolean
  fallback: string
}) {
  const progress = useFetcher<{ progress: RegistrationProgress | null }>()
  const load = useRef(progress.load)
  load.current = progress.load
  useEffect(() => {
    if (!running) return
    const read = () => void load.current(`/songs/${songId}/register`)
    read()
    const timer = setInterval(read, 1000)
    return () => clearInterval(timer)
  }, [running, songId])
  if (!running) return null
  const shown = progress.data?.progress
  return shown && shown.status === 'pending' ? (
    <RegistrationSteps progress={shown} />
  ) : (
    <p role="status" className="text-sm text-brand-700">
      {fallback}
    </p>
  )
}
