import { parseWithZod } from '@conform-to/zod/v4'
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLocation, useNavigation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { AccessDenied, VerificationCodeField } from '~/components/admin-panel'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Toaster } from '~/components/toaster'
import { Button, ButtonLink } from '~/components/ui/button'
import { VerificationCodeSchema } from '~/lib/auth-schemas'
import { fieldsOf, readForm } from '~/lib/form.server'
import { requireAdmin } from '~/services/auth.server'
import { verifyEmailByCode } from '~/services/email-verification.server'
import { redirectWithToast } from '~/services/toast.server'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request)
  return json({})
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request)
  const formData = await readForm(request, { fields: fieldsOf(VerificationCodeSchema, 'redirectTo') })
  // Blank input is ignored (SPEC §5): nothing to verify, nothing to complain about.
  if (String(formData.get('token') ?? '').trim() === '') return json({ message: null, toast: null })
  const submission = parseWithZod(formData, { schema: VerificationCodeSchema })
  const fail = (message: string) => json({ message, toast: { id: 'verify-failed', type: 'error' as const, title: 'Error', description: message } }, { status: 400 })
  if (submission.status !== 'success') return fail(submission.error?.token?.[0] ?? 'The code must be exactly 6 digits')
  const result = await verifyEmailByCode(submission.value.token)
  if (!result.ok) return fail(result.message)
  // A redirect clears the input, with JavaScript or without. Only the admin panel's own tab
  // is honoured as a return path.
  const redirectTo = formData.get('redirectTo') === '/?tab=email' ? '/?tab=email' : '/admin/verify'
  return redirectWithToast(redirectTo, { type: 'success', title: 'Success', description: 'User email verified successfully!' })
}

export default function AdminVerifyPage() {
  const data = useActionData<typeof action>()
  const pending = useNavigation().state === 'submitting'
  const [code, setCode] = useState('')
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  // A successful verification redirects back here: a new location clears the input.
  const { key } = useLocation()
  useEffect(() => setCode(''), [key])
  // Without JavaScript the button must stay usable; the server applies the same rule.
  const disabled = pending || (hydrated && code.trim().length !== 6)

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <Toaster toast={data?.toast ?? null} />
      <h1 className="text-2xl font-bold text-slate-900">Verify User Email</h1>
      <p className="mt-2 text-sm text-slate-600">Enter the 6-digit code the user sent to the support address.</p>
      <Form method="post" className="mt-6 space-y-4">
        <VerificationCodeField id="verification-code" code={code} onChange={setCode} message={data?.message ?? null} />
        <Button type="submit" disabled={disabled} className="w-full">Verify User Email</Button>
      </Form>
      <ButtonLink to="/" variant="ghost" className="mt-4">Back to Dashboard</ButtonLink>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Verify User Email' }, { name: 'description', content: 'Administrator: verify a user email by code.' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 403: () => <AccessDenied /> }} />
}
