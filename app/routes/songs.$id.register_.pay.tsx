import { json, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { useFetcher, useLoaderData, useNavigate } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PAYMENT_MESSAGE_IDS, PaymentStep, readMessage } from '~/components/payment-step'
import { priceText } from '~/components/registration-words'
import { pageMessages } from '~/i18n/catalogs.server'
import { withParts } from '~/i18n/form-errors'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useLocale, useT } from '~/i18n/react'
import { RegistrationComplete } from '~/components/registration-card'
import { useShowToast } from '~/components/toaster'
import { ButtonLink } from '~/components/ui/button'
import { env } from '~/env.server'
import type { CspHandle } from '~/lib/security-headers.server'
import type { action as registerAction } from '~/routes/songs.$id.register'
import { requireSongOwner, requireUser } from '~/services/accounts/auth.server'
import { paymentsConfigured } from '~/services/payments/payment-provider.server'
import { openCredits } from '~/services/payments/payments.server'
import { registrationBlocker } from '~/services/registration/registration-claim.server'
import { db } from '~/services/platform/db.server'
import { useHydrated } from '~/lib/hooks'
import { Alert } from '~/components/forms'
import { registeredUrl } from '~/lib/registration-network-names'

// The only document that may load Stripe.js, frame its fields and let it call Stripe's API.
export const handle: CspHandle = { csp: ['stripe-elements'] }

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const song = await requireSongOwner(user.id, params.id)
  const back = `/songs/${song.id}/register`
  const publishableKey = env().STRIPE_PUBLISHABLE_KEY
  // Nothing to pay for while the split is not whole: the card says so and links to the edit page.
  if (!paymentsConfigured() || !publishableKey || song.isRegistered || registrationBlocker(song))
    throw redirect(back)
  const url = new URL(request.url)
  // Back from a payment method that leaves the page (3-D Secure, a bank): verify, never pay again.
  const returned =
    url.searchParams.get('redirect_status') === 'succeeded'
      ? url.searchParams.get('payment_intent')
      : null
  const returnedIntent = returned && /^pi_[A-Za-z0-9_]+$/.test(returned) ? returned : null
  if (!returnedIntent && (await openCredits(db(), user.id)) > 0) throw redirect(back)
  return json({
    song: { id: song.id, title: song.title },
    publishableKey,
    confirmed: url.searchParams.get('confirmed') === 'yes',
    returnedIntent,
    returnUrl: `${env().APP_URL}/songs/${song.id}/register/pay?confirmed=yes`,
    // The completed registration's card is drawn here too.
    i18n: pageMessages(requestLocale(request, user), ['registration']),
  })
}

// The page's own data never changes under it; the registration's answer arrives in its fetcher.
export const shouldRevalidate = () => false

type Stage =
  | { name: 'paying' }
  | { name: 'verifying' }
  | { name: 'registering' }
  | { name: 'error'; message: string; lang?: 'en' }

export default function PaymentStepPage() {
  const { song, publishableKey, confirmed, returnedIntent, returnUrl } =
    useLoaderData<typeof loader>()
  const navigate = useNavigate()
  const registration = useFetcher<typeof registerAction>()
  const [stage, setStage] = useState<Stage>(
    returnedIntent ? { name: 'verifying' } : { name: 'paying' },
  )
  const hydrated = useHydrated()
  const back = `/songs/${song.id}/register` as const
  const notify = useShowToast()
  const t = useT()
  const price = priceText(useLocale())
  const goBack = useCallback(() => navigate(back), [navigate, back])

  // The browser says the payment succeeded; only our server's check against Stripe counts.
  const verify = useCallback(
    async (paymentIntentId: string) => {
      setStage({ name: 'verifying' })
      const response = await fetch('/api/subscription/verify-payment', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ paymentIntentId }),
      }).catch(() => null)
      if (!response?.ok) {
        // The API's refusal is its English (a JSON client's words): shown as such, marked English.
        const said = response && (await readMessage(response))
        const message = said ?? t(PAYMENT_MESSAGE_IDS.unexpected)
        setStage(said ? { name: 'error', message, lang: 'en' } : { name: 'error', message })
        notify({ type: 'error', title: t('registration.pay.error'), description: message })
        return
      }
      notify({
        type: 'success',
        title: t(PAYMENT_MESSAGE_IDS.successTitle),
        description: t(PAYMENT_MESSAGE_IDS.successDescription),
      })
      if (!confirmed) return navigate(back)
      // Straight into registration, with the confirmation given before paying.
      setStage({ name: 'registering' })
      registration.submit({ confirmed: 'yes', respond: 'json' }, { method: 'post', action: back })
    },
    [back, confirmed, navigate, notify, registration, t],
  )

  const resumed = useRef(false)
  useEffect(() => {
    if (!returnedIntent || resumed.current) return
    resumed.current = true
    void verify(returnedIntent)
  }, [returnedIntent, verify])

  const result = registration.state === 'idle' ? registration.data : undefined
  const done = result?.ok ? result : null
  // SPEC §4: a completed registration returns to the dashboard, which shows it.
  useEffect(() => {
    if (done) navigate(registeredUrl(song.id))
  }, [done, navigate, song.id])

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('registration.pay.title')}</h1>
      <p className="mt-2 text-slate-600">
        {withParts((marks) => t('registration.pay.intro', { ...marks, price }), {
          title: <bdi key="title">{song.title}</bdi>,
        })}
      </p>
      <div className="mt-6 rounded-xl border border-slate-200 p-5 sm:p-6">
        <noscript>
          <p className="text-slate-700">{t('registration.pay.needsScript', { price })}</p>
        </noscript>
        {done ? (
          <RegistrationComplete
            songId={song.id}
            done={{
              transactionSignature: done.transactionSignature,
              explorerUrl: done.explorerUrl,
              network: done.network,
            }}
          />
        ) : result && !result.ok ? (
          <Alert className="p-4">
            <p lang={'lang' in result ? result.lang : undefined}>{result.message}</p>
            <p className="mt-2">{t('registration.pay.kept')}</p>
            <ButtonLink to={back} variant="secondary" className="mt-3">
              {t('registration.pay.back')}
            </ButtonLink>
          </Alert>
        ) : stage.name === 'registering' ? (
          <p role="status" className="text-brand-700">
            {t('registration.pay.registering')}
          </p>
        ) : stage.name === 'verifying' ? (
          <p role="status" className="text-slate-700">
            {t('registration.pay.confirming')}
          </p>
        ) : stage.name === 'error' ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
            <h2 className="text-xl font-bold text-red-900">{t('registration.pay.error')}</h2>
            <p className="mt-2 text-red-900" lang={stage.lang}>
              {stage.message}
            </p>
            <ButtonLink to={back} variant="secondary" className="mt-4">
              {t('registration.pay.goBack')}
            </ButtonLink>
          </div>
        ) : !hydrated ? null : (
          <PaymentStep
            songId={song.id}
            publishableKey={publishableKey}
            returnUrl={returnUrl}
            onPaid={verify}
            onCancel={goBack}
            notify={notify}
          />
        )}
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  {
    title: data
      ? translatorOf(matches).t('registration.pay.meta.title', { title: data.song.title })
      : 'Song not found',
  },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
