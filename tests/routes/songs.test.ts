import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import * as apiSong from '~/resource-routes/api.songs.$id'
import * as apiSongs from '~/resource-routes/api.songs'
import * as apiStats from '~/resource-routes/api.stats'
import * as edit from '~/routes/edit.$id'
import * as submit from '~/routes/submit'
import { MAX_SONGS_PER_ACCOUNT, songCeilingMessage } from '~/services/songs/songs.server'
import { db } from '../setup/db'
import {
  args,
  authedFormRequest,
  authedRequest,
  createUser,
  respond,
  sessionCookie,
  songFormFields,
} from '../setup/fixtures'
import { followReview } from '../setup/review-step'

const song = {
  title: 'Night Drive',
  dateCreated: '2025-03-01',
  contributorName: 'Ann',
  coContributorName: 'Bo',
  toolsUsed: 'Ableton, Suno',
  fileLink: 'https://example.com/night-drive.mp3',
  genre: 'Electronic',
  isrc: 'us-ab1-24-00001',
  lyrics: 'Headlights on the highway',
}

const formFields = (extra: Record<string, string> = {}) =>
  songFormFields({ ...song, ...extra }, () => ({
    contributorPercent: '50',
    coContributorPercent: '25',
    coContributor2Percent: '0',
    aiPercent: '25',
  }))

const post = async (userId: string, fields: Record<string, string>) =>
  respond(async () =>
    submit.action(args(await authedFormRequest('http://localhost/submit', userId, fields))),
  )

async function createViaForm(userId: string, extra: Record<string, string> = {}) {
  const created = await post(userId, { ...formFields(extra), intent: 'create' })
  expect(created.status).toBe(302)
  return Number(
    new URL(created.headers.get('Location')!, 'http://localhost').searchParams.get('created'),
  )
}

describe('/submit, two steps as plain posts', () => {
  test('a visitor is sent to sign in', async () => {
    const response = await respond(() =>
      submit.loader(args(new Request('http://localhost/submit'))),
    )
    expect(response.headers.get('Location')).toBe('/login?redirectTo=%2Fsubmit')
  })

  test('a bad ISRC and missing fields come back with the spec messages, the form filled in', async () => {
    const user = await createUser()
    const response = await post(user.id, {
      ...formFields({ isrc: 'US-12', title: '', toolsUsed: '' }),
      intent: 'review',
    })
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.step).toBe('form')
    expect(body.errors).toMatchObject({
      isrc: ['ISRC must be in format: CCXXXNNNNNNN'],
      title: ['Song title is required'],
      toolsUsed: ['Tools used is required'],
    })
    expect(body.values).toMatchObject({ contributorName: 'Ann', isrc: 'US-12' })
  })

  test('review shows the summary; Edit Details returns the filled form; Create Certificate creates the song', async () => {
    const user = await createUser()
    // The review answers with a redirect to its own page, followed here (decision 114).
    const review = await followReview(
      await post(user.id, { ...formFields(), intent: 'review' }),
      await sessionCookie(user.id),
    )
    expect(review.status).toBe(200)
    const summary = await review.json()
    expect(summary.step).toBe('summary')
    expect(summary.values).toMatchObject({ title: 'Night Drive', isrc: 'USAB12400001' })
    // No second co-contributor: that column is zeroed on the server, as the form does with JavaScript.
    expect(summary.values.contributions[0]).toEqual({
      component: 'lyrics',
      contributorPercent: 50,
      coContributorPercent: 25,
      coContributor2Percent: 0,
      aiPercent: 25,
    })

    const back = await post(user.id, { ...formFields(), intent: 'edit' })
    expect(await back.json()).toMatchObject({
      step: 'form',
      values: { title: 'Night Drive' },
      errors: {},
    })

    const id = await createViaForm(user.id)
    const stored = await db()
      .selectFrom('songs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(stored).toMatchObject({
      userId: user.id,
      title: 'Night Drive',
      isrc: 'USAB12400001',
      genre: 'Electronic',
      dateCreated: '2025-03-01',
    })
    expect(stored.certificateId).toMatch(/^PT-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
    const rows = await db()
      .selectFrom('creativeContributions')
      .selectAll()
      .where('songId', '=', id)
      .execute()
    expect(rows).toHaveLength(5)

    const page = await respond(async () =>
      submit.loader(args(await authedRequest(`http://localhost/submit?created=${id}`, user.id))),
    )
    expect(await page.json()).toMatchObject({ created: { id, title: 'Night Drive' } })
    const other = await createUser()
    const peek = await respond(async () =>
      submit.loader(args(await authedRequest(`http://localhost/submit?created=${id}`, other.id))),
    )
    expect(await peek.json()).toMatchObject({ created: null })
  })

  test('creating re-validates everything: hidden fields are not trusted', async () => {
    const user = await createUser()
    const response = await post(user.id, {
      ...formFields({ fileLink: 'not a link' }),
      intent: 'create',
    })
    expect(response.status).toBe(400)
    expect((await response.json()).errors.fileLink).toEqual([
      'Please enter a valid link starting with http:// or https://',
    ])
  })
})

describe('/edit/:id', () => {
  const editPost = async (userId: string, id: number, fields: Record<string, string>) =>
    respond(async () =>
      edit.action(
        args(await authedFormRequest(`http://localhost/edit/${id}`, userId, fields), {
          id: String(id),
        }),
      ),
    )
  const editFields = (percent: string) =>
    songFormFields(
      {
        title: 'Night Drive (v2)',
        dateCreated: '2025-03-02',
        contributorName: 'Ann',
        toolsUsed: 'Ableton',
        fileLink: 'https://example.com/v2.mp3',
      },
      () => ({ contributorPercent: percent, aiPercent: '0' }),
    )

  test('another user gets 404, exactly like a missing song', async () => {
    const owner = await createUser()
    const id = await createViaForm(owner.id)
    const other = await createUser()
    for (const param of [String(id), '999999', 'abc']) {
      const response = await respond(async () =>
        edit.loader(
          args(await authedRequest(`http://localhost/edit/${param}`, other.id), { id: param }),
        ),
      )
      expect(response.status).toBe(404)
    }
    expect((await editPost(other.id, id, editFields('100'))).status).toBe(404)
  })

  test('totals other than 100 are refused with the spec message; 100 saves with the spec toast', async () => {
    const user = await createUser()
    const id = await createViaForm(user.id)
    const refused = await editPost(user.id, id, editFields('90'))
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({
      message:
        'All contribution percentages must total 100% for each component. Lyrics totals 90%; Vocals totals 90%; Instrumentation totals 90%; Production totals 90%; Mixing/Mastering totals 90%.',
    })
    expect(
      (
        await db()
          .selectFrom('songs')
          .select('title')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).title,
    ).toBe('Night Drive')

    const saved = await editPost(user.id, id, editFields('100'))
    expect(saved.status).toBe(302)
    // Back to the song's own page (issue 52.10).
    expect(saved.headers.get('Location')).toBe(`/certificate/${id}`)
    const row = await db()
      .selectFrom('songs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      title: 'Night Drive (v2)',
      dateCreated: '2025-03-02',
      coContributorName: null,
    })
  })

  test('a co-contributor cleared while holding a share is refused with a message naming the field, on the form and over JSON', async () => {
    const user = await createUser()
    const id = await createViaForm(user.id)
    const fields = editFields('100')
    fields['contributions[0].contributorPercent'] = '60'
    fields['contributions[0].coContributorPercent'] = '40'
    const refused = await editPost(user.id, id, fields)
    expect(refused.status).toBe(400)
    const message =
      'Co-Contributor Name is empty, so its percentages cannot count toward 100%: write the name, or give its share to another contributor or AI.'
    expect((await refused.json()).errors).toMatchObject({ coContributorName: [message] })
    const put = await apiSong.action(
      args(
        await authedRequest(`http://localhost/api/songs/${id}`, user.id, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            title: 'Night Drive',
            dateCreated: '2025-03-02',
            contributorName: 'Ann',
            toolsUsed: 'Ableton',
            fileLink: 'https://example.com/v2.mp3',
            contributions: [
              { component: 'lyrics', contributorPercent: 60, coContributorPercent: 40 },
            ],
          }),
        }),
        { id: String(id) },
      ),
    )
    expect(put.status).toBe(400)
    expect((await put.json()).message).toBe(message)
    // Still 100 with the name: saved, and the shares kept.
    const kept = await editPost(user.id, id, { ...fields, coContributorName: 'Bo' })
    expect(kept.status).toBe(302)
  })

  test('a registered song is locked: the page says so and the server refuses with 409', async () => {
    const user = await createUser()
    const id = await createViaForm(user.id)
    await db()
      .insertInto('blockchainRegistrations')
      .values({ songId: id, status: 'confirmed', transactionSignature: `sig${id}` })
      .execute()
    const page = await respond(async () =>
      edit.loader(
        args(await authedRequest(`http://localhost/edit/${id}`, user.id), { id: String(id) }),
      ),
    )
    expect(await page.json()).toMatchObject({ locked: true })
    const refused = await editPost(user.id, id, editFields('100'))
    expect(refused.status).toBe(409)
    expect(await refused.json()).toMatchObject({
      message: 'This song has been registered on the blockchain and cannot be edited.',
    })
  })
})

describe('songs API', () => {
  const json = (body: unknown) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

  test('create, list, read, update, stats — scoped to the owner', async () => {
    const user = await createUser()
    const created = await apiSongs.action(
      args(
        await authedRequest(
          'http://localhost/api/songs',
          user.id,
          json({
            ...song,
            // Bo holds a share: a named co-writer needs one (decision 096).
            contributions: [
              {
                component: 'lyrics',
                contributorPercent: 60,
                coContributorPercent: 20,
                aiPercent: 20,
              },
            ],
          }),
        ),
      ),
    )
    expect(created.status).toBe(201)
    const { id, title, certificateId } = await created.json()
    expect(title).toBe('Night Drive')
    expect(certificateId).toMatch(/^PT-/)

    const list = await (
      await apiSongs.loader(args(await authedRequest('http://localhost/api/songs', user.id)))
    ).json()
    expect(list.map((s: { id: number }) => s.id)).toEqual([id])

    const one = await (
      await apiSong.loader(
        args(await authedRequest(`http://localhost/api/songs/${id}`, user.id), { id: String(id) }),
      )
    ).json()
    expect(one).toMatchObject({
      id,
      certificateId,
      arweaveId: null,
      lyrics: 'Headlights on the highway',
    })
    expect(one.contributions.map((c: { component: string }) => c.component)).toEqual([
      'lyrics',
      'vocals',
      'instrumentation',
      'production',
      'mixing',
    ])
    expect(one.contributions[0]).toMatchObject({
      contributorPercent: 60,
      coContributorPercent: 20,
      aiPercent: 20,
    })

    const put = (body: unknown) => ({
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    const bad = await apiSong.action(
      args(
        await authedRequest(
          `http://localhost/api/songs/${id}`,
          user.id,
          put({
            ...song,
            contributions: [
              { component: 'lyrics', contributorPercent: 30, coContributorPercent: 20 },
            ],
          }),
        ),
        { id: String(id) },
      ),
    )
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({
      message:
        'All contribution percentages must total 100% for each component. Lyrics totals 50%.',
    })
    const good = await apiSong.action(
      args(
        await authedRequest(
          `http://localhost/api/songs/${id}`,
          user.id,
          put({
            ...song,
            title: 'Renamed',
            contributions: [
              { component: 'lyrics', contributorPercent: 80, coContributorPercent: 20 },
            ],
          }),
        ),
        { id: String(id) },
      ),
    )
    expect(good.status).toBe(200)

    const stats = await (
      await apiStats.loader(args(await authedRequest('http://localhost/api/stats', user.id)))
    ).json()
    expect(stats).toEqual({ totalSongs: 1, blockchainCertified: 0 })

    const other = await createUser()
    expect(
      await (
        await apiSongs.loader(args(await authedRequest('http://localhost/api/songs', other.id)))
      ).json(),
    ).toEqual([])
    const hidden = await respond(async () =>
      apiSong.loader(
        args(await authedRequest(`http://localhost/api/songs/${id}`, other.id), { id: String(id) }),
      ),
    )
    expect(hidden.status).toBe(404)
    const hijack = await apiSong.action(
      args(
        await authedRequest(
          `http://localhost/api/songs/${id}`,
          other.id,
          put({
            ...song,
            contributions: [
              { component: 'lyrics', contributorPercent: 80, coContributorPercent: 20 },
            ],
          }),
        ),
        { id: String(id) },
      ),
    )
    expect(hijack.status).toBe(404)
  })

  test('validation errors answer 400 with message and fieldErrors; visitors get 401', async () => {
    const user = await createUser()
    const response = await apiSongs.action(
      args(
        await authedRequest('http://localhost/api/songs', user.id, json({ ...song, isrc: 'bad' })),
      ),
    )
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      message: 'ISRC must be in format: CCXXXNNNNNNN',
      fieldErrors: { isrc: ['ISRC must be in format: CCXXXNNNNNNN'] },
    })
    const visitor = await respond(() =>
      apiSongs.action(args(new Request('http://localhost/api/songs', json(song)))),
    )
    expect(visitor.status).toBe(401)
  })
})

/** `count` songs of the account's, written straight to the table (the ceiling's tests need many). */
async function seedSongs(userId: string, count: number) {
  await sql`
    insert into songs (user_id, title, contributor_name, date_created, tools_used, file_link,
                       certificate_id, updated_at)
    select ${userId}, 'さくら ' || g, 'हिंदी लेखक', '2025-03-01', 'Piano', 'https://example.com/a.mp3',
           'PT-SEED-' || substr(md5(random()::text || g), 1, 16), now()
    from generate_series(1, ${count}) g`.execute(db())
}

const songCount = async (userId: string) =>
  (
    await db()
      .selectFrom('songs')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow()
  ).n

describe(`an account holds at most ${MAX_SONGS_PER_ACCOUNT} songs (issue 38.3, decision 079)`, () => {
  test('the form and the API both stop at the ceiling with the same clear message', async () => {
    const user = await createUser({ firstName: 'ยุพิน' })
    await seedSongs(user.id, MAX_SONGS_PER_ACCOUNT - 1)
    // The last song the account may hold is made as any other.
    await createViaForm(user.id, { title: 'שיר אחרון' })
    expect(await songCount(user.id)).toBe(MAX_SONGS_PER_ACCOUNT)

    for (const intent of ['review', 'create']) {
      const refused = await post(user.id, { ...formFields({ title: 'Песня' }), intent })
      expect(refused.status).toBe(409)
      const body = await refused.json()
      expect(body.step).toBe('form')
      expect(body.refused).toBe(songCeilingMessage())
      // The writer's words are kept on the form.
      expect(body.values.title).toBe('Песня')
    }
    expect(songCeilingMessage()).toContain('2,000 songs, the most one account can hold')

    const api = await apiSongs.action(
      args(
        await authedRequest('http://localhost/api/songs', user.id, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            ...song,
            title: '歌 🎵',
            contributions: [
              { component: 'vocals', contributorPercent: 50, coContributorPercent: 50 },
            ],
          }),
        }),
      ),
    )
    expect(api.status).toBe(409)
    expect(api.headers.get('Content-Type')).toContain('application/json')
    expect(await api.json()).toEqual({ message: songCeilingMessage(), code: 'song-limit' })
    expect(await songCount(user.id)).toBe(MAX_SONGS_PER_ACCOUNT)
  }, 60_000)
})
