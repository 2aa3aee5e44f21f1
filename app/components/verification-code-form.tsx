import { useFetcher, useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { useHydrated } from '~/lib/hooks'
import { FormAlert } from './auth-card'
import type { VerificationCodeResult } from '~/lib/admin'
import { useShowToast } from './toaster'
import { Button } from './ui/button'

/**
 * The administrator's code form, on /admin/verify and on the admin panel's tab. It posts to
 * /admin/verify, which owns the rule (6 digits, trimmed, blank ignored). With JavaScript it is a
 * fetcher: an error stays where the admin is, as a message and a toast; success redirects with one.
 * Without JavaScript the post lands on /admin/verify, whose action result comes in as `result`.
 */
export function VerificationCodeForm({
  id,
  result,
  redirectTo,
  className,
  inputClassName,
  buttonClassName,
}: {
  id: string
  result?: VerificationCodeResult
  redirectTo?: string
  className?: string
  inputClassName?: string
  buttonClassName?: string
}) {
  const fetcher = useFetcher<VerificationCodeResult>()
  const data: VerificationCodeResult | undefined = fetcher.data ?? result
  const [code, setCode] = useState('')
  const hydrated = useHydrated()
  // A successful verification redirects: the new location clears the input.
  const { key } = useLocation()
  useEffect(() => setCode(''), [key])
  const pending = fetcher.state !== 'idle'
  // A fetcher's answer is not the page's action data, so its toast goes to the root's region here;
  // without JavaScript the root shows the action's toast itself.
  const showToast = useShowToast()
  const fetcherToast = fetcher.data?.toast ?? null
  useEffect(() => {
    if (fetcherToast) showToast(fetcherToast)
  }, [fetcherToast, showToast])
  // Without JavaScript the button stays usable; the server applies the same rule.
  const disabled = pending || (hydrated && code.trim().length !== 6)

  return (
    <>
      <fetcher.Form method="post" action="/admin/verify" className={className}>
        {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <VerificationCodeField
          id={id}
          code={code}
          onChange={setCode}
          message={data?.message ?? null}
          className={inputClassName}
        />
        <Button type="submit" disabled={disabled} className={buttonClassName}>
          Verify User Email
        </Button>
      </fetcher.Form>
    </>
  )
}

/** The admin's 6-digit code input: digits only, with the server's message under it. */
export function VerificationCodeField({
  id,
  code,
  onChange,
  message,
  className = '',
}: {
  id: string
  code: string
  onChange: (code: string) => void
  message: string | null
  className?: string
}) {
  return (
    <>
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          Verification code
        </label>
        <input
          id={id}
          name="token"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={code}
          onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
          className={`mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-center font-mono text-2xl tracking-widest ${className}`}
          aria-describedby={message ? `${id}-error` : undefined}
          aria-invalid={message ? true : undefined}
        />
      </div>
      {message && <FormAlert id={`${id}-error`} errors={[message]} />}
    </>
  )
}
