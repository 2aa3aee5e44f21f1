import busboy from 'busboy'

/**
 * What one multipart form may send (decision 046). Each part's header block is bounded by the
 * parser itself: 16 KB and 2,000 header lines (busboy's fixed limits, Node's own for HTTP), past
 * which the body is malformed.
 */
export interface MultipartLimits {
  /** Parts of every kind: text fields and files together. */
  parts: number
  files: number
  /** One text field's value, in bytes. */
  fieldBytes: number
  /** All text fields' values together. */
  textBytes: number
  /** All files together. */
  fileBytes: number
  /** The whole body, framing and part headers included. */
  bodyBytes: number
}

export type MultipartProblem =
  | 'malformed'
  | 'too-many-parts'
  | 'too-many-files'
  | 'field-too-large'
  | 'text-too-large'
  | 'files-too-large'
  | 'body-too-large'

/** A body the limits or the format refuse: the client's mistake, answered 400 or 413. */
export class MultipartRefused extends Error {
  readonly status: 400 | 413
  constructor(readonly problem: MultipartProblem) {
    super(`multipart body refused: ${problem}`)
    this.status = problem.startsWith('too-many') || problem === 'malformed' ? 400 : 413
  }
}

export interface MultipartFile {
  name: string
  /** As the browser sent it (no chosen file: ''), never a path. */
  filename: string
  contentType: string
  /** The file's bytes as they stream past; throws MultipartRefused past the files' limit. */
  data: AsyncIterable<Uint8Array>
}

export interface MultipartHandlers {
  onField(name: string, value: string): void
  /** Called once per file, one at a time; whatever it leaves unread is dropped. */
  onFile(file: MultipartFile): Promise<void>
}

/**
 * The one multipart reader (decision 046): streams a form-data body through busboy, which
 * parses each chunk in time linear in its size, so no body can hold the event loop longer than
 * reading it. The body is read only as fast as the handlers take the files (a slow database
 * write slows the upload, never buffers it). The first refusal stops the reading: it is thrown
 * as MultipartRefused, or as whatever a handler threw. The caller drains what is left of
 * `reader` if it wants the client to get its answer.
 */
export async function readMultipart(
  request: Request,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limits: MultipartLimits,
  handlers: MultipartHandlers,
): Promise<void> {
  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': request.headers.get('Content-Type') ?? '' },
      // One more byte than allowed, so that a value at the limit is told from one past it.
      limits: {
        parts: limits.parts,
        files: limits.files,
        fieldSize: limits.fieldBytes + 1,
        fileSize: limits.fileBytes + 1,
      },
      // Browsers send file names as UTF-8 (a Hangul or Arabic name must arrive intact).
      defParamCharset: 'utf8',
    })
  } catch {
    // No boundary, or not form-data at all.
    throw new MultipartRefused('malformed')
  }

  let failure: unknown = null
  let interrupt = () => {}
  const fail = (error: unknown) => {
    if (failure !== null) return
    failure = error
    interrupt()
  }
  // Waits for `promise`, or for the first refusal (then null). A fresh promise each time: a
  // race against one long-lived promise would keep every chunk read until it settled.
  const untilFailed = <T>(promise: Promise<T>) =>
    new Promise<T | null>((resolve, reject) => {
      interrupt = () => resolve(null)
      promise.then(resolve, reject)
    })

  let textBytes = 0
  let fileBytes = 0
  // Files are handed over in order, one at a time: the next waits for the last handler.
  let files = Promise.resolve()

  parser.on('field', (name, value: unknown, info) => {
    if (failure !== null) return
    // Busboy hands over undefined for a part in a charset it cannot decode (shift_jis, utf-16):
    // a body we cannot read, not a server error (review of issue 24).
    if (typeof value !== 'string') return fail(new MultipartRefused('malformed'))
    if (info.valueTruncated || info.nameTruncated)
      return fail(new MultipartRefused('field-too-large'))
    // Names are kept with their values, so both count against the text limit.
    textBytes += Buffer.byteLength(name) + Buffer.byteLength(value)
    if (textBytes > limits.textBytes) return fail(new MultipartRefused('text-too-large'))
    try {
      handlers.onField(name, value)
    } catch (error) {
      fail(error)
    }
  })
  parser.on('file', (name, stream, info) => {
    // A file cut short by a refusal fails its reader (if any); unread, its error is expected.
    stream.on('error', () => {})
    async function* data() {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        fileBytes += chunk.byteLength
        if (fileBytes > limits.fileBytes) throw new MultipartRefused('files-too-large')
        yield chunk
      }
    }
    files = files.then(async () => {
      try {
        if (failure === null)
          await handlers.onFile({
            name,
            filename: info.filename ?? '',
            contentType: info.mimeType,
            data: data(),
          })
      } catch (error) {
        fail(error)
      } finally {
        // The parser waits for each file to be read before it goes on.
        stream.resume()
      }
    })
  })
  parser.on('partsLimit', () => fail(new MultipartRefused('too-many-parts')))
  parser.on('filesLimit', () => fail(new MultipartRefused('too-many-files')))
  // Busboy's own errors are about the body: a malformed part header (one over 16 KB among
  // them), a missing end.
  parser.on('error', () => fail(new MultipartRefused('malformed')))
  const finished = new Promise<void>((resolve) => {
    parser.once('finish', resolve)
    parser.once('close', resolve)
  })

  try {
    let seen = 0
    while (failure === null) {
      const read = await untilFailed(reader.read())
      if (read === null || read.done) break
      const value = read.value
      seen += value.byteLength
      if (seen > limits.bodyBytes) fail(new MultipartRefused('body-too-large'))
      else
        await untilFailed(
          new Promise<void>((resolve) => {
            // A handler's throw inside busboy's events escapes write(): the body is refused.
            try {
              parser.write(value, () => resolve())
            } catch {
              fail(new MultipartRefused('malformed'))
              resolve()
            }
          }),
        )
    }
    if (failure === null) {
      parser.end()
      await untilFailed(finished)
      await files
    }
  } catch (error) {
    fail(error)
  } finally {
    if (failure !== null) {
      // A file still being read fails with the parser, so its handler stops (and tidies) first.
      parser.destroy()
      await files
    }
  }
  if (failure !== null) throw failure
}
