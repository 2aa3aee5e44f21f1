import { describe, expect, test } from 'vitest'
import * as submit from '~/routes/submit'
import { db } from '../setup/db'
import { args, authedFormRequest, createUser, respond, songFormFields } from '../setup/fixtures'

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
    const review = await post(user.id, { ...onlyRequired(shared), intent: 'review' })
    expect(review.status).toBe(200)
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
