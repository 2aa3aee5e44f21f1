import { expect, test, vi } from 'vitest'
import * as registerOptions from '~/resource-routes/api.passkeys.register-options'
import * as register from '~/resource-routes/api.passkeys.register'
import * as passkeysRoute from '~/routes/settings_.passkeys'
import { getToast } from '~/services/platform/toast.server'
import { db } from '../setup/db'
import { args, cookieFrom, createUser, respond, sessionCookie } from '../setup/fixtures'
import { softwareAuthenticator } from '../setup/software-authenticator'

// Issue 54, the passkeys page in the writer's language (decision 120): the name a passkey left
// unnamed is kept with, the page's hint that names it so, the toasts and the refusals the server
// makes. The schema's refusals are keyed by their English and looked up by the page
// (tests/e2e/i18n-pseudo-settings.test.ts draws it).

const ORIGIN = 'http://localhost:3000' // tests/setup/test-env.ts's APP_URL
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'

vi.spyOn(console, 'warn').mockImplementation(() => {})

async function writerIn(locale: string) {
  const user = await createUser()
  await db().updateTable('users').set({ locale }).where('id', '=', user.id).execute()
  return { user, session: await sessionCookie(user.id) }
}

const cookiePart = (response: Response, name: string) =>
  cookieFrom(response, name)?.split(';')[0] ?? ''

/** The registration ceremony from Firefox on Linux, the name left blank. */
async function addUnnamed(session: string) {
  const json = (path: string, body: unknown, cookie: string) =>
    new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie, 'User-Agent': FIREFOX },
      body: JSON.stringify(body),
    })
  const options = await respond(() =>
    registerOptions.action(args(json('/api/passkeys/register-options', {}, session))),
  )
  const response = softwareAuthenticator({ origin: ORIGIN }).register(await options.json())
  const challenge = `${session}; ${cookiePart(options, 'pt_passkey')}`
  return respond(() =>
    register.action(args(json('/api/passkeys/register', { name: ' ', response }, challenge))),
  )
}

const toastOf = async (response: Response) =>
  (await getToast(cookieFrom(response, 'pt_toast')!)).toast

const form = (cookie: string, fields: Record<string, string>) =>
  new Request(`${ORIGIN}/settings/passkeys`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })

test('a German writer’s unnamed passkey is kept as “Firefox unter Linux”, as the page’s hint said, with German toasts', async () => {
  const { user, session } = await writerIn('de')
  const page = await respond(() =>
    passkeysRoute.loader(
      args(
        new Request(`${ORIGIN}/settings/passkeys`, {
          headers: { Cookie: session, 'User-Agent': FIREFOX },
        }),
      ),
    ),
  )
  const data = await page.json()
  expect(data.defaultName).toBe('Firefox unter Linux')
  expect(data.i18n.messages['formError:Enter a name for the passkey']).toBe(
    'Gib einen Namen für den Passkey ein',
  )

  const added = await addUnnamed(session)
  expect(added.status).toBe(201)
  expect(await toastOf(added)).toMatchObject({
    title: 'Passkey hinzugefügt',
    description: 'Du kannst dich jetzt mit „Firefox unter Linux“ anmelden.',
  })
  const [row] = await db()
    .selectFrom('passkeys')
    .selectAll()
    .where('userId', '=', user.id)
    .execute()
  expect(row!.name).toBe('Firefox unter Linux')

  const renamed = await respond(() =>
    passkeysRoute.action(
      args(form(session, { intent: 'rename', id: String(row!.id), name: 'Laptop' })),
    ),
  )
  expect(await toastOf(renamed)).toMatchObject({
    title: 'Passkey umbenannt',
    description: 'Er heißt jetzt „Laptop“.',
  })
  const gone = await respond(() =>
    passkeysRoute.action(args(form(session, { intent: 'remove', id: String(row!.id + 1000) }))),
  )
  expect(gone.status).toBe(404)
  expect((await gone.json()).errors).toEqual([
    'Dieser Passkey ist nicht in deinem Konto (vielleicht wurde er schon entfernt).',
  ])
})

test('a Japanese writer without a password is refused the last passkey’s removal in Japanese', async () => {
  const { user, session } = await writerIn('ja')
  expect((await addUnnamed(session)).status).toBe(201)
  const [row] = await db()
    .selectFrom('passkeys')
    .selectAll()
    .where('userId', '=', user.id)
    .execute()
  expect(row!.name).toBe('Linux の Firefox')
  await db().updateTable('users').set({ passwordHash: null }).where('id', '=', user.id).execute()
  const refused = await respond(() =>
    passkeysRoute.action(args(form(session, { intent: 'remove', id: String(row!.id) }))),
  )
  expect(refused.status).toBe(400)
  expect((await refused.json()).errors).toEqual([
    'これがログインできる唯一の方法です。削除する前に、パスワードを設定してください（または Google の連携を残してください）。',
  ])
  expect(
    await db().selectFrom('passkeys').select('name').where('userId', '=', user.id).execute(),
  ).toEqual([{ name: 'Linux の Firefox' }])
})
