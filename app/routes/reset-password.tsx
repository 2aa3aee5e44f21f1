import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AuthCard, FormAlert } from '~/components/auth-card'
import { PasswordField } from '~/components/password-field'
import { Toaster } from '~/components/toaster'
import { Button, ButtonLink } from '~/components/ui/button'
import { ResetPasswordSchema } from '~/lib/auth-schemas'
import { isResetTokenUsable, resetPassword } from '~/services/password-reset.server'
import { redirectWithToast } from '~/services/toast.server'

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const valid = token.length > 0 && token.length <= 200 && (await isResetTokenUsable(token))
  return json({ token: valid ? token : null, constraint: getZodConstraint(ResetPasswordSchema) })
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordSchema })
  if (submission.status !== 'success') return json({ result: submission.reply({ hideFields: ['password', 'confirmPassword'] }), toast: null }, { status: 400 })
  const result = await resetPassword(submission.value.token, submission.value.password)
  if (!result.ok) {
    return json(
      { result: submission.reply({ formErrors: [result.message], hideFields: ['password', 'confirmPassword'] }), toast: { id: 'reset-failed', type: 'error' as const, title: 'Password reset failed', description: result.message } },
      { status: 400 },
    )
  }
  return redirectWithToast('/login', { type: 'success', title: 'Password reset successful', description: 'Please log in with your new password.' })
}

export default function ResetPasswordPage() {
  const { token, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const pending = useNavigation().state === 'submitting'
  const [form, fields] = useForm({ id: 'reset-password', lastResult: actionData?.result, constraint, shouldRevalidate: 'onInput' })

  if (!token) {
    return (
      <AuthCard title="Invalid Reset Link">
        <p className="text-slate-700">The password reset link is invalid or has expired.</p>
        <ButtonLink to="/forgot-password" className="mt-6 w-full">Request a new password reset link</ButtonLink>
      </AuthCard>
    )
  }
  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password for your account.">
      <Toaster toast={actionData?.toast ?? null} />
      <Form method="post" {...getFormProps(form)} noValidate className="space-y-4">
        <input type="hidden" name="token" value={token} />
        <PasswordField label="New Password" autoComplete="new-password" errors={fields.password?.errors} {...getInputProps(fields.password!, { type: 'password' })} />
        <PasswordField label="Confirm Password" autoComplete="new-password" errors={fields.confirmPassword?.errors} {...getInputProps(fields.confirmPassword!, { type: 'password' })} />
        <p className="text-xs text-slate-500">At least 8 characters, with an uppercase letter, a lowercase letter and a number.</p>
        <FormAlert id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={pending} className="w-full">{pending ? 'Resetting...' : 'Reset Password'}</Button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">Remember your password? <Link to="/login" className="font-medium text-brand-700 hover:underline">Sign in</Link></p>
    </AuthCard>
  )
}

export const meta: MetaFunction = () => [{ title: 'Reset Password' }, { name: 'description', content: 'Choose a new password.' }]
