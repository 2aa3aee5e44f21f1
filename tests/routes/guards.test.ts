import { describe, expect, test } from 'vitest'
import { methodNotAllowed, requireMethod } from '~/lib/http.server'
import { SongSchema } from '~/lib/song-schema'
import {
  requireApiAdmin,
  requireApiUser,
  requireSongId,
  requireSongOwner,
} from '~/services/accounts/auth.server'
import { createSong } from '~/services/songs/songs.server'
import { authedRequest, createAdmin, createUser } from '../setup/fixtures'
import { db } from '~/services/platform/db.server'

/** What a guard threw, as status and JSON body; fails the test if it threw anything else. */
async function refusal(run: () => unknown) {
  try {
    await run()
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    expect(thrown.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    return { status: thrown.status, body: (await thrown.json()) as unknown }
  }
  throw new Error('The guard let the request through')
}

const url = 'http://localhost/api/x'

describe('requireMethod', () => {
  test('another method is refused with the JSON 405; the named one passes', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH'])
      expect(await refusal(() => requireMethod(new Request(url, { method }), 'POST'))).toEqual({
        status: 405,
        body: { message: 'Method not allowed' },
      })
    expect(await refusal(() => requireMethod(new Request(url, { method: 'POST' }), 'PUT'))).toEqual(
      { status: 405, body: { message: 'Method not allowed' } },
    )
    expect(requireMethod(new Request(url, { method: 'POST' }), 'POST')).toBeUndefined()
    expect(requireMethod(new Request(url, { method: 'PUT' }), 'PUT')).toBeUndefined()
  })

  test('a loader-less JSON route answers the same 405', async () => {
    const response = methodNotAllowed()
    expect(response.status).toBe(405)
    expect(await response.json()).toEqual({ message: 'Method not allowed' })
  })
})

describe('requireApiUser and requireApiAdmin', () => {
  test('no session, or a session that is not valid, is a JSON 401, never a redirect', async () => {
    for (const request of [
      new Request(url),
      new Request(url, { headers: { Cookie: 'pt_session=forged' } }),
    ]) {
      expect(await refusal(() => requireApiUser(request))).toEqual({
        status: 401,
        body: { message: 'Unauthorized' },
      })
      expect(await refusal(() => requireApiAdmin(request))).toEqual({
        status: 401,
        body: { message: 'Unauthorized' },
      })
    }
  })

  test('a signed-in user is returned; only the admin passes the admin guard', async () => {
    const user = await createUser({ emailVerified: true })
    expect((await requireApiUser(await authedRequest(url, user.id))).id).toBe(user.id)
    expect(await refusal(async () => requireApiAdmin(await authedRequest(url, user.id)))).toEqual({
      status: 403,
      body: { message: 'Admin access required' },
    })
    const admin = await createAdmin()
    expect((await requireApiAdmin(await authedRequest(url, admin.id))).id).toBe(admin.id)
  })
})

describe('requireSongOwner', () => {
  const input = SongSchema.parse({
    title: 'Guarded',
    contributorName: 'Ann',
    dateCreated: '2025-03-01',
    toolsUsed: 'x',
    fileLink: 'https://example.com/x',
  })
  const notFound = { status: 404, body: { message: 'Song not found' } }

  test('the owner gets the song with its contributions', async () => {
    const owner = await createUser()
    const { id } = await createSong(db(), owner.id, input)
    const song = await requireSongOwner(owner.id, String(id))
    expect(song).toMatchObject({ id, title: 'Guarded', userId: owner.id })
    expect(song.contributions).toEqual(expect.any(Array))
  })

  test('another user, a missing song and a malformed id get one and the same 404', async () => {
    const owner = await createUser()
    const other = await createUser()
    const { id } = await createSong(db(), owner.id, input)
    for (const param of [String(id), '999999999', 'abc', '-1', '1.5', '', undefined])
      expect(await refusal(() => requireSongOwner(other.id, param)), String(param)).toEqual(
        notFound,
      )
    for (const param of ['abc', '0x10', undefined])
      expect(await refusal(() => requireSongId(param)), String(param)).toEqual(notFound)
    expect(requireSongId(String(id))).toBe(id)
  })
})
