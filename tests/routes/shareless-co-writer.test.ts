import { describe, expect, test } from 'vitest'
import * as apiSong from '~/resource-routes/api.songs.$id'
import * as apiSongs from '~/resource-routes/api.songs'
import * as details from '~/routes/songs.$id.details'
import * as edit from '~/routes/edit.$id'
import * as submit from '~/routes/submit'
import { db } from '../setup/db'
import {
  args,
  authedFormRequest,
  authedRequest,
  createUser,
  respond,
  songFormFields,
} from '../setup/fixtures'

// Issue 39 item 3 (decision 095): with only the required fields, the form's defaults leave a named
// co-writer at 0 % in every component, and their invitation would then ask them to confirm a
// share of nothing. Review and create refuse it, on the name, as a browser without JavaScript
// posts the form.

/** The form as posted with only what is required: the five rows at their defaults. */
const onlyRequired = (extra: Record<string, string>) => ({
  ...songFormFields(
    {
      title: 'ध्वनि 🎵',
      dateCreated: '2025-03-01',
      contributorName: '佐藤 花子',
      toolsUsed: 'Logic Pro',
      fileLink: 'https://example.com/dhvani.mp3',
    },
    () => ({
      contributorPercent: '100',
      coContributorPercent: '0',
      coContributor2Percent: '0',
      aiPercent: '0',
    }),
  ),
  ...extra,
})

const post = async (userId: string, fields: Record<string, string>) =>
  respond(async () =>
    submit.action(args(await authedFormRequest('http://localhost/submit', userId, fields))),
  )

const shareless = (name: string) =>
  `“${name}” is named as a co-writer but has 0% in every component: give them a share where they contributed, or clear the name.`

/** A song made through the form, its lyrics shared 60/40 with `coName`. */
async function sharedSong(userId: string, coName: string, extra: Record<string, string> = {}) {
  const created = await post(userId, {
    ...onlyRequired({
      coContributorName: coName,
      'contributions[0].contributorPercent': '60',
      'contributions[0].coContributorPercent': '40',
      ...extra,
    }),
    intent: 'create',
  })
  expect(created.status).toBe(302)
  return Number(
    new URL(created.headers.get('Location')!, 'http://localhost').searchParams.get('created'),
  )
}

async function editPost(userId: string, id: number, fields: Record<string, string>) {
  return respond(async () =>
    edit.action(
      args(
        await authedRequest(`http://localhost/edit/${id}`, userId, {
          method: 'POST',
          body: new URLSearchParams(fields),
        }),
        { id: String(id) },
      ),
    ),
  )
}

const sendJson = async (userId: string, url: string, method: string, body: unknown) =>
  authedRequest(url, userId, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })

const splitOf = async (songId: number) =>
  db()
    .selectFrom('creativeContributions')
    .select(['component', 'coContributorPercent'])
    .where('songId', '=', songId)
    .orderBy('component')
    .execute()

const songsOf = async (userId: string) =>
  (await db().selectFrom('songs').select('id').where('userId', '=', userId).execute()).length

describe('a co-writer named with no share anywhere', () => {
  test('review and create refuse it on each name, which the message says; no song is made', async () => {
    const user = await createUser({ firstName: 'ยุพิน' })
    const names = { coContributorName: 'פרי-לי כהן', coContributorName2: 'Олег Петров' }
    for (const intent of ['review', 'create']) {
      const response = await post(user.id, { ...onlyRequired(names), intent })
      expect(response.status).toBe(400)
      const body = await response.json()
      expect(body.step).toBe('form')
      expect(body.errors).toMatchObject({
        coContributorName: [
          '“פרי-לי כהן” is named as a co-writer but has 0% in every component: give them a share where they contributed, or clear the name.',
        ],
        coContributorName2: [
          '“Олег Петров” is named as a co-writer but has 0% in every component: give them a share where they contributed, or clear the name.',
        ],
      })
      expect(body.values).toMatchObject(names)
    }
    expect(await songsOf(user.id)).toBe(0)
  })

  test('one component’s share is enough; a share only in a component the genre hides is not', async () => {
    const user = await createUser({ firstName: 'هالة' })
    const shared = {
      coContributorName: 'هالة ✨',
      'contributions[0].contributorPercent': '60',
      'contributions[0].coContributorPercent': '40',
    }
    // Accepted: the review answers with a redirect to its page (decision 114).
    const review = await post(user.id, { ...onlyRequired(shared), intent: 'review' })
    expect(review.status).toBe(302)
    expect(review.headers.get('Location')).toMatch(/^\/submit\?review=/)
    const created = await post(user.id, { ...onlyRequired(shared), intent: 'create' })
    expect(created.status).toBe(302)
    expect(await songsOf(user.id)).toBe(1)

    // A cappella has no instrumentation: a share only there is dropped, so it is refused.
    const hidden = await post(user.id, {
      ...onlyRequired({
        coContributorName: 'さくら',
        genre: 'Acappella/Spoken Word',
        'contributions[2].contributorPercent': '50',
        'contributions[2].coContributorPercent': '50',
      }),
      intent: 'review',
    })
    expect(hidden.status).toBe(400)
    expect((await hidden.json()).errors.coContributorName?.[0]).toContain('“さくら”')
  })
})

// Decision 096: the same rule wherever a split is set, not only on /submit.
describe('a co-writer named with no share, on every other way in', () => {
  test('the edit form refuses it on the name, as posted without JavaScript; the song is unchanged', async () => {
    const user = await createUser({ firstName: 'Мария' })
    const id = await sharedSong(user.id, 'Олег Петров')
    const before = await splitOf(id)
    // The writer moves Oleg's 40 % back to themselves and names a second co-writer with nothing.
    const response = await editPost(
      user.id,
      id,
      onlyRequired({ coContributorName: 'Олег Петров', coContributorName2: '山田 太郎' }),
    )
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.errors).toMatchObject({
      coContributorName: [shareless('Олег Петров')],
      coContributorName2: [shareless('山田 太郎')],
    })
    expect(body.values).toMatchObject({ coContributorName2: '山田 太郎' })
    expect(await splitOf(id)).toEqual(before)
  })

  test('the JSON API refuses it on a new song and on an update, naming the co-writer', async () => {
    const user = await createUser({ firstName: 'Yuki' })
    const song = {
      title: '夜明けの歌',
      dateCreated: '2025-03-01',
      contributorName: '佐藤 花子',
      coContributorName: '鈴木 一郎',
      toolsUsed: 'Logic Pro',
      fileLink: 'https://example.com/yoake.mp3',
      contributions: [{ component: 'lyrics', contributorPercent: 100 }],
    }
    const created = await apiSongs.action(
      args(await sendJson(user.id, 'http://localhost/api/songs', 'POST', song)),
    )
    expect(created.status).toBe(400)
    expect(JSON.stringify(await created.json())).toContain(shareless('鈴木 一郎'))
    expect(await songsOf(user.id)).toBe(0)

    const id = await sharedSong(user.id, 'Иван Иванов')
    const put = await apiSong.action(
      args(
        await sendJson(user.id, `http://localhost/api/songs/${id}`, 'PUT', {
          ...song,
          coContributorName: 'Иван Иванов',
        }),
        { id: String(id) },
      ),
    )
    expect(put.status).toBe(400)
    expect(JSON.stringify(await put.json())).toContain(shareless('Иван Иванов'))
    // A share only in a component the song's genre hides is dropped when saved: refused too.
    const hiddenOnly = await sharedSong(user.id, 'さくら', {
      genre: 'Instrumental',
      'contributions[0].contributorPercent': '100',
      'contributions[0].coContributorPercent': '0',
      'contributions[3].contributorPercent': '60',
      'contributions[3].coContributorPercent': '40',
    })
    const hidden = await apiSong.action(
      args(
        await sendJson(user.id, `http://localhost/api/songs/${hiddenOnly}`, 'PUT', {
          ...song,
          coContributorName: 'さくら',
          contributions: [
            { component: 'lyrics', contributorPercent: 50, coContributorPercent: 50 },
            { component: 'production', contributorPercent: 100 },
          ],
        }),
        { id: String(hiddenOnly) },
      ),
    )
    expect(hidden.status).toBe(400)
    expect((await hidden.json()).message).toBe(shareless('さくら'))
  })

  test('a genre that drops the only component a co-writer shares is refused on the details page', async () => {
    const user = await createUser({ firstName: 'Priya' })
    const id = await sharedSong(user.id, 'प्रिया शर्मा')
    const before = await splitOf(id)
    const response = await respond(async () =>
      details.action(
        args(
          await authedRequest(`http://localhost/songs/${id}/details`, user.id, {
            method: 'POST',
            body: new URLSearchParams({ genre: 'Instrumental' }),
          }),
          { id: String(id) },
        ),
      ),
    )
    expect(response.status).toBe(400)
    expect((await response.json()).message).toContain(shareless('प्रिया शर्मा'))
    expect(await splitOf(id)).toEqual(before)
  })
})
