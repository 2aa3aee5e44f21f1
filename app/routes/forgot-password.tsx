import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { AuthCard, FormAlert } from '~/components/auth-card'
import { Field } from '~/components/forms'
import { Button, ButtonLink, TAP_TARGET } from '~/components/ui/button'
import { ForgotPasswordSchema } from '~/lib/auth-schemas'
import { fieldsOf, readForm } from '~/lib/form.server'
import { clientIp } from '~/lib/client-address.server'
import { CHECK_EMAIL_MESSAGE } from '~/lib/page-messages'
import { requestPasswordResetLimited } from '~/services/accounts/password-reset.server'
import { tooManyMessage } from '~/services/platform/rate-limit.server'
import { db } from '~/services/platform/db.server'
import { useIsPending } from '~/lib/hooks'

export function loader({ request }: LoaderFunctionArgs) {
  const sent = new URL(request.url).searchParams.get('sent') === '1'
  return json({ sent, constraint: getZodConstraint(ForgotPasswordSchema) })
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(
    await readForm(request, { fields: fieldsOf(ForgotPasswordSchema) }),
    { schema: ForgotPasswordSchema },
  )
  if (submission.status !== 'success') return json(submission.reply(), { status: 400 })
  try {
    const limited = await requestPasswordResetLimited(
      db(),
      submission.value.email,
      clientIp(request) ?? 'unknown',
    )
    if (!limited.allowed)
      return json(submission.reply({ formErrors: [tooManyMessage(limited)] }), { status: 429 })
  } catch (error) {
    console.error('[forgot-password] request failed', error)
    return json(submission.reply({ formErrors: ['Failed to send reset email'] }), { status: 503 })
  }
  // The same answer whether or not the account exists.
  return redirect('/forgot-password?sent=1')
}

export default function ForgotPasswordPage() {
  const { sent, constraint } = useLoaderData<typeof loader>()
  const lastResult = useActionData<typeof action>()
  const pending = useIsPending()
  const [form, fields] = useForm({
    id: 'forgot-password',
    lastResult,
    constraint,
    shouldRevalidate: 'onInput',
  })

  if (sent) {
    return (
      <AuthCard title="Check Your Email">
        <p className="text-slate-700">{CHECK_EMAIL_MESSAGE}</p>
        <p className="mt-2 text-sm text-slate-500">
          The link works once, for one hour. Check your spam folder if it does not arrive.
        </p>
        <ButtonLink to="/login" variant="secondary" className="mt-6 w-full">
          Back to Sign In
        </ButtonLink>
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the email of your account and we'll send you a link to choose a new password."
    >
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        <Field
          label="Email"
          autoComplete="email"
          // A page with one purpose: the cursor starts where the user types (as Epic Stack's login).
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          errors={fields.email?.errors}
          {...getInputProps(fields.email!, { type: 'email' })}
        />
        <FormAlert id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={pending} className="w-full">
          {pending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className={`${TAP_TARGET} font-medium text-brand-700 hover:underline`}>
          Back to Sign In
        </Link>
      </p>
    </AuthCard>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Forgot Password' },
  { name: 'description', content: 'Reset the password of your account.' },
]
