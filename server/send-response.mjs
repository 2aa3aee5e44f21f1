// The answer to one request, written to the client as fast as the client reads it.
//
// Remix's Express adapter (sendRemixResponse) writes a streamed body without ever waiting for the
// socket: a client that stops reading leaves every byte the route makes in the server's memory,
// and one that leaves does not stop the route until the body ends. A streamed ZIP of an account
// at its ceiling is hundreds of megabytes (decision 079). Here a chunk is read from the body only
// after the last one was taken, and the body is cancelled when the client goes away (decision 083).
/** As sendRemixResponse: status, headers, then the body, with backpressure and cancellation. */
export async function sendResponse(res, response) {
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
      // Either the client takes the bytes (drain) or leaves (close).
      if (!more && !gone) await new Promise((resolve) => (wake = resolve))
      wake = null
    }
    // The client left: the route stops making what nobody will read.
    await reader.cancel().catch(() => {})
  } catch (error) {
    res.destroy(error)
    throw error
  }
}
