import {
  explorerLinkLabel,
  registrationCompleteText,
  registrationNetwork,
} from '~/lib/registration-network'
import { useLocation } from '@remix-run/react'
import { ButtonLink, buttonClass } from './ui/button'

export interface RegistrationDone {
  transactionSignature: string
  explorerUrl: string
  /** The network the registration recorded (decision 019). */
  network: string | null
}

/** A registration that went through: its transaction, where it was recorded, what to do next. */
export function RegistrationComplete({ songId, done }: { songId: number; done: RegistrationDone }) {
  const network = registrationNetwork(done)
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
        Blockchain Registration Complete
      </h2>
      <p className="mt-2 text-green-900">{registrationCompleteText(done).dialog}</p>
      <p className="mt-1 text-sm text-green-900" data-testid="registration-network">
        Recorded on: {network.label}.{network.permanenceNote ? ` ${network.permanenceNote}` : ''}
      </p>
      <p
        className="mt-3 break-all font-mono text-xs text-green-900"
        data-testid="transaction-signature"
      >
        {done.transactionSignature}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        {!onDashboard && <ButtonLink to="/">Go to Dashboard</ButtonLink>}
        <a
          href={done.explorerUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('secondary')}
        >
          {explorerLinkLabel(done)}
        </a>
        <a
          href={`/certificate/${songId}`}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('secondary')}
        >
          See Certificate
        </a>
      </div>
    </div>
  )
}
