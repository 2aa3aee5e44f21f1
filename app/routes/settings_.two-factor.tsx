import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { Field } from '~/components/forms'
import { SettingsSection, SettingsShell } from '~/components/settings-shell'
import { Button } from '~/components/ui/button'
import { TWO_FACTOR_FIELDS, TwoFactorSchema } from '~/lib/account-schemas'
import { readForm } from '~/lib/form.server'
import { useIsPending } from '~/lib/hooks'
import { CONFIRM_PATH } from '~/lib/time-zone'
import { getSignedInUser, requireRecentSignIn, requireUser } from '~/services/accounts/auth.server'
import {
  endUserSessions,
  getSessionId,
  markReauthenticated,
} from '~/services/accounts/session.server'
import {
  checkCode,
  confirmEnrolment,
  pendingEnrolment,
  removeTwoFactor,
  replaceRecoveryCodes,
  startEnrolment,
  twoFactorStatus,
} from '~/services/accounts/two-factor.server'
import { isAdmin } from '~/services/accounts/users.server'
import { db } from '~/services/platform/db.server'
import { tooManyMessage } from '~/services/platform/rate-limit.server'
import { redirectWithToast } from '~/services/platform/toast.server'

const PATH = '/settings/two-factor'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  await requireRecentSignIn(request, user)
  const [status, enrolment, signedIn] = await Promise.all([
    twoFactorStatus(db(), user.id),
    pendingEnrolment(db(), user),
    getSignedInUser(request),
  ])
  return json({
    status,
    enrolment,
    admin: isAdmin(user),
    sessionPassedSecondFactor: Boolean(signedIn?.session.secondFactorAt),
    adminRequired: new URL(request.url).searchParams.get('required') === 'admin',
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  await requireRecentSignIn(request, user)
  const submission = parseWithZod(await readForm(request, { fields: TWO_FACTOR_FIELDS }), {
    schema: TwoFactorSchema,
  })
  if (submission.status !== 'success')
    return json(
      {
        errors: submission.error?.code ?? ['Choose what to do'],
        codes: null,
        intent: String(submission.payload.intent ?? ''),
      },
      { status: 400 },
    )
  const form = submission.value
  switch (form.intent) {
    case 'start':
      await startEnrolment(db(), user.id)
      return redirectWithToast(PATH, {
        type: 'message',
        title: 'Scan the QR code',
        description: 'Then type the code your app shows to turn two-factor on.',
      })
    case 'cancel':
      if (!(await twoFactorStatus(db(), user.id)).enabled) await removeTwoFactor(db(), user.id)
      return redirectWithToast(PATH, { type: 'message', title: 'Two-factor set-up cancelled' })
    case 'confirm': {
      const outcome = await confirmEnrolment(db(), user.id, form.code)
      if (!outcome.ok) return codeRefused('confirm', outcome)
      // The code just typed is a second factor passed by this very session. Every other session
      // passed none: they end, or one of them could still change the codes (issue 38.5).
      const sid = await getSessionId(request.headers.get('Cookie'))
      if (sid) await markReauthenticated(db(), sid, { secondFactor: true })
      await endUserSessions(db(), user.id, sid ?? undefined)
      // A toast of its own, which also replaces "Scan the QR code" if that is still showing.
      return json({
        errors: null,
        codes: outcome.codes,
        turnedOn: true,
        toast: {
          id: 'two-factor-on',
          type: 'success' as const,
          title: 'Two-factor authentication is on',
          description:
            'You were signed out everywhere else. Keep your recovery codes below: they are shown only now.',
        },
      })
    }
    case 'regenerate': {
      const check = await checkCode(db(), user.id, form.code)
      if (!check.ok) return codeRefused('regenerate', check)
      return json({
        errors: null,
        codes: await replaceRecoveryCodes(db(), user.id),
        toast: {
          id: 'recovery-codes-replaced',
          type: 'success' as const,
          title: 'New recovery codes',
          description: 'The old ones no longer work. Keep these below: they are shown only now.',
        },
      })
    }
    case 'disable': {
      const check = await checkCode(db(), user.id, form.code)
      if (!check.ok) return codeRefused('disable', check)
      await removeTwoFactor(db(), user.id)
      return redirectWithToast('/settings', {
        type: 'success',
        title: 'Two-factor authentication is off',
        description: 'Signing in now asks for your password (or Google) alone.',
      })
    }
  }
}

/** A refused code, said under the form it was typed in (the page has three code fields). */
function codeRefused(
  intent: 'confirm' | 'regenerate' | 'disable',
  outcome: { message: string } | { limited: Parameters<typeof tooManyMessage>[0] },
) {
  return 'limited' in outcome
    ? json({ errors: [tooManyMessage(outcome.limited)], codes: null, intent }, { status: 429 })
    : json({ errors: [outcome.message], codes: null, intent }, { status: 400 })
}

export default function TwoFactorPage() {
  const { status, enrolment, admin, sessionPassedSecondFactor, adminRequired } =
    useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  const pending = useIsPending()
  const errors = data?.errors ?? undefined
  const errorsOf = (intent: string) =>
    data && 'intent' in data && data.intent && data.intent !== intent ? undefined : errors
  const codes = data?.codes ?? null
  return (
    <SettingsShell
      title="Two-factor authentication"
      intro="With two-factor on, signing in asks for a code from an authenticator app on your phone as well as your password or Google."
    >
      {(adminRequired || (admin && !sessionPassedSecondFactor)) && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          {status.enabled ? (
            <>
              Admin pages need a session that passed two-factor.{' '}
              <Link
                to={`${CONFIRM_PATH}?redirectTo=%2F`}
                className="font-medium text-brand-700 underline"
              >
                Confirm with your code
              </Link>
              , or sign out and sign in again with it.
            </>
          ) : (
            'The administrator must use two-factor authentication: turn it on below to reach the admin pages.'
          )}
        </p>
      )}
      {codes && (
        <SettingsSection id="recovery-codes" title="Your recovery codes">
          <p className="mt-1 text-sm text-slate-700">
            Each code signs you in once if you lose your phone. Keep them somewhere safe: they are
            shown only now.
          </p>
          <ul
            className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm"
            data-testid="recovery-codes"
          >
            {codes.map((code) => (
              <li key={code}>{code}</li>
            ))}
          </ul>
        </SettingsSection>
      )}
      {status.enabled ? (
        <>
          <p className="text-sm text-slate-800" data-testid="two-factor-state">
            Two-factor authentication is <strong>on</strong>. {status.recoveryCodesLeft} of 10
            recovery codes left.
          </p>
          <SettingsSection id="regenerate" title="New recovery codes">
            <p className="mt-1 text-sm text-slate-600">The codes you have now stop working.</p>
            <Form method="post" noValidate className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="regenerate" />
              <Field
                id="regenerate-code"
                name="code"
                label="Code from your app (or a recovery code)"
                autoComplete="one-time-code"
                required
                maxLength={32}
                errors={errorsOf('regenerate')}
              />
              <Button type="submit" disabled={pending}>
                Make New Recovery Codes
              </Button>
            </Form>
          </SettingsSection>
          <SettingsSection id="disable" title="Turn two-factor off">
            <Form method="post" noValidate className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="disable" />
              <Field
                id="disable-code"
                name="code"
                label="Code from your app (or a recovery code)"
                autoComplete="one-time-code"
                required
                maxLength={32}
                errors={errorsOf('disable')}
              />
              <Button type="submit" variant="danger" disabled={pending}>
                Turn Off Two-Factor
              </Button>
            </Form>
          </SettingsSection>
        </>
      ) : enrolment ? (
        <SettingsSection id="enrol" title="Set up your authenticator app">
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
            <li>
              Scan this QR code with your authenticator app, or type the key below. On the phone
              that has the app, open it from here instead.
            </li>
            <li>Type the 6-digit code the app then shows.</li>
          </ol>
          <img
            src={enrolment.qrDataUrl}
            alt="QR code of your two-factor key"
            width={192}
            height={192}
            className="mt-3 rounded border"
            data-testid="two-factor-qr"
          />
          <p className="mt-2">
            <a
              href={enrolment.otpauthUrl}
              className="inline-flex min-h-6 items-center font-medium text-brand-700 underline"
              data-testid="two-factor-app-link"
            >
              Open in your authenticator app
            </a>
          </p>
          <p className="mt-3 text-sm text-slate-700">
            Key:{' '}
            <code className="break-all font-mono" data-testid="two-factor-key">
              {enrolment.secretGroups}
            </code>
          </p>
          <Form method="post" noValidate className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="confirm" />
            <Field
              id="confirm-code"
              name="code"
              label="Code from your app"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={32}
              errors={errorsOf('confirm')}
            />
            <Button type="submit" disabled={pending}>
              Turn On Two-Factor
            </Button>
          </Form>
          <Form method="post" className="mt-3">
            <Button type="submit" name="intent" value="cancel" variant="ghost" disabled={pending}>
              Cancel
            </Button>
          </Form>
        </SettingsSection>
      ) : (
        !codes && (
          <>
            <p className="text-sm text-slate-800" data-testid="two-factor-state">
              Two-factor authentication is <strong>off</strong>.
            </p>
            <Form method="post">
              <Button type="submit" name="intent" value="start" disabled={pending}>
                Set Up Two-Factor
              </Button>
            </Form>
          </>
        )
      )}
    </SettingsShell>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Two-factor authentication · Settings' },
  { name: 'description', content: 'Turn two-factor authentication on or off.' },
]
