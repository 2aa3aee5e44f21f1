import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import * as exportRoute from '~/resource-routes/songs.$id.ddex[.]xml'
import * as details from '~/routes/songs.$id.details'
import * as certificatePage from '~/routes/certificate.$id'
import * as apiSong from '~/resource-routes/api.songs.$id'
import { MISSING_DURATION } from '~/services/certificates/exports/ddex-export.server'
import { certificateView } from '~/services/certificates/record/certificate-view'
import { db } from '../setup/db'
import {
  args,
  authedFormRequest,
  authedRequest,
  createTestSong,
  createUser,
  respond,
  storedDuration,
} from '../setup/fixtures'
import { useTempDirs } from '../setup/temp-dir'
import { xmllint } from '../ddex/xmllint'

// Issue 40 (decision 084): the owner downloads the song's DDEX ERN 4.3.2 message through the real
// route, after giving the recording's length on the details page; nobody else gets it.

const tempDir = useTempDirs()
const exportUrl = (id: number) => `http://localhost/songs/${id}/ddex.xml`

async function download(request: Request, id: number) {
  return respond(() => exportRoute.loader(args(request, { id: String(id) })))
}

const saveDuration = async (userId: string, id: number, duration: string) =>
  respond(async () =>
    details.action(
      args(await authedFormRequest(`http://localhost/songs/${id}/details`, userId, { duration }), {
        id: String(id),
      }),
    ),
  )

describe('/songs/:id/ddex.xml', () => {
  test('without a duration the owner is told what is missing; with one, the message validates', async () => {
    const owner = await createUser()
    const song = await createTestSong(owner.id, {
      title: 'ラジオの夜 🎶',
      contributorName: 'สมชาย ใจดี',
      contributorLatinName: 'Somchai Jaidee',
      coContributorName: 'Мария Иванова',
      coContributorLatinName: 'Mariia Ivanova',
      toolsUsed: 'Suno v4',
      contributions: [
        {
          component: 'lyrics',
          contributorPercent: 50,
          coContributorPercent: 30,
          coContributor2Percent: 0,
          aiPercent: 20,
        },
        {
          component: 'instrumentation',
          contributorPercent: 0,
          coContributorPercent: 0,
          coContributor2Percent: 0,
          aiPercent: 100,
        },
        ...(['vocals', 'production', 'mixing'] as const).map((component) => ({
          component,
          contributorPercent: 100,
          coContributorPercent: 0,
          coContributor2Percent: 0,
          aiPercent: 0,
        })),
      ],
    })

    const refused = await download(await authedRequest(exportUrl(song.id), owner.id), song.id)
    expect(refused.status).toBe(409)
    expect(await refused.text()).toBe(
      `This song cannot be exported to DDEX yet. It needs:\n- ${MISSING_DURATION}`,
    )

    // A length that is not one is refused as a field error; nothing is stored.
    const wrong = await saveDuration(owner.id, song.id, '3 minutes')
    expect(wrong.status).toBe(400)
    expect(JSON.stringify(await wrong.json())).toContain('Write the length as minutes:seconds')
    expect(await storedDuration(song.id)).toBeNull()

    expect((await saveDuration(owner.id, song.id, '3:25')).status).toBe(302)
    expect(await storedDuration(song.id)).toBe(205)

    const started = performance.now()
    const response = await download(await authedRequest(exportUrl(song.id), owner.id), song.id)
    const exportMs = Math.round(performance.now() - started)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="${song.certificateId}-ddex-ern-432.xml"`,
    )
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const xml = await response.text()
    expect(xml).toContain('<Duration>PT3M25S</Duration>')
    expect(xml).toContain('<ContainsAI>Partly</ContainsAI>')
    expect(xml).toContain('<FullName>สมชาย ใจดี</FullName>')
    expect(xml).toContain('<FullNameAsciiTranscribed>Mariia Ivanova</FullNameAsciiTranscribed>')
    expect(xml).toContain('<TitleText>ラジオの夜 🎶</TitleText>')
    expect(xml).toContain('<MessageControlType>TestMessage</MessageControlType>')
    const file = path.join(tempDir('ddex-route'), 'export.xml')
    writeFileSync(file, xml)
    const lintStarted = performance.now()
    expect(xmllint([file])).toBe('')
    console.info(
      `[ddex] route export ${exportMs} ms, xmllint one message ${Math.round(performance.now() - lintStarted)} ms`,
    )
  })

  test('another user and a visitor never get it, even for a registered song', async () => {
    const owner = await createUser()
    const other = await createUser()
    const song = await createTestSong(owner.id)
    await db()
      .updateTable('songs')
      .set({ durationSeconds: 200 })
      .where('id', '=', song.id)
      .execute()
    await db()
      .insertInto('blockchainRegistrations')
      .values({ songId: song.id, status: 'confirmed', registrationFee: '0' })
      .execute()
    expect(
      (await download(await authedRequest(exportUrl(song.id), owner.id), song.id)).status,
    ).toBe(200)
    expect(
      (await download(await authedRequest(exportUrl(song.id), other.id), song.id)).status,
    ).toBe(404)
    const anonymous = await download(new Request(exportUrl(song.id)), song.id)
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('Location')).toMatch(/^\/login/)
  })

  test('the certificate page and the JSON API say where AI took part; the owner sees the export', async () => {
    const owner = await createUser()
    const song = await createTestSong(owner.id, {
      contributions: [
        {
          component: 'lyrics',
          contributorPercent: 60,
          coContributorPercent: 0,
          coContributor2Percent: 0,
          aiPercent: 40,
        },
      ],
    })
    const expected = [
      'Lyrics: AI-assisted (40\u00a0%)',
      'Vocals: no AI',
      'Instrumentation: no AI',
      'Production: no AI',
      'Mixing/Mastering: no AI',
    ]
    const page = await respond(() =>
      certificatePage.loader(
        args(new Request(`http://localhost/certificate/${song.id}`), { id: String(song.id) }),
      ),
    )
    expect(page.status).toBe(404)
    const mine = await (
      await respond(async () =>
        certificatePage.loader(
          args(await authedRequest(`http://localhost/certificate/${song.id}`, owner.id), {
            id: String(song.id),
          }),
        ),
      )
    ).json()
    // The page shows the certificate's view, whose AI disclosure section is the PDF's too.
    const section = certificateView(mine.certificate, {
      appName: mine.appName,
      verifyUrl: null,
    }).sections.find((s) => s.id === 'ai-disclosure')
    expect(section?.title).toBe('AI disclosure')
    expect(
      section?.rows.map((r) => (r.kind === 'fact' ? `${r.label}: ${r.value}` : r.kind)),
    ).toEqual([
      'The recording as a whole: Partly (DDEX ContainsAI): part of it was made with generative AI, the rest by people',
      ...expected,
      // Saved with no AI tool named: said so, never guessed from "Tools used" (decision 119).
      'AI tools, by name: AI tools not named',
    ])
    expect(section?.rows[0]?.kind === 'fact' && section.rows[0].note?.text).toBe(
      'This is the declaration of the person who submitted the song.',
    )
    expect(mine.ddexExport).toEqual({
      url: `/songs/${song.id}/ddex.xml`,
      missing: [MISSING_DURATION],
    })
    const api = await (
      await respond(async () =>
        apiSong.loader(
          args(await authedRequest(`http://localhost/api/songs/${song.id}`, owner.id), {
            id: String(song.id),
          }),
        ),
      )
    ).json()
    expect(api.aiDisclosure.recording).toBe(
      'The recording as a whole: Partly (DDEX ContainsAI): part of it was made with generative AI, the rest by people.',
    )
    expect(api.aiDisclosure.components.map((c: { text: string }) => c.text)).toEqual(expected)
  })
})
