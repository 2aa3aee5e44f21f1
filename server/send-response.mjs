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

/**
 * As sendRemixResponse: status, headers, then the body, with backpressure and cancellation; a
 * client that takes no bytes for `drainTimeoutMs` is disconnected and the body cancelled.
 */
export async function sendResponse(res, response, { drainTimeoutMs = DRAIN_TIMEOUT_MS } = {}) {
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
      // Either the client takes the bytes (drain), leaves (close), or is cut for taking none.
      if (!more && !gone && !(await drained(drainTimeoutMs))) {
        console.warn(
          `[http] ${res.req?.headers['x-request-id'] ?? '-'} cut: the client took no bytes for ${drainTimeoutMs / 1000} s`,
        )
        res.destroy()
        break
      }
    }
    // The client left: the route stops making what nobody will read.
    await reader.cancel().catch(() => {})
  } catch (error) {
    res.destroy(error)
    throw error
  }
}
