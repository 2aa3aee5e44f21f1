import { describe, expect, test } from 'vitest'
import { FORM_ERROR_KEY } from '~/i18n/form-errors'
import { formatMessage } from '~/i18n/format-message'
import * as confirmRoute from '~/routes/settings_.confirm'
import * as emailRoute from '~/routes/settings_.email'
import * as passwordRoute from '~/routes/settings_.password'
import * as profileRoute from '~/routes/settings_.profile'
import * as twoFactorRoute from '~/routes/settings_.two-factor'
import { WRONG_CODE_MESSAGE } from '~/services/accounts/two-factor.server'
import { getToast } from '~/services/platform/toast.server'
import { args, createUser, formRequest, PASSWORD, respond, sessionCookie } from '../setup/fixtures'
import { enrolTwoFactor } from '../setup/two-factor'

// Issue 54, the settings area: what the profile, email, password, two-factor and confirm pages'
// actions make on the server (their toasts, the IPI's refusal with its digits, a code's limit)
// is in the browser's language, and their loaders send the refusals the page can show.

const BASE = 'http://localhost'

async function signedIn(language: string) {
  const user = await createUser()
  const cookie = await sessionCookie(user.id)
  const headers = { Cookie: cookie, 'Accept-Language': language }
  return {
    user,
    get: (path: string) => new Request(`${BASE}${path}`, { headers }),
    post: (path: string, fields: Record<string, string>) =>
      formRequest(`${BASE}${path}`, fields, headers),
  }
}

async function toastOf(response: Response) {
  expect(response.status).toBe(302)
  return (await getToast(response.headers.get('Set-Cookie'))).toast
}

describe('the settings actions in the page’s language', () => {
  test('the profile: saved in Japanese; an IPI refused in German, its check digits as typed', async () => {
    const ja = await signedIn('ja')
    const saved = await respond(() =>
      profileRoute.action(
        args(
          ja.post('/settings/profile', {
            firstName: 'Aoi',
            lastName: 'Sato',
            username: ja.user.username,
          }),
        ),
      ),
    )
    expect((await toastOf(saved))?.title).toBe('プロフィールを保存しました')

    const de = await signedIn('de-DE')
    const refused = await respond(() =>
      profileRoute.action(
        args(
          de.post('/settings/profile', {
            firstName: 'Zoé',
            lastName: 'Ñúñez',
            username: de.user.username,
            proNumber: '00123456799',
          }),
        ),
      ),
    )
    expect(refused.status).toBe(400)
    const { result } = (await refused.json()) as { result: { error: Record<string, string[]> } }
    expect(result.error.proNumber).toEqual([
      'Die letzten beiden Ziffern dieser IPI-Nummer (99) passen nicht zu den neun davor – bitte prüfe die Nummer',
    ])
  })

  test('the email address: the link sent says so in French, the address as typed', async () => {
    const fr = await signedIn('fr')
    const sent = await respond(() =>
      emailRoute.action(
        args(fr.post('/settings/email', { intent: 'request', email: 'nouvelle@example.com' })),
      ),
    )
    const toast = await toastOf(sent)
    expect(toast?.title).toBe('Consultez la nouvelle boîte de réception')
    expect(toast?.description).toContain('Si nouvelle@example.com peut être utilisée')
  })

  test('the password: changed in Korean', async () => {
    const ko = await signedIn('ko')
    const changed = await respond(() =>
      passwordRoute.action(
        args(
          ko.post('/settings/password', {
            currentPassword: PASSWORD,
            newPassword: 'N3wMelodies',
            confirmPassword: 'N3wMelodies',
          }),
        ),
      ),
    )
    const toast = await toastOf(changed)
    expect(toast?.title).toBe('비밀번호를 변경했습니다')
    expect(toast?.description).toBe('계정에 로그인되어 있던 다른 모든 브라우저를 로그아웃했습니다.')
  })

  test('two-factor: set up in Brazilian Portuguese; a post without a choice refused in Spanish', async () => {
    const pt = await signedIn('pt-BR')
    const started = await respond(() =>
      twoFactorRoute.action(args(pt.post('/settings/two-factor', { intent: 'start' }))),
    )
    expect((await toastOf(started))?.title).toBe('Escaneie o QR code')

    const es = await signedIn('es')
    const refused = await respond(() =>
      twoFactorRoute.action(args(es.post('/settings/two-factor', { intent: 'nothing' }))),
    )
    expect(refused.status).toBe(400)
    expect(((await refused.json()) as { errors: string[] }).errors).toEqual(['Elige qué hacer'])
  })

  test('the confirm page sends the wrong code’s refusal, which its action answers with, in German', async () => {
    const de = await signedIn('de')
    await enrolTwoFactor(de.user)
    const data = (await (
      await respond(() => confirmRoute.loader(args(de.get('/settings/confirm'))))
    ).json()) as { i18n: { messages: Record<string, Parameters<typeof formatMessage>[0]> } }
    const wrongCode = data.i18n.messages[`${FORM_ERROR_KEY}${WRONG_CODE_MESSAGE}`]
    expect(wrongCode).toBeDefined()
    expect(formatMessage(wrongCode!, {}, 'de')).toBe(
      'Dieser Code stimmt nicht. Sieh in deiner Authenticator-App nach.',
    )
  })
})
