import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node'
import {
  useActionData,
  useLoaderData,
  useNavigate,
  useRevalidator,
  useSearchParams,
} from '@remix-run/react'
import { useCallback, useEffect } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import {
  RegistrationCard,
  RegistrationComplete,
  SplitsNotWhole,
} from '~/components/registration-card'
import { ButtonLink } from '~/components/ui/button'
import {
  destinationIn,
  disputedIn,
  doneToastIn,
  refusalIn,
  splitsRefusalIn,
} from '~/components/registration-words.server'
import { pageMessages } from '~/i18n/catalogs.server'
import { withParts } from '~/i18n/form-errors'
import { requestLocale } from '~/i18n/locale.server'
import type { RenderLocale } from '~/i18n/locales'
import { translatorOf, useT } from '~/i18n/react'
import { readForm } from '~/lib/form.server'
import { registeredUrl } from '~/lib/registration-network-names'
import type { CspHandle } from '~/lib/security-headers.server'
import {
  requireSongOwner,
  requireSongWithStatuses,
  requireUser,
} from '~/services/accounts/auth.server'
import { pageViewOf } from '~/lib/client-address.server'
import { recordUserAction } from '~/services/platform/analytics.server'
import { db } from '~/services/platform/db.server'
import { readBlockchainData } from '~/services/certificates/record/blockchain-data.server'
import { paymentsConfigured } from '~/services/payments/payment-provider.server'
import { createCheckoutSession } from '~/services/payments/payments.server'
import {
  claimRegistration,
  completeRegistration,
  CONFIRM_REQUIRED,
  REGISTRATION_FAILED,
  registerSong,
} from '~/services/registration/registration.server'
import { registrationProgress } from '~/services/registration/registration-progress.server'
import { RegistrationSteps } from '~/components/registration-progress'
import { registrationBlocker } from '~/services/registration/registration-claim.server'
import { usageStats } from '~/services/registration/registration-usage.server'
import {
  confirmationsBlocker,
  publicSlotStatus,
  splitStatuses,
} from '~/services/co-writers/split-statuses.server'
import { createToastHeaders } from '~/services/platform/toast.server'
import type { RegistrationOutcome } from '~/services/registration/registration-outcome.server'
import { ConfirmationsNotice } from '~/components/co-writers'

// Without JavaScript, 'Pay $1.99' posts here and is redirected to Stripe's hosted Checkout.
export const handle: CspHandle = { csp: ['stripe-checkout'] }

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const locale = requestLocale(request, user)
  // The song and its co-writers' answers in one statement (issue 16: at most 3 per page).
  const { song, statuses: confirmations } = await requireSongWithStatuses(user.id, params.id)
  const data = readBlockchainData(song.registration?.blockchainData)
  const done =
    song.isRegistered && song.registration?.transactionSignature
      ? {
          transactionSignature: song.registration.transactionSignature,
          explorerUrl: data.explorerUrl ?? '',
          network: song.registration.network,
        }
      : null
  // Back from a registration started without JavaScript (decision 116): once it is done, the
  // dashboard shows it, as after a registration the page waited for.
  const registering = new URL(request.url).searchParams.has('registering')
  if (registering && done)
    throw redirect(registeredUrl(song.id), { headers: await doneToast(locale, done) })
  const { openCredits, ...usage } = await usageStats(db(), user.id)
  return json({
    song: { id: song.id, title: song.title, certificateId: song.certificateId },
    usage,
    status: song.registration?.status ?? null,
    // Each step as the registration saved it: the page and the card's poll show these.
    progress: registrationProgress(song.registration),
    failedNow: registering && song.registration?.status === 'failed',
    done,
    // A split that is not whole is refused before anything is paid or claimed.
    blocked: done ? null : blockerIn(locale, song, confirmations),
    // Who confirmed their share (issue 13): shown, and a warning when someone has not.
    confirmations: done ? [] : confirmations.map(publicSlotStatus),
    // Where a registration made now would go: this server's current chain and storage.
    destination: destinationIn(locale),
    paymentsConfigured: paymentsConfigured(),
    paidCredits: openCredits,
    failedMessage: refusalIn(locale, REGISTRATION_FAILED),
    // The card and its co-writers' warning are drawn here too.
    i18n: pageMessages(locale, ['words', 'registration', 'cowriters']),
  })
}

/** Why the song cannot be registered as it stands, in `locale` where its words are known. */
function blockerIn(
  locale: RenderLocale,
  song: Parameters<typeof registrationBlocker>[0],
  statuses: Parameters<typeof confirmationsBlocker>[1],
) {
  const split = registrationBlocker(song)
  if (split)
    return { ...split, message: splitsRefusalIn(locale, song.contributions) ?? split.message }
  const disputed = confirmationsBlocker(song, statuses)
  if (!disputed) return null
  const message = disputedIn(locale, statuses)
  return message
    ? { ...disputed, message }
    : { ...disputed, ...refusalIn(locale, disputed.message) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const locale = requestLocale(request, user)
  const song = await requireSongOwner(user.id, params.id)
  const form = await readForm(request, { fields: ['confirmed', 'respond', 'intent', 'progress'] })
  const confirmed = form.get('confirmed') === 'yes'
  const wantsJson = form.get('respond') === 'json'
  if (form.get('intent') === 'pay') {
    // The no-JavaScript payment: Stripe's hosted Checkout, back to /songs/:id/register/paid.
    if (!confirmed)
      return json({ ok: false as const, ...refusalIn(locale, CONFIRM_REQUIRED) }, { status: 400 })
    const blocked = blockerIn(locale, song, await splitStatuses(db(), song))
    if (blocked)
      return json(
        {
          ok: false as const,
          message: blocked.message,
          lang: blocked.lang,
          editUrl: blocked.editUrl,
        },
        { status: 422 },
      )
    const checkout = await createCheckoutSession(user.id, song.id)
    if (!checkout.ok)
      return json(
        { ok: false as const, ...refusalIn(locale, checkout.message) },
        { status: checkout.status },
      )
    return redirect(checkout.url, 303)
  }
  if (!wantsJson && form.get('progress') === 'page') {
    // Without JavaScript: the claim now, the rest after this answer, and the page (which shows
    // each step as it is saved, refreshing itself) until it is done (decision 116).
    const claimed = await claimRegistration(user.id, song.id, { confirmed })
    if ('ok' in claimed) return refused(locale, song, claimed)
    const view = pageViewOf(request)
    void completeRegistration(claimed).then(
      async (outcome) => {
        if (outcome.ok) await recordUserAction(db(), view, 'register_song', user.id)
      },
      (error: unknown) => console.warn(`[registration] song ${song.id} failed`, error),
    )
    return redirect(`/songs/${song.id}/register?registering=1`, 303)
  }
  const outcome = await registerSong(user.id, song.id, { confirmed })
  if (outcome.ok) {
    await recordUserAction(db(), pageViewOf(request), 'register_song', user.id)
    const headers = await doneToast(locale, outcome)
    // Without JavaScript: post/redirect/get to the dashboard, which shows the completed registration.
    if (!wantsJson) return redirect(registeredUrl(song.id), { headers })
    return json(
      {
        ok: true as const,
        transactionSignature: outcome.transactionSignature,
        explorerUrl: outcome.explorerUrl,
        network: outcome.network,
      },
      { headers },
    )
  }
  return refused(locale, song, outcome)
}

function refused(
  locale: RenderLocale,
  song: Parameters<typeof registrationBlocker>[0],
  outcome: Extract<RegistrationOutcome, { ok: false }>,
) {
  // A split refused by the claim is the one the song has: named in the page's words.
  const split = registrationBlocker(song)?.message === outcome.message
  const words = split
    ? { message: splitsRefusalIn(locale, song.contributions) ?? outcome.message }
    : refusalIn(locale, outcome.message)
  return json(
    {
      ok: false as const,
      ...words,
      requiresEmailVerification: outcome.requiresEmailVerification,
      requiresPayment: outcome.requiresPayment,
      editUrl: outcome.editUrl,
    },
    { status: outcome.status },
  )
}

// The spec's words on mainnet; elsewhere the toast names the network it really went to.
function doneToast(locale: RenderLocale, done: { network: string | null }) {
  return createToastHeaders({ type: 'success', ...doneToastIn(locale, done.network) })
}

export default function RegisterSongPage() {
  const {
    song,
    usage,
    done,
    status,
    blocked,
    destination,
    paymentsConfigured,
    paidCredits,
    confirmations,
    progress,
    failedNow,
    failedMessage,
  } = useLoaderData<typeof loader>()
  const t = useT()
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  // SPEC §4: a completed registration returns to the dashboard, which shows it.
  const onDone = useCallback(() => navigate(registeredUrl(song.id)), [navigate, song.id])
  const finished = done
  // A registration running in another request: its steps read again every second.
  const revalidator = useRevalidator()
  const running = !finished && status === 'pending'
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => revalidator.revalidate(), 1000)
    return () => clearInterval(timer)
  }, [running, revalidator])

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{t('registration.title')}</h1>
      <p className="mt-2 text-slate-600">
        {withParts(
          (marks) =>
            t(
              destination.permanent ? 'registration.adds.permanent' : 'registration.adds.local',
              marks,
            ),
          { title: <bdi key="title">{song.title}</bdi> },
        )}
      </p>
      <p className="mt-1 text-sm text-slate-500">
        {withParts((marks) => t('registration.certificateId', marks), {
          id: (
            <span key="id" className="font-mono">
              {song.certificateId}
            </span>
          ),
        })}
      </p>
      {!finished && <ConfirmationsNotice songId={song.id} slots={confirmations} />}
      <div className="mt-6 rounded-xl border border-slate-200 p-5 sm:p-6">
        {finished ? (
          <RegistrationComplete songId={song.id} done={finished} />
        ) : status === 'pending' && progress ? (
          <div className="space-y-3">
            <p className="text-slate-700">{t('registration.running')}</p>
            <RegistrationSteps progress={progress} />
            {/* Without JavaScript the page reads the steps again itself. */}
            <noscript>
              <meta httpEquiv="refresh" content="2" />
              <p className="text-sm text-slate-600">{t('registration.refreshes')}</p>
            </noscript>
          </div>
        ) : blocked ? (
          <SplitsNotWhole message={blocked.message} editUrl={blocked.editUrl} lang={blocked.lang} />
        ) : (
          <RegistrationCard
            songId={song.id}
            usage={usage}
            paymentsConfigured={paymentsConfigured}
            paidCredits={paidCredits}
            destination={destination}
            confirmations={confirmations}
            error={
              failedNow
                ? failedMessage
                : actionData && !actionData.ok
                  ? {
                      message: actionData.message,
                      lang: 'lang' in actionData ? actionData.lang : undefined,
                      editUrl:
                        'editUrl' in actionData && typeof actionData.editUrl === 'string'
                          ? actionData.editUrl
                          : undefined,
                    }
                  : null
            }
            onDone={onDone}
          />
        )}
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        {searchParams.get('from') === 'submit' && (
          <ButtonLink to={`/submit?created=${song.id}`} variant="secondary">
            {t('registration.backToSuccess')}
          </ButtonLink>
        )}
        {!finished && (
          <ButtonLink to="/" variant="ghost">
            {t('registration.cancel')}
          </ButtonLink>
        )}
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const { t } = translatorOf(matches)
  return [
    {
      title: data
        ? t('registration.meta.title', { title: data.song.title })
        : // No data, no messages: the browser would show the id (an error page's title).
          notFound(t('registration.meta.notFound')),
    },
  ]
}

const notFound = (text: string) => (text === 'registration.meta.notFound' ? 'Song not found' : text)

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
