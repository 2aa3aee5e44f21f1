import { execFileSync } from 'node:child_process'
import fs from 'node:fs/promises'
import { sql } from 'kysely'
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, test } from 'vitest'
import * as dataZipRoute from '~/resource-routes/settings_.data[.]zip'
import * as deleteAccountRoute from '~/routes/settings_.delete-account'
import * as emailRoute from '~/routes/settings_.email'
import { adminAnalytics, dailyFigures } from '~/services/admin/admin-analytics.server'
import { INVALID_CHANGE_LINK, SAME_ADDRESS } from '~/services/accounts/email-change.server'
import { requestPasswordResetLimited } from '~/services/accounts/password-reset.server'
import { getSessionId, sessionStorage } from '~/services/accounts/session.server'
import { RESERVED_EMAIL_MESSAGE, verifyLogin } from '~/services/accounts/users.server'
import { FORGOTTEN_ADDRESS, fileTransport, MailWorker } from '~/services/platform/mail.server'
import { getToast } from '~/services/platform/toast.server'
import { registerSong } from '~/services/registration/registration.server'
import { db } from '../setup/db'
import {
  args,
  createSplitInvitation,
  createTestSong,
  createUser,
  PASSWORD,
  respond,
} from '../setup/fixtures'
import { lastMailTo, mailTo } from '../setup/mail'
import { useTempDirs } from '../setup/temp-dir'

// Issue 28 (decision 067): the email change, the data download, and what deleting an account
// leaves in the database.

const tempDir = useTempDirs()

async function browser(userId: string) {
  const session = await sessionStorage().getSession()
  session.set('userId', userId)
  const cookie = (await sessionStorage().commitSession(session)).split(';')[0]!
  return {
    cookie,
    get: (url: string) => new Request(url, { headers: { Cookie: cookie } }),
    post: (url: string, fields: Record<string, string>) =>
      new Request(url, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      }),
  }
}

const URL_ = 'http://localhost/settings/email'
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1e6)}`

function linkToken(text: string | null) {
  const match = /\/settings\/email\?token=([A-Za-z0-9_-]+)/.exec(text ?? '')
  if (!match) throw new Error(`no link in: ${text}`)
  return match[1]!
}

async function ask(b: Awaited<ReturnType<typeof browser>>, email: string) {
  return respond(() => emailRoute.action(args(b.post(URL_, { intent: 'request', email }))))
}
async function confirm(b: Awaited<ReturnType<typeof browser>>, token: string) {
  return respond(() => emailRoute.action(args(b.post(URL_, { intent: 'confirm', token }))))
}
const userRow = (id: string) =>
  db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe('changing the email address', () => {
  test('a link to the new address, confirmed by the signed-in owner; the old address is told twice; the link works once', async () => {
    const user = await createUser({ emailVerified: true, firstName: '민지' })
    const b = await browser(user.id)
    const newEmail = `새-${unique()}@example.org`.replace('새-', 'new-')
    const asked = await ask(b, `  ${newEmail.toUpperCase()} `)
    expect(asked.status).toBe(302)
    expect(asked.headers.get('Location')).toBe('/settings/email')
    const toast = await getToast(asked.headers.get('Set-Cookie'))
    expect(toast.toast?.description).toContain(newEmail)

    // Nothing changes yet; the old address hears of the request, naming the new one.
    expect((await userRow(user.id)).email).toBe(user.email)
    const told = await lastMailTo(user.email)
    expect(told?.subject).toBe('A change of your ProofTrack email address was asked')
    expect(told?.text).toContain(newEmail)
    expect(told?.text).toContain('민지')
    const link = await lastMailTo(newEmail)
    expect(link?.subject).toBe('Confirm your new ProofTrack email address')
    // Nothing the requester typed goes to an address they typed (not even their name).
    expect(link?.text).not.toContain('민지')
    const token = linkToken(link!.text)
    // Only the token's digest is stored.
    const stored = await db()
      .selectFrom('emailChangeTokens')
      .selectAll()
      .where('userId', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(stored.tokenHash).not.toContain(token)
    expect(JSON.stringify(stored)).not.toContain(token)

    // Opening the link shows a confirmation; it does not change anything by itself.
    const page = await emailRoute.loader(args(b.get(`${URL_}?token=${token}`)))
    expect((await page.json()).confirming).toEqual({ token, newEmail })
    expect((await userRow(user.id)).email).toBe(user.email)

    const done = await confirm(b, token)
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe('/settings')
    const row = await userRow(user.id)
    expect(row.email).toBe(newEmail)
    expect(row.emailVerified).toBe(true)
    expect((await lastMailTo(user.email))?.subject).toBe(
      'Your ProofTrack email address was changed',
    )
    expect(await verifyLogin(db(), newEmail, PASSWORD)).not.toBeNull()
    expect(await verifyLogin(db(), user.email, PASSWORD)).toBeNull()

    // Single use.
    const again = await confirm(b, token)
    expect(again.status).toBe(400)
    expect(JSON.stringify(await again.json())).toContain(INVALID_CHANGE_LINK)
  })

  test('an expired link, or one opened by another account, changes nothing', async () => {
    const user = await createUser({ emailVerified: true, firstName: 'مريم' })
    const other = await createUser()
    const b = await browser(user.id)
    const newEmail = `late-${unique()}@example.org`
    await ask(b, newEmail)
    const token = linkToken((await lastMailTo(newEmail))!.text)

    const stranger = await browser(other.id)
    const theirs = await confirm(stranger, token)
    expect(theirs.status).toBe(400)
    const theirPage = await emailRoute.loader(args(stranger.get(`${URL_}?token=${token}`)))
    expect((await theirPage.json()).invalidLink).toBe(INVALID_CHANGE_LINK)
    expect((await userRow(other.id)).email).toBe(other.email)

    await db()
      .updateTable('emailChangeTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('userId', '=', user.id)
      .execute()
    const late = await confirm(b, token)
    expect(late.status).toBe(400)
    expect(JSON.stringify(await late.json())).toContain(INVALID_CHANGE_LINK)
    expect((await userRow(user.id)).email).toBe(user.email)
  })

  test('the support address is refused; the same address is refused; bad input is a 400, not a 500', async () => {
    const user = await createUser({ emailVerified: true })
    const b = await browser(user.id)
    const support = await ask(b, 'Support@ProofTrack.test')
    expect(support.status).toBe(400)
    expect(JSON.stringify(await support.json())).toContain(RESERVED_EMAIL_MESSAGE)
    expect(await mailTo('support@prooftrack.test')).toEqual([])
    const same = await ask(b, user.email.toUpperCase())
    expect(same.status).toBe(400)
    expect(JSON.stringify(await same.json())).toContain(SAME_ADDRESS)
    for (const email of ['not-an-address', '', 'x'.repeat(300) + '@example.org']) {
      const bad = await ask(b, email)
      expect(bad.status).toBe(400)
    }
    const noIntent = await respond(() =>
      emailRoute.action(args(b.post(URL_, { email: 'a@example.org' }))),
    )
    expect(noIntent.status).toBe(400)
  })

  test('an address another account uses gets the same answer as a free one, and no link', async () => {
    const user = await createUser({ emailVerified: true })
    const holder = await createUser({ emailVerified: true })
    const b = await browser(user.id)
    const free = await ask(b, `free-${unique()}@example.org`)
    const taken = await ask(b, holder.email)
    expect(taken.status).toBe(free.status)
    expect(taken.headers.get('Location')).toBe(free.headers.get('Location'))
    const freeToast = (await getToast(free.headers.get('Set-Cookie'))).toast
    const takenToast = (await getToast(taken.headers.get('Set-Cookie'))).toast
    expect(takenToast?.title).toBe(freeToast?.title)
    expect(takenToast?.description?.replace(holder.email, 'X')).toBe(
      freeToast?.description?.replace(/free-\d+@example\.org/, 'X'),
    )
    // The holder is told nothing changed; no link exists for their address.
    const note = await lastMailTo(holder.email)
    expect(note?.subject).toBe('Your address was typed as a new ProofTrack sign-in address')
    expect(note?.text).not.toMatch(/token=/)
    expect(
      await db()
        .selectFrom('emailChangeTokens')
        .select('id')
        .where('newEmail', '=', holder.email)
        .execute(),
    ).toEqual([])
  })

  test('an unverified account may fix its address; the old, unproved address hears only of the change', async () => {
    const user = await createUser({ emailVerified: false, firstName: 'Zoë' })
    const b = await browser(user.id)
    const fixed = `fixed-${unique()}@example.org`
    expect((await ask(b, fixed)).status).toBe(302)
    expect(await mailTo(user.email)).toEqual([])
    const done = await confirm(b, linkToken((await lastMailTo(fixed))!.text))
    expect(done.status).toBe(302)
    const row = await userRow(user.id)
    expect([row.email, row.emailVerified]).toEqual([fixed, true])
    expect((await lastMailTo(user.email))?.subject).toBe(
      'Your ProofTrack email address was changed',
    )
  })

  test('requests are limited per account', async () => {
    const user = await createUser({ emailVerified: true })
    const b = await browser(user.id)
    const statuses = []
    for (let i = 0; i < 6; i++)
      statuses.push((await ask(b, `n${i}-${unique()}@example.org`)).status)
    expect(statuses).toEqual([302, 302, 302, 302, 302, 429])
  })
})

async function download(b: Awaited<ReturnType<typeof browser>>) {
  const response = await respond(() =>
    dataZipRoute.loader(args(b.get('http://localhost/settings/data.zip'))),
  )
  expect(response.status).toBe(200)
  expect(response.headers.get('Content-Type')).toBe('application/zip')
  expect(response.headers.get('Cache-Control')).toBe('private, no-store')
  const body = new Uint8Array(await response.arrayBuffer())
  const files = unzipSync(body)
  return {
    response,
    files,
    bytes: body.byteLength,
    text: (name: string) => strFromU8(files[name]!),
  }
}

describe('your data', () => {
  test('the ZIP holds the account’s own songs, splits, sessions, payments and events, and nothing of another account', async () => {
    const user = await createUser({ emailVerified: true, firstName: 'سلمى' })
    const b = await browser(user.id)
    const mine = await createTestSong(user.id, {
      title: '나의 노래',
      contributorName: 'سلمى Writer',
      lyrics: 'my own lyrics',
    })
    await createTestSong(user.id, { title: 'שיר שני' })
    await db()
      .insertInto('paymentHistory')
      .values({
        userId: user.id,
        stripePaymentIntentId: `pi_mine_${user.id}`,
        amount: '1.99',
        status: 'succeeded',
        songId: mine.id,
      })
      .execute()
    await db()
      .insertInto('analyticsEvents')
      .values({ eventType: 'page_view', userId: user.id, pagePath: '/mine', source: 'user' })
      .execute()

    // Another writer whose song invites this user, and whose own data must stay out.
    const other = await createUser({ emailVerified: true, firstName: 'Θεόδωρος' })
    const theirs = await createTestSong(other.id, {
      title: 'Their Secret Song',
      contributorName: 'Θεόδωρος Owner',
      coContributorName: 'سلمى Writer',
      lyrics: 'their private lyrics',
    })
    await createSplitInvitation(theirs.id, 'co-contributor', {
      email: user.email,
      decision: 'confirmed',
      decidedAt: new Date(),
      creditedName: 'سلمى Writer',
    })
    await createSplitInvitation(mine.id, 'main', { email: `co-${unique()}@example.org` })
    await db()
      .insertInto('paymentHistory')
      .values({
        userId: other.id,
        stripePaymentIntentId: `pi_theirs_${other.id}`,
        amount: '5.00',
        status: 'succeeded',
      })
      .execute()
    await db()
      .insertInto('analyticsEvents')
      .values({ eventType: 'page_view', userId: other.id, pagePath: '/theirs', source: 'user' })
      .execute()

    const { files, text, response } = await download(b)
    expect(response.headers.get('Content-Disposition')).toMatch(
      /^attachment; filename="prooftrack-data-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.zip"$/,
    )
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'account.csv',
      'analytics-events.csv',
      'certificates.csv',
      'invitations-answered.csv',
      'invitations-sent.csv',
      'payments.csv',
      'sessions.csv',
      'songs.csv',
      'splits.csv',
      'your-data.json',
    ])
    const json = text('your-data.json')
    const data = JSON.parse(json)
    expect(data.account).toMatchObject({ email: user.email, firstName: 'سلمى' })
    expect(data.songs.map((s: { title: string }) => s.title).sort()).toEqual(
      ['나의 노래', 'שיר שני'].sort(),
    )
    const song = data.songs.find((s: { title: string }) => s.title === '나의 노래')
    expect(song.lyrics).toBe('my own lyrics')
    expect(song.contributions).toHaveLength(5)
    expect(data.sessions).toHaveLength(1)
    expect(data.sessions[0].thisBrowser).toBe(true)
    expect(data.payments.map((p: { amount: string }) => p.amount)).toEqual(['1.99'])
    expect(data.analyticsEvents.map((e: { pagePath: string }) => e.pagePath)).toEqual(['/mine'])
    expect(data.invitationsSent).toHaveLength(1)
    expect(data.invitationsAnswered).toEqual([
      expect.objectContaining({
        certificateId: theirs.certificateId,
        decision: 'confirmed',
        creditedName: 'سلمى Writer',
      }),
    ])

    // Nothing of the other account, in any file; no secret of this one.
    const sid = await getSessionId(b.cookie)
    const all = Object.keys(files).map(text).join('\n')
    for (const foreign of [
      'Their Secret Song',
      'their private lyrics',
      'Θεόδωρος',
      other.email,
      other.username,
      other.id,
      `pi_theirs_${other.id}`,
      '/theirs',
    ])
      expect(all).not.toContain(foreign)
    for (const secret of [user.passwordHash!, sid!, 'passwordHash', 'tokenHash', 'emailSalt'])
      expect(all).not.toContain(secret)
    expect(text('songs.csv')).toContain('나의 노래')
    expect(text('splits.csv').split('\r\n').filter(Boolean)).toHaveLength(1 + 2 * 5)
    // The first document of the run waits for a worker to start.
  }, 60_000)

  test('what the README says the download holds is what it holds: the payment ids are there, the ids Stripe and Google keep for the account are not', async () => {
    const user = await createUser({ emailVerified: true, firstName: 'สมศรี' })
    const google = `google-${unique()}`
    const customer = `cus_${unique()}`
    const subscription = `sub_${unique()}`
    const checkout = `cs_${unique()}`
    await db()
      .updateTable('users')
      .set({ externalId: google, stripeCustomerId: customer, stripeSubscriptionId: subscription })
      .where('id', '=', user.id)
      .execute()
    const song = await createTestSong(user.id, { title: 'เพลงของฉัน' })
    await db()
      .insertInto('paymentHistory')
      .values({
        userId: user.id,
        stripePaymentIntentId: `pi_${user.id}`,
        stripeCheckoutSessionId: checkout,
        amount: '1.99',
        status: 'succeeded',
        songId: song.id,
      })
      .execute()
    const { files, text } = await download(await browser(user.id))
    const readme = text('README.txt')
    const all = Object.keys(files).map(text).join('\n')
    const data = JSON.parse(text('your-data.json'))
    // The account line's "never": none of those ids is in any file.
    expect(readme).toContain(
      "account     your account (never your password, your Google account's id, or Stripe's customer and subscription ids)",
    )
    for (const kept of [user.passwordHash!, google, customer, subscription, checkout])
      expect(all).not.toContain(kept)
    // The payments line: each payment with its own Stripe id, in the JSON and the CSV.
    expect(readme).toContain(
      'payments    1, each with its Stripe payment id (pi_...), the one your receipt names',
    )
    expect(
      data.payments.map((p: { stripePaymentIntentId: string }) => p.stripePaymentIntentId),
    ).toEqual([`pi_${user.id}`])
    expect(text('payments.csv')).toContain(`pi_${user.id}`)
    // The counts it gives are the lists' lengths.
    expect(readme).toContain(`sessions    ${data.sessions.length} signed-in browsers`)
    expect(readme).toContain(`songs       ${data.songs.length} songs`)
    expect(readme).not.toMatch(/never[^\r\n]*payment-provider ids/)
  })

  test('an account whose address is not proved gets no answers given from that address', async () => {
    // Someone registers a co-writer's address and downloads without verifying it.
    const squatter = await createUser({ emailVerified: false })
    const owner = await createUser({ emailVerified: true })
    const song = await createTestSong(owner.id, { coContributorName: 'Real Co-Writer' })
    await createSplitInvitation(song.id, 'co-contributor', {
      email: squatter.email,
      decision: 'disputed',
      decidedAt: new Date(),
      creditedName: 'Real Co-Writer',
    })
    const unproved = await download(await browser(squatter.id))
    expect(JSON.parse(unproved.text('your-data.json')).invitationsAnswered).toEqual([])
    expect(unproved.text('invitations-answered.csv')).not.toContain(song.certificateId)
    expect(unproved.text('README.txt')).toContain('0 answered by you')

    // Once the address is proved, the answers are the account's own.
    await db()
      .updateTable('users')
      .set({ emailVerified: true })
      .where('id', '=', squatter.id)
      .execute()
    const proved = await download(await browser(squatter.id))
    expect(JSON.parse(proved.text('your-data.json')).invitationsAnswered).toEqual([
      expect.objectContaining({ certificateId: song.certificateId, decision: 'disputed' }),
    ])
  })

  test('200 songs: the download is made within its bound (the figure is printed)', async () => {
    const user = await createUser({ firstName: 'हिंदी' })
    const b = await browser(user.id)
    for (let i = 0; i < 200; i++)
      await createTestSong(user.id, {
        title: `गीत ${i}`,
        lyrics: `पंक्ति ${i} `.repeat(200),
        creativeNotes: 'notes '.repeat(50),
      })
    const started = performance.now()
    const { files, bytes } = await download(b)
    const total = performance.now() - started
    console.info(`[data download] 200 songs: ${Math.round(total)} ms in all, ${bytes} bytes zipped`)
    expect(JSON.parse(strFromU8(files['your-data.json']!)).songs).toHaveLength(200)
    expect(total).toBeLessThan(10_000)
    expect(bytes).toBeLessThan(2_000_000)
  }, 120_000)

  test('every CSV opens with the byte-order mark, so Excel reads every script (issue 39.16)', async () => {
    const user = await createUser({ emailVerified: true, firstName: '佐藤' })
    await createTestSong(user.id, {
      title: 'ใจดี',
      contributorName: 'शर्मा',
      coContributorName: 'עברית',
      lyrics: 'кириллица 🎵 العربية',
    })
    const { files, text } = await download(await browser(user.id))
    const csvs = Object.keys(files).filter((name) => name.endsWith('.csv'))
    expect(csvs).toHaveLength(9)
    // EF BB BF, the mark in UTF-8 (a decoder would drop it from the text).
    for (const name of csvs)
      expect([name, ...files[name]!.slice(0, 3)]).toEqual([name, 0xef, 0xbb, 0xbf])
    expect(text('songs.csv')).toContain('ใจดี,2025-03-01')
    expect(text('songs.csv')).toContain('кириллица 🎵 العربية')
    expect(text('account.csv')).toContain('佐藤')
    // The mark is not in the JSON, where it does not belong.
    expect(files['your-data.json']![0]).toBe('{'.charCodeAt(0))
  })

  test('a many-song account: the ZIP is streamed as its songs are read, valid, and holds every song (issue 38.3)', async () => {
    const user = await createUser({ emailVerified: true, firstName: 'ミナ' })
    const b = await browser(user.id)
    const scripts = ['さくら', 'गीत', 'เพลง', 'שיר', 'أغنية', 'песня', '🎸']
    const count = 120
    // Long lyrics: many pages of the export's page size.
    await sql`
      insert into songs (user_id, title, contributor_name, date_created, tools_used, file_link,
                         certificate_id, lyrics, updated_at)
      select ${user.id}, (${sql.val(scripts)}::text[])[1 + g % 7] || ' ' || g, 'ミナ',
             '2025-03-01', 'Piano', 'https://example.com/a.mp3',
             'PT-MANY-' || substr(md5(random()::text || g), 1, 16),
             repeat((${sql.val(scripts)}::text[])[1 + g % 7] || ' line, ', 2000), now()
      from generate_series(1, ${count}) g`.execute(db())

    const response = await respond(() =>
      dataZipRoute.loader(args(b.get('http://localhost/settings/data.zip'))),
    )
    expect(response.status).toBe(200)
    // The answer has started; a song written now is still read: the songs are read as the ZIP
    // is written, not gathered before it.
    await createTestSong(user.id, { title: 'Последняя песня', lyrics: 'written after the start' })
    const bytes = new Uint8Array(await response.arrayBuffer())

    const zipPath = `${tempDir('data-zip-')}/data.zip`
    await fs.writeFile(zipPath, bytes)
    const tested = execFileSync('unzip', ['-t', zipPath], { encoding: 'utf8' })
    expect(tested).toContain('No errors detected')

    const files = unzipSync(bytes)
    const data = JSON.parse(strFromU8(files['your-data.json']!))
    expect(data.songs).toHaveLength(count + 1)
    expect(data.songs.at(-1).title).toBe('Последняя песня')
    expect(data.songs[0].lyrics).toBe(`${scripts[1]} line, `.repeat(2000))
    const songsCsv = strFromU8(files['songs.csv']!)
    for (let g = 1; g <= count; g++) expect(songsCsv).toContain(`${scripts[g % 7]} ${g},`)
    expect(songsCsv).toContain('Последняя песня')
  }, 120_000)
})

async function tablesHolding(needle: string) {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db())
  const found: string[] = []
  for (const { name } of tables.rows) {
    const hits = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(name)} t
      where position(lower(${needle}) in lower(t::text)) > 0`.execute(db())
    if (hits.rows[0]!.n > 0) found.push(name)
  }
  return found
}

describe('deleting the account leaves no personal data', () => {
  test('deleting ina@… forgets only its own reset limits, never those of gina@… (issue 38.7)', async () => {
    const u = unique()
    const ina = await createUser({ email: `ina${u}@example.org`, firstName: 'イナ' })
    const gina = await createUser({ email: `gina${u}@example.org`, firstName: 'Гина' })
    const client = '198.51.100.23'
    // Five requests per address and client an hour: gina's sixth would be refused.
    for (let i = 0; i < 5; i++) {
      expect((await requestPasswordResetLimited(db(), gina.email, client)).allowed).toBe(true)
      await requestPasswordResetLimited(db(), ina.email, client)
    }
    const b = await browser(ina.id)
    const deleted = await respond(() =>
      deleteAccountRoute.action(
        args(b.post('http://localhost/settings/delete-account', { confirmUsername: ina.username })),
      ),
    )
    expect(deleted.status).toBe(302)
    const keys = await db().selectFrom('rateLimits').select('key').execute()
    expect(keys.filter((k) => k.key.includes(`:ina${u}@`))).toEqual([])
    expect(keys.map((k) => k.key)).toEqual(
      expect.arrayContaining([
        `reset:email:${gina.email}`,
        `reset:email-ip:${gina.email}:${client}`,
      ]),
    )
    expect((await requestPasswordResetLimited(db(), gina.email, client)).allowed).toBe(false)
  })

  test('every table searched for the email, username and names; the final mail forgets its address once sent', async () => {
    const first = `Ἀλέξ${unique()}`
    const user = await createUser({ emailVerified: true, firstName: first })
    const b = await browser(user.id)
    // A registered song under the name written on it, which stays (decision 061).
    const registered = await createTestSong(user.id, { title: 'Kept', contributorName: 'Pen Name' })
    const outcome = await registerSong(user.id, registered.id, { confirmed: true })
    expect(outcome.ok).toBe(true)
    await createTestSong(user.id, { title: 'Draft', contributorName: first })
    await requestPasswordResetLimited(db(), user.email, '203.0.113.7')
    await ask(b, `pending-${unique()}@example.org`)
    await db()
      .insertInto('contactMessages')
      .values({ name: first, email: user.email, subject: 'Hi', message: 'Hello', userId: user.id })
      .execute()

    const before = await adminAnalytics()
    const deleted = await respond(() =>
      deleteAccountRoute.action(
        args(
          b.post('http://localhost/settings/delete-account', { confirmUsername: user.username }),
        ),
      ),
    )
    expect(deleted.status).toBe(302)

    // Only the final mail still names the address, until it is sent.
    expect(await tablesHolding(user.email)).toEqual(['mail_outbox'])
    const mailbox = tempDir('h33-mail-')
    await new MailWorker(fileTransport(mailbox)).drain()
    const final = await db()
      .selectFrom('mailOutbox')
      .selectAll()
      .where('subject', '=', 'Your ProofTrack account was deleted')
      .where('forgetRecipient', '=', true)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(final.status).toBe('sent')
    expect(final.toAddress).toBe(FORGOTTEN_ADDRESS)
    expect(final.sealedBody).toBeNull()

    for (const needle of [user.email, user.username, first, user.email.split('@')[0]!])
      expect(await tablesHolding(needle)).toEqual([])

    // The admin's sign-up counts leave the deleted account out.
    const after = await adminAnalytics()
    expect(after.userSignups.total).toBe(before.userSignups.total - 1)
    expect(after.userSignups.today).toBe(before.userSignups.today - 1)
    const today = new Date().toISOString().slice(0, 10)
    const days = await dailyFigures(db())
    const open = await db()
      .selectFrom('users')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('deletedAt', 'is', null)
      .where('createdAt', '>=', new Date(`${today}T00:00:00Z`))
      .executeTakeFirstOrThrow()
    expect(days.find((d) => d.day === today)?.signups).toBe(open.n)
  }, 60_000)
})
