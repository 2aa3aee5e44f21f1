import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react'

export type ListOfErrors = Array<string | null | undefined> | null | undefined

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const list = errors?.filter(Boolean)
  if (!list?.length) return null
  return (
    <ul id={id} className="mt-1 space-y-0.5">
      {list.map((error) => <li key={error} className="text-sm text-red-700">{error}</li>)}
    </ul>
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

export function Field({ label, errors, className, hint, ...inputProps }: FieldProps & InputHTMLAttributes<HTMLInputElement> & { id?: string }) {
  const errorId = errors?.length ? `${inputProps.id}-error` : undefined
  return (
    <div className={className}>
      <label htmlFor={inputProps.id} className="block text-sm font-medium text-slate-800">{label}</label>
      <input {...inputProps} className={inputClass} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} />
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

export function TextareaField({ label, errors, className, hint, ...props }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { id?: string }) {
  const errorId = errors?.length ? `${props.id}-error` : undefined
  return (
    <div className={className}>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">{label}</label>
      <textarea {...props} className={inputClass} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} />
      {hint && <p className="mt-1 text-xs text-slate-500">{hint}</p>}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}
