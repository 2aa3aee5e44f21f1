import { isRouteErrorResponse, useRouteError, type ErrorResponse } from '@remix-run/react'
import type { ReactNode } from 'react'
import { StatusPage } from './status-page'

type StatusHandler = (info: { error: ErrorResponse }) => ReactNode

export function NotFound() {
  return (
    <StatusPage status="404" title="404 Page Not Found">
      The page you are looking for does not exist or has moved.
    </StatusPage>
  )
}

/** One error view for every route; statuses can get their own view (404 always does). */
export function GeneralErrorBoundary({
  statusHandlers,
}: {
  statusHandlers?: Record<number, StatusHandler>
}) {
  const error = useRouteError()
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status]
    if (handler) return <>{handler({ error })}</>
    if (error.status === 404) return <NotFound />
    const message =
      typeof error.data === 'string'
        ? error.data
        : (error.data as { message?: string } | null)?.message
    return (
      <ErrorMessage
        title={`${error.status} ${error.statusText || 'Error'}`}
        message={message ?? 'The request could not be completed.'}
      />
    )
  }
  if (typeof document !== 'undefined') console.error(error)
  return (
    <ErrorMessage
      title="Something went wrong"
      message="An unexpected error occurred. Please try again in a moment."
    />
  )
}

function ErrorMessage({ title, message }: { title: string; message: string }) {
  return (
    <StatusPage role="alert" title={title}>
      {message}
    </StatusPage>
  )
}
