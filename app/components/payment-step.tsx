import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { Stripe } from '@stripe/stripe-js'
import { type FormEvent, useEffect, useState } from 'react'
import { loadStripe } from '~/lib/stripe.client'
import type { Toast } from '~/lib/toast'
import { type MessageId, useLocale, useT } from '~/i18n/react'
import { Button } from './ui/button'
import { priceText } from './registration-words'

/** SPEC §8 Payment, in English: the JSON API's words, and the tests'. */
export const PAYMENT_MESSAGES = {
  initToast: 'Failed to initialize payment. Please try again.',
  initCard: 'Unable to initialize payment',
  unexpected: 'An unexpected error occurred during payment processing.',
  successTitle: 'Payment Successful',
  successDescription: 'You can now proceed with blockchain registration!',
} as const

/** The same messages in the page's language (the registration area). */
export const PAYMENT_MESSAGE_IDS = {
  initToast: 'registration.pay.initToast',
  initCard: 'registration.pay.initCard',
  unexpected: 'registration.pay.unexpected',
  successTitle: 'registration.pay.successTitle',
  successDescription: 'registration.pay.successDescription',
} as const satisfies Record<keyof typeof PAYMENT_MESSAGES, MessageId>

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

/** A refusal whose message is the server's English, or null for our own words. */
class InitError extends Error {}

type Init =
  | { state: 'loading' }
  | { state: 'failed'; message: string; lang?: 'en' }
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
  const t = useT()

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
      // The API's refusal is its English (a JSON client's words): shown as such, marked English.
      if (!response.ok) throw new InitError((await readMessage(response)) ?? '')
      const body: unknown = await response.json()
      if (
        typeof body !== 'object' ||
        body === null ||
        !('clientSecret' in body) ||
        typeof body.clientSecret !== 'string'
      )
        throw new InitError('')
      const stripe = await loadStripe(publishableKey)
      if (!stripe) throw new InitError('')
      return { stripe, clientSecret: body.clientSecret }
    }
    start().then(
      (ready) => active && setInit({ state: 'ready', ...ready }),
      (error: unknown) => {
        if (!active) return
        // Stripe.js that cannot load (blocked, offline) is an init failure like a refused intent.
        const said = error instanceof InitError ? error.message : ''
        // The API's own "Unable to initialize payment" is ours to translate.
        const server = said === PAYMENT_MESSAGES.initCard ? '' : said
        setInit(
          server
            ? { state: 'failed', message: server, lang: 'en' }
            : { state: 'failed', message: t(PAYMENT_MESSAGE_IDS.initCard) },
        )
        notify({
          type: 'error',
          title: t('registration.pay.errorTitle'),
          description: t(PAYMENT_MESSAGE_IDS.initToast),
        })
      },
    )
    return () => {
      active = false
      controller.abort()
    }
  }, [songId, publishableKey, notify, t])

  if (init.state === 'loading')
    return (
      <p role="status" className="text-sm text-slate-600">
        {t('registration.pay.preparing')}
      </p>
    )
  if (init.state === 'failed') {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
        <h2 className="text-xl font-bold text-red-900">{t('registration.pay.error')}</h2>
        <p className="mt-2 text-red-900" lang={init.lang}>
          {init.message}
        </p>
        <Button variant="secondary" className="mt-4" onClick={onCancel}>
          {t('registration.pay.goBack')}
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
  const t = useT()
  const price = priceText(useLocale())

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
        // Stripe.js writes its own message in the browser's language.
        notify({
          type: 'error',
          title: t('registration.pay.failed'),
          description: error.message ?? t(PAYMENT_MESSAGE_IDS.unexpected),
        })
      } else if (paymentIntent?.status === 'succeeded') {
        setState('succeeded')
        onPaid(paymentIntent.id)
      } else {
        setState('failed')
        notify({
          type: 'error',
          title: t('registration.pay.failed'),
          description: t('registration.pay.notCompleted'),
        })
      }
    } catch {
      setState('failed')
      notify({
        type: 'error',
        title: t('registration.pay.error'),
        description: t(PAYMENT_MESSAGE_IDS.unexpected),
      })
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4" data-state={state}>
      <PaymentElement />
      {state === 'succeeded' && (
        <p role="status" className="text-sm text-green-800">
          {t('registration.pay.received')}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          type="submit"
          className="flex-1"
          disabled={!stripe || !elements || state === 'processing' || state === 'succeeded'}
        >
          {state === 'processing'
            ? t('registration.pay.processing')
            : t('registration.card.pay', { price })}
        </Button>
        <Button
          variant="secondary"
          onClick={onCancel}
          disabled={state === 'processing' || state === 'succeeded'}
        >
          {t('registration.cancel')}
        </Button>
      </div>
    </form>
  )
}
