import { describe, expect, test } from 'vitest'
import * as submit from '~/routes/submit'
import { saveReviewDraft } from '~/services/songs/review-drafts.server'
import { db } from '../setup/db'
import {
  args,
  authedFormRequest,
  authedRequest,
  createUser,
  respond,
  songFormFields,
} from '../setup/fixtures'

// Issue 52.9 (decision 114): the review answers with a redirect to a page of its own, whose
// values wait in the database under a random id; creating from it happens once, however often
// "Create Certificate" is posted again (Back, reload, a double tap).

const LYRICS = 'Ánh trăng trên sông, '.repeat(1000).slice(0, 20_000)

const song = (extra: Record<string, string> = {}) => ({
  ...songFormFields(
    {
      title: 'Sông Hương',
      dateCreated: '2025-03-01',
      contributorName: 'Nguyễn Thị Lan',
      toolsUsed: 'Đàn bầu',
      fileLink: 'https://example.com/song-huong.mp3',
      lyrics: LYRICS,
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

const post = async (userId: string, fields: Record<string, string>, url = '/submit') =>
  respond(async () =>
    submit.action(args(await authedFormRequest(`http://localhost${url}`, userId, fields))),
  )

const page = async (userId: string, url: string) =>
  respond(async () => submit.loader(args(await authedRequest(`http://localhost${url}`, userId))))

const songsOf = async (userId: string) =>
  db().selectFrom('songs').select(['id', 'title']).where('userId', '=', userId).execute()

/** Reviews `fields` and answers the review page's address. */
async function review(userId: string, fields = song()) {
  const answer = await post(userId, { ...fields, intent: 'review' })
  expect(answer.status).toBe(302)
  const location = answer.headers.get('Location')!
  expect(location).toMatch(/^\/submit\?review=[A-Za-z0-9_-]{22}$/)
  return { location, id: new URL(location, 'http://localhost').searchParams.get('review')! }
}

describe('the review, a page of its own', () => {
  test('the review answers with a redirect; its page shows every value, lyrics of 20,000 characters too, and only to its owner', async () => {
    const user = await createUser()
    const { location } = await review(user.id)
    const shown = await page(user.id, location)
    expect(shown.status).toBe(200)
    const { review: step } = await shown.json()
    expect(step).toMatchObject({
      step: 'summary',
      values: { title: 'Sông Hương', lyrics: LYRICS },
      createdSongId: null,
    })
    // Loaded again (a reload), the same.
    expect((await (await page(user.id, location)).json()).review.values.lyrics).toBe(LYRICS)

    const stranger = await createUser()
    const refused = await page(stranger.id, location)
    expect(refused.status).toBe(302)
    expect(refused.headers.get('Location')).toBe('/submit')
    expect(await songsOf(user.id)).toEqual([])
  })

  test('Create Certificate posted twice at once, and again later, makes one song from what was reviewed', async () => {
    const user = await createUser()
    const { location, id } = await review(user.id)
    // The hidden fields say otherwise: the review's own values are the ones created.
    const create = { ...song({ title: 'Changed in the page' }), intent: 'create', draft: id }
    const answers = await Promise.all([
      post(user.id, create, location),
      post(user.id, create, location),
    ])
    const locations = answers.map((answer) => answer.headers.get('Location'))
    expect(answers.map((answer) => answer.status)).toEqual([302, 302])
    expect(locations[0]).toMatch(/^\/submit\?created=\d+$/)
    expect(locations[1]).toBe(locations[0])
    const created = await songsOf(user.id)
    expect(created).toEqual([{ id: expect.any(Number), title: 'Sông Hương' }])

    // Back to the review, and Create posted again from it: still the one song.
    const again = await post(user.id, create, location)
    expect(again.headers.get('Location')).toBe(`/submit?created=${created[0]!.id}`)
    expect(await songsOf(user.id)).toHaveLength(1)
    const { review: step } = await (await page(user.id, location)).json()
    expect(step.createdSongId).toBe(created[0]!.id)
  })

  test('a review no longer kept: its page sends back to the form, and Create makes nothing', async () => {
    const user = await createUser()
    const { location, id } = await review(user.id)
    await db()
      .updateTable('reviewDrafts')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute()
    const shown = await page(user.id, location)
    expect(shown.status).toBe(302)
    expect(shown.headers.get('Location')).toBe('/submit')
    const create = await post(user.id, { ...song(), intent: 'create', draft: id }, location)
    expect(create.status).toBe(409)
    expect(await create.json()).toMatchObject({
      step: 'form',
      values: { title: 'Sông Hương' },
      refused:
        'This review is no longer kept (a review waits a day): check the song and review it again.',
    })
    const unknown = await post(user.id, { ...song(), intent: 'create', draft: 'x' }, location)
    expect(unknown.status).toBe(409)
    expect(await songsOf(user.id)).toEqual([])
  })

  test('an account keeps its 20 newest reviews', async () => {
    const user = await createUser()
    const ids: string[] = []
    for (let n = 0; n < 22; n++)
      ids.push(await saveReviewDraft(db(), user.id, [['title', `Take ${n}`]]))
    const kept = await db()
      .selectFrom('reviewDrafts')
      .select('id')
      .where('userId', '=', user.id)
      .execute()
    expect(kept).toHaveLength(20)
    expect(kept.map((row) => row.id)).not.toContain(ids[0])
    expect(kept.map((row) => row.id)).toContain(ids[21])
  })
})
