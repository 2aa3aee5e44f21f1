import crypto from 'node:crypto'
import { FORM_BODY_LIMIT, type FormSpec, formFromPairs, readForm, refusal } from '~/lib/form.server'
import { discardRest } from '~/lib/http.server'
import {
  MAX_RECORDING_BYTES,
  MAX_RECORDINGS,
  RECORDING_FIELD,
  RECORDING_TOO_LARGE,
  recordingFileField,
} from '~/lib/recording'
import {
  type MultipartProblem,
  MultipartRefused,
  readMultipart,
} from '../platform/multipart.server'

// Room for the multipart framing around the parts.
const MULTIPART_OVERHEAD = 64 * 1024
// Past the largest valid body, a refused upload's rest is dropped only up to this much more.
const DRAIN_LIMIT = MAX_RECORDING_BYTES

/** A file streamed through SHA-256 on its way past: what remains of it. */
export interface StreamedFingerprint {
  sha256: string
  size: number
  mediaType: string | null
  fileName: string
}

export type FormWithFiles = {
  fields: FormData
  /** Each file part that carried bytes, by its field name, in the order they came. */
  files: Map<string, StreamedFingerprint>
  /** A message for each file field whose file could not be fingerprinted (an empty file). */
  problems: Map<string, string>
}

// However many fields a form has, a body with more parts than this was not sent by it.
const MAX_TEXT_PARTS = 1000

/**
 * Reads a form that a browser without JavaScript posts as multipart, with file fields named in
 * `fileFields` (each at most once): the text fields within the form's own limit and names
 * (formFromPairs, as readForm), each file fed chunk by chunk into SHA-256 and dropped — never
 * written anywhere, never held whole in memory (decisions 026 and 040). `maxFileBytes` bounds
 * all the files together; the whole body is counted as it streams, and past the limit the reading
 * stops with 413. An empty file input (no file chosen) is no file. The parts, their headers and
 * the text are bounded too (readMultipart, decision 046): a refused body is a 400 or 413 whose
 * time does not grow with what was sent.
 */
export async function readFormWithFiles(
  request: Request,
  spec: FormSpec,
  fileFields: readonly string[],
  maxFileBytes = MAX_RECORDING_BYTES,
): Promise<FormWithFiles> {
  if (!/^multipart\/form-data;.*boundary=/i.test(request.headers.get('Content-Type') ?? '')) {
    throw refusal(415, 'This form must be sent as an HTML form post.')
  }
  const textLimit = spec.maxBytes ?? FORM_BODY_LIMIT
  const bodyLimit = maxFileBytes + textLimit + MULTIPART_OVERHEAD
  const declared = Number(request.headers.get('Content-Length') ?? Number.NaN)
  if (declared > bodyLimit) throw refusal(413, RECORDING_TOO_LARGE)
  if (!request.body) throw refusal(400, 'The form is empty.')
  const reader = request.body.getReader()
  const pairs: [string, string][] = []
  const files = new Map<string, StreamedFingerprint>()
  const problems = new Map<string, string>()
  const seenFiles = new Set<string>()
  const tooManyFiles = () =>
    refusal(
      400,
      fileFields.length === 1
        ? 'This form takes one file, the recording.'
        : `This form takes at most ${fileFields.length} files, one in each file field.`,
    )

  try {
    await readMultipart(
      request,
      reader,
      {
        parts: MAX_TEXT_PARTS + fileFields.length,
        files: fileFields.length,
        fieldBytes: textLimit,
        textBytes: textLimit,
        fileBytes: maxFileBytes,
        bodyBytes: bodyLimit,
      },
      {
        onField: (name, value) => pairs.push([name, value]),
        async onFile({ name, filename, contentType, data }) {
          if (!fileFields.includes(name) || seenFiles.has(name)) throw tooManyFiles()
          seenFiles.add(name)
          const hash = crypto.createHash('sha256')
          let size = 0
          for await (const chunk of data) {
            size += chunk.byteLength
            hash.update(chunk)
          }
          // A file input left empty still sends its part: no name, no bytes.
          if (filename === '' && size === 0) return
          if (size === 0)
            problems.set(name, 'The chosen file is empty: there is nothing to fingerprint.')
          else
            files.set(name, {
              sha256: hash.digest('hex'),
              size,
              mediaType: cleanMediaType(contentType),
              fileName: cleanFileName(filename),
            })
        },
      },
    )
  } catch (error) {
    if (error instanceof Response) throw error
    if (error instanceof MultipartRefused)
      throw error.problem === 'too-many-files'
        ? tooManyFiles()
        : refusal(error.status, REFUSALS[error.problem])
    throw error
  } finally {
    await discardRest(reader, DRAIN_LIMIT)
  }
  return { fields: formFromPairs(pairs, spec), files, problems }
}

const TEXT_TOO_LONG = 'The form’s text is too long. Please shorten it and send the form again.'

const REFUSALS: Record<Exclude<MultipartProblem, 'too-many-files'>, string> = {
  malformed: 'The form could not be read.',
  'too-many-parts': 'The form has too many fields.',
  'field-too-large': TEXT_TOO_LONG,
  'text-too-large': TEXT_TOO_LONG,
  'files-too-large': RECORDING_TOO_LARGE,
  'body-too-large': RECORDING_TOO_LARGE,
}

/** The check form of /verify/<id>: one file field, `recording`. */
export async function readFormWithRecording(
  request: Request,
  spec: FormSpec,
  maxFileBytes = MAX_RECORDING_BYTES,
) {
  const { fields, files, problems } = await readFormWithFiles(
    request,
    spec,
    [RECORDING_FIELD],
    maxFileBytes,
  )
  return {
    fields,
    file: files.get(RECORDING_FIELD) ?? null,
    problem: problems.get(RECORDING_FIELD) ?? null,
  }
}

/** Whether a request carries a multipart body (a form with a file input, sent without JavaScript). */
export function isMultipart(request: Request) {
  return /^multipart\/form-data/i.test(request.headers.get('Content-Type') ?? '')
}

function cleanMediaType(value: string) {
  const type = value.split(';')[0]!.trim().toLowerCase()
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type) &&
    type.length <= 255 &&
    type !== 'application/octet-stream'
    ? type
    : null
}

function cleanFileName(value: string) {
  // Browsers send the base name; some older ones sent a whole path.
  const base = value.split(/[\\/]/).pop() ?? ''
  return base.replace(/\p{Cc}/gu, '').slice(0, 255)
}

/** The song form's file fields without JavaScript: one per slot. */
const SONG_FILE_FIELDS = Array.from({ length: MAX_RECORDINGS }, (_, index) =>
  recordingFileField(index),
)

/**
 * The song form's body either way: URL-encoded (with JavaScript the browser posts the digests it
 * computed) or multipart with the files themselves (without JavaScript), each of whose
 * fingerprints then takes the place of its slot's digest fields (a file chosen for a slot that
 * already had one replaces it). `problems` are messages for the slots' fingerprint fields, by
 * field name.
 */
export async function readFormFingerprintingRecordings(request: Request, spec: FormSpec) {
  if (!isMultipart(request))
    return { form: await readForm(request, spec), problems: {} as Record<string, string[]> }
  const { fields, files, problems } = await readFormWithFiles(request, spec, SONG_FILE_FIELDS)
  const errors: Record<string, string[]> = {}
  SONG_FILE_FIELDS.forEach((fileField, index) => {
    const field = (name: string) => `recordings[${index}].${name}`
    const problem = problems.get(fileField)
    if (problem) errors[field('sha256')] = [problem]
    const file = files.get(fileField)
    if (!file) return
    fields.set(field('sha256'), file.sha256)
    fields.set(field('size'), String(file.size))
    fields.set(field('fileName'), file.fileName)
    if (file.mediaType) fields.set(field('mediaType'), file.mediaType)
    else fields.delete(field('mediaType'))
    // A new file is kept even where the old one's "remove" box was ticked.
    fields.delete(field('remove'))
  })
  return { form: fields, problems: errors }
}
