import { describe, expect, test } from 'vitest'
import * as edit from '~/routes/edit.$id'
import * as details from '~/routes/songs.$id.details'
import * as submit from '~/routes/submit'
import { db } from '../setup/db'
import {
  args,
  authedFormRequest,
  authedRequest,
  createTestSong,
  createUser,
  respond,
  songFormFields,
} from '../setup/fixtures'

// Issue 54, the song area: what the song pages' actions make on the server (a refusal naming each
// component's total, its toast) is in the owner's language, whole; English stays the spec's.

async function owner(locale: string | null) {
  const user = await createUser()
  await db().updateTable('users').set({ locale }).where('id', '=', user.id).execute()
  const song = await createTestSong(user.id, { title: 'Nachtfahrt' })
  return { user, song }
}

const editPost = async (userId: string, id: number, percent: string) =>
  respond(async () =>
    edit.action(
      args(
        await authedFormRequest(
          `http://localhost/edit/${id}`,
          userId,
          songFormFields(
            {
              title: 'Nachtfahrt',
              dateCreated: '2025-03-02',
              contributorName: 'Ann',
              toolsUsed: 'Ableton',
              fileLink: 'https://example.com/v2.mp3',
            },
            () => ({ contributorPercent: percent, aiPercent: '0' }),
          ),
        ),
        { id: String(id) },
      ),
    ),
  )

describe("a split that is not whole, refused in the owner's language", () => {
  test('German: the sentence and each component’s total, on the page and in the toast', async () => {
    const { user, song } = await owner('de')
    const refused = await editPost(user.id, song.id, '90')
    expect(refused.status).toBe(400)
    const body = await refused.json()
    expect(body.message).toBe(
      'Alle Beitragsanteile müssen für jede Komponente zusammen 100\u00a0% ergeben. ' +
        'Text ergibt 90\u00a0%; Gesang ergibt 90\u00a0%; Instrumentierung ergibt 90\u00a0%; ' +
        'Produktion ergibt 90\u00a0%; Mixing/Mastering ergibt 90\u00a0%.',
    )
    expect(body).toMatchObject({
      totals: true,
      toast: { title: 'Fehler', description: body.message },
    })
  })

  test('English: the spec’s sentence, word for word', async () => {
    const { user, song } = await owner(null)
    const body = await (await editPost(user.id, song.id, '90')).json()
    expect(body.message).toBe(
      'All contribution percentages must total 100% for each component. Lyrics totals 90%; Vocals totals 90%; Instrumentation totals 90%; Production totals 90%; Mixing/Mastering totals 90%.',
    )
  })
})

test("the song form's page sends its words in Japanese, the error summary's title among them", async () => {
  const { user } = await owner('ja')
  const response = await respond(async () =>
    submit.loader(args(await authedRequest('http://localhost/submit', user.id))),
  )
  const { i18n } = await response.json()
  expect(i18n.locale).toBe('ja')
  expect(i18n.messages['song.submit.title']).toBe('新しい楽曲を提出')
  expect(i18n.messages['auth.errorSummary.title']).not.toBe('There is a problem')
  expect(typeof i18n.messages['auth.errorSummary.title']).toBe('string')
})

test('a genre that leaves a co-writer no share is refused in German, naming them as typed', async () => {
  const { user } = await owner('de')
  const { id } = await createTestSong(user.id, {
    coContributorName: 'Jörg Weiß',
    contributions: [
      {
        component: 'lyrics',
        contributorPercent: 50,
        coContributorPercent: 50,
        coContributor2Percent: 0,
        aiPercent: 0,
      },
    ],
  })
  // Instrumental has no lyrics: Jörg's only share goes.
  const refused = await respond(async () =>
    details.action(
      args(
        await authedFormRequest(`http://localhost/songs/${id}/details`, user.id, {
          genre: 'Instrumental',
        }),
        { id: String(id) },
      ),
    ),
  )
  expect(refused.status).toBe(400)
  const { message } = await refused.json()
  expect(message).toMatch(/^Dieses Genre streicht jede Komponente/)
  expect(message).toContain('„Jörg Weiß“')
  expect(message).not.toMatch(/is named as a co-writer|This genre/)
})
