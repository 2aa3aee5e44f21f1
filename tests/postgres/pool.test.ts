// Runs only against a real PostgreSQL (the CI's second stage, or any run with DATABASE_URL set):
// what it proves is how node-postgres reacts to the server dropping a connection.
import { sql } from 'kysely'
import { expect, test, vi } from 'vitest'
import { openDatabase } from '../../db/client'
import { db } from '../setup/db'

test('the server dropping an idle connection is a warning, not a crash, and the next query reconnects', async () => {
  const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '' })
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  try {
    const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)
    const pid = before.rows[0]!.pid
    // What a PostgreSQL restart or an administrator's terminate does to a pooled, idle client.
    await sql`select pg_terminate_backend(${pid})`.execute(db())
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining('an idle PostgreSQL connection was lost'),
      ),
    )

    const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)
    expect(after.rows[0]!.pid).not.toBe(pid)
  } finally {
    await handle.close()
  }
})
