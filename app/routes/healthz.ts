import { sql } from 'kysely'
import { jsonResponse } from '~/lib/http.server'
import { db } from '~/services/db.server'

/** 200 only when the database answers, so a load balancer stops sending traffic otherwise. */
export async function loader() {
  try {
    await sql`select 1`.execute(db())
    return jsonResponse({ status: 'ok' })
  } catch (error) {
    console.error('[healthz] database check failed', error)
    return jsonResponse({ status: 'error', message: 'Database unavailable' }, { status: 503 })
  }
}
