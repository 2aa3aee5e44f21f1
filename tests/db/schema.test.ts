import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { db } from '../setup/db'

async function createUser(overrides: { email?: string; username?: string } = {}) {
  return db()
    .insertInto('users')
    .values({
      email: overrides.email ?? 'ann@example.com',
      username: overrides.username ?? 'ann_writes',
      updatedAt: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

async function createSong(userId: string, certificateId = 'PT-TEST-1') {
  return db()
    .insertInto('songs')
    .values({
      userId,
      title: 'First Light',
      contributorName: 'Ann',
      dateCreated: '2025-03-01',
      toolsUsed: 'Logic Pro',
      fileLink: 'https://example.com/song.mp3',
      certificateId,
      updatedAt: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

describe('schema', () => {
  test('the free plan is seeded: 1 free registration a month, $1.99 each after', async () => {
    const plan = await db()
      .selectFrom('subscriptionPlans')
      .selectAll()
      .where('name', '=', 'free')
      .executeTakeFirstOrThrow()
    expect(plan.monthlyRegistrations).toBe(1)
    expect(Number(plan.pricePerRegistration)).toBe(1.99)
    expect(Number(plan.pricePerMonth)).toBe(0)
    expect(plan.active).toBe(true)
  })

  test('user defaults follow the spec', async () => {
    const user = await createUser()
    expect(user.authProvider).toBe('replit')
    expect(user.emailVerified).toBe(false)
    expect(user.subscriptionTier).toBe('free')
    expect(user.createdAt).toBeInstanceOf(Date)
  })

  test('email and username are unique regardless of case', async () => {
    await createUser({ email: 'Case@Example.com', username: 'CaseUser' })
    await expect(createUser({ email: 'case@example.com', username: 'other_one' })).rejects.toThrow(
      /users_email_key/,
    )
    await expect(createUser({ email: 'other@example.com', username: 'caseuser' })).rejects.toThrow(
      /users_username_key/,
    )
  })

  test('usernames are 3-30 letters, digits and underscores', async () => {
    await expect(createUser({ email: 'x@example.com', username: 'no spaces' })).rejects.toThrow(
      /users_username_format/,
    )
    await expect(createUser({ email: 'y@example.com', username: 'ab' })).rejects.toThrow(
      /users_username_format/,
    )
  })

  test('a date column comes back as the calendar day that was stored', async () => {
    const user = await createUser({ email: 'date@example.com', username: 'date_user' })
    const song = await createSong(user.id, 'PT-DATE')
    expect(song.dateCreated).toBe('2025-03-01')
  })

  test('contributions: percent within 0-100, a known component, one row per component', async () => {
    const user = await createUser({ email: 'pct@example.com', username: 'pct_user' })
    const song = await createSong(user.id, 'PT-PCT')
    const row = await db()
      .insertInto('creativeContributions')
      .values({
        songId: song.id,
        component: 'lyrics',
        contributorPercent: 66.67,
        aiPercent: 33.33,
        coContributorPercent: 0,
        coContributor2Percent: 0,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    expect(row.contributorPercent).toBe('66.67')
    const defaults = await db()
      .insertInto('creativeContributions')
      .values({ songId: song.id, component: 'vocals' } as never)
      .returningAll()
      .executeTakeFirstOrThrow()
    expect(
      [
        defaults.contributorPercent,
        defaults.coContributorPercent,
        defaults.coContributor2Percent,
        defaults.aiPercent,
      ].map(Number),
    ).toEqual([100, 0, 0, 0])
    await expect(
      db()
        .insertInto('creativeContributions')
        .values({ songId: song.id, component: 'mixing', contributorPercent: 101 } as never)
        .execute(),
    ).rejects.toThrow(/check/i)
    await expect(
      db()
        .insertInto('creativeContributions')
        .values({ songId: song.id, component: 'mixing', aiPercent: -1 } as never)
        .execute(),
    ).rejects.toThrow(/check/i)
    await expect(
      sql`insert into creative_contributions (song_id, component) values (${song.id}, 'drums')`.execute(
        db(),
      ),
    ).rejects.toThrow(/check/i)
    await expect(
      db()
        .insertInto('creativeContributions')
        .values({ songId: song.id, component: 'lyrics' } as never)
        .execute(),
    ).rejects.toThrow(/creative_contributions_song_component_key/)
  })

  test('deleting a song removes its contributions, but never a song registered on chain', async () => {
    const user = await createUser({ email: 'del@example.com', username: 'del_user' })
    const song = await createSong(user.id, 'PT-DEL')
    await db()
      .insertInto('creativeContributions')
      .values({ songId: song.id, component: 'lyrics' } as never)
      .execute()
    await db().deleteFrom('songs').where('id', '=', song.id).execute()
    const left = await db()
      .selectFrom('creativeContributions')
      .select('id')
      .where('songId', '=', song.id)
      .execute()
    expect(left).toHaveLength(0)

    const registered = await createSong(user.id, 'PT-REG')
    await db().insertInto('blockchainRegistrations').values({ songId: registered.id }).execute()
    await expect(
      db().deleteFrom('songs').where('id', '=', registered.id).execute(),
    ).rejects.toThrow(/foreign key/i)
  })

  test('a song has at most one registration; registration defaults follow the spec', async () => {
    const user = await createUser({ email: 'reg@example.com', username: 'reg_user' })
    const song = await createSong(user.id, 'PT-ONCE')
    const registration = await db()
      .insertInto('blockchainRegistrations')
      .values({ songId: song.id })
      .returningAll()
      .executeTakeFirstOrThrow()
    expect(registration.status).toBe('pending')
    expect(registration.registrationFee).toBe('0.001000000')
    await expect(
      db().insertInto('blockchainRegistrations').values({ songId: song.id }).execute(),
    ).rejects.toThrow(/blockchain_registrations_song_id_key/)
  })

  test('monthly usage is one row per user and month; payments are unique per intent', async () => {
    const user = await createUser({ email: 'use@example.com', username: 'use_user' })
    await db()
      .insertInto('monthlyUsage')
      .values({ userId: user.id, year: 2026, month: 11, updatedAt: new Date() })
      .execute()
    await expect(
      db()
        .insertInto('monthlyUsage')
        .values({ userId: user.id, year: 2026, month: 11, updatedAt: new Date() })
        .execute(),
    ).rejects.toThrow(/monthly_usage_user_month_key/)
    await expect(
      db()
        .insertInto('monthlyUsage')
        .values({ userId: user.id, year: 2026, month: 13, updatedAt: new Date() })
        .execute(),
    ).rejects.toThrow(/check/i)
    await db()
      .insertInto('paymentHistory')
      .values({
        userId: user.id,
        stripePaymentIntentId: 'pi_1',
        amount: '1.99',
        status: 'succeeded',
      })
      .execute()
    await expect(
      db()
        .insertInto('paymentHistory')
        .values({
          userId: user.id,
          stripePaymentIntentId: 'pi_1',
          amount: '1.99',
          status: 'succeeded',
        })
        .execute(),
    ).rejects.toThrow(/unique/i)
    const payment = await db()
      .selectFrom('paymentHistory')
      .selectAll()
      .where('stripePaymentIntentId', '=', 'pi_1')
      .executeTakeFirstOrThrow()
    expect(payment.currency).toBe('usd')
  })

  test('counts come back as numbers on both drivers', async () => {
    const { count } = await db()
      .selectFrom('subscriptionPlans')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow()
    expect(count).toBe(1)
  })

  test('bytes come back as the bytes stored, on both drivers, whatever view they were written from', async () => {
    const every = Uint8Array.from({ length: 512 }, (_, i) => i % 256)
    // A view into a larger buffer, as a stream's chunk often is: only its own bytes are written.
    const view = new Uint8Array([0xff, ...every, 0xee]).subarray(1, 513)
    const { rows } = await sql<{ a: Uint8Array; b: Uint8Array; empty: Uint8Array }>`
      select ${every}::bytea as a, ${view}::bytea as b, ${new Uint8Array(0)}::bytea as empty
    `.execute(db())
    expect(rows[0]!.a).toBeInstanceOf(Uint8Array)
    expect([...rows[0]!.a]).toEqual([...every])
    expect([...rows[0]!.b]).toEqual([...every])
    expect(rows[0]!.empty.byteLength).toBe(0)
  })
})
