// The little of a PDF file's structure that signing and checking a signature need (ISO 32000-1
// 7.5): the cross-reference tables from the last one back through /Prev, the trailer, one
// object's text, the Info dictionary's entries, and text strings. It reads the classic tables
// pdfkit and @signpdf/placeholder-plain write; a file with cross-reference streams is refused
// in words rather than misread.

/** Thrown when the file is not a PDF this reader understands; its message is for a person. */
export class PdfStructureError extends Error {
  override name = 'PdfStructureError'
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1')

export interface PdfTrailer {
  /** Where each object of the newest revision starts, by object number. */
  offsets: Map<number, number>
  /** The newest trailer's entries, as their raw text ("12 0 R", "34"). */
  entries: Map<string, string>
  /** The byte offset the last `startxref` names. */
  startxref: number
}

/** The newest cross-reference table, merged with every earlier one, and the newest trailer. */
export function readTrailer(pdf: Uint8Array): PdfTrailer {
  const text = latin1(pdf)
  const at = text.lastIndexOf('startxref')
  const startxref = at < 0 ? NaN : Number(/^startxref\s+(\d+)/.exec(text.slice(at))?.[1])
  if (!Number.isInteger(startxref) || startxref >= pdf.length)
    throw new PdfStructureError('The file has no cross-reference table: it is not a whole PDF')
  const offsets = new Map<number, number>()
  let entries: Map<string, string> | null = null
  const seen = new Set<number>()
  for (let position: number | null = startxref; position !== null;) {
    if (seen.has(position)) throw new PdfStructureError('The cross-reference tables form a loop')
    seen.add(position)
    const section = readSection(text, position)
    // An earlier revision's entry counts only where no later one names the object.
    for (const [number, offset] of section.offsets)
      if (!offsets.has(number)) offsets.set(number, offset)
    entries ??= section.entries
    position = section.entries.has('Prev') ? Number(section.entries.get('Prev')) : null
  }
  return { offsets, entries: entries ?? new Map(), startxref }
}

function readSection(text: string, position: number) {
  const rest = text.slice(position)
  if (!/^\s*xref\b/.test(rest))
    throw new PdfStructureError(
      'The file keeps its cross-references in a stream, which this checker does not read',
    )
  const trailerAt = rest.indexOf('trailer')
  if (trailerAt < 0) throw new PdfStructureError('A cross-reference table has no trailer')
  const offsets = new Map<number, number>()
  const lines = rest
    .slice(rest.indexOf('xref') + 4, trailerAt)
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean)
  let next = 0
  for (const line of lines) {
    const header = /^(\d+) (\d+)$/.exec(line)
    if (header) {
      next = Number(header[1])
      continue
    }
    const row = /^(\d{10}) (\d{5}) ([nf])$/.exec(line)
    if (!row) throw new PdfStructureError('A cross-reference table has a line it should not')
    if (row[3] === 'n') offsets.set(next, Number(row[1]))
    next++
  }
  const dictionary = rest.slice(trailerAt + 7)
  const end = dictionary.indexOf('startxref')
  return { offsets, entries: dictionaryEntries(end < 0 ? dictionary : dictionary.slice(0, end)) }
}

/** The text of object `number` between `obj` and `endobj` (a dictionary keeps its `<< >>`). */
export function objectText(pdf: Uint8Array, trailer: PdfTrailer, number: number) {
  const offset = trailer.offsets.get(number)
  if (offset === undefined) throw new PdfStructureError(`Object ${number} is not in the file`)
  const text = latin1(pdf.subarray(offset, offset + 64 * 1024))
  const head = new RegExp(`^\\s*${number} \\d+ obj`).exec(text)
  const end = text.indexOf('endobj')
  if (!head || end < 0) throw new PdfStructureError(`Object ${number} cannot be read`)
  return text.slice(head[0].length, end).trim()
}

const REFERENCE = /^(\d+) (\d+) R$/

/** An indirect reference's object number, or null for any other value. */
export const referenceNumber = (value: string | undefined) => {
  const match = REFERENCE.exec(value?.trim() ?? '')
  return match ? Number(match[1]) : null
}

/**
 * The top-level entries of a dictionary's text, each value as its raw text: enough for a trailer,
 * an Info dictionary and a signature dictionary (strings, names, numbers, references, arrays).
 */
export function dictionaryEntries(text: string): Map<string, string> {
  const entries = new Map<string, string>()
  let body = text.trim()
  if (body.startsWith('<<')) body = body.slice(2, body.lastIndexOf('>>'))
  let index = 0
  const skipSpace = () => {
    while (index < body.length && /\s/.test(body[index]!)) index++
  }
  while (index < body.length) {
    skipSpace()
    if (index >= body.length) break
    if (body[index] !== '/') throw new PdfStructureError('A dictionary cannot be read')
    const key = /^\/([^\s/<>[\]()]+)/.exec(body.slice(index))
    if (!key) throw new PdfStructureError('A dictionary cannot be read')
    index += key[0].length
    skipSpace()
    const start = index
    index = valueEnd(body, index)
    entries.set(key[1]!, body.slice(start, index).trim())
  }
  return entries
}

/** Where the value starting at `index` ends. */
function valueEnd(text: string, index: number): number {
  const char = text[index]
  if (char === '(') {
    let depth = 0
    for (let i = index; i < text.length; i++) {
      if (text[i] === '\\') i++
      else if (text[i] === '(') depth++
      else if (text[i] === ')' && --depth === 0) return i + 1
    }
    throw new PdfStructureError('A string is not closed')
  }
  if (text.startsWith('<<', index) || char === '[') {
    const [open, close] = char === '[' ? ['[', ']'] : ['<<', '>>']
    let depth = 0
    for (let i = index; i < text.length;) {
      if (text[i] === '(' || (text[i] === '<' && text[i + 1] !== '<' && open === '<<'))
        i = valueEnd(text, i)
      else if (text.startsWith(open, i)) {
        depth++
        i += open.length
      } else if (text.startsWith(close, i)) {
        i += close.length
        if (--depth === 0) return i
      } else i++
    }
    throw new PdfStructureError('An array or dictionary is not closed')
  }
  if (char === '<') {
    const end = text.indexOf('>', index)
    if (end < 0) throw new PdfStructureError('A string is not closed')
    return end + 1
  }
  if (char === '/') return index + (/^\/[^\s/<>[\]()]*/.exec(text.slice(index))?.[0].length ?? 1)
  // A number, a reference ("12 0 R"), true, false or null.
  const simple = /^(\d+ \d+ R|[^\s/<>[\]()]+)/.exec(text.slice(index))
  return index + (simple?.[0].length ?? 1)
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' }

/** A PDF text string (literal or hex; UTF-16BE with its mark, or PDFDocEncoding) as text. */
export function decodePdfString(raw: string): string | null {
  let bytes: Buffer
  if (raw.startsWith('<') && !raw.startsWith('<<'))
    bytes = Buffer.from(raw.slice(1, -1).replace(/\s/g, ''), 'hex')
  else if (raw.startsWith('(')) {
    let out = ''
    const body = raw.slice(1, -1)
    for (let i = 0; i < body.length; i++) {
      const char = body[i]!
      if (char !== '\\') {
        out += char
        continue
      }
      const next = body[++i] ?? ''
      const octal = /^[0-7]{1,3}/.exec(body.slice(i))
      if (octal) {
        out += String.fromCharCode(parseInt(octal[0], 8) & 0xff)
        i += octal[0].length - 1
      } else if (next === '\r' || next === '\n') {
        if (next === '\r' && body[i + 1] === '\n') i++
      } else out += ESCAPES[next] ?? next
    }
    bytes = Buffer.from(out, 'latin1')
  } else return null
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const body = Buffer.from(bytes.subarray(2))
    return body.length % 2 === 0 ? body.swap16().toString('utf16le') : null
  }
  // PDFDocEncoding agrees with Latin-1 on every character a title or an identifier uses.
  return bytes.toString('latin1')
}

/** Text as a PDF hex string in UTF-16BE with its byte-order mark: any script, no escaping. */
export function encodePdfString(value: string) {
  const bytes = Buffer.from(value, 'utf16le').swap16()
  return `<FEFF${bytes.toString('hex').toUpperCase()}>`
}

/** A value of an entry, resolved when it is a reference to an object (pdfkit writes Info so). */
export function resolvedValue(pdf: Uint8Array, trailer: PdfTrailer, raw: string | undefined) {
  if (raw === undefined) return undefined
  const number = referenceNumber(raw)
  return number === null ? raw : objectText(pdf, trailer, number)
}
