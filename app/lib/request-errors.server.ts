import { isRouteErrorResponse } from '@remix-run/react'

/**
 * What the server entry's handleError writes for an error Remix hands it. A client's mistake the
 * framework answers itself (a POST to a page without an action is 405, an unknown route 404) is
 * one warning line, as the server's own refusals are, not a stack in the error log (issue 38.8).
 */
export function logRequestError(error: unknown, request: Request) {
  if (request.signal.aborted) return
  // The server entry gives every request an id; the access log line carries the same one.
  const id = request.headers.get('X-Request-Id') ?? '-'
  if (isRouteErrorResponse(error) && error.status < 500) {
    // No path: the access log's line for the same id has it, with the secrets some paths carry
    // (an invitation's token) taken out there (server/guards.mjs, loggedPath).
    console.warn(`[http] ${id} refused (${error.status}): ${request.method} ${error.statusText}`)
    return
  }
  console.error(`[error] request ${id}`, error)
}
