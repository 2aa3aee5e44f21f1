import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { SongSummary, SummaryHiddenFields, type SongSummaryValues } from '~/components/song-summary'
import { AI_TOOL_NAME_MISSING, AI_TOOL_PARTS_MISSING, aiToolNoShareMessage } from '~/lib/ai-tools'
import { AI_TOOLS_NOT_NAMED } from '~/lib/song-constants'
import { ipiProblem } from '~/lib/identifiers'
import * as apiSong from '~/resource-routes/api.songs.$id'
import * as apiSongs from '~/resource-routes/api.songs'
import * as ddexRoute from '~/resource-routes/songs.$id.ddex[.]xml'
import * as splitSheetPdf from '~/resource-routes/songs.$id.split-sheet[.]pdf'
import * as writersCsv from '~/resource-routes/songs.$id.writers[.]csv'
import * as details from '~/routes/songs.$id.details'
import * as splitSheetPage from '~/routes/songs.$id.split-sheet'
import * as submit from '~/routes/submit'
import { xmllint } from '../ddex/xmllint'
import { csvRecords } from '../setup/csv-reader'
import { db } from '../setup/db'
import { drawPage } from '../setup/draw-page'
import {
  args,
  authedFormRequest,
  authedRequest,
  createTestSong,
  formRequest,
  jsonRequest,
  respond,
  songFormFields,
  useSignedInUser,
} from '../setup/fixtures'
import { followReview } from '../setup/review-step'

const run = promisify(execFile)

// Issue 51 items 3 and 5 (decision 119): each person's publisher and its IPI, and the AI tools by
// name with the parts each worked on, through the real posts (conform's parseWithZod) and out on
// every surface. "Tools used" (a DAW, a piano) is never credited to the AI.

const user = useSignedInUser()

const REQUIRED = {
  title: 'Harbour Lights',
  contributorName: 'Ann Lee',
  dateCreated: '2025-03-01',
  toolsUsed: 'Logic Pro, Yamaha P-125',
  fileLink: 'https://example.com/harbour.wav',
}

// Decision 117's worked example: Ann 80 % of the lyrics (the AI 20 %) and half the
// instrumentation (the AI the other half), Bob the vocals, Cara production and mixing.
const SPLIT: Record<string, [number, number, number, number]> = {
  lyrics: [80, 0, 0, 20],
  vocals: [0, 100, 0, 0],
  instrumentation: [50, 0, 0, 50],
  production: [0, 0, 100, 0],
  mixing: [0, 0, 100, 0],
}

const harbourForm = (extra: Record<string, string>) =>
  songFormFields(
    {
      ...REQUIRED,
      coContributorName: 'Bob Stone',
      coContributorName2: 'Cara Diaz',
      ...extra,
    },
    (component) => {
      const [main, co, co2, ai] = SPLIT[component]!
      return {
        contributorPercent: String(main),
        coContributorPercent: String(co),
        coContributor2Percent: String(co2),
        aiPercent: String(ai),
      }
    },
  )

const PUBLISHERS_AND_TOOLS = {
  mainContributorPublisher: 'Harbour Songs',
  // Eight digits whose check digits match: an early IPI written without its leading zeros.
  mainContributorPublisherIpi: '14107338',
  coContributorPublisher: 'Stone Music',
  'aiTools[0].name': 'Suno v4',
  'aiTools[0].lyrics': 'on',
  'aiTools[0].instrumentation': 'on',
  'aiTools[1].name': 'Udio',
  'aiTools[1].instrumentation': 'on',
  // An empty row is no tool.
  'aiTools[2].name': '',
}

const post = (fields: Record<string, string>) =>
  respond(() =>
    submit.action(args(formRequest('http://localhost/submit', fields, { Cookie: user.cookie }))),
  )

const createdId = (response: Response) =>
  Number(new URL(response.headers.get('Location')!, 'http://localhost').searchParams.get('created'))

const stored = (id: number) =>
  db()
    .selectFrom('songs')
    .select([
      'mainContributorPublisher',
      'mainContributorPublisherIpi',
      'coContributorPublisher',
      'coContributorPublisherIpi',
      'coContributor2Publisher',
      'coContributor2PublisherIpi',
      'aiTools',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow()

/** The review step's hidden fields, as the page renders them, read back as the browser posts them. */
function hiddenFields(values: SongSummaryValues) {
  const html = renderToStaticMarkup(<SummaryHiddenFields values={values} />)
  const fields: Record<string, string> = {}
  for (const [, name, value] of html.matchAll(/name="([^"]+)" value="([^"]*)"/g))
    fields[name!] = value!.replace(/&amp;/g, '&')
  return fields
}

type Refused = { step: string; errors: Record<string, string[] | null> }

const get = async (module: { loader: (a: never) => unknown }, url: string, id: number) =>
  respond(async () =>
    module.loader(args(await authedRequest(url, user.id), { id: String(id) }) as never),
  )

/** Texts compared as a reader sees them: no isolates, no spaces. */
const solid = (text: string) => text.replace(/[\u2066-\u2069]/g, '').replace(/\s+/g, '')

async function pdfText(response: Response) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'publishers-ai-tools-'))
  const file = path.join(dir, 'sheet.pdf')
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()))
  try {
    return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** The worked example with a publisher and two AI tools, created through the form and reviewed. */
async function harbourLights() {
  const review = await followReview(
    await post({ ...harbourForm(PUBLISHERS_AND_TOOLS), intent: 'review' }),
    user.cookie,
  )
  const data = (await review.json()) as { step: string; values: SongSummaryValues }
  const created = await post({ ...hiddenFields(data.values), intent: 'create' })
  expect(created.status).toBe(302)
  const id = createdId(created)
  // The recording's length, which the DDEX export needs, on the details page.
  const saved = await respond(async () =>
    details.action(
      args(
        await authedFormRequest(`http://localhost/songs/${id}/details`, user.id, {
          mainContributorPublisher: 'Harbour Songs',
          mainContributorPublisherIpi: '00014107338',
          coContributorPublisher: 'Stone Music',
          'aiTools[0].name': 'Suno v4',
          'aiTools[0].lyrics': 'on',
          'aiTools[0].instrumentation': 'on',
          'aiTools[1].name': 'Udio',
          'aiTools[1].instrumentation': 'on',
          // Bob wrote the melody (topline): a writer of the song, as in decision 117.
          coContributorWroteMelody: 'on',
          duration: '3:25',
        }),
        { id: String(id) },
      ),
    ),
  )
  expect(saved.status).toBe(302)
  return { id, data }
}

describe('/submit: publishers and AI tools through the real post', () => {
  test('only the required fields: no publisher, and an empty list of AI tools (none named)', async () => {
    const response = await post({ ...REQUIRED, intent: 'create' })
    expect(response.status).toBe(302)
    expect(await stored(createdId(response))).toEqual({
      mainContributorPublisher: null,
      mainContributorPublisherIpi: null,
      coContributorPublisher: null,
      coContributorPublisherIpi: null,
      coContributor2Publisher: null,
      coContributor2PublisherIpi: null,
      aiTools: [],
    })
  })

  test('publishers and two AI tools: shown on the review, kept through it, stored as the song keeps them', async () => {
    const { id, data } = await harbourLights()
    expect(data.step).toBe('summary')
    expect(data.values.aiTools).toEqual([
      { name: 'Suno v4', components: ['lyrics', 'instrumentation'] },
      { name: 'Udio', components: ['instrumentation'] },
    ])
    const summary = renderToStaticMarkup(<SongSummary values={data.values} />)
    expect(summary).toContain('Suno v4 — Lyrics, Instrumentation')
    expect(summary).toContain('Harbour Songs · IPI 00014107338')
    expect(await stored(id)).toEqual({
      mainContributorPublisher: 'Harbour Songs',
      mainContributorPublisherIpi: '00014107338',
      coContributorPublisher: 'Stone Music',
      coContributorPublisherIpi: null,
      coContributor2Publisher: null,
      coContributor2PublisherIpi: null,
      aiTools: [
        { name: 'Suno v4', components: ['lyrics', 'instrumentation'] },
        { name: 'Udio', components: ['instrumentation'] },
      ],
    })
  }, 60_000)

  test('a publisher IPI whose check digits do not match gets the IPI message on its field', async () => {
    const response = await post({
      ...harbourForm({ mainContributorPublisherIpi: '00014107339' }),
      intent: 'review',
    })
    expect(response.status).toBe(400)
    const data = (await response.json()) as Refused
    expect(data.errors.mainContributorPublisherIpi).toEqual([ipiProblem('00014107339')])
  })

  test('a part ticked where the AI holds 0 %, a tool with no part, a part with no tool: each refused on its row', async () => {
    const response = await post({
      ...harbourForm({
        'aiTools[0].name': 'Suno v4',
        'aiTools[0].vocals': 'on',
        'aiTools[1].name': 'Udio',
        'aiTools[2].lyrics': 'on',
      }),
      intent: 'review',
    })
    expect(response.status).toBe(400)
    const { errors } = (await response.json()) as Refused
    expect(errors['aiTools[0].components']).toEqual([aiToolNoShareMessage(['vocals'])])
    expect(errors['aiTools[1].components']).toEqual([AI_TOOL_PARTS_MISSING])
    expect(errors['aiTools[2].name']).toEqual([AI_TOOL_NAME_MISSING])
  })
})

describe('the details form and an edit of the split', () => {
  test('the details form refuses a part the AI holds 0 % of; an edit that takes the AI’s share away takes the part off the tool', async () => {
    const { id } = await harbourLights()
    const refused = await respond(async () =>
      details.action(
        args(
          await authedFormRequest(`http://localhost/songs/${id}/details`, user.id, {
            'aiTools[0].name': 'Suno v4',
            'aiTools[0].production': 'on',
          }),
          { id: String(id) },
        ),
      ),
    )
    expect(refused.status).toBe(400)
    const { result } = (await refused.json()) as { result: { error: Record<string, string[]> } }
    expect(result.error['aiTools[0].components']).toEqual([aiToolNoShareMessage(['production'])])

    // The edit gives the instrumentation to Ann: Udio (instrumentation only) goes, Suno keeps lyrics.
    const split = Object.entries(SPLIT).map(([component, [main, co, co2, ai]]) =>
      component === 'instrumentation'
        ? {
            component,
            contributorPercent: 100,
            coContributorPercent: 0,
            coContributor2Percent: 0,
            aiPercent: 0,
          }
        : {
            component,
            contributorPercent: main,
            coContributorPercent: co,
            coContributor2Percent: co2,
            aiPercent: ai,
          },
    )
    const edited = await respond(async () =>
      apiSong.action(
        args(
          new Request(`http://localhost/api/songs/${id}`, {
            method: 'PUT',
            headers: { 'Content-Type': 'application/json', Cookie: user.cookie },
            body: JSON.stringify({
              ...REQUIRED,
              coContributorName: 'Bob Stone',
              coContributorName2: 'Cara Diaz',
              contributions: split,
            }),
          }),
          { id: String(id) },
        ),
      ),
    )
    expect(edited.status).toBe(200)
    expect((await stored(id)).aiTools).toEqual([{ name: 'Suno v4', components: ['lyrics'] }])
  }, 60_000)
})

describe('the JSON API', () => {
  test('POST /api/songs takes `aiTools: [{ name, components }]` and publishers; GET /api/songs/:id returns them', async () => {
    const created = await respond(() =>
      apiSongs.action(
        args(
          jsonRequest(
            'http://localhost/api/songs',
            {
              ...REQUIRED,
              mainContributorPublisher: 'Harbour Songs',
              mainContributorPublisherIpi: '00014107338',
              aiTools: [{ name: 'Suno v4', components: ['instrumentation', 'lyrics'] }],
              contributions: [
                { component: 'lyrics', contributorPercent: 80, aiPercent: 20 },
                { component: 'instrumentation', contributorPercent: 50, aiPercent: 50 },
              ],
            },
            { Cookie: user.cookie },
          ),
        ),
      ),
    )
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: number }
    const response = await get(apiSong, `http://localhost/api/songs/${id}`, id)
    const body = (await response.json()) as {
      aiTools: unknown
      mainContributorPublisherIpi: string
      songAndRecording: {
        people: { publisher: string | null; publisherIpi: string | null }[]
        ai: { tools: { name: string; line: string }[] | null }
      }
    }
    expect(body.aiTools).toEqual([{ name: 'Suno v4', components: ['lyrics', 'instrumentation'] }])
    expect(body.songAndRecording.ai.tools?.map((t) => t.line)).toEqual([
      'Suno v4 — Lyrics, Instrumentation',
    ])
    expect(body.songAndRecording.people[0]).toMatchObject({
      publisher: 'Harbour Songs',
      publisherIpi: '00014107338',
    })
    // A tool on a part the AI holds nothing of is refused with its field's message.
    const refused = await respond(() =>
      apiSongs.action(
        args(
          jsonRequest(
            'http://localhost/api/songs',
            { ...REQUIRED, aiTools: [{ name: 'Suno v4', components: ['vocals'] }] },
            { Cookie: user.cookie },
          ),
        ),
      ),
    )
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { errors: Record<string, string> }).errors).toMatchObject({
      'aiTools.0.components': aiToolNoShareMessage(['vocals']),
    })
  })
})

describe('every surface names only the AI tools named, and each publisher', () => {
  test('the split sheet page and PDF, the writers’ CSV and the DDEX export (valid against DDEX’s XSD)', async () => {
    const { id } = await harbourLights()
    const page = solid(
      (
        await drawPage(
          splitSheetPage,
          'songs/:id/split-sheet',
          `/songs/${id}/split-sheet`,
          user.cookie,
        )
      ).replace(/<[^>]+>/g, ' '),
    )
    const pdf = solid(
      await pdfText(await get(splitSheetPdf, `http://localhost/songs/${id}/split-sheet.pdf`, id)),
    )
    for (const text of [
      'AI tools: Suno v4 — Lyrics, Instrumentation; Udio — Instrumentation',
      'Publisher: Harbour Songs · Publisher IPI: 00014107338',
      'Publisher: Stone Music',
    ]) {
      expect(page).toContain(solid(text))
      expect(pdf).toContain(solid(text))
    }
    for (const tool of ['Logic Pro', 'Yamaha']) {
      expect(page).not.toContain(solid(tool))
      expect(pdf).not.toContain(solid(tool))
    }

    const csv = await get(writersCsv, `http://localhost/songs/${id}/writers.csv`, id)
    const { records } = csvRecords(await csv.text())
    expect(records.map((r) => [r['Writer name'], r.Publisher, r['Publisher IPI'], r.Role])).toEqual(
      [
        ['Ann Lee', 'Harbour Songs', '00014107338', 'CA'],
        ['Bob Stone', 'Stone Music', '', 'C'],
      ],
    )

    const ddex = await get(ddexRoute, `http://localhost/songs/${id}/ddex.xml`, id)
    expect(ddex.status).toBe(200)
    const xml = await ddex.text()
    const compact = xml.replace(/>\s+</g, '><')
    // Ann's publisher as a party of its own, with its IPI; Bob's by name.
    expect(compact).toContain(
      '<Affiliation><PartyAffiliateReference>P1PUB</PartyAffiliateReference><Type>MusicPublisher</Type>',
    )
    expect(compact).toContain(
      '<PartyReference>P1PUB</PartyReference><PartyName LanguageAndScriptCode="und-Latn"><FullName>Harbour Songs</FullName></PartyName><PartyId><IpiNameNumber>00014107338</IpiNameNumber></PartyId>',
    )
    expect(compact).toContain(
      '<Affiliation><CompanyName>Stone Music</CompanyName><Type>MusicPublisher</Type>',
    )
    // The AI's row (it assisted with lyrics and instrumentation) names the tools, each with its parts.
    expect(compact).toContain(
      '<AiContribution>Partly</AiContribution><DisplayCredits><DisplayCreditText>AI tool, as named: Suno v4 — Lyrics, Instrumentation</DisplayCreditText></DisplayCredits><DisplayCredits><DisplayCreditText>AI tool, as named: Udio — Instrumentation</DisplayCreditText></DisplayCredits>',
    )
    expect(xml).not.toContain('Logic Pro')
    expect(xml).not.toContain('Yamaha')
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'publishers-ai-tools-ddex-'))
    const file = path.join(dir, 'message.xml')
    fs.writeFileSync(file, xml)
    try {
      expect(xmllint([file])).toBe('')
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)

  test('a song saved before the tools could be named says “AI tools not named”, never a guess', async () => {
    const song = await createTestSong(user.id, {
      ...REQUIRED,
      contributions: [{ component: 'lyrics', contributorPercent: 80, aiPercent: 20 }],
    })
    await db().updateTable('songs').set({ aiTools: null }).where('id', '=', song.id).execute()
    const page = solid(
      (
        await drawPage(
          splitSheetPage,
          'songs/:id/split-sheet',
          `/songs/${song.id}/split-sheet`,
          user.cookie,
        )
      ).replace(/<[^>]+>/g, ' '),
    )
    expect(page).toContain(solid(`AI tools: ${AI_TOOLS_NOT_NAMED}`))
    expect(page).not.toContain(solid('Logic Pro'))
  }, 60_000)
})
