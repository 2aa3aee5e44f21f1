import { expect, test } from 'vitest'
import { pageMessages, readCatalogue } from '~/i18n/catalogs.server'
import { formatMessage } from '~/i18n/format-message'
import { LOCALES, PSEUDO_LOCALE, SOURCE_LOCALE } from '~/i18n/locales'
import { help } from '~/i18n/messages/help.server'

// The help area's sentences mark the part drawn as a link or in bold `<0>…</0>` (decision 123).
// The catalogue lint checks ICU placeholders, not these tags: a translation that drops or
// renumbers one would lose the link to the contact form or the bold warning. This holds them.

const tagsOf = (text: string) => [...text.matchAll(/<(\/?\d)>/g)].map((found) => found[1]).sort()

test.each(LOCALES.filter((locale) => locale !== SOURCE_LOCALE))(
  'every %s help message keeps the English tags, each opened and closed',
  (locale) => {
    const catalogue = readCatalogue(locale, 'help')
    const wrong = Object.entries(help).flatMap(([id, english]) => {
      const translated = catalogue.get(id) ?? ''
      return tagsOf(translated).join() === tagsOf(english).join() ? [] : [id]
    })
    expect(wrong).toEqual([])
  },
)

test('the FAQ’s note on SHA-256 keeps its term in every language, so the page marks the word', () => {
  for (const locale of [...LOCALES, PSEUDO_LOCALE] as const) {
    const { messages } = pageMessages(locale, ['help'])
    expect(formatMessage(messages['help.faq.note.SHA-256']!, {}, locale)).toContain('SHA-256')
  }
})

test('the pseudo-language keeps the tags, so its pages draw the links too', () => {
  const { messages } = pageMessages(PSEUDO_LOCALE, ['help'])
  const text = formatMessage(messages['help.terms.contact.text']!, { email: 'a@b.test' }, 'en')
  expect(tagsOf(text)).toEqual(tagsOf(help['help.terms.contact.text']))
  expect(text).toContain('a@b.test')
})
