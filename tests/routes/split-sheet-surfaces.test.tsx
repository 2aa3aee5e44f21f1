import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import * as splitSheetPdf from '~/resource-routes/songs.$id.split-sheet[.]pdf'
import * as splitSheetPage from '~/routes/songs.$id.split-sheet'
import {
  type SplitSheetView,
  splitSheetView,
} from '~/services/certificates/documents/split-sheet-view'
import { resolveTimeZone } from '~/services/platform/time-zone.server'
import { registerSong } from '~/services/registration/registration.server'
import {
  authedRequest,
  args,
  createSplitInvitation,
  createTestSong,
  createUser,
  sessionCookie,
} from '../setup/fixtures'
import { drawPageWithData } from '../setup/draw-page'
import { FOUR_WAY_SPLIT, splitRow } from '../setup/sample-song'

// STYLE.md, "one view, then layout" (decision 097): the split sheet's page and its PDF lay out one
// view (app/services/certificates/split-sheet-view.ts), as the certificate's do (decision 088).
// Every text of that view (labels, values, statuses, notes) is on both; a surface that words one
// for itself, or drops it, fails here. Each is made by its real route: the page by its loader and
// component under a static router (as the server draws it before any script), the PDF by its own.
const run = promisify(execFile)
const BASE = 'http://localhost'

/** Names and values in many scripts: Japanese, Hindi, Hebrew, Arabic, Russian, emoji. */
const MIXED = {
  title: '港の灯り Harbor Lights 🔥',
  contributorName: '佐藤 美咲',
  contributorLatinName: 'Sato Misaki',
  coContributorName: 'प्रिया शर्मा',
  coContributorLatinName: 'Priya Sharma',
  coContributorName2: 'דוד כהן',
  mainContributorPro: 'JASRAC',
  mainContributorProNumber: '00123456790',
  coContributorPro: 'Российское авторское общество',
  coContributor2Pro: 'نادية الخطيب',
  coContributor2ProNumber: '00345678920',
  dateCreated: '2025-03-01',
  toolsUsed: 'Logic Pro',
  fileLink: 'https://files.example/harbor.wav',
  contributions: [...FOUR_WAY_SPLIT],
}

/** Texts compared as a reader sees them: no isolates or bidi marks, no case, no spaces. */
const solid = (text: string) =>
  text
    .replace(/[\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '')
    .replace(/\s+/g, '')
    .toLowerCase()

/** Every text of the view, each with where it comes from. */
function viewTexts(view: SplitSheetView): [string, string][] {
  const { table, signatures } = view
  const texts: [string, string][] = [
    ['brand', view.brand],
    ['title', view.title],
    ...view.facts.flatMap((fact): [string, string][] => [
      [`${fact.name} label`, fact.label],
      [fact.name, fact.value],
    ]),
    ...(view.verify.public
      ? ([
          ['verify lead', view.verify.lead],
          ['verify address', view.verify.url],
        ] as [string, string][])
      : ([['not verifiable', view.verify.note]] as [string, string][])),
    ...(view.warning ? [['warning', view.warning] as [string, string]] : []),
    ...view.terms.map(({ term, sentence }): [string, string] => [`term ${term}`, sentence]),
    ['table', table.title],
    // Each column's label; "In Latin script" only where a name has a Latin form to label.
    ...Object.entries(table.labels)
      .filter(([name]) => name !== 'latinName' || table.people.some((p) => p.latinName))
      .map(([name, label]): [string, string] => [`label ${name}`, label]),
    ...table.components.map((label): [string, string] => ['component', label]),
  ]
  for (const person of table.people) {
    const slot = person.slot
    texts.push([`${slot} name`, person.name], [`${slot} role`, person.role])
    if (person.latinName) texts.push([`${slot} latin`, person.latinName])
    if (person.pro) texts.push([`${slot} pro`, person.pro])
    if (person.ipi) texts.push([`${slot} ipi`, person.ipi])
    for (const share of person.shares) texts.push([`${slot} ${share.component}`, share.percent])
    texts.push([`${slot} status`, person.status.text])
  }
  texts.push(['ai', table.ai.name], ['ai role', table.ai.role], ['ai status', table.ai.status.text])
  for (const share of table.ai.shares) texts.push([`ai ${share.component}`, share.percent])
  texts.push(['note', view.note], ['signatures', signatures.title], ['intro', signatures.intro])
  for (const person of signatures.people)
    texts.push([`sign ${person.slot}`, person.line], [`sign ${person.slot} name`, person.name])
  if (signatures.people.length > 0) texts.push(['sign date', signatures.date])
  return texts
}

/** The page's HTML as the server draws it (its loader, its component), and the loader's data. */
async function pageHtml(songId: number, cookie: string) {
  const { html, loaderData } = await drawPageWithData(
    splitSheetPage,
    'songs/:id/split-sheet',
    `/songs/${songId}/split-sheet`,
    cookie,
  )
  const data = loaderData as Awaited<
    ReturnType<Awaited<ReturnType<typeof splitSheetPage.loader>>['json']>
  >
  return { html, data }
}

/** The page as text: tags out, entities decoded. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')

/** The PDF as its route serves it to the owner, read back by pdftotext, with its page count. */
async function pdfOf(songId: number, userId: string) {
  const request = await authedRequest(`${BASE}/songs/${songId}/split-sheet.pdf`, userId)
  const response = await splitSheetPdf.loader(args(request, { id: String(songId) }))
  expect(response.status).toBe(200)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'split-sheet-surfaces-'))
  const file = path.join(dir, 'split-sheet.pdf')
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()))
  try {
    const { stdout: text } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'])
    const { stdout: info } = await run('pdfinfo', [file])
    return { text, pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]) }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

async function expectBothShowTheView(songId: number, userId: string) {
  const cookie = await sessionCookie(userId)
  const page = await pageHtml(songId, cookie)
  const pdf = await pdfOf(songId, userId)
  // The page's first drawing is in the zone the server knows, as the PDF's is.
  const view = splitSheetView(page.data.sheet, {
    appName: page.data.appName,
    timeZone: resolveTimeZone(cookie, null).timeZone,
  })
  const texts = viewTexts(view)
  const html = solid(textOf(page.html))
  const printed = solid(pdf.text)
  const missing = {
    page: texts.filter(([, text]) => !html.includes(solid(text))),
    // The one header only a table has: the PDF heads each person's block with the name itself.
    pdf: texts.filter(
      ([from, text]) => from !== 'label contributor' && !printed.includes(solid(text)),
    ),
  }
  expect(missing).toEqual({ page: [], pdf: [] })
  return { view, pdf }
}

describe('the split sheet page and its PDF show the same view', () => {
  test('a registered song in many scripts, a co-writer who confirmed under another name, one invited: every text on both, the PDF on one page', async () => {
    const user = await createUser({ emailVerified: true })
    const song = await createTestSong(user.id, MIXED)
    await createSplitInvitation(song.id, 'co-contributor', {
      decision: 'confirmed',
      decidedAt: new Date('2025-04-02T10:00:00Z'),
      creditedName: 'प्रिया एस. शर्मा',
      creditedLatinName: 'Priya S. Sharma',
      pro: 'IPRS',
      ipi: '00234567855',
    })
    await createSplitInvitation(song.id, 'co-contributor-2')
    const outcome = await registerSong(user.id, song.id, { confirmed: true })
    if (!outcome.ok) throw new Error(outcome.message)
    const { view, pdf } = await expectBothShowTheView(song.id, user.id)
    // The view holds what the test is about.
    expect(view.verify.public).toBe(true)
    expect(view.table.people.map((person) => person.status.tone)).toEqual([
      'plain',
      'confirmed',
      'plain',
    ])
    expect(view.table.people[1]!.role).toContain('declared as')
    expect(view.table.people.map((person) => person.latinName)).toEqual([
      'Sato Misaki',
      'Priya S. Sharma',
      null,
    ])
    // Three people with PRO, IPI and five components, signatures included: still one A4 page.
    expect(pdf.pages).toBe(1)
  }, 120_000)

  test('a draft whose split is not whole: the warning and the note that it cannot be verified yet, on both', async () => {
    const user = await createUser({ emailVerified: true })
    const song = await createTestSong(user.id, {
      title: 'Harbor Lights',
      contributorName: 'Ann Writer',
      coContributorName: 'نادية الخطيب',
      contributions: [splitRow('lyrics', 60, 50, 0, 0)],
    })
    const { view } = await expectBothShowTheView(song.id, user.id)
    expect(view.warning).toContain('110')
    expect(view.verify.public).toBe(false)
    expect(view.table.people.map((person) => person.pro)).toEqual([null, null])
  }, 120_000)
})
