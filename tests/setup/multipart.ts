import crypto from 'node:crypto'

type FilePart = { field: string; name: string; type: string; size: number; content?: Uint8Array }

/**
 * A multipart/form-data body as a browser without JavaScript sends it, streamed: the text fields,
 * then each file of `size` pseudo-random bytes (or its `content`) made chunk by chunk (never held
 * whole), whose SHA-256 is known once the stream has been read (`sha256(index)`). `sent()` tells
 * how much of it the reader pulled.
 */
export function multipartBody(
  fields: Record<string, string>,
  file: FilePart | FilePart[] | null,
  { chunk = 1024 * 1024, onPull }: { chunk?: number; onPull?: () => void } = {},
) {
  const files = file === null ? [] : Array.isArray(file) ? file : [file]
  const boundary = `----ProofTrackTest${crypto.randomBytes(8).toString('hex')}`
  const encoder = new TextEncoder()
  const head = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('')
  const fileHead = (part: FilePart) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.name}"\r\nContent-Type: ${part.type}\r\n\r\n`
  const tail = `--${boundary}--\r\n`
  const hashes = files.map(() => crypto.createHash('sha256'))
  const seed = crypto.randomBytes(chunk)
  // Each step is the text head, then for each file its head, its chunks and its closing CRLF.
  let index = -1
  let fileSent = 0
  let done = false
  let sent = 0
  let counter = 0
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      // The reader pulls in microtasks only, so a timer would never run: this is where to watch it.
      onPull?.()
      const push = (bytes: Uint8Array) => {
        sent += bytes.byteLength
        controller.enqueue(bytes)
      }
      if (done) return controller.close()
      if (index === -1) {
        index = 0
        return push(encoder.encode(head + (files[0] ? fileHead(files[0]) : '')))
      }
      const part = files[index]
      if (!part) {
        done = true
        return push(encoder.encode(tail))
      }
      if (fileSent < part.size) {
        const size = Math.min(chunk, part.size - fileSent)
        // Each chunk differs from the last, so a digest of repeated chunks would not pass.
        const bytes = part.content
          ? Buffer.from(part.content.subarray(fileSent, fileSent + size))
          : Buffer.from(seed.subarray(0, size))
        if (!part.content && size >= 4) bytes.writeUInt32BE(counter++ >>> 0, 0)
        hashes[index]!.update(bytes)
        fileSent += size
        return push(bytes)
      }
      index++
      fileSent = 0
      const next = files[index]
      push(encoder.encode(`\r\n${next ? fileHead(next) : ''}`))
    },
  })
  const digests: string[] = []
  return {
    stream,
    contentType: `multipart/form-data; boundary=${boundary}`,
    sha256: (i = 0) => (digests[i] ??= hashes[i]!.digest('hex')),
    sent: () => sent,
  }
}

/**
 * A multipart body an attacker would send (issue 24 item 1): one file part whose header block is
 * `headerBytes` of short `a:b` lines (or, with `line`, one header line that never ends), padded
 * with file bytes to `totalBytes`; or `parts` text parts, each with such a header block.
 */
export function hostileMultipart({
  headerBytes,
  totalBytes = 0,
  parts,
  line = false,
}: {
  headerBytes: number
  totalBytes?: number
  parts?: number
  line?: boolean
}) {
  const boundary = 'hostileboundary'
  const filler = (size: number) =>
    line ? `X-Long: ${'a'.repeat(Math.max(0, size - 8))}` : 'a:b\r\n'.repeat(Math.ceil(size / 5))
  const text =
    parts === undefined
      ? `--${boundary}\r\nContent-Disposition: form-data; name="recording"; filename="take.wav"\r\n${filler(headerBytes)}\r\n`
      : Array.from(
          { length: parts },
          (_, index) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="p${index}"\r\n${filler(headerBytes)}\r\nv\r\n`,
        ).join('')
  const head = Buffer.from(text)
  const tail = Buffer.from(`${parts === undefined ? '\r\n' : ''}--${boundary}--\r\n`)
  const padding = Buffer.alloc(Math.max(0, totalBytes - head.byteLength - tail.byteLength), 'x')
  return {
    bytes: Buffer.concat([head, padding, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

/**
 * A POST whose body arrives in 64 KB pieces, each in its own turn of the event loop as from a
 * socket (so a timer, or another request, can run between two pieces).
 */
export function streamedRequest(
  body: { bytes: Uint8Array; contentType: string },
  url = 'http://localhost/submit',
) {
  let offset = 0
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      await new Promise((resolve) => setImmediate(resolve))
      if (offset >= body.bytes.byteLength) return controller.close()
      controller.enqueue(body.bytes.subarray(offset, offset + 64 * 1024))
      offset += 64 * 1024
    },
  })
  return new Request(url, {
    method: 'POST',
    headers: { 'Content-Type': body.contentType },
    body: stream,
    duplex: 'half',
  } as RequestInit)
}
