import crypto from 'node:crypto'
import { sql } from 'kysely'
import { afterEach, beforeAll, expect, test } from 'vitest'
import {
  createVerificationCode,
  verifyEmailByCode,
} from '~/services/accounts/email-verification.server'
import { resetPassword } from '~/services/accounts/password-reset.server'
import { signInWithGoogle } from '~/services/accounts/users.server'
import { db } from '../setup/db'
import { createUser, sessionCookie } from '../setup/fixtures'

// Each multi-step write must commit whole or not at all. A trigger in this file's own database
// makes the users update of a chosen account fail, which is the second statement of each write;
// the first statement's effect must then be gone too.
beforeAll(async () => {
  await sql`create table test_failing_users (id uuid primary key)`.execute(db())
  await sql`
    create function test_fail_user_update() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from test_failing_users where id = new.id) then
        raise exception 'test: users update refused';
      end if;
      return new;
    end $$`.execute(db())
  await sql`
    create trigger test_fail_user_update before update on users
    for each row execute function test_fail_user_update()`.execute(db())
})

afterEach(async () => {
  await sql`delete from test_failing_users`.execute(db())
})

const failUpdatesOf = (userId: string) =>
  sql`insert into test_failing_users (id) values (${userId})`.execute(db())

const sessionsOf = async (userId: string) =>
  (await db().selectFrom('sessions').select('sidHash').where('userId', '=', userId).execute())
    .length

test('resetPassword: when the password cannot be set, the link stays usable and no session ends', async () => {
  const user = await createUser()
  await sessionCookie(user.id)
  const token = crypto.randomBytes(32).toString('base64url')
  await db()
    .insertInto('passwordResetTokens')
    .values({
      userId: user.id,
      token: crypto.createHash('sha256').update(token).digest('hex'),
      expiresAt: new Date(Date.now() + 60_000),
    })
    .execute()
  await failUpdatesOf(user.id)

  await expect(resetPassword(db(), token, 'N3w-Password!')).rejects.toThrow(/users update refused/)

  const tokens = await db()
    .selectFrom('passwordResetTokens')
    .select('used')
    .where('userId', '=', user.id)
    .execute()
  expect(tokens).toEqual([{ used: false }])
  expect(await sessionsOf(user.id)).toBe(1)
  const after = await db()
    .selectFrom('users')
    .select('passwordHash')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow()
  expect(after.passwordHash).toBe(user.passwordHash)
})

test('email verification: when the email cannot be marked verified, the code is not spent', async () => {
  const user = await createUser()
  const { code } = await createVerificationCode(db(), user.id, user.email)
  await failUpdatesOf(user.id)

  await expect(verifyEmailByCode(db(), code)).rejects.toThrow(/users update refused/)

  const row = await db()
    .selectFrom('emailVerificationTokens')
    .select('used')
    .where('token', '=', code)
    .executeTakeFirstOrThrow()
  expect(row.used).toBe(false)
  const after = await db()
    .selectFrom('users')
    .select('emailVerified')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow()
  expect(after.emailVerified).toBe(false)
  // Once the failure is gone the same code still works.
  await sql`delete from test_failing_users`.execute(db())
  expect((await verifyEmailByCode(db(), code)).ok).toBe(true)
})

test('Google sign-in: when the password cannot be dropped, the sessions are not ended either', async () => {
  const user = await createUser({ emailVerified: false })
  await sessionCookie(user.id)
  await sessionCookie(user.id)
  await failUpdatesOf(user.id)

  await expect(
    signInWithGoogle(db(), { id: 'google-atomic', email: user.email, emailVerified: true }),
  ).rejects.toThrow(/users update refused/)

  expect(await sessionsOf(user.id)).toBe(2)
  const after = await db()
    .selectFrom('users')
    .select(['passwordHash', 'emailVerified', 'externalId'])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow()
  expect(after).toEqual({ passwordHash: user.passwordHash, emailVerified: false, externalId: null })
})
