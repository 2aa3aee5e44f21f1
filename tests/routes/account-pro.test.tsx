import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import { SongSchema } from '~/lib/song-schema'
import * as dataZipRoute from '~/resource-routes/settings_.data[.]zip'
import * as apiSongs from '~/resource-routes/api.songs'
import * as profileRoute from '~/routes/settings_.profile'
import * as submit from '~/routes/submit'
import { registerSong } from '~/services/registration/registration.server'
import { createSong } from '~/services/songs/songs.server'
import { db } from '../setup/db'
import { drawPage, type PageModule } from '../setup/draw-page'
import {
  args,
  authedFormRequest,
  authedRequest,
  createUser,
  jsonRequest,
  respond,
  sessionCookie,
} from '../setup/fixtures'

// Issue 51 item 4 (decision 118): the account's own PRO and PRO number, saved in Settings through
// the real form post, start a new song's main contributor's, and are in the data download.

const PROFILE = 'http://localhost/settings/profile'
const IPI_MISMATCH =
  'The last two digits of this IPI number (39) do not match the nine before them: please check the number'

const SONG = {
  title: 'Salt Lines',
  contributorName: 'Ines Writer',
  dateCreated: '2025-03-01',
  toolsUsed: 'Guitar',
  fileLink: 'https://example.com/salt.mp3',
}

async function saveProfile(user: { id: string; username: string }, fields: Record<string, string>) {
  return respond(async () =>
    profileRoute.action(
      args(
        await authedFormRequest(PROFILE, user.id, {
          firstName: 'Ines',
          lastName: 'Writer',
          username: user.username,
          ...fields,
        }),
      ),
    ),
  )
}

const storedPro = (userId: string) =>
  db()
    .selectFrom('users')
    .select(['pro', 'proNumber'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()

/** An account whose PRO details are saved through the settings form. */
async function accountWithPro() {
  const user = await createUser({ emailVerified: true })
  expect((await saveProfile(user, { pro: 'PRS', proNumber: '141.073.38' })).status).toBe(302)
  return user
}

/** The value the server-drawn page gives an input, as a browser without JavaScript shows it. */
function inputValue(html: string, name: string) {
  const input = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0]
  if (!input) throw new Error(`No input named ${name}`)
  return input.match(/value="([^"]*)"/)?.[1] ?? ''
}

describe('Settings: the account’s own PRO and PRO number', () => {
  test('both are saved, the number as the song form keeps an IPI (11 digits)', async () => {
    const user = await accountWithPro()
    expect(await storedPro(user.id)).toEqual({ pro: 'PRS', proNumber: '00014107338' })
    const page = await respond(async () =>
      profileRoute.loader(args(await authedRequest(PROFILE, user.id))),
    )
    const { profile } = (await page.json()) as { profile: Record<string, string> }
    expect([profile.pro, profile.proNumber]).toEqual(['PRS', '00014107338'])
  })

  test('an IPI whose check digits do not match is refused with the song form’s message, and nothing is saved', async () => {
    const user = await accountWithPro()
    const refused = await saveProfile(user, { pro: 'PRS', proNumber: '000 141 073 39' })
    expect(refused.status).toBe(400)
    const { result } = (await refused.json()) as { result: { error: Record<string, string[]> } }
    expect(result.error.proNumber).toEqual([IPI_MISMATCH])
    // The song form's own answer to the same number, so the two cannot drift apart.
    const song = SongSchema.safeParse({ ...SONG, mainContributorProNumber: '000 141 073 39' })
    expect(song.error?.issues.map((issue) => issue.message)).toContain(IPI_MISMATCH)
    expect(await storedPro(user.id)).toEqual({ pro: 'PRS', proNumber: '00014107338' })
  })

  test('a PRO longer than the song form takes is refused with its message', async () => {
    const user = await createUser({ emailVerified: true })
    const refused = await saveProfile(user, { pro: 'P'.repeat(51) })
    expect(refused.status).toBe(400)
    const { result } = (await refused.json()) as { result: { error: Record<string, string[]> } }
    expect(result.error.pro).toEqual(['PRO must be at most 50 characters'])
  })

  test('emptied, both are cleared', async () => {
    const user = await accountWithPro()
    expect((await saveProfile(user, { pro: '  ', proNumber: '' })).status).toBe(302)
    expect(await storedPro(user.id)).toEqual({ pro: null, proNumber: null })
  })
})

describe('a new song starts with them', () => {
  test('the song form, as the server draws it, has them as the main contributor’s', async () => {
    const user = await accountWithPro()
    const html = await drawPage(
      submit as unknown as PageModule,
      '/submit',
      '/submit',
      await sessionCookie(user.id),
    )
    expect(inputValue(html, 'mainContributorPro')).toBe('PRS')
    expect(inputValue(html, 'mainContributorProNumber')).toBe('00014107338')
    // Only the main contributor's: a co-contributor is someone else.
    expect(inputValue(html, 'coContributorPro')).toBe('')
  })

  test('an account without them starts with empty fields', async () => {
    const user = await createUser({ emailVerified: true })
    const html = await drawPage(
      submit as unknown as PageModule,
      '/submit',
      '/submit',
      await sessionCookie(user.id),
    )
    expect(inputValue(html, 'mainContributorPro')).toBe('')
    expect(inputValue(html, 'mainContributorProNumber')).toBe('')
  })

  test('a new version of a registered song keeps the song’s own, even none', async () => {
    const user = await accountWithPro()
    const song = await createSong(db(), user.id, SongSchema.parse(SONG))
    const registered = await registerSong(user.id, song.id, { confirmed: true })
    expect(registered.ok).toBe(true)
    const html = await drawPage(
      submit as unknown as PageModule,
      '/submit',
      `/submit?from=${song.id}`,
      await sessionCookie(user.id),
    )
    expect(inputValue(html, 'title')).toBe('Salt Lines')
    expect(inputValue(html, 'mainContributorPro')).toBe('')
    expect(inputValue(html, 'mainContributorProNumber')).toBe('')
  })

  test('the JSON API applies no default: a song posted without them has none', async () => {
    const user = await accountWithPro()
    const response = await respond(async () =>
      apiSongs.action(
        args(
          jsonRequest(
            'http://localhost/api/songs',
            { ...SONG, contributions: [{ component: 'lyrics', contributorPercent: 100 }] },
            {
              Cookie: await sessionCookie(user.id),
            },
          ),
        ),
      ),
    )
    expect(response.status).toBe(201)
    const row = await db()
      .selectFrom('songs')
      .select(['mainContributorPro', 'mainContributorProNumber'])
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ mainContributorPro: null, mainContributorProNumber: null })
  })
})

test('the data download lists them, in the JSON and in account.csv', async () => {
  const user = await accountWithPro()
  const response = await respond(async () =>
    dataZipRoute.loader(args(await authedRequest('http://localhost/settings/data.zip', user.id))),
  )
  expect(response.status).toBe(200)
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
  const data = JSON.parse(strFromU8(files['your-data.json']!)) as {
    account: Record<string, unknown>
  }
  expect([data.account.pro, data.account.proNumber]).toEqual(['PRS', '00014107338'])
  // Header and row, side by side (the cells are plain here: no quotes to read).
  const [header, row] = strFromU8(files['account.csv']!).split('\r\n')
  expect(header).toContain(',pro,proNumber,')
  expect(row).toContain(',PRS,00014107338,')
})
