import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import * as adminVerify from '~/routes/admin.verify'
import * as edit from '~/routes/edit.$id'
import * as submit from '~/routes/submit'
import { createVerificationCode } from '~/services/accounts/email-verification.server'
import { createSong } from '~/services/songs/songs.server'
import { db } from '../setup/db'
import { args, authedRequest, createAdmin, createUser, respond } from '../setup/fixtures'

// Real failures, not mocks: the database itself refuses writes that carry these marks, so
// only this file's rows are affected when test files share one PostgreSQL.
const REFUSED_TITLE = 'Refused By The Database'
const REFUSED_USER = 'refused_by_the_database'

beforeAll(async () => {
  await sql`
    create or replace function h3_refuse_write() returns trigger language plpgsql as $$
    begin
      raise exception 'the database is refusing writes (test)';
    end $$`.execute(db())
  await sql`drop trigger if exists h3_refuse_song on songs`.execute(db())
  await sql`
    create trigger h3_refuse_song before insert or update on songs for each row
    when (new.title = ${sql.lit(REFUSED_TITLE)}) execute function h3_refuse_write()`.execute(db())
  await sql`drop trigger if exists h3_refuse_user on users`.execute(db())
  await sql`
    create trigger h3_refuse_user before update on users for each row
    when (new.username = ${sql.lit(REFUSED_USER)}) execute function h3_refuse_write()`.execute(db())
})

afterAll(async () => {
  await sql`drop trigger if exists h3_refuse_song on songs`.execute(db())
  await sql`drop trigger if exists h3_refuse_user on users`.execute(db())
})

const song = {
  title: REFUSED_TITLE,
  dateCreated: '2025-03-01',
  contributorName: 'Ann',
  toolsUsed: 'Ableton',
  fileLink: 'https://example.com/refused.mp3',
}
const COMPONENTS = ['lyrics', 'vocals', 'instrumentation', 'production', 'mixing'] as const

function formFields(extra: Record<string, string> = {}) {
  const fields: Record<string, string> = { ...song, ...extra }
  COMPONENTS.forEach((component, i) => {
    fields[`contributions[${i}].component`] = component
    fields[`contributions[${i}].contributorPercent`] = '100'
    fields[`contributions[${i}].coContributorPercent`] = '0'
    fields[`contributions[${i}].coContributor2Percent`] = '0'
    fields[`contributions[${i}].aiPercent`] = '0'
  })
  return fields
}

/** The refusal is logged for us (and only there): console.error is expected once. */
function expectLogged() {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  return () => {
    expect(logged).toHaveBeenCalledTimes(1)
    expect(String(logged.mock.calls[0]?.[1])).toMatch(/refusing writes/)
  }
}

async function post(
  run: (a: ReturnType<typeof args>) => unknown,
  url: string,
  userId: string,
  fields: Record<string, string>,
  params: Record<string, string> = {},
) {
  const request = await authedRequest(url, userId, {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
  return respond(() => run(args(request, params)))
}

describe('a write the database refuses', () => {
  test("Create Certificate: toast 'Submission failed', the summary kept with every value", async () => {
    const user = await createUser()
    const checkLog = expectLogged()
    const response = await post(submit.action, 'http://localhost/submit', user.id, {
      ...formFields(),
      intent: 'create',
    })
    expect(response.status).toBe(503)
    checkLog()
    const data = await response.json()
    expect(data.toast).toMatchObject({ type: 'error', title: 'Submission failed' })
    expect(data.toast.description).toMatch(/try again/)
    expect(data.step).toBe('summary')
    expect(data.values).toMatchObject(song)
    const stored = await db().selectFrom('songs').select('id').where('userId', '=', user.id)
    expect(await stored.execute()).toEqual([])
  })

  test("Update Song: an 'Error' toast 'Failed to update song', the form kept", async () => {
    const user = await createUser()
    const created = await createSong(db(), user.id, {
      ...song,
      title: 'Fine Title',
      recordings: [] as Parameters<typeof createSong>[2]['recordings'],
      contributions: COMPONENTS.map((component) => ({
        component,
        contributorPercent: 100,
        coContributorPercent: 0,
        coContributor2Percent: 0,
        aiPercent: 0,
      })),
    } as Parameters<typeof createSong>[2])
    const checkLog = expectLogged()
    const response = await post(
      edit.action,
      `http://localhost/edit/${created.id}`,
      user.id,
      formFields(),
      { id: String(created.id) },
    )
    expect(response.status).toBe(503)
    checkLog()
    const data = await response.json()
    expect(data.toast).toMatchObject({
      type: 'error',
      title: 'Error',
      description: 'Failed to update song',
    })
    expect(data.values).toMatchObject({ title: REFUSED_TITLE })
    const row = await db()
      .selectFrom('songs')
      .select('title')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow()
    expect(row.title).toBe('Fine Title')
  })

  test("Verify User Email: an 'Error' toast 'Failed to verify email'", async () => {
    const admin = await createAdmin()
    const user = await createUser({ username: REFUSED_USER })
    const { code } = await createVerificationCode(db(), user.id, user.email)
    const checkLog = expectLogged()
    const response = await post(adminVerify.action, 'http://localhost/admin/verify', admin.id, {
      token: code,
    })
    expect(response.status).toBe(503)
    checkLog()
    const data = await response.json()
    expect(data.toast).toMatchObject({
      type: 'error',
      title: 'Error',
      description: 'Failed to verify email',
    })
    const row = await db()
      .selectFrom('users')
      .select('emailVerified')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row.emailVerified).toBe(false)
  })
})
