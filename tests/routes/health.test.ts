import { expect, test, vi } from 'vitest'
import { openDatabase } from '../../db/client'
import { loader as healthz } from '~/resource-routes/healthz'
import { loader as readyz } from '~/resource-routes/readyz'
import { beginShutdown, resetServerStateForTests, useDatabase } from '~/services/platform/db.server'
import { databaseKind, db } from '../setup/db'

// The tests below change this process's state (an unreachable database, a shutdown begun) and
// each puts it back, so they pass in any order and leave nothing to the next file.

test('/healthz is liveness: 200 without touching the database', async () => {
  const spy = vi.spyOn(db().getExecutor(), 'executeQuery')
  const response = healthz()
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({ status: 'ok' })
  expect(spy).not.toHaveBeenCalled()
  spy.mockRestore()
})

test('/readyz answers 200 when the database answers', async () => {
  const response = await readyz()
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({ status: 'ok' })
})

test('/readyz answers 503 with a message when the database does not answer', async () => {
  const unreachable = await openDatabase({
    databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
    dataDir: '/nonexistent',
  })
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  const live = {
    db: db(),
    kind: databaseKind() ?? 'pglite',
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    close: async () => {},
  }
  useDatabase(unreachable)
  try {
    const response = await readyz()
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ status: 'error', message: 'Database unavailable' })
    expect(healthz().status).toBe(200)
  } finally {
    useDatabase(live)
    await unreachable.close()
    logged.mockRestore()
  }
})

test('/readyz answers 503 with a message once shutdown has begun, while /healthz still answers', async () => {
  beginShutdown()
  try {
    const response = await readyz()
    expect(response.status).toBe(503)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    expect(await response.json()).toEqual({
      status: 'shutting-down',
      message: 'This server is shutting down.',
    })
    expect(healthz().status).toBe(200)
  } finally {
    await resetServerStateForTests()
  }
})
