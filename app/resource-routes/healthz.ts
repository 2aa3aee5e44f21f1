import { jsonResponse } from '~/lib/http.server'

/**
 * Liveness: 200 whenever this process answers HTTP. It touches nothing else, so an orchestrator
 * restarts a server only when the process itself is stuck, never because the shared database
 * is slow. Whether to send traffic here is /readyz's answer.
 */
export function loader() {
  return jsonResponse({ status: 'ok' })
}
