import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import * as index from '~/routes/_index'
import { operationalFigures } from '~/services/platform/operations.server'
import { runRecordAudit } from '~/services/admin/record-audit.server'
import { registerSong } from '~/services/registration/registration.server'
import { db } from '../setup/db'
import {
  args,
  authedRequest,
  createAdmin,
  createTestSong,
  createUser,
  respond,
} from '../setup/fixtures'

// The record audit (issue 30, decision 060): a registered certificate whose stored manifest was
// altered, or whose chain transaction is gone, is found, logged at error level and listed on the
// admin panel's Record Audit tab with the reason.

async function registered(title: string) {
  const user = await createUser({ emailVerified: true })
  const song = await createTestSong(user.id, { title })
  const outcome = await registerSong(user.id, song.id, { confirmed: true })
  if (!outcome.ok) throw new Error(outcome.message)
  return { song, outcome }
}

const dataDir = () => process.env.DATA_DIR!

describe('the record audit', () => {
  test('finds a tampered stored manifest and a missing ledger record, logs both and lists both for the admin', async () => {
    const sound = await registered('Still Holds — 여전히')
    const tampered = await registered('Altered Copy — تغيير')
    const vanished = await registered('Lost Transaction — Пропажа')

    // The stored copy of one manifest is edited: its hash no longer matches the memo on chain.
    const stored = path.join(dataDir(), 'storage', `${tampered.outcome.storageId}.json`)
    const original = fs.readFileSync(stored, 'utf8')
    expect(original).toContain('Altered Copy — تغيير')
    fs.writeFileSync(stored, original.replace('Altered Copy — تغيير', 'Someone Else’s Song'))
    // The ledger's record of another transaction is gone.
    fs.rmSync(path.join(dataDir(), 'ledger', 'tx', `${vanished.outcome.transactionSignature}.json`))

    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    let logged: string
    try {
      // Small batches: the pass goes on batch after batch until nothing due is left.
      const pass = await runRecordAudit({ batchSize: 2 })
      expect(pass.failing).toBeGreaterThanOrEqual(2)
      logged = errors.mock.calls.map((call) => call.join(' ')).join('\n')
    } finally {
      errors.mockRestore()
    }
    expect(logged).toContain(
      `[audit] certificate ${tampered.song.certificateId} no longer verifies: Manifest hash matches the memo`,
    )
    expect(logged).toContain(
      `[audit] certificate ${vanished.song.certificateId} no longer verifies: Transaction found on chain: No such transaction`,
    )
    expect(logged).not.toContain(sound.song.certificateId)

    const rows = await db()
      .selectFrom('recordAudits')
      .select(['certificateId', 'ok', 'reason', 'checkedAt', 'claimedUntil'])
      .where('certificateId', 'in', [
        sound.song.certificateId,
        tampered.song.certificateId,
        vanished.song.certificateId,
      ])
      .orderBy('certificateId')
      .execute()
    expect(rows).toHaveLength(3)
    for (const row of rows) {
      expect(row.checkedAt).not.toBeNull()
      expect(row.claimedUntil).toBeNull()
    }
    expect(rows.find((r) => r.certificateId === sound.song.certificateId)).toMatchObject({
      ok: true,
      reason: null,
    })

    // The admin panel's tab.
    const admin = await createAdmin()
    const response = await respond(async () =>
      index.loader(args(await authedRequest('http://localhost/?tab=records', admin.id))),
    )
    const data = await response.json()
    expect(data.panel.tab).toBe('records')
    expect(data.panel.audit.lastCheckedAt).toEqual(expect.any(String))
    expect(data.panel.audit.holding).toBeGreaterThanOrEqual(1)
    const failures = data.panel.audit.failures as { certificateId: string; reason: string }[]
    expect(failures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          certificateId: tampered.song.certificateId,
          reason: expect.stringMatching(/^Manifest hash matches the memo: /),
        }),
        expect.objectContaining({
          certificateId: vanished.song.certificateId,
          reason: 'Transaction found on chain: No such transaction',
        }),
      ]),
    )
    expect(failures.map((f) => f.certificateId)).not.toContain(sound.song.certificateId)

    // How the tab renders these: tests/components/admin-panel.test.tsx.

    // The metrics read the same figures.
    const figures = await operationalFigures(db())
    expect(figures.audit.failing).toBeGreaterThanOrEqual(2)
    expect(figures.audit.lastCheckedAt).toEqual(expect.any(Number))

    // Nothing is due again within the pass's window: a second pass checks nothing.
    const again = await runRecordAudit({
      dueBefore: new Date(Date.now() - 60_000),
      maxRecords: 1000,
    })
    expect(again.checked).toBe(0)

    // A pass of everything checked before it began takes every record again, oldest check first,
    // in batches of two, each once (decision 069: each claim goes on from where the last ended;
    // what the pass itself checks is never due again in it, however late `dueBefore`). The two that failed still fail; the sound one still holds.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    const recheck = await runRecordAudit({
      dueBefore: new Date(Date.now() + 1000),
      batchSize: 2,
    }).finally(() => quiet.mockRestore())
    const results = await db().selectFrom('recordAudits').select(['certificateId', 'ok']).execute()
    expect(recheck.checked).toBe(results.length)
    expect(results).toEqual(
      expect.arrayContaining([
        { certificateId: sound.song.certificateId, ok: true },
        { certificateId: tampered.song.certificateId, ok: false },
        { certificateId: vanished.song.certificateId, ok: false },
      ]),
    )
  })
})
