// Seeds the stalled-readers test's server before it starts (PGlite locks its data directory):
// accounts with catalogues large enough that an export fills a non-reading client's socket
// buffers (~4 MB on loopback) and stalls, each with a signed session cookie, as
// scripts/bench-seed.ts makes them. Writes JSON to stdout: `{ accounts: [{ id, cookie }] }`.
//
//   node --import tsx tests/e2e/stalled-readers-seed.ts --accounts 8 --songs 90
//
// Uses DATABASE_URL or DATA_DIR and SESSION_SECRET as the server will.
import crypto from 'node:crypto'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { z } from 'zod'
import { openDatabase } from '../../db/client'
import { sessionCookie, sessionIdHash } from '../../app/services/accounts/session.server'

const { values } = parseArgs({
  options: { accounts: { type: 'string' }, songs: { type: 'string' } },
  strict: true,
})
const Counts = z.object({
  accounts: z.coerce.number().int().min(1).max(50),
  songs: z.coerce.number().int().min(0).max(500),
})
const counts = Counts.parse(values)

// The longest lyrics and notes the song form takes (20,000 and 5,000 characters), in a script of
// three bytes a character: ~76 KB of CSV a song.
const LINE = '港の灯りが消えるまで君の名前を呼んでいた夜明けの歌を忘れないで。'
const LYRICS = LINE.repeat(Math.ceil(20_000 / LINE.length)).slice(0, 20_000)
const NOTES = LINE.repeat(Math.ceil(5_000 / LINE.length)).slice(0, 5_000)

const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? './data',
})
try {
  const accounts: { id: string; cookie: string }[] = []
  for (let i = 0; i < counts.accounts; i++) {
    const name = `stalled_${i}_${crypto.randomBytes(3).toString('hex')}`
    const { id } = await handle.db
      .insertInto('users')
      .values({
        email: `${name}@example.com`,
        username: name,
        firstName: 'Stalled',
        lastName: `Reader ${i}`,
        passwordHash: null,
        emailVerified: true,
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await sql`
      insert into songs (user_id, title, contributor_name, date_created, tools_used, file_link,
        certificate_id, lyrics, creative_notes, updated_at)
      select ${id}, 'Harbor Lights ' || n, '山田 花子', '2025-03-01', 'Logic Pro',
        'https://files.example/' || n, 'PT-' || ${id.slice(0, 8)} || '-' || n, ${LYRICS}, ${NOTES}, now()
      from generate_series(1, ${counts.songs}) as n`.execute(handle.db)
    const sid = crypto.randomBytes(32).toString('base64url')
    await handle.db
      .insertInto('sessions')
      .values({
        sidHash: sessionIdHash(sid),
        sess: JSON.stringify({ userId: id }),
        expire: new Date(Date.now() + 24 * 3600 * 1000),
        userId: id,
      })
      .execute()
    const cookie = (await sessionCookie().serialize(sid)).split(';')[0]!
    accounts.push({ id, cookie })
  }
  process.stdout.write(JSON.stringify({ accounts }))
} finally {
  await handle.close()
}
process.exit(0)
