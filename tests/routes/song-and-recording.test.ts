import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import * as details from '~/routes/songs.$id.details'
import * as splitSheetPage from '~/routes/songs.$id.split-sheet'
import * as splitSheetPdf from '~/resource-routes/songs.$id.split-sheet[.]pdf'
import * as ddexRoute from '~/resource-routes/songs.$id.ddex[.]xml'
import * as apiSong from '~/resource-routes/api.songs.$id'
import * as certificatePage from '~/routes/certificate.$id'
import * as writersCsv from '~/resource-routes/songs.$id.writers[.]csv'
import * as catalogueExport from '~/resource-routes/api.songs.export'
import { csvRecords } from '../setup/csv-reader'
import { WORDS_WEIGHT_MESSAGE } from '~/lib/song-details-schema'
import { db } from '../setup/db'
import { drawPage } from '../setup/draw-page'
import {
  args,
  authedFormRequest,
  authedRequest,
  createSplitInvitation,
  createTestSong,
  createUser,
  respond,
  sessionCookie,
} from '../setup/fixtures'
import { xmllint } from '../ddex/xmllint'

const run = promisify(execFile)

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

/** The worked example, with Bob's topline ticked and Bob's own PRO and IPI given when he confirmed. */
async function workedExample() {
  const owner = await createUser({ emailVerified: true })
  const song = await createTestSong(owner.id, WORKED_EXAMPLE)
  await saveDetails(owner.id, song.id, {
    mainContributorPro: 'ASCAP',
    mainContributorProNumber: '00014107338',
    // The owner's guess at Bob's PRO, which Bob's own answer replaces.
    coContributorPro: 'SACEM',
    coContributorWroteMelody: 'on',
    duration: '3:25',
  })
  await createSplitInvitation(song.id, 'co-contributor', {
    decision: 'confirmed',
    creditedName: 'Robert Stone',
    pro: 'BMI',
    ipi: '00052210040',
  })
  return { owner, song }
}

const get = async (
  module: { loader: (a: never) => unknown },
  url: string,
  userId: string,
  id: number,
) =>
  respond(async () =>
    module.loader(args(await authedRequest(url, userId), { id: String(id) }) as never),
  )

/** Texts compared as a reader sees them: no isolates, no spaces. */
const solid = (text: string) => text.replace(/[\u2066-\u2069]/g, '').replace(/\s+/g, '')

async function pdfText(response: Response) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'song-and-recording-'))
  const file = path.join(dir, 'sheet.pdf')
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()))
  try {
    return (await run('pdftotext', ['-enc', 'UTF-8', file, '-'])).stdout
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

describe('every surface shows the song apart from the recording, from the one view', () => {
  test('the split sheet page and PDF: each writer’s role and share of the song, the weight, the AI’s part in words; Cara is credited, not a writer', async () => {
    const { owner, song } = await workedExample()
    const cookie = await sessionCookie(owner.id)
    const html = solid(
      (
        await drawPage(
          splitSheetPage,
          'songs/:id/split-sheet',
          `/songs/${song.id}/split-sheet`,
          cookie,
        )
      )
        .replace(/<[^>]+>/g, ' ')
        .replace(/&#x27;|&#39;/g, "'"),
    )
    const pdf = solid(
      await pdfText(
        await get(
          splitSheetPdf,
          `http://localhost/songs/${song.id}/split-sheet.pdf`,
          owner.id,
          song.id,
        ),
      ),
    )
    for (const [name, text] of [
      ['ann', 'Composer-author (CA): 66.67% of the song (words 100.00%, music 33.33%)'],
      ['bob', 'Composer (C): 33.33% of the song (words 0.00%, music 66.67%)'],
      ['weight', 'Words 50% · Music 50%'],
      ['total', 'The writers’ shares total 100.00%.'],
      [
        'ai',
        'The AI’s 20% of the lyrics is not a writer’s share: PROs register human writers only.',
      ],
      ['cara', 'Not a writer of the song: credited on the recording'],
      // Bob's own PRO and IPI, given when he confirmed, win over the SACEM the owner typed.
      ['bob pro', 'BMI'],
      ['bob ipi', '00052210040'],
    ] as const) {
      expect(html, `page ${name}`).toContain(solid(text))
      expect(pdf, `pdf ${name}`).toContain(solid(text))
    }
    expect(html).not.toContain('SACEM')
    // Nothing calls a DAW or an instrument AI.
    for (const tool of ['Logic Pro', 'Yamaha']) {
      expect(html).not.toContain(solid(tool))
      expect(pdf).not.toContain(solid(tool))
    }
  }, 120_000)

  test('the certificate page: the writers with their roles, the AI left out', async () => {
    const { owner, song } = await workedExample()
    const cookie = await sessionCookie(owner.id)
    const html = solid(
      (await drawPage(certificatePage, 'certificate/:id', `/certificate/${song.id}`, cookie))
        .replace(/<[^>]+>/g, ' ')
        .replace(/&#x27;|&#39;/g, "'"),
    )
    expect(html).toContain(solid('The song, its writers (words 50% · music 50%)'))
    expect(html).toContain(solid('Ann Lee 66.67% (CA) / Robert Stone 33.33% (C)'))
    expect(html).toContain(
      solid('The AI’s 50% of the instrumentation (the music) is not a writer’s share'),
    )
  }, 120_000)

  test('the JSON API: each person’s role, share, PRO and IPI, whoever gave them; the AI never a writer', async () => {
    const { owner, song } = await workedExample()
    const response = await get(apiSong, `http://localhost/api/songs/${song.id}`, owner.id, song.id)
    expect(response.status).toBe(200)
    const body = (await response.json()) as {
      songAndRecording: {
        weights: { text: string }
        total: string
        people: {
          name: string
          pro: string | null
          ipi: string | null
          identifiersFrom: string | null
          writer: { role: string; song: number } | null
          recording: { component: string; percent: number }[]
        }[]
        ai: { lyrics: number; music: number }
      }
    }
    const view = body.songAndRecording
    expect(view.total).toBe('100.00')
    expect(
      view.people.map((p) => [
        p.name,
        p.writer?.role ?? null,
        p.writer?.song ?? null,
        p.pro,
        p.ipi,
        p.identifiersFrom,
      ]),
    ).toEqual([
      ['Ann Lee', 'CA', 66.67, 'ASCAP', '00014107338', 'owner'],
      ['Robert Stone', 'C', 33.33, 'BMI', '00052210040', 'co-writer'],
      ['Cara Diaz', null, null, null, null, null],
    ])
    expect(view.ai).toMatchObject({ lyrics: 20, music: 50 })
    expect(JSON.stringify(view)).not.toContain('Logic Pro')
  }, 120_000)

  test('the DDEX export: writers as ComposerLyricist and Composer, each person’s IPI and PRO whoever gave it, no tool credited to the AI, valid against DDEX’s XSD', async () => {
    const { owner, song } = await workedExample()
    const response = await get(
      ddexRoute,
      `http://localhost/songs/${song.id}/ddex.xml`,
      owner.id,
      song.id,
    )
    expect(response.status).toBe(200)
    const xml = await response.text()
    const compact = xml.replace(/>\s+</g, '><')
    // Bob's own IPI, given when he confirmed: before issue 51 only IPIs the owner typed went out.
    expect(compact).toContain(
      '<FullName>Robert Stone</FullName></PartyName><PartyId><IpiNameNumber>00052210040</IpiNameNumber></PartyId><Affiliation><CompanyName>BMI</CompanyName><Type>MusicRightsSociety</Type>',
    )
    expect(compact).toContain(
      '<PartyId><IpiNameNumber>00014107338</IpiNameNumber></PartyId><Affiliation><CompanyName>ASCAP</CompanyName>',
    )
    expect(compact).toContain(
      '<ContributorPartyReference>P1</ContributorPartyReference><Role><Value>ComposerLyricist</Value></Role><Role><Value>Musician</Value></Role><AiContribution>None</AiContribution>',
    )
    expect(compact).toContain(
      '<ContributorPartyReference>P2</ContributorPartyReference><Role><Value>Composer</Value></Role><Role><Value>Vocalist</Value></Role><AiContribution>None</AiContribution>',
    )
    // Cara produced and mixed: credited on the recording, no writer role.
    expect(compact).toContain(
      '<ContributorPartyReference>P3</ContributorPartyReference><Role><Value>StudioProducer</Value></Role><Role><Value>MixingEngineer</Value></Role><Role><Value>MasteringEngineer</Value></Role><AiContribution>None</AiContribution>',
    )
    expect(xml).not.toContain('Logic Pro')
    expect(xml).not.toContain('Yamaha')
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'song-and-recording-ddex-'))
    const file = path.join(dir, 'message.xml')
    fs.writeFileSync(file, xml)
    try {
      expect(xmllint([file])).toBe('')
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})

describe('the PRO-ready writers’ CSV', () => {
  const shareTotal = (records: Record<string, string | undefined>[]) =>
    records.reduce((sum, r) => sum + Math.round(Number(r['Share of the song (%)']) * 100), 0)

  test('per song: a BOM, one row per writer with what each gave, whoever gave it; only the owner gets it', async () => {
    const { owner, song } = await workedExample()
    const response = await get(
      writersCsv,
      `http://localhost/songs/${song.id}/writers.csv`,
      owner.id,
      song.id,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="${song.certificateId}-writers.csv"`,
    )
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const { bom, records } = csvRecords(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes))
    expect(bom).toBe(true)
    expect(
      records.map((r) => [
        r['Writer name'],
        r['Role'],
        r['PRO'],
        r['IPI'],
        r['Share of the song (%)'],
      ]),
    ).toEqual([
      ['Ann Lee', 'CA', 'ASCAP', '00014107338', '66.67'],
      ['Robert Stone', 'C', 'BMI', '00052210040', '33.33'],
    ])
    expect(records[0]).toMatchObject({ Title: 'Harbour Lights', Duration: '3:25' })
    expect(shareTotal(records)).toBe(10000)
    const stranger = await createUser()
    const refused = await get(
      writersCsv,
      `http://localhost/songs/${song.id}/writers.csv`,
      stranger.id,
      song.id,
    )
    expect(refused.status).toBe(404)
  }, 120_000)

  test('the whole catalogue: format=writers-csv, each song’s writers totalling 100.00', async () => {
    const { owner, song } = await workedExample()
    const second = await createTestSong(owner.id, {
      title: 'Night, "Drive"',
      contributorName: 'Zoë Ångström',
      contributorLatinName: 'Zoe Angstrom',
      contributions: [
        {
          component: 'lyrics',
          contributorPercent: 70,
          coContributorPercent: 0,
          coContributor2Percent: 0,
          aiPercent: 30,
        },
      ],
    })
    const response = await get(
      catalogueExport,
      'http://localhost/api/songs/export?format=writers-csv',
      owner.id,
      0,
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="prooftrack-writers-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    // Decoded keeping the mark, which Response.text() would drop.
    const { bom, records } = csvRecords(
      new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer()),
    )
    expect(bom).toBe(true)
    const of = (id: string) => records.filter((r) => r['Certificate ID'] === id)
    expect(of(song.certificateId).map((r) => [r['Writer name'], r['IPI']])).toEqual([
      ['Ann Lee', '00014107338'],
      ['Robert Stone', '00052210040'],
    ])
    expect(
      of(second.certificateId).map((r) => [
        r['Title'],
        r['Writer name'],
        r['Writer name (Latin script)'],
        r['Role'],
      ]),
    ).toEqual([['Night, "Drive"', 'Zoë Ångström', 'Zoe Angstrom', 'CA']])
    for (const id of [song.certificateId, second.certificateId])
      expect(shareTotal(of(id))).toBe(10000)
  }, 120_000)
})
