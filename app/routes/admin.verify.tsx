import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { AccessDenied } from '~/components/admin-access'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ButtonLink } from '~/components/ui/button'
import { VerificationCodeForm } from '~/components/verification-code-form'
import type { VerificationCodeResult } from '~/lib/admin'
import { VerificationCodeSchema } from '~/lib/auth-schemas'
import { fieldsOf, readForm } from '~/lib/form.server'
import { requireAdmin } from '~/services/accounts/auth.server'
import { verifyEmailByCode } from '~/services/accounts/email-verification.server'
import { redirectWithToast } from '~/services/platform/toast.server'
import { db } from '~/services/platform/db.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  return json({})
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request)
  const formData = await readForm(request, {
    fields: fieldsOf(VerificationCodeSchema, 'redirectTo'),
  })
  // Blank input is ignored (SPEC §5): nothing to verify, nothing to complain about.
  if (String(formData.get('token') ?? '').trim() === '')
    return json<VerificationCodeResult>({ message: null, toast: null })
  const submission = parseWithZod(formData, { schema: VerificationCodeSchema })
  const fail = (message: string, status = 400) =>
    json<VerificationCodeResult>(
      {
        message,
        toast: {
          id: 'verify-failed',
          type: 'error' as const,
          title: 'Error',
          description: message,
        },
      },
      { status },
    )
  if (submission.status !== 'success')
    return fail(submission.error?.token?.[0] ?? 'The code must be exactly 6 digits')
  const result = await verifyEmailByCode(db(), submission.value.token).catch((error: unknown) => {
    console.error('[admin] email not verified', error)
    return null
  })
  if (!result) return fail('Failed to verify email', 503)
  if (!result.ok) return fail(result.message)
  // A redirect clears the input, with JavaScript or without. Only the admin panel's own tab
  // is honoured as a return path.
  const redirectTo = formData.get('redirectTo') === '/?tab=email' ? '/?tab=email' : '/admin/verify'
  return redirectWithToast(redirectTo, {
    type: 'success',
    title: 'Success',
    description: 'User email verified successfully!',
  })
}

export default function AdminVerifyPage() {
  const data = useActionData<typeof action>()
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">Verify User Email</h1>
      <p className="mt-2 text-sm text-slate-600">
        Enter the 6-digit code the user sent to the support address.
      </p>
      <VerificationCodeForm
        id="verification-code"
        result={data}
        className="mt-6 space-y-4"
        buttonClassName="w-full"
      />
      <ButtonLink to="/" variant="ghost" className="mt-4">
        Back to Dashboard
      </ButtonLink>
    </div>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Verify User Email' },
  { name: 'description', content: 'Administrator: verify a user email by code.' },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 403: () => <AccessDenied /> }} />
}
