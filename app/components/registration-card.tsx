import { useFetcher } from '@remix-run/react'
import { useEffect, useState } from 'react'
import type { Destination } from '~/services/registration/registration-target.server'
import type { UsageStats } from '~/services/registration/registration-usage.server'
import { useAppName } from './app-name'
import { Button, buttonClass, CHECKBOX, TAP_TARGET } from './ui/button'
import type { RegistrationDone } from './registration-complete'
import { useHydrated } from '~/lib/hooks'
import { withParts } from '~/i18n/form-errors'
import { type SlotRow, UnconfirmedShares } from './co-writers'
import { Alert } from './forms'
import { RegistrationProgressWhileRunning } from './registration-progress'
import { useLocale, useT } from '~/i18n/react'
import { priceText } from './registration-words'

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
      /** 'en' when the message is a service's English no catalogue words yet. */
      lang?: string
      requiresEmailVerification?: boolean
      requiresPayment?: boolean
      editUrl?: string
    }

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
  error?: { message: string; editUrl?: string; lang?: string } | null
  onDone?: (done: RegistrationDone) => void
}) {
  const fetcher = useFetcher<ActionResult>()
  const t = useT()
  const price = priceText(useLocale())
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
  const messageLang = result && !result.ok ? result.lang : error?.lang
  const needsVerification = free && !usage.emailVerified

  return (
    <fetcher.Form method="post" action={`/songs/${songId}/register`} className="space-y-4">
      {interactive && <input type="hidden" name="respond" value="json" />}
      {/* Without JavaScript the page shows the steps itself, refreshing until done (decision 116). */}
      {!interactive && <input type="hidden" name="progress" value="page" />}
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 p-3 text-sm">
        <span className="font-semibold text-slate-900">
          {t('registration.card.plan', {
            tier: usage.subscriptionTier,
            name: `${usage.subscriptionTier.charAt(0).toUpperCase()}${usage.subscriptionTier.slice(1)}`,
          })}
        </span>
        <span className="text-slate-600">
          {usage.monthlyLimit === -1
            ? t('registration.card.unlimited')
            : t('registration.card.used', {
                used: usage.currentMonthUsage,
                limit: usage.monthlyLimit,
              })}
        </span>
      </div>

      {destination && (
        <p
          data-testid="registration-destination"
          className={`rounded-md border p-3 text-sm ${destination.notes.length > 0 ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-slate-200 text-slate-700'}`}
        >
          {withParts(
            (marks) =>
              t('registration.card.destination', {
                ...marks,
                storage: destination.storage,
                notes: destination.notes.join(' '),
              }),
            {
              network: (
                <span key="network" className="font-semibold">
                  {destination.network}
                </span>
              ),
            },
          )}
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
            ? t('registration.card.confirmLocal')
            : t('registration.card.confirmPermanent')}
        </span>
      </label>

      {needsVerification && (
        <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {t('registration.card.needsVerification')}{' '}
          <a href="/verify-email" className={`${TAP_TARGET} font-semibold underline`}>
            {t('registration.card.verifyEmail')}
          </a>
        </p>
      )}

      {message && (
        <Alert>
          <p lang={messageLang}>{message}</p>
          {result && !result.ok && result.requiresEmailVerification && (
            <a href="/verify-email" className={`${TAP_TARGET} mt-1 font-semibold underline`}>
              {t('registration.card.verifyEmail')}
            </a>
          )}
          {editUrl && (
            <a href={editUrl} className={`${TAP_TARGET} mt-1 font-semibold underline`}>
              {t('registration.card.editSplits')}
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
            ? t('registration.card.workingLocal')
            : t('registration.card.workingPermanent')
        }
      />

      {paid ? (
        <div>
          <p className="mb-3 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
            {t('registration.card.paymentReceived', { price })}
          </p>
          <Button
            type="submit"
            disabled={interactive && (!confirmed || pending)}
            className="w-full"
          >
            {pending ? t('registration.card.registering') : t('registration.card.register')}
          </Button>
        </div>
      ) : free ? (
        <Button type="submit" disabled={interactive && (!confirmed || pending)} className="w-full">
          {pending ? t('registration.card.registering') : t('registration.card.registerFree')}
        </Button>
      ) : paymentsConfigured ? (
        interactive ? (
          // A full page load, not a client navigation: the payment step's document has its own CSP.
          <Button
            disabled={!confirmed || pending}
            className="w-full"
            onClick={() => window.location.assign(`/songs/${songId}/register/pay?confirmed=yes`)}
          >
            {t('registration.card.pay', { price })}
          </Button>
        ) : (
          <Button type="submit" name="intent" value="pay" className="w-full">
            {t('registration.card.pay', { price })}
          </Button>
        )
      ) : (
        <div>
          <button type="button" disabled className={buttonClass('primary', 'w-full')}>
            {t('registration.card.pay', { price })}
          </button>
          <p className="mt-2 text-center text-sm text-slate-600">
            {t('registration.card.noPayments')}
          </p>
        </div>
      )}
      <p className="text-xs text-slate-500">{t('registration.card.fees', { appName })}</p>
    </fetcher.Form>
  )
}

/** Registration refuses a split that is not whole (every component must total 100 %): fix it first. */
export function SplitsNotWhole({
  message,
  editUrl,
  lang,
}: {
  message: string
  editUrl: string
  /** 'en' for a refusal no catalogue words yet (the services' English). */
  lang?: string
}) {
  const t = useT()
  return (
    <div
      role="alert"
      className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <p lang={lang}>{message}</p>
      <a href={editUrl} className={`${TAP_TARGET} mt-2 font-semibold underline`}>
        {t('registration.card.editSplits')}
      </a>
    </div>
  )
}
