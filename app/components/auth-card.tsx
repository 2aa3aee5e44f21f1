import type { ReactNode } from 'react'
import { useFormErrorText } from '~/i18n/form-errors'
import { Alert } from './forms'

export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string
  subtitle?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {subtitle && <p className="mt-2 text-sm text-slate-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  )
}

export function FormAlert({ errors, id }: { errors?: string[] | null; id?: string }) {
  const shown = useFormErrorText()
  if (!errors?.length) return null
  return (
    <Alert id={id}>
      {errors.map((error) => (
        <p key={error}>{shown(error)}</p>
      ))}
    </Alert>
  )
}
