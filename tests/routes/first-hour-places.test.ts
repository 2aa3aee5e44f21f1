import crypto from 'node:crypto'
import QRCode from 'qrcode'
import { describe, expect, test } from 'vitest'
import { env } from '~/env.server'
import { RENAMED_TIME_ZONES } from '~/lib/time-zone-names'
import * as register from '~/routes/register'
import * as settings from '~/routes/settings'
import * as twoFactorRoute from '~/routes/settings_.two-factor'
import * as deleteSong from '~/routes/songs.$id.delete'
import { registerSong } from '~/services/registration/registration.server'
import { resolveTimeZone } from '~/services/platform/time-zone.server'
import { db } from '../setup/db'
import {
  args,
  authedRequest,
  createTestSong,
  createUser,
  formRequest,
  respond,
  sessionCookie,
} from '../setup/fixtures'

// Issue 39 items 10, 14 and 18, through the routes as a browser without JavaScript uses them:
// names in several scripts, only the required fields.

const BASE = 'http://localhost'
const userRow = (id: string) =>
  db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

describe('two-factor set-up on the phone itself (39.10)', () => {
  test('the page gives the QR code’s own otpauth address, issuer and a non-Latin address encoded', async () => {
    const email = `さくら.${crypto.randomBytes(3).toString('hex')}@例え.jp`
    const user = await createUser({ email, firstName: 'Привет 🎵' })
    const cookie = await sessionCookie(user.id)
    const start = await respond(() =>
      twoFactorRoute.action(
        args(formRequest(`${BASE}/settings/two-factor`, { intent: 'start' }, { Cookie: cookie })),
      ),
    )
    expect(start.status).toBe(302)
    const { enrolment } = await (
      await respond(() =>
        twoFactorRoute.loader(
          args(new Request(`${BASE}/settings/two-factor`, { headers: { Cookie: cookie } })),
        ),
      )
    ).json()
    const link: string = enrolment.otpauthUrl
    // Only ASCII in the address itself: the Japanese address is percent-encoded, UTF-8.
    expect(link).toMatch(/^otpauth:\/\/totp\/[\x21-\x7e]+$/)
    expect(link).toContain(encodeURIComponent(email))
    const url = new URL(link)
    const issuer = env().APP_NAME
    expect(decodeURIComponent(url.pathname.replace(/^\/\/totp\//, '').replace(/^\//, ''))).toBe(
      `${issuer}:${email}`,
    )
    expect(url.searchParams.get('issuer')).toBe(issuer)
    expect(url.searchParams.get('secret')).toBe(enrolment.secret)
    // The QR code on the page encodes exactly this address.
    const svg = await QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
    expect(enrolment.qrDataUrl).toBe(
      `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    )
  })
})

describe('time zones by today’s names, the likely first (39.14)', () => {
  const loadRegister = (headers: Record<string, string>) =>
    respond(() => register.loader(args(new Request(`${BASE}/register`, { headers }))))

  test('the list has every zone once by today’s name with its offset; the language’s region comes first', async () => {
    const page = await (await loadRegister({ 'Accept-Language': 'ja-JP,ja;q=0.9,en;q=0.8' })).json()
    const all: { value: string; label: string }[] = page.timeZones.all
    const values = all.map((zone) => zone.value)
    expect(new Set(values).size).toBe(values.length)
    expect(values.length).toBeGreaterThan(400)
    for (const retired of Object.keys(RENAMED_TIME_ZONES)) expect(values).not.toContain(retired)
    for (const current of ['Asia/Kolkata', 'Europe/Kyiv', 'Asia/Ho_Chi_Minh', 'America/Nuuk'])
      expect(values).toContain(current)
    expect(all[0]).toEqual({ value: 'UTC', label: 'UTC' })
    for (const zone of all.slice(1)) expect(zone.label).toMatch(/^\((UTC|UTC[+−]\d\d:\d\d)\) /)
    expect(all.find((zone) => zone.value === 'Asia/Kolkata')?.label).toBe(
      '(UTC+05:30) Asia/Kolkata',
    )
    expect(all.find((zone) => zone.value === 'Asia/Kathmandu')?.label).toBe(
      '(UTC+05:45) Asia/Kathmandu',
    )
    // West to east: each offset no smaller than the one before.
    const minutes = all.slice(1).map((zone) => {
      const m = /UTC([+−])(\d\d):(\d\d)/.exec(zone.label)
      return m ? (m[1] === '−' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0
    })
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b))

    expect(page.suggestedTimeZone).toBe('Asia/Tokyo')
    expect(page.timeZones.likely).toEqual([
      { value: 'Asia/Tokyo', label: '(UTC+09:00) Asia/Tokyo' },
    ])

    for (const [language, zone] of [
      ['hi-IN,hi;q=0.9', 'Asia/Kolkata'],
      ['th', 'Asia/Bangkok'],
      ['he-IL', 'Asia/Jerusalem'],
      ['ru-RU,ru;q=0.9', 'Europe/Moscow'],
      ['uk-UA', 'Europe/Kyiv'],
    ] as const) {
      const data = await (await loadRegister({ 'Accept-Language': language })).json()
      expect(data.suggestedTimeZone, language).toBe(zone)
    }
    // The browser's own report (the cookie JavaScript writes) comes before the language's guess,
    // by today's name even when the browser gives the old one.
    const reported = await (
      await loadRegister({ 'Accept-Language': 'ja-JP', Cookie: 'pt_tz=Asia%2FCalcutta' })
    ).json()
    expect(reported.suggestedTimeZone).toBe('Asia/Kolkata')
    expect(reported.timeZones.likely.map((zone: { value: string }) => zone.value)).toEqual([
      'Asia/Kolkata',
      'Asia/Tokyo',
    ])
    // Nothing to go on: UTC.
    expect((await (await loadRegister({})).json()).suggestedTimeZone).toBe('UTC')
  })

  test('sign-up stores the zone chosen on the form; a retired name is stored by today’s', async () => {
    const id = crypto.randomBytes(3).toString('hex')
    const fields = (zone: string, n: string) => ({
      firstName: '花子',
      lastName: '佐藤',
      username: `hanako_${n}_${id}`,
      email: `hanako-${n}-${id}@example.jp`,
      password: 'Sakura2026',
      timeZone: zone,
    })
    for (const [zone, stored, n] of [
      ['Asia/Tokyo', 'Asia/Tokyo', 'a'],
      ['Asia/Calcutta', 'Asia/Kolkata', 'b'],
    ] as const) {
      const created = await respond(() =>
        register.action(args(formRequest(`${BASE}/register`, fields(zone, n)))),
      )
      expect(created.status).toBe(302)
      const row = await db()
        .selectFrom('users')
        .select('timeZone')
        .where('username', '=', `hanako_${n}_${id}`)
        .executeTakeFirstOrThrow()
      expect(row.timeZone).toBe(stored)
    }
    const refused = await respond(() =>
      register.action(args(formRequest(`${BASE}/register`, fields('Mars/Olympus', 'c')))),
    )
    expect(refused.status).toBe(400)
    expect(JSON.stringify(await refused.json())).toContain(
      'Please choose a time zone from the list',
    )
  })

  test('an account holding a retired name keeps working, shown and saved by today’s name', async () => {
    const user = await createUser({ firstName: 'Олена' })
    await db()
      .updateTable('users')
      .set({ timeZone: 'Europe/Kiev' })
      .where('id', '=', user.id)
      .execute()
    expect(resolveTimeZone(null, await userRow(user.id))).toEqual({
      timeZone: 'Europe/Kyiv',
      source: 'account',
    })
    const page = await (
      await respond(async () =>
        settings.loader(args(await authedRequest(`${BASE}/settings`, user.id))),
      )
    ).json()
    expect(page.chosen).toBe('Europe/Kyiv')
    const saved = await respond(async () =>
      settings.action(
        args(
          await authedRequest(`${BASE}/settings`, user.id, {
            method: 'POST',
            body: new URLSearchParams({ timeZone: 'Asia/Saigon' }),
          }),
        ),
      ),
    )
    expect(saved.status).toBe(302)
    expect((await userRow(user.id)).timeZone).toBe('Asia/Ho_Chi_Minh')
  })
})

describe('deleting an unregistered song from its row or certificate (39.18)', () => {
  test('the confirm page leads back where it was opened from; a registered song is refused', async () => {
    const user = await createUser({ emailVerified: true, firstName: 'שירה' })
    const song = await createTestSong(user.id, { title: 'أغنية الصباح' })
    const cookie = await sessionCookie(user.id)
    const open = async (query: string) =>
      (
        await respond(() =>
          deleteSong.loader(
            args(
              new Request(`${BASE}/songs/${song.id}/delete${query}`, {
                headers: { Cookie: cookie },
              }),
              { id: String(song.id) },
            ),
          ),
        )
      ).json()
    expect((await open('?from=dashboard')).back).toBe('/')
    expect((await open('?from=songs')).back).toBe('/songs')
    expect((await open('?from=certificate')).back).toBe(`/certificate/${song.id}`)
    expect((await open('')).back).toBe('/settings')
    expect((await open('?from=https%3A%2F%2Fevil.example')).back).toBe('/settings')

    const stranger = await createUser({ firstName: 'Чужой' })
    const strangerCookie = await sessionCookie(stranger.id)
    const notTheirs = await respond(() =>
      deleteSong.action(
        args(
          formRequest(
            `${BASE}/songs/${song.id}/delete?from=dashboard`,
            { confirm: 'delete' },
            { Cookie: strangerCookie },
          ),
          { id: String(song.id) },
        ),
      ),
    )
    expect(notTheirs.status).toBe(404)

    const registered = await createTestSong(user.id, { title: '登録済みの歌' })
    const outcome = await registerSong(user.id, registered.id, { confirmed: true })
    expect(outcome.ok).toBe(true)
    const refused = await respond(() =>
      deleteSong.action(
        args(
          formRequest(
            `${BASE}/songs/${registered.id}/delete?from=certificate`,
            { confirm: 'delete' },
            { Cookie: cookie },
          ),
          { id: String(registered.id) },
        ),
      ),
    )
    expect(refused.status).toBe(409)
    const left = await db()
      .selectFrom('songs')
      .select('id')
      .where('id', '=', registered.id)
      .execute()
    expect(left).toHaveLength(1)
  })
})
