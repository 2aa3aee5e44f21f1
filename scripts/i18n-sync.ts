// `npm run i18n:sync`: brings every language's PO files in line with the code's English
// (app/i18n/messages): a new id gets an entry with its English as a comment and an empty
// translation (the catalogue lint, tests/unit/i18n-catalogues.test.ts, fails until it is
// filled), a changed English message is shown beside its translation and marked fuzzy, a removed
// id goes. Translations already made are kept. A new area's files are made here too.
import fs from 'node:fs'
import path from 'node:path'
import PO from 'pofile'
import { LOCALES_DIR } from '../app/i18n/catalogs.server'
import { LOCALES, SOURCE_LOCALE } from '../app/i18n/locales'
import { type Area, AREAS } from '../app/i18n/messages/index.server'

const quote = (text: string) =>
  JSON.stringify(text).replace(/\\u([0-9a-f]{4})/g, (_, hex) =>
    String.fromCharCode(parseInt(hex, 16)),
  )

// `npm run i18n:sync -- <area> ...` syncs only those areas: translators of different areas work at
// the same time, and a run must not rewrite a file another is editing.
const asked = process.argv.slice(2)
const unknown = asked.filter((area) => !(area in AREAS))
if (unknown.length) throw new Error(`No such area: ${unknown.join(', ')}`)
const areas = (asked.length ? asked : Object.keys(AREAS)) as Area[]

for (const locale of LOCALES.filter((tag) => tag !== SOURCE_LOCALE)) {
  for (const area of areas) {
    const file = path.join(LOCALES_DIR, locale, `${area}.po`)
    const old = fs.existsSync(file) ? PO.parse(fs.readFileSync(file, 'utf8')).items : []
    const kept = new Map(old.map((item) => [item.msgid, item]))
    const lines = [
      'msgid ""',
      'msgstr ""',
      `"Language: ${locale}\\n"`,
      '"MIME-Version: 1.0\\n"',
      '"Content-Type: text/plain; charset=UTF-8\\n"',
      '"Content-Transfer-Encoding: 8bit\\n"',
      `"X-Area: ${area}\\n"`,
      '',
    ]
    let added = 0
    for (const [id, english] of Object.entries(AREAS[area] as Record<string, string>)) {
      const before = kept.get(id)
      const translation = before?.msgstr[0] ?? ''
      const wasEnglish = before?.extractedComments.join(' ')
      // The English changed since the translation was made: the translator checks it again.
      // A PO comment keeps no space at its ends: an English separator such as ', ' is compared trimmed.
      const fuzzy =
        before?.flags.fuzzy || (translation !== '' && wasEnglish?.trim() !== english.trim())
      if (!before) added++
      lines.push(`#. ${english}`)
      if (fuzzy) lines.push('#, fuzzy')
      lines.push(`msgid ${quote(id)}`, `msgstr ${quote(translation)}`, '')
    }
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, lines.join('\n'))
    const gone = old.filter((item) => !(item.msgid in AREAS[area])).length
    if (added || gone) console.log(`${locale}/${area}.po: ${added} new, ${gone} removed`)
  }
}
