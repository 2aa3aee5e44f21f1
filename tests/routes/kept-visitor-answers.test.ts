import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { afterEach, describe, expect, test, vi } from 'vitest'
import * as certificatePage from '~/routes/certificate.$id'
import * as verifyPage from '~/routes/verify.$certificateId'
import * as invitation from '~/routes/invitations.$token'
import { NOT_VERIFIED, VERIFIED } from '~/components/verify/verdict'
import { checkedAtIn } from '~/lib/checked-ago'
import { TIME_ZONE_COOKIE } from '~/lib/time-zone'
import {
  keepingVisitorPage,
  keptVisitorAnswer,
} from '~/services/certificates/record/kept-visitor-answers.server'
import { CHECK_KEPT_MS, forgetKeptChecks } from '~/services/certificates/record/kept-checks.server'
import { TimestampWorker } from '~/services/certificates/record/snapshot-timestamps.server'
import { registerSong } from '~/services/registration/registration.server'
import { db } from '../setup/db'
import { drawPage, type PageModule } from '../setup/draw-page'
import { args, createTestSong, formRequest, respond, sessionCookie } from '../setup/fixtures'
import { createInvitedCoWriter } from '../setup/invitations'

// Issue 53 (decision 116): a registered certificate's page and verify page, as a stranger sees
// them, are made once per snapshot and kept; the server entry answers a kept one before Remix
// runs. Here the server entry's two halves are called as it calls them (keptVisitorAnswer before
// Remix, keepingVisitorPage on the drawing Remix makes), with the real route drawing the page.
// Whatever changes what the page stands on must give a new answer at once.

const ORIGIN = 'http://localhost:3000'

afterEach(() => forgetKeptChecks())

/** A stranger's GET, answered kept or drawn (and then kept) as the server entry would. */
async function visit(path: string, cookie: string | null = null) {
  const asked = await keptVisitorAnswer({
    method: 'GET',
    url: path,
    origin: ORIGIN,
    cookie,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0',
    referrer: null,
    acceptLanguage: null,
    ipAddress: '203.0.113.53',
  })
  if (asked && 'answer' in asked)
    return { kept: true, keepable: true, html: String(asked.answer.body) }
  const [module, pattern] = path.startsWith('/verify/')
    ? [verifyPage, '/verify/:certificateId']
    : [certificatePage, '/certificate/:id']
  const html = await drawPage(module as PageModule, pattern, path, cookie)
  if (asked && 'ticket' in asked)
    await pipeline(
      Readable.from([Buffer.from(html)]),
      keepingVisitorPage(
        asked.ticket.keptVisitorAnswer,
        { nonce: 'nonce-of-this-answer', loadId: 'load-of-this-answer' },
        () => ({ status: 200, headers: new Headers({ 'Content-Type': 'text/html' }) }),
      ),
      new Writable({ write: (_chunk, _encoding, done) => done() }),
    )
  return { kept: false, keepable: asked !== null, html }
}

async function registeredSong(ownerId: string, fields: Record<string, unknown> = {}) {
  const song = await createTestSong(ownerId, { title: 'Lanterns on the Quay', ...fields })
  await db().deleteFrom('monthlyUsage').where('userId', '=', ownerId).execute()
  const outcome = await registerSong(ownerId, song.id, { confirmed: true })
  if (!outcome.ok) throw new Error(outcome.message)
  return song
}

const answer = (token: string, fields: Record<string, string>) =>
  respond(() =>
    invitation.action(
      args(formRequest(`http://localhost/invitations/${token}`, fields), { token }),
    ),
  )

describe('a stranger’s certificate page is made once per snapshot and kept', () => {
  test('the second visit is the kept page; a new version registered shows on it at once', async () => {
    const { owner } = await createInvitedCoWriter()
    const first = await registeredSong(owner.id)
    const path = `/certificate/${first.id}`

    const drawn = await visit(path)
    expect(drawn).toMatchObject({ kept: false, keepable: true })
    expect(drawn.html).toContain('Lanterns on the Quay')
    const again = await visit(path)
    expect(again.kept).toBe(true)
    expect(again.html).toBe(drawn.html)

    // The owner makes a new version of it and registers it: the page says so at once.
    const second = await createTestSong(owner.id, { title: 'Lanterns on the Quay (2026)' })
    await db()
      .updateTable('songs')
      .set({ supersedesSongId: first.id })
      .where('id', '=', second.id)
      .execute()
    await db().deleteFrom('monthlyUsage').where('userId', '=', owner.id).execute()
    expect((await registerSong(owner.id, second.id, { confirmed: true })).ok).toBe(true)
    const superseded = await visit(path)
    expect(superseded.kept).toBe(false)
    expect(superseded.html).toContain(second.certificateId)
    expect(drawn.html).not.toContain(second.certificateId)
    expect(await visit(path)).toMatchObject({ kept: true, html: superseded.html })
  })

  test('a co-writer’s answer and a dispute give a new answer: the page kept before them is not used', async () => {
    // The owner's other song waits for a co-writer; the registered one is what strangers open.
    const { owner, token } = await createInvitedCoWriter()
    const registered = await registeredSong(owner.id)
    const path = `/certificate/${registered.id}`
    await visit(path)
    expect((await visit(path)).kept).toBe(true)

    expect((await answer(token, { intent: 'confirm', creditedName: 'Олег Петров' })).status).toBe(
      200,
    )
    expect((await visit(path)).kept).toBe(false)
    expect((await visit(path)).kept).toBe(true)

    const disputing = await createInvitedCoWriter()
    const theirs = await registeredSong(disputing.owner.id)
    await visit(`/certificate/${theirs.id}`)
    expect((await visit(`/certificate/${theirs.id}`)).kept).toBe(true)
    expect(
      (await answer(disputing.token, { intent: 'dispute', disputeReason: 'My share was 60 %.' }))
        .status,
    ).toBe(200)
    expect((await visit(`/certificate/${theirs.id}`)).kept).toBe(false)
  })

  test('a timestamp that arrives, and a database correction, show at once', async () => {
    const { owner } = await createInvitedCoWriter()
    const song = await registeredSong(owner.id)
    const path = `/certificate/${song.id}`
    const drawnBefore = await visit(path)
    expect((await visit(path)).kept).toBe(true)
    // The registered snapshot's token arrives (this server's TSA stamps it): no trigger watches
    // the timestamps, so the version reads them itself.
    expect(await new TimestampWorker().drain()).toBeGreaterThan(0)
    const stamped = await visit(path)
    expect(stamped.kept).toBe(false)
    expect(stamped.html).not.toBe(drawnBefore.html)

    await db()
      .updateTable('songs')
      .set({ title: 'A corrected title' })
      .where('id', '=', song.id)
      .execute()
    const corrected = await visit(path)
    expect(corrected.kept).toBe(false)
    expect(corrected.html).toContain('A corrected title')
  })

  test('each time zone has its own page; a signed-in visitor or a waiting toast is drawn for the request', async () => {
    const { owner } = await createInvitedCoWriter()
    const song = await registeredSong(owner.id)
    const path = `/certificate/${song.id}`
    const tokyo = `${TIME_ZONE_COOKIE}=Asia%2FTokyo`
    await visit(path)
    expect((await visit(path)).kept).toBe(true)
    expect((await visit(path, tokyo)).kept).toBe(false)
    expect((await visit(path, `${tokyo}; _ga=GA1.1.5`)).kept).toBe(true)
    for (const cookie of [await sessionCookie(owner.id), 'pt_toast=x']) {
      const drawn = await visit(path, cookie)
      expect(drawn).toMatchObject({ kept: false, keepable: false })
    }
  })
})

describe('a stranger’s verify page is kept with its check', () => {
  test('kept, it says when it was checked; a row changed in our database is not called verified, at once', async () => {
    const { owner } = await createInvitedCoWriter()
    const song = await registeredSong(owner.id)
    const path = `/verify/${song.certificateId}`

    const drawn = await visit(path)
    expect(drawn.kept).toBe(false)
    expect(drawn.html).toContain(VERIFIED)
    expect(drawn.html).toContain('Checked just now')
    const checkedAt = checkedAtIn(drawn.html)
    expect(checkedAt).toBeGreaterThan(Date.now() - 60_000)

    const kept = await visit(path)
    expect(kept.kept).toBe(true)
    expect(checkedAtIn(kept.html)).toBe(checkedAt)
    expect(kept.html).toContain('Checked just now')
    // Each kept answer says how long ago the check was made; past 5 minutes it is made again.
    let latest = checkedAt
    vi.useFakeTimers({ toFake: ['Date'], now: checkedAt! + 40_000 })
    try {
      const later = await visit(path)
      expect(later.kept).toBe(true)
      expect(later.html).toContain('Checked 40 seconds ago')
      vi.setSystemTime(checkedAt! + CHECK_KEPT_MS + 1000)
      const again = await visit(path)
      expect(again.kept).toBe(false)
      latest = checkedAtIn(again.html)
      expect(latest).toBeGreaterThan(checkedAt!)
    } finally {
      vi.useRealTimers()
    }

    await db()
      .updateTable('songs')
      .set({ title: 'A title nobody registered' })
      .where('id', '=', song.id)
      .execute()
    const changed = await visit(path)
    expect(changed.kept).toBe(false)
    expect(changed.html).toContain(NOT_VERIFIED)
    // What the page shows (its scripts carry the area's messages as data, this one among them).
    expect(changed.html.replace(/<script[\s\S]*?<\/script>/g, '')).not.toContain(VERIFIED)
    // The check itself (the ledger, the store, the timestamp) was kept: the same time.
    expect(checkedAtIn(changed.html)).toBe(latest)
  })

  test('“Check again now” reads the ledger and the store again, counts against the address, and the page shows the new time', async () => {
    const { owner } = await createInvitedCoWriter()
    const song = await registeredSong(owner.id)
    const path = `/verify/${song.certificateId}`
    const first = checkedAtIn((await visit(path)).html)!
    expect((await visit(path)).kept).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 5))

    const address = '198.51.100.116'
    const posted = await respond(() =>
      verifyPage.action(
        args(
          formRequest(
            `http://localhost${path}`,
            { intent: 'check-again' },
            {
              'X-ProofTrack-Client-Address': address,
            },
          ),
          { certificateId: song.certificateId },
        ),
      ),
    )
    expect(posted.status).toBe(303)
    expect(posted.headers.get('Location')).toBe(path)
    const hits = await db()
      .selectFrom('rateLimits')
      .select('hits')
      .where('key', '=', `cert-verify:ip:${address}`)
      .execute()
    expect(hits).toEqual([{ hits: 1 }])

    const fresh = await visit(path)
    expect(fresh.kept).toBe(false)
    expect(checkedAtIn(fresh.html)).toBeGreaterThan(first)
    expect(fresh.html).toContain('Checked just now')
  })
})
