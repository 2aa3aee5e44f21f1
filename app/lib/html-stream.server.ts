import { Transform } from 'node:stream'
import { setImmediate } from 'node:timers'

/**
 * The rendered document without the NUL bytes React 18's streaming renderer leaves in it.
 *
 * Why: react-dom/server 18.3.1 (`writeStringChunk`, cjs/react-dom-server.node.*.js) encodes text
 * into a 2048-byte view with `textEncoder.encodeInto`. When a multi-byte character (Japanese,
 * curly quotes, emoji) does not fit in the view's last one to three bytes, `encodeInto` stops
 * short, and React then writes the *whole* view, unfilled zero bytes included, before starting
 * the next one (facebook/react#26228; React 19 writes `currentView.subarray(0, writtenBytes)`).
 * Nothing is lost or reordered: only NUL bytes are added, at every such boundary.
 *
 * Why dropping every 0x00 byte is exact: in UTF-8 the byte 0x00 is U+0000 and nothing else (every
 * byte of a multi-byte character is 0x80 or above), so removing it never touches another
 * character and needs no state across chunks. And no document of ours means a U+0000: input
 * refuses control characters (app/lib/plain-text.ts), Remix's JSON escapes it as `\u0000`, and
 * an HTML parser drops or replaces one anyway. So the output is byte for byte what React 19
 * writes, while the page still streams chunk by chunk (a buffered `onAllReady` render would go
 * through the same encoder and carry the same bytes).
 */
export function withoutNulBytes() {
  // React writes a document in 2 KB pieces, all of one render in the same turn of the event loop.
  // Passed on one by one, each went through the page-view stream, the web stream, Express,
  // compression (a zlib job on the thread pool each) and the socket: 44 of each for a dashboard.
  // They are gathered and passed on once the turn ends (issue 53). What a later turn renders (a
  // boundary that waited) still goes out in its own turn, as before.
  let gathered: Uint8Array[] = []
  let scheduled = false
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      gathered.push(chunk.includes(0) ? chunk.filter((byte) => byte !== 0) : chunk)
      if (!scheduled) {
        scheduled = true
        setImmediate(passOn)
      }
      callback()
    },
    flush(callback) {
      passOn()
      callback()
    },
  })
  function passOn() {
    scheduled = false
    if (gathered.length === 0) return
    const chunk = gathered.length === 1 ? gathered[0]! : Buffer.concat(gathered)
    gathered = []
    stream.push(chunk)
  }
  return stream
}
