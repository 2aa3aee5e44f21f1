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
import { requireUser } from '~/services/auth.server'
import {
  createVerificationCode,
  MAX_CODE_ATTEMPTS,
  verifyOwnEmailByMailedCode,
} from '~/services/email-verification.server'
import { hit, LIMITS, tooManyMessage } from '~/services/rate-limit.server'
import { redirectWithToast } from '~/services/toast.server'
import { db } from '~/services/db.server'
import { useIsPending } from '~/lib/hooks'

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json({
    emailVerified: user.emailVerified,
    email: user.email,
    supportEmail: env().SUPPORT_EMAIL,
    mailConfigured: Boolean(env().SMTP_URL),
    codeTries: MAX_CODE_ATTEMPTS,
  })
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const formData = await readForm(request, { fields: fieldsOf(VerificationCodeSchema, 'intent') })
  const intent = VerifyEmailIntentSchema.safeParse({ intent: formData.get('intent') })
  if (!intent.success)
    return json({ kind: 'error' as const, message: 'Unknown action' }, { status: 400 })
  if (user.emailVerified)
    return redirectWithToast('/verify-email', {
      type: 'message',
      title: 'Your email is already verified.',
    })

  if (intent.data.intent === 'generate') {
    const limited = await hit(
      LIMITS.verificationPerUser(user.id),
      LIMITS.verificationPerUserPerDay(user.id),
    )
    if (!limited.allowed)
      return json({ kind: 'error' as const, message: tooManyMessage(limited) }, { status: 429 })
    const { code, expiresAt } = await createVerificationCode(db(), user.id, user.email)
    return json({ kind: 'code' as const, code, expiresAt: expiresAt.toISOString() })
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
    return json({ kind: 'error' as const, message: tooManyMessage(limited) }, { status: 429 })
  const result = await verifyOwnEmailByMailedCode(db(), user.id, submission.value.token)
  if (!result.ok) return json({ kind: 'error' as const, message: result.message }, { status: 400 })
  return redirectWithToast('/', {
    type: 'success',
    title: 'Email verified',
    description: 'You can now register songs on the blockchain.',
  })
}

export default function VerifyEmailPage() {
  const { emailVerified, email, supportEmail, mailConfigured, codeTries } =
    useLoaderData<typeof loader>()
  const data = useActionData<typeof action>()
  const generating = useIsPending({ intent: 'generate' })
  const code = data?.kind === 'code' ? data.code : null
  const subject = code ? `Verify Account - Code: ${code}` : ''
  const body = code
    ? `Hello,\n\nPlease verify the email address of my account (${email}).\n\nVerification code: ${code}\n\nThank you.`
    : ''

  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Verify Your Email</h1>
      <p className="mt-2 text-slate-600">
        Email verification is needed before you can register songs on the blockchain for free.
      </p>

      {emailVerified ? (
        <div className="mt-8 rounded-lg border border-green-200 bg-green-50 p-6">
          <p className="font-semibold text-green-900">Your email {email} is verified.</p>
        </div>
      ) : code ? (
        <section className="mt-8 space-y-5 rounded-lg border border-slate-200 p-6">
          <h2 className="text-lg font-semibold text-slate-900">Your verification code</h2>
          <p
            className="select-all font-mono text-4xl font-bold tracking-widest text-brand-700"
            data-testid="verification-code"
          >
            {code}
          </p>
          <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
            <li>
              Send an email from <strong>{email}</strong> to the support address below.
            </li>
            <li>Use the subject and message shown here; the code must be in them.</li>
            <li>
              We confirm your address, usually within 24 hours. The code is valid for 24 hours.
            </li>
          </ol>
          <CopyField label="To" value={supportEmail} />
          <CopyField label="Subject" value={subject} />
          <CopyField label="Message" value={body} multiline />
          <div className="flex flex-wrap gap-3">
            <a
              className={buttonClass('primary')}
              href={`mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`}
            >
              Open Email Client
            </a>
            <ButtonLink to="/verify-email" variant="secondary" reloadDocument>
              Generate New Code
            </ButtonLink>
            <ButtonLink to="/" variant="ghost">
              Back to Dashboard
            </ButtonLink>
          </div>
        </section>
      ) : (
        <section className="mt-8 rounded-lg border border-slate-200 p-6">
          <p className="text-slate-700">
            Generate a code, then email it to <strong>{supportEmail}</strong> from{' '}
            <strong>{email}</strong>. Confirmation is usually within 24 hours.
          </p>
          <Form method="post" className="mt-4 flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="generate" />
            <Button type="submit" disabled={generating}>
              {generating ? 'Generating...' : 'Generate Verification Code'}
            </Button>
            <ButtonLink to="/" variant="ghost">
              Back to Dashboard
            </ButtonLink>
          </Form>
        </section>
      )}

      {data?.kind === 'error' && (
        <div className="mt-4">
          <FormAlert errors={[data.message]} />
        </div>
      )}

      {!emailVerified && mailConfigured && (
        <section className="mt-8 rounded-lg border border-slate-200 p-6">
          <h2 className="text-lg font-semibold text-slate-900">Got a code by email?</h2>
          <p className="mt-1 text-sm text-slate-600">
            When you generate a code we also email a separate code to {email}. Enter it here to
            verify right away; each emailed code allows {codeTries} tries.
          </p>
          <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="verify" />
            <Field
              label="Code from the email"
              name="token"
              id="mailed-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              pattern="\d{6}"
            />
            <Button type="submit">Verify</Button>
          </Form>
        </section>
      )}
    </div>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Verify Your Email' },
  {
    name: 'description',
    content: 'Verify your email address to register songs on the blockchain.',
  },
]
