import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe } from '@stripe/stripe-js'
import { type FormEvent, useEffect, useState } from 'react'
import { loadStripe } from '~/lib/stripe.client'
import type { Toast } from '~/lib/toast'
import { Button } from './ui/button'

/** SPEC §8 Payment. */
export const PAYMENT_MESSAGES = {
  initToast: 'Failed to initialize payment. Please try again.',
  initCard: 'Unable to initialize payment',
  unexpected: 'An unexpected error occurred during payment processing.',
  successTitle: 'Payment Successful',
  successDescription: 'You can now proceed with blockchain registration!',
} as const

export type Notify = (toast: Omit<Toast, 'id'>) => void

/** The `message` of an API error answer, if it has one. */
export async function readMessage(response: Response) {
  try {
    const body: unknown = await response.json()
    if (
      typeof body === 'object' &&
      body !== null &&
      'message' in body &&
      typeof body.message === 'string'
    )
      return body.message
  } catch {
    // not JSON
  }
  return null
}

class InitError extends Error {}

type Init =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; stripe: Stripe; clientSecret: string }

/**
 * The payment step: create the intent on our server, load Stripe.js with the publishable key,
 * then the Payment Element. Any failure on the way is the init-failure card with Go Back.
 */
export function PaymentStep({
  songId,
  publishableKey,
  returnUrl,
  onPaid,
  onCancel,
  notify,
}: {
  songId: number
  publishableKey: string
  returnUrl: string
  onPaid: (paymentIntentId: string) => void
  onCancel: () => void
  notify: Notify
}) {
  const [init, setInit] = useState<Init>({ state: 'loading' })

  useEffect(() => {
    let active = true
    const controller = new AbortController()
    async function start() {
      const response = await fetch('/api/subscription/create-payment-intent', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ songId }),
        signal: controller.signal,
      })
      if (!response.ok)
        throw new InitError((await readMessage(response)) ?? PAYMENT_MESSAGES.initCard)
      const body: unknown = await response.json()
      if (
        typeof body !== 'object' ||
        body === null ||
        !('clientSecret' in body) ||
        typeof body.clientSecret !== 'string'
      )
        throw new InitError(PAYMENT_MESSAGES.initCard)
      const stripe = await loadStripe(publishableKey)
      if (!stripe) throw new InitError(PAYMENT_MESSAGES.initCard)
      return { stripe, clientSecret: body.clientSecret }
    }
    start().then(
      (ready) => active && setInit({ state: 'ready', ...ready }),
      (error: unknown) => {
        if (!active) return
        // Stripe.js that cannot load (blocked, offline) is an init failure like a refused intent.
        setInit({
          state: 'failed',
          message: error instanceof InitError ? error.message : PAYMENT_MESSAGES.initCard,
        })
        notify({ type: 'error', title: 'Error', description: PAYMENT_MESSAGES.initToast })
      },
    )
    return () => {
      active = false
      controller.abort()
    }
  }, [songId, publishableKey, notify])

  if (init.state === 'loading')
    return (
      <p role="status" className="text-sm text-slate-600">
        Preparing secure payment...
      </p>
    )
  if (init.state === 'failed') {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
        <h2 className="text-xl font-bold text-red-900">Payment Error</h2>
        <p className="mt-2 text-red-900">{init.message}</p>
        <Button variant="secondary" className="mt-4" onClick={onCancel}>
          Go Back
        </Button>
      </div>
    )
  }
  return (
    <Elements
      stripe={init.stripe}
      options={{ clientSecret: init.clientSecret, appearance: { theme: 'stripe' } }}
    >
      <PaymentForm returnUrl={returnUrl} onPaid={onPaid} onCancel={onCancel} notify={notify} />
    </Elements>
  )
}

type PaymentState = 'idle' | 'processing' | 'succeeded' | 'failed'

function PaymentForm({
  returnUrl,
  onPaid,
  onCancel,
  notify,
}: {
  returnUrl: string
  onPaid: (paymentIntentId: string) => void
  onCancel: () => void
  notify: Notify
}) {
  const stripe = useStripe()
  const elements = useElements()
  const [state, setState] = useState<PaymentState>('idle')

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!stripe || !elements || state === 'processing' || state === 'succeeded') return
    setState('processing')
    try {
      // Card payments finish here; methods that must leave the page come back to returnUrl.
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: returnUrl },
      })
      if (
        error?.code === 'payment_intent_unexpected_state' &&
        error.payment_intent?.status === 'succeeded'
      ) {
        // Already paid (a second tab, a reload after paying): let the server verify it.
        setState('succeeded')
        onPaid(error.payment_intent.id)
      } else if (error) {
        setState('failed')
        notify({
          type: 'error',
          title: 'Payment Failed',
          description: error.message ?? PAYMENT_MESSAGES.unexpected,
        })
      } else if (paymentIntent?.status === 'succeeded') {
        setState('succeeded')
        onPaid(paymentIntent.id)
      } else {
        setState('failed')
        notify({
          type: 'error',
          title: 'Payment Failed',
          description: 'The payment was not completed.',
        })
      }
    } catch {
      setState('failed')
      notify({ type: 'error', title: 'Payment Error', description: PAYMENT_MESSAGES.unexpected })
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" data-state={state}>
      <PaymentElement />
      {state === 'succeeded' && (
        <p role="status" className="text-sm text-green-800">
          Payment received. Confirming with the server...
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          type="submit"
          className="flex-1"
          disabled={!stripe || !elements || state === 'processing' || state === 'succeeded'}
        >
          {state === 'processing' ? 'Processing...' : 'Pay $1.99'}
        </Button>
        <Button
          variant="secondary"
          onClick={onCancel}
          disabled={state === 'processing' || state === 'succeeded'}
        >
          Cancel
        </Button>
      </div>
    </form>
  )
}
