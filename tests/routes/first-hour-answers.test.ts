import { expect, test } from 'vitest'
import * as invitation from '~/routes/invitations.$token'
import * as coWriters from '~/routes/songs.$id.co-writers'
import { db } from '../setup/db'
import {
  args,
  createTestSong,
  createUser,
  formRequest,
  respond,
  sessionCookie,
} from '../setup/fixtures'
import { lastMailTo } from '../setup/mail'

// Issue 39, through the routes as a browser without JavaScript posts them: names in several
// scripts, only the required fields.

const tokenIn = (text: string | null | undefined) =>
  /\/invitations\/([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1] ?? null

/** A song by 佐藤 with one co-writer, invited by a plain post; returns the invitation's token. */
async function invited(coContributorName: string) {
  const owner = await createUser({ emailVerified: true, firstName: '佐藤' })
  const song = await createTestSong(owner.id, {
    title: 'さくら',
    contributorName: '佐藤 花子',
    coContributorName,
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
  const cookie = await sessionCookie(owner.id)
  const email = `co-${song.id}@example.com`
  const sent = await respond(async () =>
    coWriters.action(
      args(
        formRequest(
          `http://localhost/songs/${song.id}/co-writers`,
          { intent: 'invite', slot: 'co-contributor', email },
          { Cookie: cookie },
        ),
        { id: String(song.id) },
      ),
    ),
  )
  expect(sent.status).toBe(302)
  const token = tokenIn((await lastMailTo(email))?.text)
  expect(token).not.toBeNull()
  return { owner, song, cookie, email, token: token! }
}

const answer = (token: string, fields: Record<string, string>) =>
  respond(async () =>
    invitation.action(
      args(formRequest(`http://localhost/invitations/${token}`, fields), { token }),
    ),
  )

test('an IPI name number typed without its leading zeros is taken and stored with them (39.15)', async () => {
  const { song, token } = await invited('प्रिया शर्मा')
  const wrong = await answer(token, {
    intent: 'confirm',
    creditedName: 'प्रिया शर्मा',
    ipi: '14107339',
  })
  expect(wrong.status).toBe(400)
  const body = JSON.stringify(await wrong.json())
  const message = /The last two digits[^"]*/.exec(body)?.[0]
  expect(message).toBe(
    'The last two digits of this IPI number (39) do not match the nine before them: please check the number',
  )
  // The pair that would fit (38) is never told.
  expect(body).not.toContain('should be')

  const confirmed = await answer(token, {
    intent: 'confirm',
    creditedName: 'प्रिया शर्मा',
    ipi: '14107338',
  })
  expect(confirmed.status).toBe(200)
  const row = await db()
    .selectFrom('splitInvitations')
    .select(['ipi', 'creditedName', 'decision'])
    .where('songId', '=', song.id)
    .executeTakeFirstOrThrow()
  expect(row).toEqual({ ipi: '00014107338', creditedName: 'प्रिया शर्मा', decision: 'confirmed' })
})
