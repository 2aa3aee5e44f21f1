import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { FormAlert } from '~/components/auth-card'
import { CopyField } from '~/components/copy-field'
import { Field } from '~/components/forms'
import { Button, ButtonLink, buttonClass } from '~/components/ui/button'
import { VerificationCodeSchema, VerifyEmailIntentSchema } from '~/lib/auth-schemas'
import { fieldsOf, readForm } from '~/lib/form.server'
import { env } from '~/env.server'
import { requireUser } from '~/services/accounts/auth.server'
import {
  createSupportCode,
  hasLiveMailedCode,
  mailVerificationCode,
  MAX_CODE_ATTEMPTS,
  verifyOwnEmailByMailedCode,
} from '~/services/accounts/email-verification.server'
import { hit, LIMITS } from '~/services/platform/rate-limit.server'
import { redirectWithToast } from '~/services/platform/toast.server'
import { db } from '~/services/platform/db.server'
import { useIsPending } from '~/lib/hooks'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import { withParts } from '~/i18n/form-errors'
import { authPageMessages, authText, tooManyText } from '~/services/accounts/auth-text.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json({
    emailVerified: user.emailVerified,
    // The box for the mailed code shows once a code is on its way, never before (issue 52.6).
    codeSent: !user.emailVerified && (await hasLiveMailedCode(db(), user.id)),
    email: user.email,
    supportEmail: env().SUPPORT_EMAIL,
    codeTries: MAX_CODE_ATTEMPTS,
    i18n: authPageMessages(requestLocale(request, user)),
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const locale = requestLocale(request, user)
  const formData = await readForm(request, { fields: fieldsOf(VerificationCodeSchema, 'intent') })
  const intent = VerifyEmailIntentSchema.safeParse({ intent: formData.get('intent') })
  if (!intent.success)
    return json({ kind: 'error' as const, message: 'Unknown action' }, { status: 400 })
  if (user.emailVerified)
    return redirectWithToast('/verify-email', {
      type: 'message',
      title: authText(locale, 'auth.verify.alreadyVerified'),
    })

  if (intent.data.intent !== 'verify') {
    // SPEC §8: a new code comes with 'Verification Code Generated'; a failure is an 'Error' toast
    // with its message. The page renders again, so the toast rides in the data (decision 032).
    const generateFailed = (message: string, status: number) =>
      json(
        {
          kind: 'error' as const,
          message,
          toast: {
            id: `code-failed-${Date.now()}`,
            type: 'error' as const,
            title: authText(locale, 'auth.verify.error'),
            description: message,
          },
        },
        { status },
      )
    const generated = (expiresAt: Date) => ({
      id: `code-${expiresAt.getTime()}`,
      type: 'success' as const,
      title: authText(locale, 'auth.verify.generated'),
    })
    const limited = await hit(
      LIMITS.verificationPerUser(user.id),
      LIMITS.verificationPerUserPerDay(user.id),
    )
    if (!limited.allowed) return generateFailed(tooManyText(locale, limited), 429)
    const failed = (error: unknown) => {
      console.error('[verify-email] no code generated', error)
      return null
    }
    // The first step mails the user their own code; the page shows none (issue 39 item 2).
    if (intent.data.intent === 'generate') {
      const mailed = await mailVerificationCode(db(), user.id, user.email, locale).catch(failed)
      if (!mailed) return generateFailed('Failed to generate verification code', 503)
      return json({ kind: 'mailed' as const, toast: generated(mailed.expiresAt) })
    }
    const created = await createSupportCode(db(), user.id).catch(failed)
    if (!created) return generateFailed('Failed to generate verification code', 503)
    return json({
      kind: 'code' as const,
      code: created.code,
      expiresAt: created.expiresAt.toISOString(),
      toast: generated(created.expiresAt),
    })
  }

  const submission = parseWithZod(formData, { schema: VerificationCodeSchema })
  if (submission.status !== 'success')
    return json(
      {
        kind: 'error' as const,
        message: submission.error?.token?.[0] ?? 'The code must be exactly 6 digits',
      },
      { status: 400 },
    )
  const limited = await hit(LIMITS.verifyCodePerUserPerDay(user.id))
  if (!limited.allowed)
    return json({ kind: 'error' as const, message: tooManyText(locale, limited) }, { status: 429 })
  const result = await verifyOwnEmailByMailedCode(db(), user.id, submission.value.token)
  if (!result.ok) {
    // The tries left are a number in a sentence: said in the page's language here; every other
    // refusal is one fixed message, translated where it is shown (decision 120, "Form errors").
    const message =
      'triesLeft' in result
        ? authText(locale, 'auth.verify.triesLeft', { left: result.triesLeft })
        : result.message
    return json({ kind: 'error' as const, message }, { status: 400 })
  }
  return redirectWithToast('/', {
    type: 'success',
    title: authText(locale, 'auth.verify.done.title'),
    description: authText(locale, 'auth.verify.done.text'),
  })
}

export default function VerifyEmailPage() {
  const { emailVerified, codeSent, email, supportEmail, codeTries } = useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  const generating = useIsPending({ intent: 'generate' })
  const askingSupport = useIsPending({ intent: 'support' })
  const mailed = codeSent || data?.kind === 'mailed'
  const code = data?.kind === 'code' ? data.code : null
  const t = useT()

  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">{t('auth.verify.title')}</h1>
      <p className="mt-2 text-slate-600">{t('auth.verify.intro')}</p>

      {data?.kind === 'error' && (
        <div className="mt-4">
          <FormAlert errors={[data.message]} />
        </div>
      )}

      {emailVerified ? (
        <div className="mt-8 rounded-lg border border-green-200 bg-green-50 p-6">
          <p className="font-semibold text-green-900">{t('auth.verify.verified', { email })}</p>
        </div>
      ) : code ? (
        <SupportCode code={code} email={email} supportEmail={supportEmail} />
      ) : (
        <>
          {/* One code on the page at a time (issue 39 item 2): the emailed code is entered here
              and verifies at once; the code for support is its own step below. The box comes
              once a code is on its way, with "Send a new code" below it (issue 52.6). */}
          <section
            aria-labelledby="mailed-code-heading"
            className="mt-8 rounded-lg border border-slate-200 p-6"
          >
            <h2 id="mailed-code-heading" className="text-lg font-semibold text-slate-900">
              {mailed ? t('auth.verify.mailed.title') : t('auth.verify.generate.title')}
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              {t(mailed ? 'auth.verify.mailed.text' : 'auth.verify.generate.text', {
                email,
                tries: codeTries,
              })}
            </p>
            {mailed && (
              <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
                <input type="hidden" name="intent" value="verify" />
                {/* The step's one field takes focus, with JavaScript and without (issue 52.7). */}
                <Field
                  label={t('auth.verify.code')}
                  name="token"
                  id="mailed-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  pattern="\d{6}"
                  // eslint-disable-next-line jsx-a11y/no-autofocus
                  autoFocus
                />
                <Button type="submit">{t('auth.verify.submit')}</Button>
              </Form>
            )}
            <Form method="post" className="mt-4 flex flex-wrap gap-3">
              <input type="hidden" name="intent" value="generate" />
              <Button
                type="submit"
                variant={mailed ? 'secondary' : 'primary'}
                disabled={generating}
              >
                {generating
                  ? t('auth.verify.generating')
                  : mailed
                    ? t('auth.verify.sendNew')
                    : t('auth.verify.generate')}
              </Button>
              <ButtonLink to="/" variant="ghost">
                {t('auth.verify.back')}
              </ButtonLink>
            </Form>
          </section>
          <section
            aria-labelledby="support-code-heading"
            className="mt-8 rounded-lg border border-slate-200 p-6"
          >
            <h2 id="support-code-heading" className="text-lg font-semibold text-slate-900">
              {t('auth.verify.noMail.title')}
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              {withParts((marks) => t('auth.verify.noMail.text', marks), {
                supportEmail: <strong key="support">{supportEmail}</strong>,
                email: <strong key="email">{email}</strong>,
              })}
            </p>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="support" />
              <Button type="submit" variant="secondary" disabled={askingSupport}>
                {askingSupport ? t('auth.verify.generating') : t('auth.verify.supportButton')}
              </Button>
            </Form>
          </section>
        </>
      )}
    </div>
  )
}

/** The fallback step: the spec's code for support, alone on the page. */
function SupportCode({
  code,
  email,
  supportEmail,
}: {
  code: string
  email: string
  supportEmail: string
}) {
  const t = useT()
  // The mail goes to our support, who read English: its subject and message stay English.
  const subject = `Verify Account - Code: ${code}`
  const body = `Hello,\n\nPlease verify the email address of my account (${email}).\n\nVerification code: ${code}\n\nThank you.`
  return (
    <section className="mt-8 space-y-5 rounded-lg border border-slate-200 p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t('auth.verify.support.title')}</h2>
      <p
        className="select-all font-mono text-4xl font-bold tracking-widest text-brand-700"
        data-testid="verification-code"
      >
        {code}
      </p>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>
          {withParts((marks) => t('auth.verify.support.step1', marks), {
            email: <strong key="email">{email}</strong>,
          })}
        </li>
        <li>{t('auth.verify.support.step2')}</li>
        <li>{t('auth.verify.support.step3')}</li>
      </ol>
      <p className="text-sm text-slate-600">{t('auth.verify.support.only')}</p>
      <CopyField label={t('auth.verify.support.to')} value={supportEmail} />
      <CopyField label={t('auth.verify.support.subject')} value={subject} />
      <CopyField label={t('auth.verify.support.message')} value={body} multiline />
      <div className="flex flex-wrap gap-3">
        <a
          className={buttonClass('primary')}
          href={`mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`}
        >
          {t('auth.verify.support.open')}
        </a>
        <ButtonLink to="/verify-email" variant="secondary" reloadDocument>
          {t('auth.verify.support.newCode')}
        </ButtonLink>
        <ButtonLink to="/verify-email" variant="ghost" reloadDocument>
          {t('auth.verify.support.enterMailed')}
        </ButtonLink>
      </div>
    </section>
  )
}

export const meta: MetaFunction = ({ matches }) => {
  const { t } = translatorOf(matches)
  return [
    { title: t('auth.verify.meta.title') },
    { name: 'description', content: t('auth.verify.meta.description') },
  ]
}
