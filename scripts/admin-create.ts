// `npm run admin:create -- --email <email> --password <password>`: creates or resets the
// verified administrator account. The admin is the account whose email equals SUPPORT_EMAIL,
// so that is the only email accepted. Uses the same DATABASE_URL / DATA_DIR as the server
// (with the embedded database, stop the server first: it holds the lock).
import crypto from 'node:crypto'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { z } from 'zod'
import { migrateToLatest, openDatabase } from '../db/client'
import { loadEnv } from '../app/env.server'
import { RegisterSchema } from '../app/lib/auth-schemas'
import { hashPassword } from '../app/services/accounts/password.server'
import { sealBody } from '../app/services/platform/mail.server'

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    username: { type: 'string' },
    // Tests and a restored authenticator: turn two-factor on with this key (base32, 32+ characters).
    'two-factor-key': { type: 'string' },
  },
  strict: true,
})
const env = loadEnv()
const email = z.email().safeParse(values.email ?? env.SUPPORT_EMAIL)
if (!email.success) fail('Usage: npm run admin:create -- --email <email> --password <password>')
if (email.data.toLowerCase() !== env.SUPPORT_EMAIL.toLowerCase()) {
  fail(
    `The administrator is the account whose email equals SUPPORT_EMAIL (${env.SUPPORT_EMAIL}). Use that email, or set SUPPORT_EMAIL=${email.data} for the server and this command.`,
  )
}
const password = RegisterSchema.shape.password.safeParse(values.password ?? '')
if (!password.success) fail(password.error.issues[0]?.message ?? 'Invalid password')
const username = RegisterSchema.shape.username.safeParse(values.username ?? 'admin')
if (!username.success) fail(username.error.issues[0]?.message ?? 'Invalid username')

const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch(
  (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
)
try {
  await migrateToLatest(handle.db)
  const passwordHash = await hashPassword(password.data)
  const existing = await handle.db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', email.data.toLowerCase())
    .executeTakeFirst()
  if (existing) {
    await handle.db
      .updateTable('users')
      .set({ passwordHash, emailVerified: true, updatedAt: new Date() })
      .where('id', '=', existing.id)
      .execute()
    await handle.db.deleteFrom('sessions').where('userId', '=', existing.id).execute()
    console.log(
      `Reset the administrator ${email.data}: new password, email verified, other sessions ended.`,
    )
  } else {
    let name = username.data
    const taken = await handle.db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(username)`, '=', name.toLowerCase())
      .executeTakeFirst()
    if (taken) name = `${name}_${Date.now().toString(36)}`.slice(0, 30)
    await handle.db
      .insertInto('users')
      .values({
        email: email.data.toLowerCase(),
        username: name,
        firstName: 'Admin',
        passwordHash,
        authProvider: 'local',
        emailVerified: true,
        updatedAt: new Date(),
      })
      .execute()
    console.log(`Created the administrator ${email.data} (username ${name}).`)
  }
  const key = values['two-factor-key']
  if (key !== undefined) {
    if (!/^[A-Z2-7]{32,}$/.test(key)) fail('--two-factor-key must be base32, 32 characters or more')
    const { id } = await handle.db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', email.data.toLowerCase())
      .executeTakeFirstOrThrow()
    // The key is sealed as the app seals it (decision 063); the old recovery codes stop working.
    const row = {
      sealedSecret: sealBody(key),
      recoverySalt: crypto.randomBytes(16).toString('hex'),
      confirmedAt: new Date(),
      lastUsedStep: null,
    }
    await handle.db.deleteFrom('twoFactorRecoveryCodes').where('userId', '=', id).execute()
    await handle.db
      .insertInto('userTwoFactors')
      .values({ userId: id, ...row })
      .onConflict((oc) => oc.column('userId').doUpdateSet(row))
      .execute()
    console.log('Two-factor authentication is on for the administrator, with the key given.')
  }
} finally {
  await handle.close()
}
