import { useFetcher } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { Destination } from '~/services/registration/registration-target.server'
import type { UsageStats } from '~/services/registration/registration-usage.server'
import { useAppName } from './app-name'
import { Button, buttonClass, CHECKBOX, TAP_TARGET } from './ui/button'
import type { RegistrationDone } from './registration-complete'
import { useHydrated } from '~/lib/hooks'
import { type SlotRow, UnconfirmedShares } from './co-writers'
import { Alert } from './forms'
import { RegistrationProgressWhileRunning } from './registration-progress'

/** The loader's usageStats, less the paid credits it passes on separately. */
export type Usage = Omit<UsageStats, 'openCredits'>

export type { Destination }
// The completed card has its own module: the dashboard shows it without this card's code.
export { RegistrationComplete, type RegistrationDone } from './registration-complete'

type ActionResult =
  | { ok: true; transactionSignature: string; explorerUrl: string; network: string }
  | {
      ok: false
      message: string
      requiresEmailVerification?: boolean
      requiresPayment?: boolean
      editUrl?: string
    }

const tierName = (tier: string) => `${tier.charAt(0).toUpperCase()}${tier.slice(1)} Plan`

/**
 * The registration card: confirm, then register (free, or with a payment already made) or pay.
 * A plain form post to /songs/:id/register without JavaScript, where 'Pay $1.99' goes to Stripe's
 * hosted Checkout; with it, a fetcher keeps the visitor where they are, and 'Pay $1.99' opens the
 * payment step, a page of its own because only that document may load Stripe.js.
 */
export function RegistrationCard({
  songId,
  usage,
  paymentsConfigured,
  paidCredits = 0,
  destination,
  confirmations,
  error,
  onDone,
}: {
  songId: number
  /** The co-writers' answers: a registration started here warns of the missing ones. */
  confirmations: SlotRow[]
  usage: Usage
  paymentsConfigured: boolean
  /** Payments made and not yet used for a registration. */
  paidCredits?: number
  destination?: Destination
  error?: { message: string; editUrl?: string } | null
  onDone?: (done: RegistrationDone) => void
}) {
  const fetcher = useFetcher<ActionResult>()
  const appName = useAppName()
  const interactive = useHydrated()
  const [confirmed, setConfirmed] = useState(false)
  const pending = fetcher.state !== 'idle'
  const result = fetcher.data
  useEffect(() => {
    if (result?.ok)
      onDone?.({
        transactionSignature: result.transactionSignature,
        explorerUrl: result.explorerUrl,
        network: result.network,
      })
  }, [result, onDone])
  const freeLeft = usage.remainingFree === -1 || usage.remainingFree > 0
  // Mirrors the claim: a verified free unit first, else a payment already made.
  const paid = paidCredits > 0 && !(freeLeft && usage.emailVerified)
  const free = freeLeft && !paid
  const message = (result && !result.ok ? result.message : null) ?? error?.message ?? null
  const editUrl = (result && !result.ok ? result.editUrl : error?.editUrl) ?? null
  const needsVerification = free && !usage.emailVerified

  return (
    <fetcher.Form method="post" action={`/songs/${songId}/register`} className="space-y-4">
      {interactive && <input type="hidden" name="respond" value="json" />}
      {/* Without JavaScript the page shows the steps itself, refreshing until done (decision 116). */}
      {!interactive && <input type="hidden" name="progress" value="page" />}
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 p-3 text-sm">
        <span className="font-semibold text-slate-900">{tierName(usage.subscriptionTier)}</span>
        <span className="text-slate-600">
          {usage.monthlyLimit === -1
            ? 'Unlimited free registrations'
            : `${usage.currentMonthUsage} of ${usage.monthlyLimit} free registration${usage.monthlyLimit === 1 ? '' : 's'} used this month (months are counted in UTC)`}
        </span>
      </div>

      {destination && (
        <p
          data-testid="registration-destination"
          className={`rounded-md border p-3 text-sm ${destination.notes.length > 0 ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-slate-200 text-slate-700'}`}
        >
          This server registers on: <span className="font-semibold">{destination.network}</span>.
          Storage: {destination.storage}. {destination.notes.join(' ')}
        </p>
      )}

      <UnconfirmedShares slots={confirmations} />

      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          name="confirmed"
          value="yes"
          onChange={(e) => setConfirmed(e.target.checked)}
          className={CHECKBOX}
        />
        <span>
          {destination && !destination.permanent
            ? 'I confirm that I want to register this original work where this server registers, as said above. I understand this record is not permanent public proof.'
            : 'I confirm that I want to permanently register this original work on the Solana blockchain and permanently store its certificate on Arweave. I understand this record is public and can never be changed or deleted.'}
        </span>
      </label>

      {needsVerification && (
        <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          Free registrations need a verified email.{' '}
          <a href="/verify-email" className={`${TAP_TARGET} font-semibold underline`}>
            Verify your email
          </a>
        </p>
      )}

      {message && (
        <Alert>
          <p>{message}</p>
          {result && !result.ok && result.requiresEmailVerification && (
            <a href="/verify-email" className={`${TAP_TARGET} mt-1 font-semibold underline`}>
              Verify your email
            </a>
          )}
          {editUrl && (
            <a href={editUrl} className={`${TAP_TARGET} mt-1 font-semibold underline`}>
              Edit the song’s splits
            </a>
          )}
        </Alert>
      )}

      {/* Each step as the database has it while the post runs (decision 116). */}
      <RegistrationProgressWhileRunning
        songId={songId}
        running={pending}
        fallback={
          destination && !destination.permanent
            ? 'Registering your song where this server registers…'
            : 'Storing your certificate on Arweave and anchoring it on Solana…'
        }
      />

      {paid ? (
        <div>
          <p className="mb-3 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
            Payment received: your $1.99 pays for this registration.
          </p>
          <Button
            type="submit"
            disabled={interactive && (!confirmed || pending)}
            className="w-full"
          >
            {pending ? 'Registering...' : 'Register on Blockchain'}
          </Button>
        </div>
      ) : free ? (
        <Button type="submit" disabled={interactive && (!confirmed || pending)} className="w-full">
          {pending ? 'Registering...' : 'Register on Blockchain — Free'}
        </Button>
      ) : paymentsConfigured ? (
        interactive ? (
          // A full page load, not a client navigation: the payment step's document has its own CSP.
          <Button
            disabled={!confirmed || pending}
            className="w-full"
            onClick={() => window.location.assign(`/songs/${songId}/register/pay?confirmed=yes`)}
          >
            Pay $1.99
          </Button>
        ) : (
          <Button type="submit" name="intent" value="pay" className="w-full">
            Pay $1.99
          </Button>
        )
      ) : (
        <div>
          <button type="button" disabled className={buttonClass('primary', 'w-full')}>
            Pay $1.99
          </button>
          <p className="mt-2 text-center text-sm text-slate-600">
            You have used this month’s free registration, and payments are not available on this
            server.
          </p>
        </div>
      )}
      <p className="text-xs text-slate-500">
        Network and storage fees are paid by {appName}. No wallet needed.
      </p>
    </fetcher.Form>
  )
}

/** Registration refuses a split that is not whole (every component must total 100 %): fix it first. */
export function SplitsNotWhole({ message, editUrl }: { message: string; editUrl: string }) {
  return (
    <div
      role="alert"
      className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <p>{message}</p>
      <a href={editUrl} className={`${TAP_TARGET} mt-2 font-semibold underline`}>
        Edit the song’s splits
      </a>
    </div>
  )
}
