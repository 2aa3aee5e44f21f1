import { describe, expect, test } from 'vitest'
import { formatDayInZone, todayIso } from '~/lib/dates'
import * as settings from '~/routes/settings'
import * as submit from '~/routes/submit'
import { db } from '../setup/db'
import { args, authedRequest, createUser, respond } from '../setup/fixtures'

// 2026-11-23 20:30 UTC: already the 24th east of UTC+3:30, still the 23rd in Honolulu (UTC−10).
const EVENING_UTC = new Date('2026-11-23T20:30:00Z')

describe('dates in the reader’s time zone', () => {
  test('today and a moment are the day in that zone, and the zone is named', () => {
    expect(todayIso(EVENING_UTC)).toBe('2026-11-23')
    expect(todayIso(EVENING_UTC, 'Pacific/Honolulu')).toBe('2026-11-23')
    expect(todayIso(EVENING_UTC, 'Pacific/Tongatapu')).toBe('2026-11-24')
    expect(todayIso(new Date('2026-11-23T05:00:00Z'), 'Pacific/Honolulu')).toBe('2026-11-22')
    expect(formatDayInZone(EVENING_UTC, 'Pacific/Kiritimati')).toBe(
      'November 24, 2026 (Pacific/Kiritimati)',
    )
    expect(formatDayInZone('2026-11-23T05:00:00Z', 'Pacific/Honolulu')).toBe(
      'November 22, 2026 (Pacific/Honolulu)',
    )
    expect(formatDayInZone(EVENING_UTC)).toBe('November 23, 2026 (UTC)')
    expect(formatDayInZone('nonsense', 'UTC')).toBe('Invalid date')
  })
})

async function saveZone(userId: string, timeZone: string) {
  return respond(async () =>
    settings.action(
      args(
        await authedRequest('http://localhost/settings', userId, {
          method: 'POST',
          body: new URLSearchParams({ timeZone }),
        }),
      ),
    ),
  )
}

async function submitToday(userId: string, cookie = '') {
  const request = await authedRequest('http://localhost/submit', userId)
  if (cookie) request.headers.set('Cookie', `${request.headers.get('Cookie')}; ${cookie}`)
  const response = await respond(() => submit.loader(args(request)))
  return (await response.json()).today as string
}

describe('/settings: a zone chosen once, for pages drawn without JavaScript', () => {
  test('a listed zone is stored and drives /submit’s default date; blank goes back to UTC', async () => {
    const user = await createUser()
    expect(await submitToday(user.id)).toBe(todayIso(new Date(), 'UTC'))

    const saved = await saveZone(user.id, 'Pacific/Kiritimati')
    expect(saved.status).toBe(302)
    expect(saved.headers.get('Location')).toBe('/settings')
    const row = await db()
      .selectFrom('users')
      .select('timeZone')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row.timeZone).toBe('Pacific/Kiritimati')
    expect(await submitToday(user.id)).toBe(todayIso(new Date(), 'Pacific/Kiritimati'))

    expect((await saveZone(user.id, '')).status).toBe(302)
    expect(await submitToday(user.id)).toBe(todayIso(new Date(), 'UTC'))
  })

  test('the browser’s reported zone counts until the user chooses one', async () => {
    const user = await createUser()
    expect(await submitToday(user.id, 'pt_tz=Pacific%2FHonolulu')).toBe(
      todayIso(new Date(), 'Pacific/Honolulu'),
    )
    expect(await submitToday(user.id, 'pt_tz=Not%2FA_Zone')).toBe(todayIso(new Date(), 'UTC'))
    await saveZone(user.id, 'Pacific/Tongatapu')
    expect(await submitToday(user.id, 'pt_tz=Pacific%2FHonolulu')).toBe(
      todayIso(new Date(), 'Pacific/Tongatapu'),
    )
  })

  test('a zone not on the list is refused with a clear message, nothing stored', async () => {
    const user = await createUser()
    for (const bad of ['Mars/Olympus_Mons', 'x'.repeat(300), 'utc; drop table users']) {
      const response = await saveZone(user.id, bad)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        errors: ['Please choose a time zone from the list'],
      })
    }
    const row = await db()
      .selectFrom('users')
      .select('timeZone')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row.timeZone).toBeNull()
  })
})
