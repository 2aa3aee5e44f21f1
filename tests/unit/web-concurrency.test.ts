import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { expect, test } from 'vitest'
import { webConcurrency } from '../../server/cluster.mjs'

const PG = 'postgres://u@127.0.0.1:5432/db'

test('WEB_CONCURRENCY defaults to one process and takes a whole number on PostgreSQL', () => {
  expect(webConcurrency({})).toEqual({ ok: true, workers: 1 })
  expect(webConcurrency({ WEB_CONCURRENCY: ' ' })).toEqual({ ok: true, workers: 1 })
  expect(webConcurrency({ WEB_CONCURRENCY: '1' })).toEqual({ ok: true, workers: 1 })
  expect(webConcurrency({ WEB_CONCURRENCY: '4', DATABASE_URL: PG })).toEqual({
    ok: true,
    workers: 4,
  })
})

test.each(['0', '-2', '2.5', 'two', '65', '1e3'])(
  'WEB_CONCURRENCY=%s is refused with a message',
  (value) => {
    expect(webConcurrency({ WEB_CONCURRENCY: value, DATABASE_URL: PG })).toEqual({
      ok: false,
      message: expect.stringContaining('WEB_CONCURRENCY must be a whole number from 1 to 64'),
    })
  },
)

test('more than one process on the embedded database is refused before anything opens it', () => {
  const run = spawnSync(process.execPath, [path.resolve(__dirname, '../../server/index.mjs')], {
    env: { ...process.env, WEB_CONCURRENCY: '2', DATABASE_URL: '' },
    encoding: 'utf8',
    timeout: 20_000,
  })
  expect(run.status).toBe(1)
  expect(run.stderr).toContain(
    'WEB_CONCURRENCY=2 needs PostgreSQL: the embedded database (no DATABASE_URL) can be opened by one process only.',
  )
})
