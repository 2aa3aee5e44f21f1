import { expect, test } from 'vitest'
import { PLAIN_TEXT_MESSAGE } from '~/lib/plain-text'
import { USERINFO_MESSAGE } from '~/lib/web-link'
import * as apiSongs from '~/resource-routes/api.songs'
import * as exportRoute from '~/resource-routes/songs.$id.ddex[.]xml'
import * as submit from '~/routes/submit'
import { db } from '../setup/db'
import { args, authedRequest, formRequest, respond, useSignedInUser } from '../setup/fixtures'

// Issue 50 items 5 and 6 (decision 108), through the song form's real POST (readForm and
// conform's parseWithZod, as a browser without JavaScript sends it) and the JSON API; a song
// accepted with joiners inside its names exports to DDEX exactly as it was recorded.

const REQUIRED = {
  title: 'Harbour Lights',
  contributorName: 'Ann Lee',
  dateCreated: '2025-03-01',
  toolsUsed: 'Piano',
  fileLink: 'https://example.com/a.wav',
}
const user = useSignedInUser()

const post = (fields: Record<string, string>) =>
  respond(() =>
    submit.action(args(formRequest('http://localhost/submit', fields, { Cookie: user.cookie }))),
  )
const errorsOf = async (response: Response) =>
  ((await response.json()) as { errors: Record<string, string[]> }).errors
const songCount = async () =>
  Number(
    (
      await db()
        .selectFrom('songs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('userId', '=', user.id)
        .executeTakeFirstOrThrow()
    ).n,
  )

test('/submit refuses invisible-only, line-breaking, noncharacter and tag text in the title and names', async () => {
  const before = await songCount()
  const cases: [string, string, string][] = [
    ['title', '\u200B', 'Song title is required'],
    ['title', '\u3164', 'Song title is required'],
    ['contributorName', '\u115F\u1160\u200B', 'Contributor name is required'],
    ['title', 'Harbour\u{E0041}\u{E0042}Lights', PLAIN_TEXT_MESSAGE],
    ['title', 'Harbour\u2028Lights', PLAIN_TEXT_MESSAGE],
    ['title', 'Harbour\u2029Lights', PLAIN_TEXT_MESSAGE],
    ['title', 'Harbour\uFFFE', PLAIN_TEXT_MESSAGE],
    ['contributorName', 'Ann\uFFFF', PLAIN_TEXT_MESSAGE],
    ['toolsUsed', 'Piano\uFDD0', PLAIN_TEXT_MESSAGE],
  ]
  for (const [field, value, message] of cases) {
    const response = await post({ ...REQUIRED, [field]: value, intent: 'create' })
    expect(response.status, `${field} ${JSON.stringify(value)}`).toBe(400)
    expect((await errorsOf(response))[field], JSON.stringify(value)).toEqual([message])
  }
  expect(await songCount()).toBe(before)
})

test('/submit refuses a song link with a name before its @, and says what to remove', async () => {
  for (const fileLink of [
    'https://user:pass@evil.example/',
    'https://www.dropbox.com@evil.example/song.mp3',
  ]) {
    const response = await post({ ...REQUIRED, fileLink, intent: 'create' })
    expect(response.status).toBe(400)
    expect((await errorsOf(response)).fileLink).toEqual([USERINFO_MESSAGE])
  }
})

test('the JSON API refuses a lone surrogate, which no form can send and XML cannot hold', async () => {
  const response = await respond(() =>
    apiSongs.action(
      args(
        new Request('http://localhost/api/songs', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Cookie: user.cookie },
          body: JSON.stringify({ ...REQUIRED, title: 'Harbour \uD800' }),
        }),
      ),
    ),
  )
  expect(response.status).toBe(400)
  expect(((await response.json()) as { errors: Record<string, string> }).errors.title).toBe(
    PLAIN_TEXT_MESSAGE,
  )
})

test('names with ZWJ, ZWNJ, selectors and a flag are kept as typed, and the DDEX export says the same', async () => {
  const title =
    'क्\u200Dषमा می\u200Cخواهم 👩\u200D🎤 ❤\uFE0F Cymru 🏴\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}'
  const contributorName = 'ශ්\u200Dරී 葛\u{E0100}飾'
  const response = await post({
    ...REQUIRED,
    title,
    contributorName,
    fileLink: 'https://www.youtube.com/@ann',
    duration: '3:25',
    intent: 'create',
  })
  expect(response.status).toBe(302)
  const id = Number(
    new URL(response.headers.get('Location')!, 'http://localhost').searchParams.get('created'),
  )
  const stored = await db()
    .selectFrom('songs')
    .select(['title', 'contributorName', 'fileLink'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
  expect(stored).toEqual({ title, contributorName, fileLink: 'https://www.youtube.com/@ann' })

  const request = await authedRequest(`http://localhost/songs/${id}/ddex.xml`, user.id)
  const exported = await respond(() => exportRoute.loader(args(request, { id: String(id) })))
  expect(exported.status).toBe(200)
  const xml = await exported.text()
  expect(xml).toContain(`>${title}<`)
  expect(xml).toContain(`>${contributorName}<`)
  expect(xml).not.toContain('\uFFFD')
})
