import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { SongSummary, SummaryHiddenFields, type SongSummaryValues } from '~/components/song-summary'
import { DURATION_MESSAGE } from '~/lib/duration'
import * as apiSong from '~/resource-routes/api.songs.$id'
import * as apiSongs from '~/resource-routes/api.songs'
import * as exportRoute from '~/resource-routes/songs.$id.ddex[.]xml'
import * as submit from '~/routes/submit'
import { MISSING_DURATION } from '~/services/certificates/exports/ddex-export.server'
import { db } from '../setup/db'
import {
  args,
  authedRequest,
  formRequest,
  respond,
  storedDuration,
  useSignedInUser,
} from '../setup/fixtures'
import { followReview } from '../setup/review-step'

// Issue 40 (decision 084): the recording's length is asked on the submit form too, through the
// real POST (conform's parseWithZod), optional and never invented; the DDEX export then has it.

const REQUIRED = {
  title: '夜明けのうた 🌅',
  contributorName: 'प्रिया शर्मा',
  dateCreated: '2025-03-01',
  toolsUsed: 'Piano, Suno',
  fileLink: 'https://example.com/a.wav',
}

const user = useSignedInUser()

const post = (fields: Record<string, string>) =>
  respond(() =>
    submit.action(args(formRequest('http://localhost/submit', fields, { Cookie: user.cookie }))),
  )

const createdId = (response: Response) =>
  Number(new URL(response.headers.get('Location')!, 'http://localhost').searchParams.get('created'))

async function ddex(id: number) {
  const request = await authedRequest(`http://localhost/songs/${id}/ddex.xml`, user.id)
  return respond(() => exportRoute.loader(args(request, { id: String(id) })))
}

/** The review step's hidden fields, as the page renders them, read back as the browser posts them. */
function hiddenFields(values: SongSummaryValues) {
  const html = renderToStaticMarkup(<SummaryHiddenFields values={values} />)
  const fields: Record<string, string> = {}
  for (const [, name, value] of html.matchAll(/name="([^"]+)" value="([^"]*)"/g))
    fields[name!] = value!.replace(/&amp;/g, '&')
  return fields
}

describe('/submit: the recording’s length (issue 40)', () => {
  test('only the required fields: no length is stored, and the DDEX export still asks for it', async () => {
    const response = await post({ ...REQUIRED, intent: 'create' })
    expect(response.status).toBe(302)
    const id = createdId(response)
    expect(await storedDuration(id)).toBeNull()
    const missing = await ddex(id)
    expect(missing.status).toBe(409)
    expect(await missing.text()).toContain(MISSING_DURATION)
  })

  test('"3:25" is shown on the review, kept through it, stored as 205 s and exported', async () => {
    const review = await followReview(
      await post({ ...REQUIRED, duration: ' 3:25 ', intent: 'review' }),
      user.cookie,
    )
    expect(review.status).toBe(200)
    const data = (await review.json()) as { step: string; values: SongSummaryValues }
    expect(data.step).toBe('summary')
    expect(data.values.duration).toBe(205)
    expect(renderToStaticMarkup(<SongSummary values={data.values} />)).toMatch(
      /Length of the Recording<\/dt><dd[^>]*><bdi>3:25<\/bdi>/,
    )
    const hidden = hiddenFields(data.values)
    expect(hidden.duration).toBe('3:25')

    // "Edit Details" hands the typed length back to the form.
    const edit = (await (await post({ ...hidden, intent: 'edit' })).json()) as {
      values: Record<string, unknown>
    }
    expect(edit.values.duration).toBe('3:25')

    const created = await post({ ...hidden, intent: 'create' })
    expect(created.status).toBe(302)
    const id = createdId(created)
    expect(await storedDuration(id)).toBe(205)

    const exported = await ddex(id)
    const body = await exported.text()
    expect(body).not.toContain(MISSING_DURATION)
    expect(exported.status).toBe(200)
    expect(body).toContain('<Duration>PT3M25S</Duration>')
    expect(body).toContain('夜明けのうた 🌅')
  })

  test('a length that is not one is refused with the details page’s message; no song is made', async () => {
    const before = await db()
      .selectFrom('songs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow()
    for (const duration of ['3 minutes', '३:२५', '3:75']) {
      const response = await post({ ...REQUIRED, duration, intent: 'create' })
      expect(response.status).toBe(400)
      const data = (await response.json()) as { errors: Record<string, string[]> }
      expect(data.errors.duration).toEqual([DURATION_MESSAGE])
    }
    expect(
      await db()
        .selectFrom('songs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('userId', '=', user.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(before)
  })
})

// docs/api.md: the JSON API takes `duration` as the form does ("3:25" or "1:02:05", text) and
// answers `durationSeconds`, a whole number of seconds or null.
describe('/api/songs: the recording’s length', () => {
  const create = (duration: unknown) =>
    respond(() =>
      apiSongs.action(
        args(
          new Request('http://localhost/api/songs', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Cookie: user.cookie },
            body: JSON.stringify({
              ...REQUIRED,
              duration,
              contributions: [{ component: 'lyrics', contributorPercent: 100 }],
            }),
          }),
        ),
      ),
    )
  const read = async (id: number) =>
    (await (
      await respond(async () =>
        apiSong.loader(
          args(await authedRequest(`http://localhost/api/songs/${id}`, user.id), {
            id: String(id),
          }),
        ),
      )
    ).json()) as { durationSeconds: number | null }

  test('"3:25", "1:02:05" and the longest, 24:00:00, are stored and answered in seconds; none is null', async () => {
    for (const [duration, seconds] of [
      ['3:25', 205],
      ['1:02:05', 3725],
      ['24:00:00', 86400],
      ['', null],
      [undefined, null],
    ] as const) {
      const response = await create(duration)
      expect(response.status, String(duration)).toBe(201)
      const { id } = (await response.json()) as { id: number }
      expect(await read(id)).toMatchObject({ durationSeconds: seconds })
    }
  })

  test('seconds as a number, no length, and past 24 hours are refused with the form’s message', async () => {
    for (const duration of [205, '205', '0:00', '24:00:01', 'PT3M25S']) {
      const response = await create(duration)
      expect(response.status, String(duration)).toBe(400)
      const body = (await response.json()) as { errors: Record<string, string> }
      expect(body.errors.duration, String(duration)).toBe(DURATION_MESSAGE)
    }
  })
})
