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
