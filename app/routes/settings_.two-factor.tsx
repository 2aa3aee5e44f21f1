import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { AppLink } from '~/components/app-link'
import { Field } from '~/components/forms'
import { SettingsSection, SettingsShell } from '~/components/settings-shell'
import { Button } from '~/components/ui/button'
import { withParts } from '~/i18n/form-errors'
import { requestLocale } from '~/i18n/locale.server'
import type { RenderLocale } from '~/i18n/locales'
import { translatorOf, useT } from '~/i18n/react'
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
import { tooManyText } from '~/services/accounts/auth-text.server'
import { settingsPageMessages, settingsText } from '~/services/accounts/settings-text.server'
import { db } from '~/services/platform/db.server'
import type { LimitResult } from '~/services/platform/rate-limit.server'
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
    i18n: settingsPageMessages(requestLocale(request, user)),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  await requireRecentSignIn(request, user)
  const locale = requestLocale(request, user)
  const say = (id: Parameters<typeof settingsText>[1]) => settingsText(locale, id)
  const submission = parseWithZod(await readForm(request, { fields: TWO_FACTOR_FIELDS }), {
    schema: TwoFactorSchema,
  })
  if (submission.status !== 'success')
    return json(
      {
        errors: submission.error?.code ?? [say('settings.twoFactor.choose')],
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
        title: say('settings.twoFactor.started.title'),
        description: say('settings.twoFactor.started.text'),
      })
    case 'cancel':
      if (!(await twoFactorStatus(db(), user.id)).enabled) await removeTwoFactor(db(), user.id)
      return redirectWithToast(PATH, {
        type: 'message',
        title: say('settings.twoFactor.cancelled'),
      })
    case 'confirm': {
      const outcome = await confirmEnrolment(db(), user.id, form.code)
      if (!outcome.ok) return codeRefused(locale, 'confirm', outcome)
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
          title: say('settings.twoFactor.turnedOn.title'),
          description: say('settings.twoFactor.turnedOn.text'),
        },
      })
    }
    case 'regenerate': {
      const check = await checkCode(db(), user.id, form.code)
      if (!check.ok) return codeRefused(locale, 'regenerate', check)
      return json({
        errors: null,
        codes: await replaceRecoveryCodes(db(), user.id),
        toast: {
          id: 'recovery-codes-replaced',
          type: 'success' as const,
          title: say('settings.twoFactor.replaced.title'),
          description: say('settings.twoFactor.replaced.text'),
        },
      })
    }
    case 'disable': {
      const check = await checkCode(db(), user.id, form.code)
      if (!check.ok) return codeRefused(locale, 'disable', check)
      await removeTwoFactor(db(), user.id)
      return redirectWithToast('/settings', {
        type: 'success',
        title: say('settings.twoFactor.turnedOff.title'),
        description: say('settings.twoFactor.turnedOff.text'),
      })
    }
  }
}

/**
 * A refused code, said under the form it was typed in (the page has three code fields). The
 * service's message is the auth area's English, which the page's data translates.
 */
function codeRefused(
  locale: RenderLocale,
  intent: 'confirm' | 'regenerate' | 'disable',
  outcome: { message: string } | { limited: LimitResult },
) {
  return 'limited' in outcome
    ? json({ errors: [tooManyText(locale, outcome.limited)], codes: null, intent }, { status: 429 })
    : json({ errors: [outcome.message], codes: null, intent }, { status: 400 })
}

export default function TwoFactorPage() {
  const { status, enrolment, admin, sessionPassedSecondFactor, adminRequired } =
    useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  const pending = useIsPending()
  const t = useT()
  const errors = data?.errors ?? undefined
  const errorsOf = (intent: string) =>
    data && 'intent' in data && data.intent && data.intent !== intent ? undefined : errors
  const codes = data?.codes ?? null
  return (
    <SettingsShell title={t('settings.twoFactor.title')} intro={t('settings.twoFactor.intro')}>
      {(adminRequired || (admin && !sessionPassedSecondFactor)) && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          {status.enabled
            ? withParts((marks) => t('settings.twoFactor.admin.confirm', marks), {
                confirmLink: (
                  <AppLink
                    key="confirm"
                    to={`${CONFIRM_PATH}?redirectTo=%2F`}
                    className="font-medium text-brand-700 underline"
                  >
                    {t('settings.twoFactor.admin.confirmLink')}
                  </AppLink>
                ),
              })
            : t('settings.twoFactor.admin.turnOn')}
        </p>
      )}
      {codes && (
        <SettingsSection id="recovery-codes" title={t('settings.twoFactor.codes.title')}>
          <p className="mt-1 text-sm text-slate-700">{t('settings.twoFactor.codes.text')}</p>
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
            {withParts(
              (marks) =>
                t('settings.twoFactor.stateOn', { ...marks, left: status.recoveryCodesLeft }),
              { on: <strong key="on">{t('settings.twoFactor.on')}</strong> },
            )}
          </p>
          <SettingsSection id="regenerate" title={t('settings.twoFactor.regenerate.title')}>
            <p className="mt-1 text-sm text-slate-600">{t('settings.twoFactor.regenerate.text')}</p>
            <Form method="post" noValidate className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="regenerate" />
              <Field
                id="regenerate-code"
                name="code"
                label={t('settings.twoFactor.codeOrRecovery')}
                autoComplete="one-time-code"
                required
                maxLength={32}
                errors={errorsOf('regenerate')}
              />
              <Button type="submit" disabled={pending}>
                {t('settings.twoFactor.regenerate.submit')}
              </Button>
            </Form>
          </SettingsSection>
          <SettingsSection id="disable" title={t('settings.twoFactor.disable.title')}>
            <Form method="post" noValidate className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="disable" />
              <Field
                id="disable-code"
                name="code"
                label={t('settings.twoFactor.codeOrRecovery')}
                autoComplete="one-time-code"
                required
                maxLength={32}
                errors={errorsOf('disable')}
              />
              <Button type="submit" variant="danger" disabled={pending}>
                {t('settings.twoFactor.disable.submit')}
              </Button>
            </Form>
          </SettingsSection>
        </>
      ) : enrolment ? (
        <SettingsSection id="enrol" title={t('settings.twoFactor.enrol.title')}>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
            <li>{t('settings.twoFactor.enrol.scan')}</li>
            <li>{t('settings.twoFactor.enrol.type')}</li>
          </ol>
          <img
            src={enrolment.qrDataUrl}
            alt={t('settings.twoFactor.enrol.qrAlt')}
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
              {t('settings.twoFactor.enrol.openApp')}
            </a>
          </p>
          <p className="mt-3 text-sm text-slate-700">
            {withParts((marks) => t('settings.twoFactor.enrol.key', marks), {
              key: (
                <code key="key" className="break-all font-mono" data-testid="two-factor-key">
                  {enrolment.secretGroups}
                </code>
              ),
            })}
          </p>
          <Form method="post" noValidate className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="confirm" />
            <Field
              id="confirm-code"
              name="code"
              label={t('settings.twoFactor.enrol.code')}
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={32}
              errors={errorsOf('confirm')}
            />
            <Button type="submit" disabled={pending}>
              {t('settings.twoFactor.enrol.submit')}
            </Button>
          </Form>
          <Form method="post" className="mt-3">
            <Button type="submit" name="intent" value="cancel" variant="ghost" disabled={pending}>
              {t('settings.twoFactor.enrol.cancel')}
            </Button>
          </Form>
        </SettingsSection>
      ) : (
        !codes && (
          <>
            <p className="text-sm text-slate-800" data-testid="two-factor-state">
              {withParts((marks) => t('settings.twoFactor.stateOff', marks), {
                off: <strong key="off">{t('settings.twoFactor.off')}</strong>,
              })}
            </p>
            <Form method="post">
              <Button type="submit" name="intent" value="start" disabled={pending}>
                {t('settings.twoFactor.start')}
              </Button>
            </Form>
          </>
        )
      )}
    </SettingsShell>
  )
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('settings.twoFactor.meta.title') },
    { name: 'description', content: t('settings.twoFactor.meta.description') },
  ]
}
