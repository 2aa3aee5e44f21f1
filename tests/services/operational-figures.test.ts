import { expect, test } from 'vitest'
import { queueSnapshotTimestamp } from '~/services/certificates/record/snapshot-timestamps.server'
import { operationalFigures } from '~/services/platform/operations.server'
import { db } from '~/services/platform/db.server'
import { createTestSong, createUser } from '../setup/fixtures'

// What GET /metrics reads of the database (decision 059): snapshots waiting for their RFC 3161
// timestamp are counted with the age of the oldest (issue 30: "pending registrations and
// timestamps"). No timestamp worker runs in this process, so a queued snapshot stays pending.

test('a snapshot waiting for its timestamp is counted, with the age of the oldest, and no longer once stamped', async () => {
  const user = await createUser({ firstName: 'สมชาย' })
  const song = await createTestSong(user.id, { title: 'เพลงฝน — 雨の歌', contributorName: 'สมชาย' })
  const before = await operationalFigures(db())
  await queueSnapshotTimestamp(db(), user.id, song.id, 'created')

  const later = new Date(Date.now() + 90_000)
  const figures = await operationalFigures(db(), later)
  expect(figures.timestamps.pending).toBe(before.timestamps.pending + 1)
  expect(figures.timestamps.oldestPendingSeconds).toBeGreaterThanOrEqual(90)

  await db()
    .updateTable('snapshotTimestamps')
    .set({
      status: 'stamped',
      response: Buffer.from('stand-in'),
      tsaName: 'Test TSA',
      stampedAt: new Date(),
    })
    .where('songId', '=', song.id)
    .execute()
  const stamped = await operationalFigures(db(), later)
  expect(stamped.timestamps.pending).toBe(before.timestamps.pending)
})
