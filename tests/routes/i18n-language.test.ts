import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { describe, expect, test } from 'vitest'
import * as language from '~/resource-routes/language'
import * as root from '~/root'
import * as index from '~/routes/_index'
import * as register from '~/routes/register'
import * as verifyEmail from '~/routes/verify-email'
import {
  type AnonymousRequest,
  anonymousPagePath,
  anonymousPagesGeneration,
  cachedAnonymousPage,
  forgetAnonymousPages,
  keepingStream,
} from '~/services/platform/anonymous-pages.server'
import { withAreaMessages } from '~/i18n/catalogs.server'
import type { I18nData } from '~/i18n/react'
import { db } from '../setup/db'
import { args, createUser, formRequest, respond, sessionCookie } from '../setup/fixtures'

// Issue 54 through real requests: the person's choice (account, then cookie), then the browser's
// Accept-Language, then English; the language form's post without JavaScript; the landing page
// in the visitor's language; and a visitor's kept page never sent in another language.

const BASE = 'http://localhost:3000'

// A page's data names its areas; its messages are what a client-side navigation's answer carries
// (handleDataRequest) and what its document carries beside the handoff (issue 53).
const messagesOf = (i18n: I18nData) => withAreaMessages(i18n).messages ?? {}

async function rootData(headers: Record<string, string>) {
  const response = await respond(() => root.loader(args(new Request(`${BASE}/faq`, { headers }))))
  return (await response.json()) as {
    i18n: I18nData
    dir: string
    languages: { tag: string; name: string }[]
  }
}

describe('the page’s language', () => {
  test('Accept-Language when nobody chose: Japanese shell, left to right, all seven offered', async () => {
    const data = await rootData({ 'Accept-Language': 'ja-JP,ja;q=0.9,en;q=0.8' })
    expect(data.i18n.locale).toBe('ja')
    expect(data.dir).toBe('ltr')
    expect(messagesOf(data.i18n)['shell.header.signIn']).toBe('ログイン')
    expect(data.languages.map((choice) => choice.tag)).toEqual([
      'en',
      'es',
      'pt-BR',
      'fr',
      'de',
      'ja',
      'ko',
    ])
  })

  test('the cookie before Accept-Language; English when neither names one we speak', async () => {
    const data = await rootData({ Cookie: 'lang=de', 'Accept-Language': 'ja' })
    expect(data.i18n.locale).toBe('de')
    expect(messagesOf(data.i18n)['shell.header.signIn']).toBe('Anmelden')
    expect((await rootData({ 'Accept-Language': 'zh-CN, *;q=0.1' })).i18n.locale).toBe('en')
    // Portuguese from Portugal, and Latin American Spanish, get the nearest we have.
    expect((await rootData({ 'Accept-Language': 'pt-PT' })).i18n.locale).toBe('pt-BR')
    expect((await rootData({ 'Accept-Language': 'es-419' })).i18n.locale).toBe('es')
  })

  test('the language form without JavaScript: a cookie for a year, back to the page it was sent from', async () => {
    const response = await respond(() =>
      language.action(
        args(
          formRequest(
            `${BASE}/language`,
            { language: 'fr', redirectTo: '/faq?q=1' },
            {
              'Content-Type': 'application/x-www-form-urlencoded',
            },
          ),
        ),
      ),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/faq?q=1')
    expect(response.headers.get('Set-Cookie')).toBe(
      'lang=fr; Path=/; Max-Age=31536000; SameSite=Lax',
    )
  })

  test('the form sends nobody off the site, and refuses a language not in the list', async () => {
    const post = (fields: Record<string, string>) =>
      respond(() =>
        language.action(
          args(
            formRequest(`${BASE}/language`, fields, {
              'Content-Type': 'application/x-www-form-urlencoded',
            }),
          ),
        ),
      )
    const away = await post({ language: 'de', redirectTo: '//evil.example/' })
    expect(away.headers.get('Location')).toBe('/')
    // An overlong page to go back to is not a wrong language: the choice is made, and home.
    const long = await post({ language: 'de', redirectTo: `/faq?q=${'a'.repeat(3000)}` })
    expect(long.status).toBe(302)
    expect(long.headers.get('Location')).toBe('/')
    expect(long.headers.get('Set-Cookie')).toMatch(/^lang=de;/)
    const refused = await post({ language: 'xx' })
    expect(refused.status).toBe(400)
    expect(await refused.text()).toBe('Choose one of the languages in the list.')
  })

  test('signed in, the choice is kept on the account and wins over the cookie and the browser', async () => {
    const user = await createUser()
    const cookie = await sessionCookie(user.id)
    const response = await respond(() =>
      language.action(
        args(
          formRequest(
            `${BASE}/language`,
            { language: 'ko', redirectTo: '/settings' },
            {
              Cookie: cookie,
              'Content-Type': 'application/x-www-form-urlencoded',
            },
          ),
        ),
      ),
    )
    expect(response.headers.get('Location')).toBe('/settings')
    const row = await db()
      .selectFrom('users')
      .select('locale')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(row.locale).toBe('ko')
    const data = await rootData({ Cookie: `${cookie}; lang=de`, 'Accept-Language': 'ja' })
    expect(data.i18n.locale).toBe('ko')
    expect(messagesOf(data.i18n)['shell.menu.settings']).toBe('설정')
  })
})

test('the landing page in German: its messages, and its notes on PRO and SHA-256, as data', async () => {
  const response = await respond(() =>
    index.loader(args(new Request(`${BASE}/`, { headers: { 'Accept-Language': 'de-DE' } }))),
  )
  const data = (await response.json()) as {
    i18n: I18nData
    notes: { term: string; sentence: string }[]
  }
  expect(data.i18n.locale).toBe('de')
  expect(messagesOf(data.i18n)['landing.hero.title']).toBe(
    'Halte die Angaben zu deinem Song fest. Für immer.',
  )
  expect(data.notes.find((note) => note.term === 'PRO')?.sentence).toContain('GEMA')
})

describe('a visitor’s kept page is kept per language', () => {
  const visitor = (acceptLanguage: string | null): AnonymousRequest => ({
    method: 'GET',
    url: '/faq',
    origin: BASE,
    cookie: null,
    acceptLanguage,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0',
    referrer: null,
    ipAddress: '203.0.113.9',
  })

  test('a page drawn in German is never the answer to a Japanese or an English visitor', async () => {
    forgetAnonymousPages()
    const german = visitor('de-DE,de;q=0.9')
    const key = anonymousPagePath(german)!
    expect(key).not.toBe(anonymousPagePath(visitor('ja')))
    expect(key).not.toBe(anonymousPagePath(visitor(null)))
    const html = '<!DOCTYPE html><html lang="de"><head><title>Hilfe</title></head></html>'
    const keeping = keepingStream(
      key,
      { nonce: 'bm9uY2U=', loadId: null, startedIn: anonymousPagesGeneration() },
      () => ({ headers: new Headers({ Vary: 'Cookie, Accept-Language' }) }),
    )
    keeping.resume()
    await pipeline(Readable.from([Buffer.from(html)]), keeping)
    // A page without a page-load id is not kept; with one, it is, under its language.
    const values = { nonce: 'bm9uY2U=', loadId: '11111111-2222-4333-8444-555555555555' }
    const kept = keepingStream(key, { ...values, startedIn: anonymousPagesGeneration() }, () => ({
      headers: new Headers({ Vary: 'Cookie, Accept-Language' }),
    }))
    kept.resume()
    await pipeline(Readable.from([Buffer.from(html)]), kept)
    expect(cachedAnonymousPage(german)?.body).toContain('lang="de"')
    expect(cachedAnonymousPage(visitor('de-AT'))?.body).toContain('lang="de"')
    expect(cachedAnonymousPage(visitor('ja'))).toBeNull()
    expect(cachedAnonymousPage(visitor(null))).toBeNull()
    expect(cachedAnonymousPage(german)?.headers).toContainEqual(['vary', 'Cookie, Accept-Language'])
  })
})

describe('the language chosen before signing up (the new user’s walk)', () => {
  test('is kept on the account made with it, and the first verification mail speaks it', async () => {
    const username = `hana_${Date.now().toString(36)}`
    const signedUp = await respond(() =>
      register.action(
        args(
          formRequest(
            `${BASE}/register`,
            {
              firstName: 'Hana',
              lastName: 'Sato',
              username,
              email: `${username}@example.com`,
              password: 'Str0ngPass',
            },
            { Cookie: 'lang=ja' },
          ),
        ),
      ),
    )
    expect(signedUp.status).toBe(302)
    const user = await db()
      .selectFrom('users')
      .select(['id', 'locale', 'email'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
    expect(user.locale).toBe('ja')

    // An account without a choice, asking from a Japanese page: the code mail is Japanese too.
    const other = await createUser()
    const cookie = await sessionCookie(other.id)
    const asked = await respond(() =>
      verifyEmail.action(
        args(
          formRequest(
            `${BASE}/verify-email`,
            { intent: 'generate' },
            { Cookie: cookie, 'Accept-Language': 'ja-JP' },
          ),
        ),
      ),
    )
    expect(asked.status).toBe(200)
    const mail = await db()
      .selectFrom('mailOutbox')
      .select('subject')
      .where('toAddress', '=', other.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(mail.subject).not.toBe('Your ProofTrack verification code')
    expect(mail.subject).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/)
  })
})
