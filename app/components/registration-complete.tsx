import { useLocation } from '@remix-run/react'
import { useT } from '~/i18n/react'
import { ButtonLink, buttonClass } from './ui/button'
import { networkWords } from './registration-words'

export interface RegistrationDone {
  transactionSignature: string
  explorerUrl: string
  /** The network the registration recorded (decision 019). */
  network: string | null
}

/** A registration that went through: its transaction, where it was recorded, what to do next. */
export function RegistrationComplete({ songId, done }: { songId: number; done: RegistrationDone }) {
  const t = useT()
  const network = networkWords(t, done.network)
  // Shown on the dashboard too, when a registration returns there (SPEC §4): no link to itself.
  const onDashboard = useLocation().pathname === '/'
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby="registration-complete"
      className="rounded-xl border border-green-200 bg-green-50 p-6 text-center"
    >
      <h2 id="registration-complete" className="text-2xl font-bold text-green-900">
        {t('registration.complete.title')}
      </h2>
      <p className="mt-2 text-green-900">{network.done}</p>
      <p className="mt-1 text-sm text-green-900" data-testid="registration-network">
        {t('registration.complete.recordedOn', { network: network.label })}
        {network.note ? ` ${network.note}` : ''}
      </p>
      <p
        className="mt-3 break-all font-mono text-xs text-green-900"
        data-testid="transaction-signature"
      >
        {done.transactionSignature}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        {!onDashboard && <ButtonLink to="/">{t('registration.complete.dashboard')}</ButtonLink>}
        <a
          href={done.explorerUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('secondary')}
        >
          {/* Decision 086: the embedded ledger's transactions are on this server's own page. */}
          {done.network === 'local-ledger'
            ? t('registration.complete.localLedger')
            : t('registration.complete.explorer')}
        </a>
        <a
          href={`/certificate/${songId}`}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('secondary')}
        >
          {t('registration.complete.certificate')}
        </a>
      </div>
    </div>
  )
}
