import { describe, expect, test } from 'vitest'
import { action as apiAction } from '~/resource-routes/api.contact'
import { action, loader } from '~/routes/contact'
import { db } from '../setup/db'
import { lastMailTo } from '../setup/mail'

const good = {
  name: 'Ann Writer',
  email: 'ann@example.com',
  subject: 'A question',
  message: 'How do I register a song?',
}

function post(fields: Record<string, string>) {
  return new Request('http://localhost/contact', {
    method: 'POST',
    body: new URLSearchParams(fields),
  })
}

async function call(fields: Record<string, string>) {
  const response = await action({ request: post(fields), params: {}, context: {} })
  return response as Response
}

describe('contact form (plain HTML post)', () => {
  test('bad fields answer 400 with the spec messages and store nothing', async () => {
    const stored = () => db().selectFrom('contactMessages').select('id').execute()
    const before = await stored()
    const response = await call({ name: 'A', email: 'nope', subject: 'Hi', message: 'short' })
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.error).toEqual({
      name: ['Name must be at least 2 characters'],
      email: ['Please enter a valid email address'],
      subject: ['Subject must be at least 5 characters'],
      message: ['Message must be at least 10 characters'],
    })
    // What was typed comes back so the form can be shown filled in again.
    expect(body.initialValue).toMatchObject({ name: 'A', email: 'nope' })
    // Counted against what the file's other tests stored before it, in whatever order they ran.
    expect(await stored()).toEqual(before)
  })

  test('missing fields get the same messages, never a 500', async () => {
    const response = await call({})
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(Object.keys(body.error).sort()).toEqual(['email', 'message', 'name', 'subject'])
  })

  test('a good message is stored, mailed to support, and redirects to the success view with a toast', async () => {
    const response = await call(good)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/contact?sent=1')
    expect(response.headers.get('Set-Cookie')).toMatch(/^pt_toast=/)
    const stored = await db()
      .selectFrom('contactMessages')
      .selectAll()
      .where('email', '=', good.email)
      .executeTakeFirstOrThrow()
    expect(stored).toMatchObject({ name: good.name, subject: good.subject, message: good.message })
    const mail = (await lastMailTo('support@prooftrack.test'))!
    expect(mail.replyTo).toBe(good.email)
    expect(mail.subject).toContain(good.subject)
    expect(mail.text).toContain(good.message)
    expect(mail.status).toBe('queued')

    const view = await loader({
      request: new Request('http://localhost/contact?sent=1'),
      params: {},
      context: {},
    })
    expect(await (view as Response).json()).toMatchObject({ sent: true })
  })

  // Issue 39 item 4: a minimum counts what is written (decision 080), not UTF-16 units.
  test('a short sentence in Japanese, Chinese, Thai or Korean is a real message', async () => {
    const messages = [
      { name: '王芳', subject: '質問です', message: '登録できません。' },
      { name: '李', subject: '无法注册', message: '我无法注册歌曲' },
      { name: 'สมชาย', subject: 'สอบถาม', message: 'สมัครไม่ได้ค่ะ' },
      { name: '김민', subject: '질문', message: '가입이 안 돼요' },
      { name: 'Анна', subject: 'Вопрос', message: 'Не могу войти' },
      { name: 'राम', subject: 'सवाल है', message: 'पंजीकरण नहीं हो रहा' },
    ]
    for (const [i, typed] of messages.entries()) {
      const email = `script-${i}@example.com`
      const response = await call({ ...typed, email })
      expect(response.status, JSON.stringify(typed)).toBe(302)
      const stored = await db()
        .selectFrom('contactMessages')
        .select(['name', 'subject', 'message'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
      expect(stored).toEqual(typed)
    }
  })

  test('what says nothing is still refused, in any script', async () => {
    const response = await call({
      name: 'A',
      email: 'short@example.com',
      subject: 'はい',
      message: '🎵🎵🎵🎵',
    })
    expect(response.status).toBe(400)
    expect((await response.json()).error).toEqual({
      name: ['Name must be at least 2 characters'],
      subject: ['Subject must be at least 5 characters'],
      message: ['Message must be at least 10 characters'],
    })
  })

  test('a bot that fills the honeypot is answered like a person but nothing is stored', async () => {
    const before = await db().selectFrom('contactMessages').select('id').execute()
    const response = await call({
      ...good,
      email: 'bot@example.com',
      website: 'http://spam.example',
    })
    expect(response.status).toBe(302)
    const after = await db().selectFrom('contactMessages').select('id').execute()
    expect(after).toHaveLength(before.length)
  })
})

describe('POST /api/contact', () => {
  function apiPost(body: string, type = 'application/json') {
    return apiAction({
      request: new Request('http://localhost/api/contact', {
        method: 'POST',
        headers: { 'Content-Type': type },
        body,
      }),
      params: {},
      context: {},
    })
  }

  test('valid JSON is stored and answered 201', async () => {
    const response = await apiPost(JSON.stringify({ ...good, email: 'api@example.com' }))
    expect(response.status).toBe(201)
    expect(
      await db()
        .selectFrom('contactMessages')
        .select('id')
        .where('email', '=', 'api@example.com')
        .execute(),
    ).toHaveLength(1)
  })

  test('invalid or malformed bodies answer 400 with a message', async () => {
    const invalid = await apiPost(JSON.stringify({ ...good, subject: 'x' }))
    expect(invalid.status).toBe(400)
    expect(await invalid.json()).toMatchObject({
      message: 'Subject must be at least 5 characters',
      errors: { subject: 'Subject must be at least 5 characters' },
    })
    const malformed = await apiPost('{not json')
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toEqual({ message: 'Expected a JSON body' })
    const wrongType = await apiPost('name=x', 'application/x-www-form-urlencoded')
    expect([wrongType.status, await wrongType.json()]).toEqual([
      415,
      { message: 'Content-Type must be application/json' },
    ])
  })
})
