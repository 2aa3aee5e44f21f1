import { describe, expect, test } from 'vitest'
import { pageMessages } from '~/i18n/catalogs.server'
import { formatMessage } from '~/i18n/format-message'
import type { RenderLocale } from '~/i18n/locales'
import type { Translate } from '~/i18n/react'
import * as certificatePage from '~/routes/certificate.$id'
import { certificateView } from '~/services/certificates/record/certificate-view'
import { registerSong } from '~/services/registration/registration.server'
import { args, authedRequest, createTestSong, createUser } from '../setup/fixtures'
import { splitRow } from '../setup/sample-song'

// Issue 54, the certificate area: the certificate's view is written once, each sentence's English
// beside its id (app/lib/say.ts). Built with the English catalogue it must say exactly what it
// says without a translator (the PDF, the spec's words); built in German it says none of it.

function translatorIn(locale: RenderLocale): Translate {
  const { messages } = pageMessages(locale, ['words', 'certificate'])
  return (id, values = {}) => formatMessage(messages[id]!, values, locale)
}

async function certificateData(songId: number, userId: string) {
  const request = await authedRequest(`http://localhost/certificate/${songId}`, userId)
  const response = await certificatePage.loader(args(request, { id: String(songId) }))
  return response.json()
}

/** Every text of a view, flattened: what a reader would read, in order. */
const textsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(textsOf)
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(textsOf)
        : []

describe('the certificate view in the catalogue’s words', () => {
  test('a registered song and a draft with a split that is not whole: English from the catalogue is the English as written, German is none of it', async () => {
    const user = await createUser({ emailVerified: true })
    const registered = await createTestSong(user.id, {
      title: 'Fjord',
      contributorName: 'Ann Writer',
      coContributorName: 'Bo Berg',
      mainContributorPro: 'GEMA',
      mainContributorProNumber: '00123456790',
      isrc: 'USABC2400001',
      lyrics: 'La la la',
      contributions: [splitRow('lyrics', 40, 30, 0, 30), splitRow('vocals', 50, 50, 0, 0)],
    })
    const outcome = await registerSong(user.id, registered.id, { confirmed: true })
    if (!outcome.ok) throw new Error(outcome.message)
    const draft = await createTestSong(user.id, {
      title: 'Harbor Lights',
      contributorName: 'Ann Writer',
      coContributorName: 'نادية الخطيب',
      contributions: [splitRow('lyrics', 60, 50, 0, 0)],
    })

    for (const song of [registered, draft]) {
      const data = await certificateData(song.id, user.id)
      const options = {
        appName: data.appName,
        verifyUrl: data.verifyUrl,
        certificateUrl: data.certificateUrl,
        timestamp: data.timestamp,
        timeZone: 'Asia/Tokyo',
      }
      const english = certificateView(data.certificate, options)
      const fromCatalogue = certificateView(data.certificate, {
        ...options,
        t: translatorIn('en'),
        locale: 'en',
      })
      // The one difference: a translated certificate also carries the statement in English.
      expect({ ...fromCatalogue, footer: { ...fromCatalogue.footer, statement: null } }).toEqual({
        ...english,
        footer: { ...english.footer, statement: null },
      })
      expect(fromCatalogue.footer.statement.text).toBe(english.footer.statement.text)

      const german = certificateView(data.certificate, {
        ...options,
        t: translatorIn('de'),
        locale: 'de',
      })
      expect(german.sections.map((section) => section.title)).toContain('Aufteilung der Beiträge')
      expect(german.footer.statement.english).toBe(english.footer.statement.text)
      // No English sentence of the view is left in the German one, but the names, identifiers
      // and the statement kept in English on purpose.
      const germanTexts = new Set(
        textsOf({ ...german, footer: { ...german.footer, statement: null } }),
      )
      const left = textsOf(english)
        .filter((text) => /[a-z]{3,} [a-z]{3,}/.test(text) && germanTexts.has(text))
        .filter((text) => text !== english.footer.statement.text)
      expect(left).toEqual([])
    }
    const data = await certificateData(draft.id, user.id)
    const german = certificateView(data.certificate, {
      appName: data.appName,
      verifyUrl: null,
      t: translatorIn('de'),
      locale: 'de',
    })
    // The split's warning in German, its figures as German writes them.
    const warning = german.sections
      .flatMap((section) => section.rows)
      .find((row) => row.kind === 'warning' && row.name === 'split-totals')
    // German sets a no-break space before its percent sign.
    expect(warning && 'text' in warning ? warning.text : '').toContain('Text ergibt 110\u00a0%')
  }, 120_000)
})
