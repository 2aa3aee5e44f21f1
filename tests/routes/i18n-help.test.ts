import { describe, expect, test } from 'vitest'
import * as contact from '~/routes/contact'
import * as faq from '~/routes/faq'
import * as privacy from '~/routes/privacy-policy'
import * as terms from '~/routes/terms-of-service'
import { getToast } from '~/services/platform/toast.server'
import { args, cookieFrom, respond } from '../setup/fixtures'

// Issue 54, the help area through its real loaders and action: the FAQ, contact and legal pages
// send their words in the visitor's language, the contact form's refusals are looked up in it,
// and the message sent says so in it too. The server's English (the action's data, the mail to
// support) stays as it was.

const BASE = 'http://localhost:3000'

interface HelpData {
  i18n: { locale: string; messages: Record<string, unknown> }
}

async function dataOf(loader: (a: ReturnType<typeof args>) => unknown, path: string, lang: string) {
  const request = new Request(`${BASE}${path}`, { headers: { 'Accept-Language': lang } })
  return (await (await respond(() => loader(args(request)))).json()) as HelpData
}

describe('the help pages’ words come in the visitor’s language', () => {
  test.each([
    ['/faq', faq.loader, 'help.faq.title', 'Häufige Fragen', 'よくある質問'],
    ['/contact', contact.loader, 'help.contact.send', 'Nachricht senden', 'メッセージを送信'],
    [
      '/privacy-policy',
      privacy.loader,
      'help.privacy.title',
      'Datenschutzerklärung',
      'プライバシーポリシー',
    ],
    ['/terms-of-service', terms.loader, 'help.terms.title', 'Nutzungsbedingungen', '利用規約'],
  ] as const)(
    '%s in German and Japanese, English for an English browser',
    async (path, loader, id, de, ja) => {
      const german = await dataOf(loader, path, 'de-DE,de;q=0.9')
      expect([german.i18n.locale, german.i18n.messages[id]]).toEqual(['de', de])
      const japanese = await dataOf(loader, path, 'ja')
      expect([japanese.i18n.locale, japanese.i18n.messages[id]]).toEqual(['ja', ja])
      const english = await dataOf(loader, path, 'en-US')
      expect(english.i18n.locale).toBe('en')
    },
  )

  test('each page sends its own part of the area, not the other pages’ sentences', async () => {
    // 'help.faq.title' → 'help.faq': which pages' sentences the data holds.
    const prefixes = async (loader: (a: ReturnType<typeof args>) => unknown, path: string) => {
      const { messages } = (await dataOf(loader, path, 'ko')).i18n
      return [...new Set(Object.keys(messages).map((key) => key.split('.', 2).join('.')))].sort()
    }
    expect(await prefixes(faq.loader, '/faq')).toEqual(['help.faq', 'words.note'])
    expect(await prefixes(privacy.loader, '/privacy-policy')).toEqual([
      'help.legal',
      'help.privacy',
    ])
    expect(await prefixes(terms.loader, '/terms-of-service')).toEqual(['help.legal', 'help.terms'])
  })

  test('the contact form’s refusals, its email field’s and its error summary’s title included', async () => {
    const { i18n } = await dataOf(contact.loader, '/contact', 'fr')
    expect(i18n.messages['formError:Enter a message']).toBe('Saisissez un message')
    expect(i18n.messages['formError:Please enter a valid email address']).toBe(
      'Saisissez une adresse e-mail valide',
    )
    expect(i18n.messages['auth.errorSummary.title']).toBeTruthy()
    expect(i18n.messages['auth.errorSummary.title']).not.toBe('There is a problem')
  })
})

describe('the contact form in Korean', () => {
  const post = (fields: Record<string, string>) =>
    new Request(`${BASE}/contact`, {
      method: 'POST',
      headers: {
        'Accept-Language': 'ko-KR',
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Forwarded-For': '198.51.100.54',
      },
      body: new URLSearchParams(fields),
    })

  test('a refusal keeps the schema’s English as data; the message sent is thanked in Korean', async () => {
    const refused = await respond(() => contact.action(args(post({ name: 'Min' }))))
    expect(refused.status).toBe(400)
    const body = (await refused.json()) as { error: Record<string, string[]> }
    expect(body.error.message).toEqual(['Enter a message'])

    const sent = await respond(() =>
      contact.action(
        args(
          post({
            name: 'Kim Min-ji',
            email: 'minji@example.com',
            subject: '지분 배분 문의',
            message: '공동 작가를 추가하려면 어떻게 하나요?',
          }),
        ),
      ),
    )
    expect(sent.status).toBe(302)
    const { toast } = await getToast(cookieFrom(sent, 'pt_toast')!)
    expect(toast).toMatchObject({
      title: '메시지를 보냈어요!',
      description: '최대한 빨리 답변할게요.',
    })
  })
})
