import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react'
import { useFormErrorText } from '~/i18n/form-errors'

export type ListOfErrors = Array<string | null | undefined> | null | undefined

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const shown = useFormErrorText()
  const list = errors?.filter(Boolean)
  if (!list?.length) return null
  return (
    <ul id={id} className="mt-1 space-y-0.5">
      {list.map((error) => (
        <li key={error} className="text-sm text-red-700">
          {shown(error!)}
        </li>
      ))}
    </ul>
  )
}

/** The red box that says why a form or an action did not go through. */
export function Alert({
  id,
  className = '',
  children,
}: {
  id?: string
  className?: string
  children: ReactNode
}) {
  return (
    <div
      id={id}
      role="alert"
      className={`rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 ${className}`}
    >
      {children}
    </div>
  )
}

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:border-red-500'

interface FieldProps {
  label: ReactNode
  errors?: ListOfErrors
  className?: string
  hint?: ReactNode
}

/** The label, hint and errors around one control, wired by id for screen readers. */
function FieldFrame({
  id,
  label,
  errors,
  className,
  hint,
  children,
}: FieldProps & {
  id?: string
  children: (aria: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode
}) {
  const errorId = errors?.length ? `${id}-error` : undefined
  // The hint is read with the field, as its message is (the username's rule, issue 52.4).
  const hintId = hint && id ? `${id}-hint` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ 'aria-invalid': errorId ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

export function Field({
  label,
  errors,
  className,
  hint,
  ...inputProps
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & { id?: string }) {
  return (
    <FieldFrame id={inputProps.id} label={label} errors={errors} className={className} hint={hint}>
      {(aria) => <input {...inputProps} className={inputClass} {...aria} />}
    </FieldFrame>
  )
}

export function TextareaField({
  label,
  errors,
  className,
  hint,
  ...props
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { id?: string }) {
  return (
    <FieldFrame id={props.id} label={label} errors={errors} className={className} hint={hint}>
      {(aria) => <textarea {...props} className={inputClass} {...aria} />}
    </FieldFrame>
  )
}
