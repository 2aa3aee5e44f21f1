import { isRouteErrorResponse, useRouteError, type ErrorResponse } from '@remix-run/react'
import type { ReactNode } from 'react'
import { ButtonLink } from './ui/button'

type StatusHandler = (info: { error: ErrorResponse }) => ReactNode

export function NotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">404 Page Not Found</h1>
      <p className="mt-4 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <ButtonLink to="/" className="mt-8">Back to Home</ButtonLink>
    </section>
  )
}

/** One error view for every route; statuses can get their own view (404 always does). */
export function GeneralErrorBoundary({ statusHandlers }: { statusHandlers?: Record<number, StatusHandler> }) {
  const error = useRouteError()
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status]
    if (handler) return <>{handler({ error })}</>
    if (error.status === 404) return <NotFound />
    const message = typeof error.data === 'string' ? error.data : (error.data as { message?: string } | null)?.message
    return <ErrorMessage title={`${error.status} ${error.statusText || 'Error'}`} message={message ?? 'The request could not be completed.'} />
  }
  if (typeof document !== 'undefined') console.error(error)
  return <ErrorMessage title="Something went wrong" message="An unexpected error occurred. Please try again in a moment." />
}

function ErrorMessage({ title, message }: { title: string; message: string }) {
  return (
    <section role="alert" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-600">{message}</p>
      <ButtonLink to="/" className="mt-8">Back to Home</ButtonLink>
    </section>
  )
}
