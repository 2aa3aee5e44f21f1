import { describe, expect, test } from 'vitest'
import * as details from '~/routes/songs.$id.details'
import { WORDS_WEIGHT_MESSAGE } from '~/lib/song-details-schema'
import { db } from '../setup/db'
import { args, authedFormRequest, createTestSong, createUser, respond } from '../setup/fixtures'

// Issue 51 items 1, 2, 6 and 7 (decision 117): the song and the recording, side by side, through
// the real routes: the details form's two choices, then every surface that shows or exports them.

const WORKED_EXAMPLE = {
  title: 'Harbour Lights',
  contributorName: 'Ann Lee',
  coContributorName: 'Bob Stone',
  coContributorName2: 'Cara Diaz',
  mainContributorPro: 'ASCAP',
  mainContributorProNumber: '00014107338',
  toolsUsed: 'Logic Pro, Yamaha P-125',
  contributions: [
    ['lyrics', 80, 0, 0, 20],
    ['vocals', 0, 100, 0, 0],
    ['instrumentation', 50, 0, 0, 50],
    ['production', 0, 0, 100, 0],
    ['mixing', 0, 0, 100, 0],
  ].map(([component, main, co, co2, ai]) => ({
    component,
    contributorPercent: main,
    coContributorPercent: co,
    coContributor2Percent: co2,
    aiPercent: ai,
  })),
}

const saveDetails = async (userId: string, id: number, fields: Record<string, string>) =>
  respond(async () =>
    details.action(
      args(await authedFormRequest(`http://localhost/songs/${id}/details`, userId, fields), {
        id: String(id),
      }),
    ),
  )

const choices = (id: number) =>
  db()
    .selectFrom('songs')
    .select([
      'contributorWroteMelody',
      'coContributorWroteMelody',
      'coContributor2WroteMelody',
      'wordsWeightPercent',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

describe('the details form: who wrote the melody, and the words’ weight', () => {
  test('a song starts at no topline and 50/50; the owner ticks a box and sets 60, as a form posts them', async () => {
    const owner = await createUser()
    const { id } = await createTestSong(owner.id, WORKED_EXAMPLE)
    expect(await choices(id)).toEqual({
      contributorWroteMelody: false,
      coContributorWroteMelody: false,
      coContributor2WroteMelody: false,
      wordsWeightPercent: 50,
    })
    const saved = await saveDetails(owner.id, id, {
      coContributorWroteMelody: 'on',
      wordsWeightPercent: '60',
    })
    expect(saved.status).toBe(302)
    expect(await choices(id)).toEqual({
      contributorWroteMelody: false,
      coContributorWroteMelody: true,
      coContributor2WroteMelody: false,
      wordsWeightPercent: 60,
    })
    // Left empty, the weight goes back to 50/50; an unticked box posts nothing and means no.
    await saveDetails(owner.id, id, { wordsWeightPercent: '' })
    expect(await choices(id)).toMatchObject({
      coContributorWroteMelody: false,
      wordsWeightPercent: 50,
    })
  })

  test('a weight that is not a whole number from 1 to 99 is refused with what to enter, never a 500', async () => {
    const owner = await createUser()
    const { id } = await createTestSong(owner.id, WORKED_EXAMPLE)
    for (const weight of ['100', '0', '55.5', 'sixty', '-3']) {
      const refused = await saveDetails(owner.id, id, { wordsWeightPercent: weight })
      expect(refused.status, weight).toBe(400)
      const body = (await refused.json()) as { result: { error: Record<string, string[]> } }
      expect(body.result.error.wordsWeightPercent, weight).toEqual([WORDS_WEIGHT_MESSAGE])
    }
    expect((await choices(id)).wordsWeightPercent).toBe(50)
  })
})
