import crypto from 'node:crypto'

/**
 * A multipart/form-data body as a browser without JavaScript sends it, streamed: the text fields,
 * then one file of `size` pseudo-random bytes made chunk by chunk (never held whole), whose SHA-256
 * is known once the stream has been read. `sent()` tells how much of it the reader pulled.
 */
export function multipartBody(
  fields: Record<string, string>,
  file: { field: string; name: string; type: string; size: number; content?: Uint8Array } | null,
  { chunk = 1024 * 1024, onPull }: { chunk?: number; onPull?: () => void } = {},
) {
  const boundary = `----ProofTrackTest${crypto.randomBytes(8).toString('hex')}`
  const encoder = new TextEncoder()
  const head = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('')
  const fileHead = file
    ? `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`
    : ''
  const tail = `${file ? '\r\n' : ''}--${boundary}--\r\n`
  const hash = crypto.createHash('sha256')
  const seed = crypto.randomBytes(chunk)
  let stage: 'head' | 'file' | 'tail' | 'done' = 'head'
  let fileSent = 0
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
      if (stage === 'head') {
        push(encoder.encode(head + fileHead))
        stage = file && file.size > 0 ? 'file' : 'tail'
      } else if (stage === 'file' && file) {
        const size = Math.min(chunk, file.size - fileSent)
        // Each chunk differs from the last, so a digest of repeated chunks would not pass.
        const bytes = file.content
          ? Buffer.from(file.content.subarray(fileSent, fileSent + size))
          : Buffer.from(seed.subarray(0, size))
        if (!file.content && size >= 4) bytes.writeUInt32BE(counter++ >>> 0, 0)
        hash.update(bytes)
        fileSent += size
        push(bytes)
        if (fileSent >= file.size) stage = 'tail'
      } else if (stage === 'tail') {
        push(encoder.encode(tail))
        stage = 'done'
      } else {
        controller.close()
      }
    },
  })
  let digest: string | null = null
  return {
    stream,
    contentType: `multipart/form-data; boundary=${boundary}`,
    sha256: () => (digest ??= hash.digest('hex')),
    sent: () => sent,
  }
}
