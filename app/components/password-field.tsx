import { type InputHTMLAttributes, type ReactNode, useState } from 'react'
import { ErrorList, type ListOfErrors } from './forms'
import { useTextOr } from '~/i18n/form-errors'
import { useHydrated } from '~/lib/hooks'

/**
 * A password input with a show/hide toggle. The toggle appears only once JavaScript runs;
 * without it the field simply stays a password field.
 */
export function PasswordField({
  label,
  errors,
  hint,
  ...props
}: {
  label: string
  errors?: ListOfErrors
  hint?: ReactNode
} & InputHTMLAttributes<HTMLInputElement> & {
    id?: string
  }) {
  const hydrated = useHydrated()
  // Settings' password forms share this field: until their pages send the auth area, English.
  const textOr = useTextOr()
  const [visible, setVisible] = useState(false)
  const errorId = errors?.length ? `${props.id}-error` : undefined
  // The rule is read out with the field, before any error (issue 39 item 3).
  const hintId = hint ? `${props.id}-hint` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative mt-1">
        <input
          {...props}
          type={visible ? 'text' : 'password'}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 pr-16 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:border-red-500"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={describedBy}
        />
        {hydrated && (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={
              visible
                ? textOr('auth.password.hideLabel', 'Hide password')
                : textOr('auth.password.showLabel', 'Show password')
            }
            aria-controls={props.id}
            className="absolute inset-y-0 right-0 px-3 text-sm font-medium text-brand-700 hover:text-brand-900"
          >
            {visible ? textOr('auth.password.hide', 'Hide') : textOr('auth.password.show', 'Show')}
          </button>
        )}
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}
