import { readBodyBytes, tooLargeMessage } from './http.server'

/**
 * What one HTML form may send (docs/decisions/014): its field names, its lists of rows
 * (`contributions[0].aiPercent`) with the most rows the form ever has, and its body limit.
 */
export interface FormSpec {
  fields: readonly string[]
  lists?: Readonly<Record<string, { maxRows: number; fields: readonly string[] }>>
  maxBytes?: number
}

const KB = 1024
/** docs/decisions/013: an ordinary form (sign-in, contact, a code) is far below this. */
export const FORM_BODY_LIMIT = 64 * KB
// However a body is split up, more pairs than this are not a form anyone filled in.
const MAX_PAIRS = 1000

const URLENCODED = 'application/x-www-form-urlencoded'

/** A form's field names from its zod object schema, so the two cannot drift apart. */
export function fieldsOf(schema: { shape: Record<string, unknown> }, ...extra: string[]) {
  return [...Object.keys(schema.shape), ...extra]
}

/**
 * The one way a form action reads its body. The body is counted while it is read (413 past
 * the form's limit), must be URL-encoded (415: only the video upload takes multipart, through
 * its own streamed path), and yields at most one value for each name the form declares:
 * unknown names are dropped, and a row index beyond the form's own maximum is refused, so
 * conform never builds the sparse array a name like `x[10000000]` asks for and a reply can
 * only echo what the form itself has. Refusals are thrown as responses whose text the error
 * boundary shows.
 */
export async function readForm(request: Request, spec: FormSpec): Promise<FormData> {
  const type = (request.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
  if (type !== URLENCODED)
    throw refusal(
      415,
      'This form must be sent as a plain HTML form post (application/x-www-form-urlencoded).',
    )
  const maxBytes = spec.maxBytes ?? FORM_BODY_LIMIT
  const body = await readBodyBytes(request, maxBytes)
  if (!body.ok)
    throw refusal(
      413,
      `${tooLargeMessage(maxBytes)} Please shorten the text and send the form again.`,
    )

  return formFromPairs(new URLSearchParams(new TextDecoder().decode(body.bytes)), spec)
}

/**
 * The fields of a form, however they were sent: only the names the form declares, the first
 * value of each, rows within the form's maximum. Shared with the streamed multipart reader of
 * the forms that take a file (app/services/songs/recording-fingerprint.server.ts).
 */
export function formFromPairs(pairsIn: Iterable<[string, string]>, spec: FormSpec): FormData {
  const form = new FormData()
  let pairs = 0
  for (const [name, value] of pairsIn) {
    if (++pairs > MAX_PAIRS) throw refusal(413, 'The form has too many fields.')
    const known = name === CONFORM_INTENT ? isValidateIntent(value) : acceptedName(name, spec)
    if (known === 'refused') throw refusal(400, 'The form has more rows than it allows.')
    if (known && !form.has(name)) form.append(name, value)
  }
  return form
}

// With JavaScript, conform posts its intent under this name; `validate` (check as you type)
// must reach parseWithZod, or the action would take the check for a real submit. List intents
// (insert, remove, reorder) are not used by our forms and could name any index: dropped.
const CONFORM_INTENT = '__intent__'

function isValidateIntent(value: string) {
  if (value.length > 300) return false
  try {
    const intent: unknown = JSON.parse(value)
    return (
      typeof intent === 'object' &&
      intent !== null &&
      'type' in intent &&
      intent.type === 'validate'
    )
  } catch {
    return false
  }
}

const ROW = /^([A-Za-z][A-Za-z0-9]*)\[(\d+)\]\.([A-Za-z][A-Za-z0-9]*)$/

function acceptedName(name: string, spec: FormSpec): boolean | 'refused' {
  if (spec.fields.includes(name)) return true
  const row = ROW.exec(name)
  const list =
    row && spec.lists && Object.hasOwn(spec.lists, row[1]!) ? spec.lists[row[1]!] : undefined
  if (!row || !list || !list.fields.includes(row[3]!)) return false
  const index = row[2]!
  // Only the form's own spelling of an index: `[007]` is not row 7.
  if (index.length > 1 && index.startsWith('0')) return false
  return index.length <= 6 && Number(index) < list.maxRows ? true : 'refused'
}

export function refusal(status: number, message: string) {
  const statusText =
    status === 413 ? 'Payload Too Large' : status === 415 ? 'Unsupported Media Type' : 'Bad Request'
  return new Response(message, {
    status,
    statusText,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  })
}

// conform's SubmissionPayload: a value, a list of them, or a row of named ones.
type Payload<Entry extends FormDataEntryValue> =
  Entry | Payload<Entry>[] | { [key: string]: Payload<Entry> }

/**
 * A submission's values as the form sent them, text only, for a view to hand back to conform as
 * its lastResult (`reply().initialValue` would also drop the fields left empty).
 */
export function textValues(
  payload: Record<string, Payload<FormDataEntryValue>>,
): Record<string, Payload<string>> {
  const text = (value: Payload<FormDataEntryValue>): Payload<string>[] => {
    if (typeof value === 'string') return [value]
    if (Array.isArray(value)) return [value.flatMap(text)]
    if (value instanceof Blob) return []
    return [textValues(value)]
  }
  return Object.fromEntries(
    Object.entries(payload).flatMap(([name, value]) => text(value).map((t) => [name, t])),
  )
}
