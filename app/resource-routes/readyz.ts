import { sql } from 'kysely'
import { jsonResponse } from '~/lib/http.server'
import { db, isShuttingDown } from '~/services/platform/db.server'
import { DISK_LOW_MESSAGE, diskSpaceLow } from '~/services/platform/disk-space.server'

// A load balancer's probe waits a few seconds; a database slower than this is not ready.
const DATABASE_TIMEOUT_MS = 2000

/**
 * Readiness: 200 when the database answers and this server is not shutting down; 503 otherwise.
 * A disk below the floor (issue 50.4) is said but stays 200: reads, sign-ins and downloads still
 * work there, and another server with the same disk would refuse the same writes.
 */
export async function loader() {
  if (isShuttingDown()) return notReady('shutting-down', 'This server is shutting down.')
  let timer: ReturnType<typeof setTimeout> | undefined
  try {
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${DATABASE_TIMEOUT_MS} ms`)),
        DATABASE_TIMEOUT_MS,
      )
    })
    await Promise.race([sql`select 1`.execute(db()), timeout])
  } catch (error) {
    console.error('[readyz] database check failed', error)
    return notReady('error', 'Database unavailable')
  } finally {
    clearTimeout(timer)
  }
  if (await diskSpaceLow())
    return jsonResponse({ status: 'ok', disk: 'low', message: DISK_LOW_MESSAGE })
  return jsonResponse({ status: 'ok' })
}

function notReady(status: 'shutting-down' | 'error', message: string) {
  return jsonResponse({ status, message }, { status: 503 })
}
