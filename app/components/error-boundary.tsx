import { isRouteErrorResponse, useRouteError, type ErrorResponse } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useT } from '~/i18n/react'
import { StatusPage } from './status-page'

type StatusHandler = (info: { error: ErrorResponse }) => ReactNode

export function NotFound() {
  const t = useT()
  return (
    <StatusPage status="404" title={t('shell.notFound.title')}>
      {t('shell.notFound.text')}
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
  const t = useT()
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
        title={`${error.status} ${error.statusText || t('shell.error.statusFallback')}`}
        message={message ?? t('shell.error.requestFailed')}
      />
    )
  }
  if (typeof document !== 'undefined') console.error(error)
  return <ErrorMessage title={t('shell.error.title')} message={t('shell.error.text')} />
}

function ErrorMessage({ title, message }: { title: string; message: string }) {
  return (
    <StatusPage role="alert" title={title}>
      {message}
    </StatusPage>
  )
}
