import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import * as certificatePage from '~/routes/certificate.$id'
import * as certificatePdf from '~/resource-routes/certificate.$id[.]pdf'
import * as splitSheetPage from '~/routes/songs.$id.split-sheet'
import * as splitSheetPdf from '~/resource-routes/songs.$id.split-sheet[.]pdf'
import * as verifyRoute from '~/routes/verify.$certificateId'
import * as verifyJsonRoute from '~/resource-routes/verify.$certificateId[.]json'
import { emailCommitment, textCommitment } from '~/services/certificates/record/manifest.server'
import { registerSong } from '~/services/registration/registration.server'
import { getStorage } from '~/storage/index.server'
import { db } from '../setup/db'
import {
  args,
  authedRequest,
  createSplitInvitation,
  createTestSong,
  createUser,
  respond,
} from '../setup/fixtures'
import { verifyCli } from '../setup/verify-cli'

// Issue 13, decision 042: what the permanent record, the certificate, verification and the split
// sheet say about co-writers' confirmations. Invitations are inserted as the flow leaves them.

const pdf: (data: Buffer) => Promise<{ numpages: number; text: string }> = createRequire(
  import.meta.url,
)('pdf-parse/lib/pdf-parse.js')

const CONFIRMED_AT = new Date('2026-11-20T10:00:00.000Z')
const BOB_EMAIL = 'Bob.Lee@Example.com'
const BOB_LINE =
  'Confirmed on November 20, 2026 (UTC) by the holder of the invited address, credited as Bob Lee (Co-contributor): lyrics 30%, mixing/mastering 20%'
/** Bob's confirmed percentage of each component, as the record and the split sheet list it. */
const BOB_SHARES = [
  { component: 'lyrics', percent: 30 },
  { component: 'vocals', percent: 0 },
  { component: 'instrumentation', percent: 0 },
  { component: 'production', percent: 0 },
  { component: 'mixing', percent: 20 },
]
const ANN_LINE = 'Ann (Main contributor): as declared by the submitter'
const CARA_LINE = 'Cara (Second co-contributor): as declared by the submitter'

/** Ann declared only, Bob confirmed (as "Bob Lee", with PRO and IPI), Cara invited and silent. */
async function mixedSong() {
  const user = await createUser({ emailVerified: true })
  const song = await createTestSong(user.id, {
    title: `Three Hands ${crypto.randomBytes(2).toString('hex')}`,
    contributorName: 'Ann',
    coContributorName: 'Bob',
    coContributorName2: 'Cara',
    coContributorPro: 'SESAC',
    contributions: [
      {
        component: 'lyrics',
        contributorPercent: 50,
        coContributorPercent: 30,
        coContributor2Percent: 20,
        aiPercent: 0,
      },
      {
        component: 'vocals',
        contributorPercent: 100,
        coContributorPercent: 0,
        coContributor2Percent: 0,
        aiPercent: 0,
      },
      {
        component: 'mixing',
        contributorPercent: 40,
        coContributorPercent: 20,
        coContributor2Percent: 20,
        aiPercent: 20,
      },
    ],
  })
  const bob = await createSplitInvitation(song.id, 'co-contributor', {
    email: BOB_EMAIL,
    decision: 'confirmed',
    decidedAt: CONFIRMED_AT,
    creditedName: 'Bob Lee',
    pro: 'BMI',
    ipi: '00012345624',
  })
  const cara = await createSplitInvitation(song.id, 'co-contributor-2', {
    email: 'cara@example.com',
  })
  return { user, song, bob, cara }
}

async function registered() {
  const mixed = await mixedSong()
  const outcome = await registerSong(mixed.user.id, mixed.song.id, { confirmed: true })
  if (!outcome.ok) throw new Error(outcome.message)
  const text = new TextDecoder().decode((await getStorage().get(outcome.storageId))!.data)
  return { ...mixed, outcome, text, manifest: JSON.parse(text) }
}

async function pdfText(response: Response) {
  expect(response.status).toBe(200)
  expect(response.headers.get('Content-Type')).toBe('application/pdf')
  const parsed = await pdf(Buffer.from(await response.arrayBuffer()))
  return parsed.text.replace(/\s+/g, ' ')
}

const request = async (url: string, userId?: string) =>
  userId ? authedRequest(url, userId) : new Request(url)

describe('manifest v7: confirmations', () => {
  test('one entry per confirmed slot, with its shares, date and a salted commitment to the address — never the address', async () => {
    const { manifest, text, bob } = await registered()
    expect(manifest.version).toBe(7)
    // The contributors list still declares everyone; only Bob has a confirmation.
    expect(manifest.contributors.map((c: { name: string }) => c.name)).toEqual([
      'Ann',
      'Bob',
      'Cara',
    ])
    // sha256(salt hex, NUL, address trimmed and lower-cased), recomputed with node:crypto.
    const digest = crypto
      .createHash('sha256')
      .update(`${bob.emailSalt}\u0000bob.lee@example.com`)
      .digest('hex')
    expect(manifest.confirmations).toEqual([
      {
        role: 'co-contributor',
        creditedName: 'Bob Lee',
        creditedLatinName: null,
        pro: 'BMI',
        ipi: '00012345624',
        shares: BOB_SHARES,
        confirmedAt: '2026-11-20T10:00:00.000Z',
        email: { alg: 'salted-sha256', value: digest },
      },
    ])
    for (const secret of [BOB_EMAIL, BOB_EMAIL.toLowerCase(), 'cara@example.com', bob.emailSalt])
      expect(text).not.toContain(secret)
  })

  test('docs/verify.md step 8: the co-writer finds their entry with their address (any case) and salt; another address finds none', async () => {
    const { text, bob } = await registered()
    const doc = fs.readFileSync(path.resolve(__dirname, '../../docs/verify.md'), 'utf8')
    const block = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)]
      .map((match) => match[1]!)
      .find((b) => b.startsWith('# 8.'))!
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-cowriter-'))
    fs.writeFileSync(path.join(dir, 'manifest.json'), text)
    const run = (email: string) =>
      promisify(execFile)(
        'bash',
        [
          '-c',
          [
            'set -euo pipefail',
            block.replace(/^EMAIL=.*$/m, `EMAIL='${email}'; SALT=${bob.emailSalt}`),
          ].join('\n'),
        ],
        { cwd: dir },
      )
    const mine = JSON.parse((await run('BOB.LEE@example.com')).stdout)
    expect(mine).toMatchObject({ role: 'co-contributor', creditedName: 'Bob Lee' })
    await expect(run('someone.else@example.com')).rejects.toThrow()
  })

  test('emailCommitment ignores case and surrounding spaces, and is the text commitment of the normalised address', () => {
    const salt = 'ab'.repeat(32)
    expect(emailCommitment(salt, '  Bob.Lee@Example.COM ')).toEqual(
      textCommitment(salt, 'bob.lee@example.com'),
    )
  })
})

describe('verification of a v5 record', () => {
  test('the page and its JSON list each confirmation and call the others declared by the submitter', async () => {
    const { song } = await registered()
    const page = await (
      await respond(() =>
        verifyRoute.loader(
          args(new Request(`http://localhost/verify/${song.certificateId}`), {
            certificateId: song.certificateId,
          }),
        ),
      )
    ).json()
    expect(page.ok).toBe(true)
    expect(page.confirmations).toEqual({
      recordsConfirmations: true,
      confirmed: [BOB_LINE],
      declaredOnly: [ANN_LINE, CARA_LINE],
      lines: [BOB_LINE, ANN_LINE, CARA_LINE],
      names: ['Bob Lee', 'Ann', 'Bob', 'Cara'],
    })
    const asJson = await (
      await respond(() =>
        verifyJsonRoute.loader(
          args(new Request(`http://localhost/verify/${song.certificateId}.json`), {
            certificateId: song.certificateId,
          }),
        ),
      )
    ).json()
    expect(asJson.confirmations.confirmed).toEqual([BOB_LINE])
    // The address never travels in the report.
    expect(JSON.stringify(page)).not.toMatch(/example\.com"|bob\.lee@/i)
  })

  test('npm run verify prints the confirmations', async () => {
    const { song, outcome } = await registered()
    const cli = await verifyCli(song.certificateId, '--signature', outcome.transactionSignature)
    expect(cli.code).toBe(0)
    expect(cli.output).toContain('   Co-writers:')
    for (const line of [BOB_LINE, ANN_LINE, CARA_LINE]) expect(cli.output).toContain(line)
  }, 120_000)
})

describe('the certificate shows the record, not later database state', () => {
  test('a visitor sees Bob confirmed and the others declared; a confirmation given after registration changes nothing', async () => {
    const { song, cara } = await registered()
    // Cara confirms after the registration: the record does not hold it.
    await db()
      .updateTable('splitInvitations')
      .set({ decision: 'confirmed', decidedAt: new Date(), creditedName: 'Cara' })
      .where('id', '=', cara.id)
      .execute()
    const url = `http://localhost/certificate/${song.id}`
    const data = await (
      await respond(() => certificatePage.loader(args(new Request(url), { id: String(song.id) })))
    ).json()
    expect(data.certificate.confirmations).toEqual({
      recorded: true,
      contributors: [
        { slot: 'main', status: 'declared' },
        {
          slot: 'co-contributor',
          status: 'confirmed',
          confirmedAt: '2026-11-20T10:00:00.000Z',
          creditedName: 'Bob Lee',
          creditedLatinName: null,
          // What Bob gave when confirming (issue 51.6): public in the record's confirmations.
          pro: 'BMI',
          ipi: '00012345624',
        },
        { slot: 'co-contributor-2', status: 'declared' },
      ],
    })
    expect(data).not.toHaveProperty('splitSheetUrl')

    const text = await pdfText(
      await respond(() =>
        certificatePdf.loader(args(new Request(`${url}.pdf`), { id: String(song.id) })),
      ),
    )
    expect(text).toContain(
      'Confirmed on November 20, 2026 (UTC) by the holder of the invited address, in the registered record, credited as Bob Lee',
    )
    expect(text).toContain('Declared by the submitter')
    expect(text).toContain(
      'This certificate records authorship as declared by the submitter; the share of Bob was confirmed in the registered record by the holder of the invited address.',
    )
    expect(text).not.toContain('verifies authorship')
  })

  test('before registration the owner sees live statuses, a dispute with its reason; nobody else sees the song', async () => {
    const { user, song } = await mixedSong()
    await db()
      .updateTable('splitInvitations')
      .set({ revokedAt: new Date() })
      .where('songId', '=', song.id)
      .where('slot', '=', 'co-contributor-2')
      .execute()
    await createSplitInvitation(song.id, 'co-contributor-2', {
      decision: 'disputed',
      decidedAt: CONFIRMED_AT,
      disputeReason: 'I wrote half the lyrics',
    })
    const url = `http://localhost/certificate/${song.id}`
    const data = await (
      await respond(async () =>
        certificatePage.loader(args(await request(url, user.id), { id: String(song.id) })),
      )
    ).json()
    expect(data.certificate.confirmations.recorded).toBe(false)
    expect(data.certificate.confirmations.contributors).toEqual([
      { slot: 'main', status: 'declared' },
      {
        slot: 'co-contributor',
        status: 'confirmed',
        confirmedAt: '2026-11-20T10:00:00.000Z',
        creditedName: 'Bob Lee',
        creditedLatinName: null,
        pro: 'BMI',
        ipi: '00012345624',
      },
      {
        slot: 'co-contributor-2',
        status: 'disputed',
        decidedAt: '2026-11-20T10:00:00.000Z',
        reason: 'I wrote half the lyrics',
      },
    ])
    expect(data.splitSheetUrl).toBe(`/songs/${song.id}/split-sheet`)
    const other = await createUser()
    const refused = await respond(() =>
      certificatePage.loader(args(new Request(url), { id: String(song.id) })),
    )
    expect(refused.status).toBe(404)
    const otherRefused = await respond(async () =>
      certificatePage.loader(args(await request(url, other.id), { id: String(song.id) })),
    )
    expect(otherRefused.status).toBe(404)
  })
})

describe('the split sheet', () => {
  test('the owner’s page lists every contributor with PRO, IPI, shares, AI share and confirmation', async () => {
    const { user, song } = await mixedSong()
    const url = `http://localhost/songs/${song.id}/split-sheet`
    const response = await respond(async () =>
      splitSheetPage.loader(args(await request(url, user.id), { id: String(song.id) })),
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    const { sheet } = await response.json()
    expect(sheet).toMatchObject({
      title: song.title,
      certificateId: song.certificateId,
      // Components the form left at their default are in the split too.
      components: ['lyrics', 'vocals', 'instrumentation', 'production', 'mixing'],
      recorded: false,
      registration: { status: 'not-registered' },
      ai: [
        { component: 'lyrics', percent: 0 },
        { component: 'vocals', percent: 0 },
        { component: 'instrumentation', percent: 0 },
        { component: 'production', percent: 0 },
        { component: 'mixing', percent: 20 },
      ],
    })
    expect(sheet.contributors).toEqual([
      expect.objectContaining({
        slot: 'main',
        name: 'Ann',
        status: { slot: 'main', status: 'declared' },
      }),
      expect.objectContaining({
        slot: 'co-contributor',
        name: 'Bob Lee',
        declaredName: 'Bob',
        // What Bob gave when confirming wins over what the submitter typed.
        pro: 'BMI',
        ipi: '00012345624',
        shares: BOB_SHARES,
      }),
      expect.objectContaining({
        slot: 'co-contributor-2',
        name: 'Cara',
        status: { slot: 'co-contributor-2', status: 'invited' },
      }),
    ])
  })

  test('its PDF holds the split and the statuses; registered, it says so', async () => {
    const { user, song } = await registered()
    const url = `http://localhost/songs/${song.id}/split-sheet.pdf`
    const text = await pdfText(
      await respond(async () =>
        splitSheetPdf.loader(args(await request(url, user.id), { id: String(song.id) })),
      ),
    )
    for (const expected of [
      song.title,
      `Certificate ID: ${song.certificateId}`,
      'Registration: Registered on',
      'Bob Lee Co-contributor, declared as Bob',
      // PRO beside IPI, and the person's part of the song under their role (issue 51).
      'PRO: BMI · IPI / PRO #: 00012345624',
      'Shares: Lyrics 30% · Vocals 0% · Instrumentation 0% · Production 0% · Mixing/Mastering 20%',
      'Confirmation: Confirmed on November 20, 2026 (UTC) by the holder of the invited address, in the registered record',
      'Ann Main contributor The song: Composer-author (CA): 75.00% of the song',
      'Shares: Lyrics 50% · Vocals 100% · Instrumentation 100% · Production 100% · Mixing/Mastering 40%',
      'Cara Second co-contributor',
      // The AI's block is laid out as a person's (decision 097): its name, then its role, then
      // only the AI tools the owner named (decision 119): none, for this song.
      'AI Generative AI, as declared AI tools: AI tools not named',
      'Shares: Lyrics 0% · Vocals 0% · Instrumentation 0% · Production 0% · Mixing/Mastering 20%',
    ])
      expect(text).toContain(expected)
    // Registered: Cara's live invitation is not the record's word.
    expect(text).not.toContain('Invited, not confirmed yet')
  })

  test('owner only: a visitor is sent to sign in, another user gets 404, page and PDF alike', async () => {
    const { song } = await mixedSong()
    const other = await createUser()
    for (const [route, suffix] of [
      [splitSheetPage.loader, ''],
      [splitSheetPdf.loader, '.pdf'],
    ] as const) {
      const url = `http://localhost/songs/${song.id}/split-sheet${suffix}`
      const visitor = await respond(() => route(args(new Request(url), { id: String(song.id) })))
      expect(visitor.status).toBe(302)
      expect(visitor.headers.get('Location')).toMatch(/^\/login/)
      const stranger = await respond(async () =>
        route(args(await request(url, other.id), { id: String(song.id) })),
      )
      expect(stranger.status).toBe(404)
      expect(await stranger.json()).toEqual({ message: 'Song not found' })
    }
  })
})

test('every split sheet PDF reads back, whatever its title and certificate id (a sixth of deflated ones once did not)', async () => {
  const { renderSplitSheetPdf } =
    await import('~/services/certificates/documents/split-sheet-pdf.server')
  const { splitSheet } = await import('~/services/certificates/documents/split-sheet.server')
  const { getOwnedSong } = await import('~/services/songs/songs.server')
  const owner = await createUser()
  for (let i = 0; i < 24; i++) {
    const title = `Split Lights ${crypto.randomBytes(2).toString('hex')}`
    const created = await createTestSong(owner.id, {
      title,
      contributorName: 'Ann Writer',
      coContributorName: 'Bob Beats',
    })
    const song = (await getOwnedSong(db(), owner.id, created.id))!
    const parsed = await pdf(
      await renderSplitSheetPdf(await splitSheet(db(), song), { appName: 'ProofTrack' }),
    )
    expect(parsed.numpages).toBe(1)
    expect(parsed.text).toContain(title)
  }
})
