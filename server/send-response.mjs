// The answer to one request, written to the client as fast as the client reads it.
//
// Remix's Express adapter (sendRemixResponse) writes a streamed body without ever waiting for the
// socket: a client that stops reading leaves every byte the route makes in the server's memory,
// and one that leaves does not stop the route until the body ends. A streamed ZIP of an account
// at its ceiling is hundreds of megabytes (decision 079). Here a chunk is read from the body only
// after the last one was taken, and the body is cancelled when the client goes away (decision 083).
//
// A client that stays but takes nothing is cut (decision 110): while it waits, a streamed answer
// holds its place among the open streams and its socket's buffers, and nothing else would ever
// end that wait. 30 s: a client that reads at all takes bytes far sooner (a 64 KB socket buffer
// drains in ~10 s at 50 kbit/s, a poor mobile link; the kernel takes them as soon as the client's
// side acknowledges any), while a stalled stream's places come back twice a minute. nginx's own
// send_timeout, the same rule between two writes, is 60 s.
export const DRAIN_TIMEOUT_MS = 30_000
// A client that takes a few bytes just before each timeout would hold its place for hours, so
// one the answer waits on must also take 1 KB a second on average (decision 110, addendum),
// judged over each span of DRAIN_TIMEOUT_MS the answer has spent waiting on it. Only the time
// spent waiting counts: then the socket's buffers are full, and what the kernel takes is what
// the client reads; the time the route spends making bytes is not the client's. 1 KB/s is a
// sixth of the poor mobile link above and twice Apache's MinRate for request bodies (500 B/s);
// averaged over 30 s, a link that stalls for 20 s of them and then reads at 6 KB/s passes.
export const MIN_BYTES_PER_SECOND = 1024

/**
 * DRAIN_TIMEOUT_MS, or TEST_DRAIN_TIMEOUT_MS where the browser tests set it (decision 100: no
 * test waits a timeout out): whole milliseconds from 100 to 30,000, and only with APP_ENV=test,
 * as the suite's other switches. Anything else stops the server at start with the reason.
 */
export function drainTimeoutFrom(env) {
  const raw = env.TEST_DRAIN_TIMEOUT_MS
  if (raw === undefined || raw === '') return DRAIN_TIMEOUT_MS
  if (env.APP_ENV !== 'test')
    throw new Error('TEST_DRAIN_TIMEOUT_MS is only read with APP_ENV=test')
  const ms = /^\d{3,5}$/.test(raw) ? Number(raw) : NaN
  if (!(ms >= 100 && ms <= DRAIN_TIMEOUT_MS))
    throw new Error('TEST_DRAIN_TIMEOUT_MS must be a whole number of milliseconds, 100 to 30000')
  return ms
}
// Read once, when the server starts.
const configuredDrainTimeoutMs = drainTimeoutFrom(process.env)

/**
 * As sendRemixResponse: status, headers, then the body, with backpressure and cancellation; a
 * client that takes no bytes for `drainTimeoutMs`, or fewer than `minBytesPerSecond` on average
 * over each `drainTimeoutMs` spent waiting on it, is disconnected and the body cancelled.
 */
export async function sendResponse(
  res,
  response,
  { drainTimeoutMs = configuredDrainTimeoutMs, minBytesPerSecond = MIN_BYTES_PER_SECOND } = {},
) {
  res.statusMessage = response.statusText
  res.status(response.status)
  for (const [key, value] of response.headers.entries()) res.append(key, value)
  if (/text\/event-stream/i.test(response.headers.get('Content-Type') ?? '')) res.flushHeaders()
  if (!response.body) {
    res.end()
    return
  }
  const reader = response.body.getReader()
  // One listener of each for the whole response: the compression middleware hands 'drain'
  // listeners to its own stream and never takes them off again.
  let gone = res.destroyed
  let wake = null
  /** True once the socket took the bytes (or the client left), false after `ms` without. */
  const drained = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms)
      wake = () => {
        clearTimeout(timer)
        wake = null
        resolve(true)
      }
    })
  res.on('drain', () => wake?.())
  res.on('close', () => {
    gone = true
    wake?.()
  })
  const pace = clientPace(res, drainTimeoutMs, minBytesPerSecond)
  try {
    for (;;) {
      if (gone) break
      const { done, value } = await reader.read()
      if (done) {
        res.end()
        return
      }
      if (gone) break
      const more = res.write(value)
      // The compression middleware holds bytes back until told to flush: a streamed page shows
      // as it is rendered.
      if (typeof res.flush === 'function') res.flush()
      // Either the client takes the bytes (drain), leaves (close), or is cut for taking none, or
      // for taking too few over the time it was waited on.
      if (!more && !gone) {
        pace.waiting()
        const why = !(await drained(drainTimeoutMs))
          ? `the client took no bytes for ${drainTimeoutMs / 1000} s`
          : gone
            ? null
            : pace.tooSlow()
        if (why) {
          console.warn(`[http] ${res.req?.headers['x-request-id'] ?? '-'} cut: ${why}`)
          res.destroy()
          break
        }
      }
    }
    // The client left: the route stops making what nobody will read.
    await reader.cancel().catch(() => {})
  } catch (error) {
    res.destroy(error)
    throw error
  }
}

/**
 * What the client took while the answer waited on it, in windows of `windowMs` of waiting:
 * `tooSlow()` after a wait says why when a window ended below `minBytesPerSecond`.
 */
function clientPace(res, windowMs, minBytesPerSecond) {
  // Bytes the kernel has taken from this socket (Node's count includes what it still holds).
  const taken = () => (res.socket ? res.socket.bytesWritten - res.socket.writableLength : 0)
  let window = { waitedMs: 0, bytes: 0 }
  let since = null
  return {
    waiting() {
      since = { at: Date.now(), taken: taken() }
    },
    tooSlow() {
      if (since === null) return null
      window.waitedMs += Date.now() - since.at
      window.bytes += taken() - since.taken
      since = null
      if (window.waitedMs < windowMs) return null
      const rate = (window.bytes * 1000) / window.waitedMs
      window = { waitedMs: 0, bytes: 0 }
      return rate < minBytesPerSecond
        ? `the client took ${Math.round(rate)} bytes a second, fewer than ${minBytesPerSecond}`
        : null
    },
  }
}
