import { describe, expect, test, vi } from 'vitest'
import * as apiSongs from '~/resource-routes/api.songs'
import * as root from '~/root'
import * as index from '~/routes/_index'
import * as certificate from '~/routes/certificate.$id'
import * as coWriters from '~/routes/songs.$id.co-writers'
import * as privacy from '~/routes/privacy-policy'
import * as register from '~/routes/songs.$id.register'
import * as songsPage from '~/routes/songs._index'
import * as submit from '~/routes/submit'
import { db } from '../setup/db'
import {
  args,
  createSplitInvitation,
  createTestSong,
  createUser,
  respond,
  sessionCookie,
} from '../setup/fixtures'

// Issue 16: at most 3 SQL statements per page, counted as one document request runs them (the
// root loader and the page's loader at once, the session look-up shared). It counts; it is not
// timed. The bench counts the same on the built server (bench/README.md, "SQL queries per request").
const BUDGET = 3

type Loader = (a: ReturnType<typeof args>) => unknown

/** The statements one request runs, with what the root and the page's loader answered. */
async function documentRequest(
  path: string,
  cookie: string | null,
  page: Loader | null,
  params: Record<string, string> = {},
) {
  const request = () =>
    new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} })
  const spy = vi.spyOn(db().getExecutor(), 'executeQuery')
  try {
    const [rootResponse, pageResponse] = await Promise.all([
      page === apiSongs.loader ? null : respond(() => root.loader(args(request()))),
      page ? respond(() => page(args(request(), params))) : null,
    ])
    const statements = spy.mock.calls.map(([query]) => query.sql)
    return {
      statements,
      root: rootResponse ? ((await rootResponse.json()) as RootData) : null,
      page: pageResponse,
    }
  } finally {
    spy.mockRestore()
  }
}
type RootData = { toast: { title: string; description: string } | null; user: unknown }

const isToastUpdate = (statement: string) => /^update "split_invitations"/.test(statement)

async function registered(songId: number, supersedesSongId: number | null = null) {
  await db()
    .insertInto('blockchainRegistrations')
    .values({
      songId,
      status: 'confirmed',
      transactionSignature: `sig-${songId}`,
      registrationFee: '0.001',
      supersedesSongId,
    })
    .execute()
}

/**
 * Every branch the pages read: a chain of three versions (the first two registered, the second
 * the first one's registered successor), the draft naming two co-writers, one invited and one
 * who confirmed and whose answer waits for its toast.
 */
async function catalogue() {
  const owner = await createUser({ firstName: 'Ann' })
  const first = await createTestSong(owner.id, { title: 'First Take' })
  await registered(first.id)
  const second = await createTestSong(owner.id, { title: 'Second Take' })
  await db()
    .updateTable('songs')
    .set({ supersedesSongId: first.id })
    .where('id', '=', second.id)
    .execute()
  await registered(second.id, first.id)
  const draft = await createTestSong(owner.id, {
    title: 'Third Take',
    coContributorName: 'Bea',
    coContributorName2: 'Cy',
  })
  await db()
    .updateTable('songs')
    .set({ supersedesSongId: second.id })
    .where('id', '=', draft.id)
    .execute()
  await createSplitInvitation(draft.id, 'co-contributor', {
    decision: 'confirmed',
    creditedName: 'Bea Writer',
  })
  await createSplitInvitation(draft.id, 'co-contributor-2')
  return { first, draft, cookie: await sessionCookie(owner.id) }
}

describe('SQL statements per page (issue 16)', () => {
  test('signed out: the landing page and the privacy policy', async () => {
    for (const [path, loader] of [
      ['/', index.loader],
      ['/privacy-policy', privacy.loader],
    ] as const) {
      const { statements } = await documentRequest(path, null, loader as Loader)
      expect(statements.length, `${path}: ${statements.join('\n')}`).toBeLessThanOrEqual(BUDGET)
    }
  })

  test('signed in: every page within budget; the toast page alone runs its UPDATE', async () => {
    const { first, draft, cookie } = await catalogue()

    // The first page after the decision shows it, once, within the budget.
    const dashboard = await documentRequest('/', cookie, index.loader as Loader)
    expect(dashboard.root?.toast).toMatchObject({
      title: 'Share confirmed',
      description: '\u2068Bea Writer\u2069 confirmed their share of “\u2068Third Take\u2069”.',
    })
    expect(dashboard.statements.filter(isToastUpdate)).toHaveLength(1)
    expect(dashboard.statements.length, dashboard.statements.join('\n')).toBeLessThanOrEqual(BUDGET)
    const dashboardData = (await dashboard.page!.json()) as {
      stats: { totalSongs: number }
      timeline: unknown[]
    }
    expect(dashboardData.stats.totalSongs).toBe(3)
    expect(dashboardData.timeline).toHaveLength(12)

    // The next page has nothing to tell: no UPDATE at all.
    const pages: [string, Loader, Record<string, string>][] = [
      ['/', index.loader as Loader, {}],
      ['/songs', songsPage.loader as Loader, {}],
      ['/submit', submit.loader as Loader, {}],
      [`/submit?from=${first.id}`, submit.loader as Loader, {}],
      ['/api/songs', apiSongs.loader as Loader, {}],
      [`/certificate/${draft.id}`, certificate.loader as Loader, { id: String(draft.id) }],
      [`/certificate/${first.id}`, certificate.loader as Loader, { id: String(first.id) }],
      [`/songs/${draft.id}/register`, register.loader as Loader, { id: String(draft.id) }],
      [`/songs/${draft.id}/co-writers`, coWriters.loader as Loader, { id: String(draft.id) }],
    ]
    const counts: Record<string, number> = {}
    for (const [path, loader, params] of pages) {
      const {
        statements,
        root: rootData,
        page,
      } = await documentRequest(path, cookie, loader, params)
      expect(page?.status, path).toBe(200)
      expect(rootData?.toast ?? null, path).toBeNull()
      expect(statements.filter(isToastUpdate), path).toEqual([])
      expect(statements.length, `${path}: ${statements.join('\n')}`).toBeLessThanOrEqual(BUDGET)
      counts[path] = statements.length
    }
    // The session look-up is one of them: a page with a user in it never runs zero.
    expect(Math.min(...Object.values(counts))).toBeGreaterThanOrEqual(1)

    // What those statements brought back is the whole page: every branch was read.
    const draftCertificate = (await (
      await documentRequest(`/certificate/${draft.id}`, cookie, certificate.loader as Loader, {
        id: String(draft.id),
      })
    ).page!.json()) as {
      versions: { id: number }[]
      links: { supersedes: { songId: number } | null }
      certificate: { confirmations: { contributors: { slot: string; status: string }[] } }
    }
    expect(draftCertificate.versions).toHaveLength(3)
    expect(draftCertificate.links.supersedes).not.toBeNull()
    expect(draftCertificate.certificate.confirmations.contributors).toEqual([
      { slot: 'main', status: 'declared' },
      expect.objectContaining({ slot: 'co-contributor', status: 'confirmed' }),
      { slot: 'co-contributor-2', status: 'invited' },
    ])
    const firstCertificate = (await (
      await documentRequest(`/certificate/${first.id}`, cookie, certificate.loader as Loader, {
        id: String(first.id),
      })
    ).page!.json()) as { links: { supersededBy: { certificateId: string } | null } }
    expect(firstCertificate.links.supersededBy).not.toBeNull()
    const registerPage = (await (
      await documentRequest(`/songs/${draft.id}/register`, cookie, register.loader as Loader, {
        id: String(draft.id),
      })
    ).page!.json()) as { confirmations: { status: string }[] }
    expect(registerPage.confirmations.map((c) => c.status)).toEqual([
      'declared',
      'confirmed',
      'invited',
    ])

    // The page a decision's mail links to shows the next one's toast, still within budget.
    await db()
      .updateTable('splitInvitations')
      .set({ decision: 'disputed', decidedAt: new Date(), disputeReason: 'Not my share' })
      .where('songId', '=', draft.id)
      .where('slot', '=', 'co-contributor-2')
      .execute()
    const mailed = await documentRequest(
      `/songs/${draft.id}/co-writers`,
      cookie,
      coWriters.loader as Loader,
      { id: String(draft.id) },
    )
    expect(mailed.root?.toast).toMatchObject({ title: 'Share disputed' })
    expect(mailed.statements.filter(isToastUpdate)).toHaveLength(1)
    expect(mailed.statements.length, mailed.statements.join('\n')).toBeLessThanOrEqual(BUDGET)

    // A visitor's view of the registered certificate, signed out and signed in as someone else.
    const stranger = await createUser()
    for (const visitorCookie of [null, await sessionCookie(stranger.id)]) {
      const visitor = await documentRequest(
        `/certificate/${first.id}`,
        visitorCookie,
        certificate.loader as Loader,
        { id: String(first.id) },
      )
      expect(visitor.page?.status).toBe(200)
      expect(visitor.statements.length).toBeLessThanOrEqual(BUDGET)
    }
  })
})
