import { AsyncLocalStorage } from 'node:async_hooks'
import type { CertificateSong } from '~/lib/certificate'
import { asciiTranscription } from '~/lib/latin-form'
import { contributorSlots } from '~/lib/song-constants'
import type { SplitSheet } from './split-sheet.server'

// What a PDF prints where no bundled font draws a text (issue 49, decision 105): never U+FFFD or
// an empty box. A person's name is printed whole in its Latin form, with a note that the name in
// its own script is in the online record; any other text that no font draws is replaced, run by
// run, by a note saying the same.

/** A name as the record holds it, with the Latin form its person gave (issue 26), if any. */
export interface RecordedName {
  name: string
  latinName: string | null
}

export const NAME_IN_THE_RECORD = 'in its own script in the online record'
export const NAME_NOT_PRINTABLE = 'a name in a script this PDF cannot print: see the online record'
export const TEXT_NOT_PRINTABLE = 'text in a script this PDF cannot print: see the online record'

/** The names a document holds: each contributor's, and the name each co-writer confirmed under. */
export function namesOf(job: { song: CertificateSong } | { sheet: SplitSheet }): RecordedName[] {
  if ('sheet' in job)
    return job.sheet.contributors.flatMap((person) => [
      { name: person.name, latinName: person.latinName },
      { name: person.declaredName, latinName: null },
    ])
  const { song } = job
  return [
    ...contributorSlots(song).map(({ name, latinName }) => ({ name, latinName })),
    ...song.confirmations.contributors.flatMap((status) =>
      status.status === 'confirmed'
        ? [{ name: status.creditedName, latinName: status.creditedLatinName ?? null }]
        : [],
    ),
  ]
}

const documentNames = new AsyncLocalStorage<RecordedName[]>()

/** Makes a document knowing its record's names, so a name no font draws prints its Latin form. */
export function withNames<T>(names: RecordedName[], render: () => T): T {
  return documentNames.run(names, render)
}

const segmenter = new Intl.Segmenter('und', { granularity: 'grapheme' })
const clustersOf = (text: string) => Array.from(segmenter.segment(text), ({ segment }) => segment)
const LATIN_NAME = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]+$/u

/**
 * The name's Latin form that fonts draw: the one its person gave, else that form in ASCII, else
 * the name itself in ASCII when it is Latin ("Ꞔa" has no glyph; "a" has). Null when there is none.
 */
function printableLatinForm(
  { name, latinName }: RecordedName,
  printable: (cluster: string) => boolean,
) {
  const given = latinName?.normalize('NFC')
  if (given && clustersOf(given).every(printable)) return given
  const ascii = given ? asciiTranscription(given) : null
  if (ascii) return ascii
  return LATIN_NAME.test(name) ? asciiTranscription(name) : null
}

/**
 * The text as a PDF can print it: every name of the document that some character of leaves
 * unprinted replaced by its Latin form and the note (also where it stands as "name (Latin form)"),
 * then any other run of characters no font draws replaced by a note. `missing` collects the
 * characters left out, for the server's log.
 */
export function printableText(
  text: string,
  printable: (cluster: string) => boolean,
  missing: Set<string>,
) {
  let result = text
  const names = (documentNames.getStore() ?? [])
    .map((person) => ({ ...person, name: person.name.normalize('NFC') }))
    .filter(({ name }) => name.trim() !== '' && result.includes(name))
    // The longest first: a name inside another is replaced as part of the longer one.
    .sort((a, b) => b.name.length - a.name.length)
  for (const person of names) {
    const unprinted = clustersOf(person.name).filter((cluster) => !printable(cluster))
    if (unprinted.length === 0) continue
    for (const cluster of unprinted) missing.add(cluster)
    const latin = printableLatinForm(person, printable)
    const shown = latin ? `${latin} (${NAME_IN_THE_RECORD})` : `(${NAME_NOT_PRINTABLE})`
    const latinName = person.latinName?.normalize('NFC')
    if (latinName) result = result.split(`${person.name} (${latinName})`).join(shown)
    result = result.split(person.name).join(shown)
  }
  return notesForTheRest(result, printable, missing)
}

/** Each run of clusters no font draws (spaces between them included) as one note. */
function notesForTheRest(
  text: string,
  printable: (cluster: string) => boolean,
  missing: Set<string>,
) {
  const clusters = clustersOf(text)
  if (clusters.every(printable)) return text
  let result = ''
  let inRun = false
  let spaces = ''
  for (const cluster of clusters) {
    if (/^[^\S\n]+$/u.test(cluster)) {
      if (inRun) spaces += cluster
      else result += cluster
      continue
    }
    if (printable(cluster)) {
      result += spaces + cluster
      inRun = false
    } else {
      missing.add(cluster)
      if (!inRun) result += `${spaces}[${TEXT_NOT_PRINTABLE}]`
      inRun = true
    }
    spaces = ''
  }
  return result + spaces
}
