import crypto from 'node:crypto'
import { type Kysely, Migrator, sql } from 'kysely'
import { expect, test } from 'vitest'
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../../db/client'
import { migrations } from '../../db/migrations'
import { canonicalTimeZone, RENAMED_TIME_ZONES } from '~/lib/time-zone-names'
import { signedInBySessionId } from '~/services/accounts/session.server'
import { db } from '../setup/db'
import { createEmptyDatabase, dropDatabase } from '../setup/postgres'

test('migrations are recorded, and running them again applies nothing', async () => {
  const applied = await sql<{
    name: string
  }>`select name from kysely_migration order by name`.execute(db())
  expect(applied.rows.map((row) => row.name)).toEqual([
    '2026-11-22T0000-initial',
    '2026-11-22T0100-rate-limits',
    '2026-11-22T0200-registration-progress',
    '2026-11-22T0300-payment-credits',
    '2026-11-23T0100-mail-queue',
    '2026-11-23T0110-verification-code-attempts',
    '2026-11-23T0120-password-reset-requests',
    '2026-11-23T0200-event-source-voided-payments',
    '2026-11-23T0300-registration-network',
    '2026-11-23T0400-private-text-salts',
    '2026-11-23T0500-landing-video-chunks',
    '2026-11-23T0600-recording-fingerprint',
    '2026-11-23T0710-user-time-zone',
    '2026-11-23T0716-song-versions',
    '2026-11-23T0800-song-recordings',
    '2026-11-23T1000-split-invitations',
    '2026-11-23T1010-split-invitations-pending-notice',
    '2026-11-26T0300-invitation-safeguards',
    '2026-11-26T0400-invitation-sender-days',
    '2026-11-26T0410-record-audits',
    '2026-11-26T0430-account-settings',
    '2026-11-26T0510-snapshot-timestamps',
    '2026-11-26T0520-latin-names',
    '2026-11-26T0600-two-factor',
    '2026-11-26T0610-passkeys',
    '2026-11-26T0620-email-change',
    '2026-11-26T0640-audit-row-per-registration',
    '2026-11-27T2300-session-id-hashes',
    '2026-11-28T0084-song-duration',
    '2026-11-28T0087-invited-names',
    '2026-11-28T0210-owner-data-versions',
    '2026-11-28T0530-current-time-zone-names',
    '2026-11-29T0100-kept-documents',
    '2026-11-30T0100-replaced-invitation-tokens',
    '2026-11-30T0110-sign-in-count',
    '2026-12-07T1300-review-drafts',
    '2026-12-08T0900-song-and-recording',
    '2026-12-09T0900-account-pro',
    '2026-12-11T0900-account-locale',
    '2026-12-12T0900-publishers-and-ai-tools',
  ])
  expect(await migrateToLatest(db())).toEqual([])
})

test('a failed migration throws its error, naming the migration, so start-up stops', async () => {
  const serverUrl = process.env.DATABASE_URL
  const empty = serverUrl ? await createEmptyDatabase(serverUrl) : null
  const handle = await openDatabase({ databaseUrl: empty?.url, dataDir: '', inMemory: true })
  try {
    // A table in the way makes the first migration fail the way a real conflict would.
    await sql`create table users (id int)`.execute(handle.db)
    await expect(migrateToLatest(handle.db)).rejects.toThrow(
      /Migration 2026-11-22T0000-initial failed: .*users/,
    )
  } finally {
    await handle.close()
    if (serverUrl && empty) await dropDatabase(serverUrl, empty.name)
  }
  // A cold in-memory database, opened while the other suites run beside it (CI), can take 20 s.
}, 60_000)

/**
 * A fresh database (in memory, or an empty PostgreSQL database dropped afterwards) with a migrator
 * over it: a migration's test migrates to the one before, writes rows, and migrates on.
 */
async function withFreshDatabase(
  work: (db: {
    handle: DatabaseHandle
    plain: Kysely<unknown>
    migrator: Migrator
  }) => Promise<void>,
) {
  const serverUrl = process.env.DATABASE_URL
  const empty = serverUrl ? await createEmptyDatabase(serverUrl) : null
  const handle = await openDatabase({ databaseUrl: empty?.url, dataDir: '', inMemory: true })
  const plain = handle.db.withoutPlugins() as unknown as Kysely<unknown>
  const migrator = new Migrator({ db: plain, provider: { getMigrations: async () => migrations } })
  try {
    await work({ handle, plain, migrator })
  } finally {
    await handle.close()
    if (serverUrl && empty) await dropDatabase(serverUrl, empty.name)
  }
}

test('2026-11-23T0800 copies each song’s single recording in as file 0 labelled "Recording", and back down', async () => {
  await withFreshDatabase(async ({ handle, plain, migrator }) => {
    expect((await migrator.migrateTo('2026-11-23T0716-song-versions')).error).toBeUndefined()
    const digest = 'ab'.repeat(32)
    await sql`insert into users (id, email, username) values ('00000000-0000-4000-8000-000000000001', 'a@example.com', 'ann')`.execute(
      plain,
    )
    await sql`insert into songs (user_id, title, contributor_name, date_created, tools_used, file_link, certificate_id,
        recording_sha256, recording_size, recording_media_type, recording_file_name, recording_show_file_name)
      values ('00000000-0000-4000-8000-000000000001', 'With', 'Ann', '2025-03-01', 'Piano', 'https://example.com', 'PT-AAAA-AAAA',
        ${digest}, 48000044, 'audio/wav', 'take.wav', true),
      ('00000000-0000-4000-8000-000000000001', 'Without', 'Ann', '2025-03-01', 'Piano', 'https://example.com', 'PT-BBBB-BBBB',
        null, null, null, null, false)`.execute(plain)

    expect(await migrateToLatest(handle.db)).toEqual([
      '2026-11-23T0800-song-recordings',
      '2026-11-23T1000-split-invitations',
      '2026-11-23T1010-split-invitations-pending-notice',
      '2026-11-26T0300-invitation-safeguards',
      '2026-11-26T0400-invitation-sender-days',
      '2026-11-26T0410-record-audits',
      '2026-11-26T0430-account-settings',
      '2026-11-26T0510-snapshot-timestamps',
      '2026-11-26T0520-latin-names',
      '2026-11-26T0600-two-factor',
      '2026-11-26T0610-passkeys',
      '2026-11-26T0620-email-change',
      '2026-11-26T0640-audit-row-per-registration',
      '2026-11-27T2300-session-id-hashes',
      '2026-11-28T0084-song-duration',
      '2026-11-28T0087-invited-names',
      '2026-11-28T0210-owner-data-versions',
      '2026-11-28T0530-current-time-zone-names',
      '2026-11-29T0100-kept-documents',
      '2026-11-30T0100-replaced-invitation-tokens',
      '2026-11-30T0110-sign-in-count',
      '2026-12-07T1300-review-drafts',
      '2026-12-08T0900-song-and-recording',
      '2026-12-09T0900-account-pro',
      '2026-12-11T0900-account-locale',
      '2026-12-12T0900-publishers-and-ai-tools',
    ])
    const copied = await sql<Record<string, unknown>>`
      select s.title, r.position, r.label, r.sha256, r.size::text as size, r.media_type, r.file_name, r.show_file_name
      from song_recordings r join songs s on s.id = r.song_id`.execute(plain)
    expect(copied.rows).toEqual([
      {
        title: 'With',
        position: 0,
        label: 'Recording',
        sha256: digest,
        size: '48000044',
        media_type: 'audio/wav',
        file_name: 'take.wav',
        show_file_name: true,
      },
    ])
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns where table_name = 'songs' and column_name like 'recording%'`.execute(
      plain,
    )
    expect(columns.rows).toEqual([])

    // Down past every later migration to the one before the copy.
    expect((await migrator.migrateTo('2026-11-23T0716-song-versions')).error).toBeUndefined()
    const back = await sql<Record<string, unknown>>`
      select title, recording_sha256, recording_size::text as size, recording_file_name from songs order by title`.execute(
      plain,
    )
    expect(back.rows).toEqual([
      {
        title: 'With',
        recording_sha256: digest,
        size: '48000044',
        recording_file_name: 'take.wav',
      },
      { title: 'Without', recording_sha256: null, size: null, recording_file_name: null },
    ])
  })
}, 60_000)

test('2026-11-26T0640 gives every confirmed registration its audit row, never checked, and keeps a row already checked', async () => {
  await withFreshDatabase(async ({ handle, plain, migrator }) => {
    expect((await migrator.migrateTo('2026-11-26T0520-latin-names')).error).toBeUndefined()
    await sql`insert into users (id, email, username) values ('00000000-0000-4000-8000-000000000002', 'b@example.com', 'bora')`.execute(
      plain,
    )
    const songs = await sql<{ id: number; certificate_id: string }>`
      insert into songs (user_id, title, contributor_name, date_created, tools_used, file_link, certificate_id)
      values ('00000000-0000-4000-8000-000000000002', '봄비', '보라', '2025-03-01', 'Piano', 'https://example.com', 'PT-CCCC-CCCC'),
        ('00000000-0000-4000-8000-000000000002', 'مطر', '보라', '2025-03-01', 'Piano', 'https://example.com', 'PT-DDDD-DDDD'),
        ('00000000-0000-4000-8000-000000000002', 'Ñandú', '보라', '2025-03-01', 'Piano', 'https://example.com', 'PT-EEEE-EEEE')
      returning id, certificate_id`.execute(plain)
    const [confirmed, checked, pending] = songs.rows
    const registrations = await sql<{ id: number }>`
      insert into blockchain_registrations (song_id, status, transaction_signature)
      values (${confirmed!.id}, 'confirmed', 'sig-confirmed'), (${checked!.id}, 'confirmed', 'sig-checked'),
        (${pending!.id}, 'pending', null)
      returning id`.execute(plain)
    const checkedAt = new Date('2026-11-25T10:00:00Z')
    await sql`insert into record_audits (registration_id, certificate_id, ok, checked_at)
      values (${registrations.rows[1]!.id}, ${checked!.certificate_id}, true, ${checkedAt})`.execute(
      plain,
    )

    expect(await migrateToLatest(handle.db)).toContain('2026-11-26T0640-audit-row-per-registration')
    const rows = await sql<{ certificate_id: string; ok: boolean; checked_at: Date | null }>`
      select certificate_id, ok, checked_at from record_audits order by certificate_id`.execute(
      plain,
    )
    expect(rows.rows).toEqual([
      { certificate_id: 'PT-CCCC-CCCC', ok: false, checked_at: null },
      { certificate_id: 'PT-DDDD-DDDD', ok: true, checked_at: checkedAt },
    ])
  })
}, 60_000)

test('2026-11-27T2300 keeps each session as the SHA-256 of its id, so a browser signed in before the upgrade stays signed in', async () => {
  await withFreshDatabase(async ({ handle, plain, migrator }) => {
    expect(
      (await migrator.migrateTo('2026-11-26T0640-audit-row-per-registration')).error,
    ).toBeUndefined()
    await sql`insert into users (id, email, username, first_name) values ('00000000-0000-4000-8000-000000000003', 'h@example.com', 'hana', 'ハナ')`.execute(
      plain,
    )
    const sid = crypto.randomBytes(32).toString('base64url')
    await sql`insert into sessions (sid, sess, expire, user_id)
      values (${sid}, ${JSON.stringify({ userId: '00000000-0000-4000-8000-000000000003' })},
        ${new Date(Date.now() + 3_600_000)}, '00000000-0000-4000-8000-000000000003')`.execute(plain)

    expect(await migrateToLatest(handle.db)).toContain('2026-11-27T2300-session-id-hashes')
    const rows = await sql<{ sid_hash: string }>`select sid_hash from sessions`.execute(plain)
    expect(rows.rows).toEqual([{ sid_hash: crypto.createHash('sha256').update(sid).digest('hex') }])
    expect((await signedInBySessionId(handle.db, sid))?.user.firstName).toBe('ハナ')
  })
}, 60_000)

test('2026-11-28T0530 rewrites each retired zone name to today’s, by the app’s own table, and runs again to no change', async () => {
  await withFreshDatabase(async ({ plain, migrator }) => {
    expect((await migrator.migrateTo('2026-11-28T0210-owner-data-versions')).error).toBeUndefined()
    const people = [
      ['00000000-0000-4000-8000-000000000011', 'priya@example.com', 'प्रिया', 'Asia/Calcutta'],
      ['00000000-0000-4000-8000-000000000012', 'olena@example.com', 'Олена', 'Europe/Kiev'],
      ['00000000-0000-4000-8000-000000000013', 'lan@example.com', 'Lan 🎵', 'Asia/Saigon'],
      ['00000000-0000-4000-8000-000000000014', 'hana@example.com', 'ハナ', 'Asia/Tokyo'],
      ['00000000-0000-4000-8000-000000000015', 'somchai@example.com', 'สมชาย', 'Etc/UTC'],
      ['00000000-0000-4000-8000-000000000016', 'eva@example.com', 'Eva', 'Europe/Bratislava'],
      ['00000000-0000-4000-8000-000000000017', 'dana@example.com', 'דנה', null],
    ] as const
    await sql`insert into users (id, email, username, first_name, time_zone) values ${sql.join(
      people.map(
        ([id, email, firstName, zone]) =>
          sql`(${id}, ${email}, ${email.split('@')[0]}, ${firstName}, ${zone})`,
      ),
    )}`.execute(plain)
    const zones = async () =>
      (
        await sql<{ first_name: string; time_zone: string | null }>`
          select first_name, time_zone from users
          where id::text like '00000000-0000-4000-8000-%' order by id`.execute(plain)
      ).rows.map((row) => [row.first_name, row.time_zone])
    const expected = [
      ['प्रिया', 'Asia/Kolkata'],
      ['Олена', 'Europe/Kyiv'],
      ['Lan 🎵', 'Asia/Ho_Chi_Minh'],
      ['ハナ', 'Asia/Tokyo'],
      ['สมชาย', 'UTC'],
      // A link that merges one country's clock into another's is not a rename: people look for
      // their city.
      ['Eva', 'Europe/Bratislava'],
      ['דנה', null],
    ]

    // And one account for every retired name the app knows.
    const retired = Object.entries(RENAMED_TIME_ZONES)
    await sql`insert into users (id, email, username, time_zone) values ${sql.join(
      retired.map(
        ([zone], index) =>
          sql`(${`00000000-0000-4000-8001-${String(index).padStart(12, '0')}`},
            ${`z${index}@example.com`}, ${`zone_${index}`}, ${zone})`,
      ),
    )}`.execute(plain)
    const renamed = async () =>
      (
        await sql<{ time_zone: string }>`
          select time_zone from users where id::text like '00000000-0000-4000-8001-%'
          order by id`.execute(plain)
      ).rows.map((row) => row.time_zone)

    expect(
      (await migrator.migrateTo('2026-11-28T0530-current-time-zone-names')).error,
    ).toBeUndefined()
    expect(await zones()).toEqual(expected)
    // Each to the name the app reads it as: one table for both.
    expect(await renamed()).toEqual(retired.map(([zone]) => canonicalTimeZone(zone)))
    expect(await renamed()).toEqual(retired.map(([, current]) => current))
    // Run again over rows already rewritten: nothing changes.
    await migrator.migrateDown()
    expect((await migrator.migrateUp()).error).toBeUndefined()
    expect(await zones()).toEqual(expected)
    expect(await renamed()).toEqual(retired.map(([, current]) => current))
  })
}, 60_000)
