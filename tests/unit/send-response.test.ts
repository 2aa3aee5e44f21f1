import crypto from 'node:crypto'
import http from 'node:http'
import net from 'node:net'
// @ts-expect-error: compression ships no types (the server entry is JavaScript).
import compression from 'compression'
import express from 'express'
import { afterEach, describe, expect, test } from 'vitest'
import { sendResponse } from '../../server/send-response.mjs'

// Issue 38, review: a client that stops reading a streamed answer (the data download) must not
// make the server hold what the route goes on making, and one that leaves must stop the route.
const CHUNK = 64 * 1024
const CAP = 256 * 1024 * 1024

/** A body that counts what was read of it, up to CAP bytes of random (incompressible) data. */
function countingBody() {
  const state = { pulled: 0, cancelled: false }
  const chunk = crypto.randomBytes(CHUNK)
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= CAP) return controller.close()
      state.pulled += CHUNK
      controller.enqueue(new Uint8Array(chunk))
    },
    cancel() {
      state.cancelled = true
    },
  })
  return { state, body }
}

const servers: http.Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))))
})

async function serve(compressed: boolean, contentType: string) {
  const made = countingBody()
  const app = express()
  if (compressed) app.use(compression())
  app.get('/', (_req, res, next) => {
    sendResponse(res, new Response(made.body, { headers: { 'Content-Type': contentType } })).catch(
      next,
    )
  })
  const server = http.createServer(app)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { ...made, port: (server.address() as net.AddressInfo).port }
}

/** Waits until `read()` has not changed for a while (or the time is up), and returns it. */
async function settled(read: () => number) {
  let last = read()
  let still = 0
  for (let waited = 0; waited < 10_000 && still < 500; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const now = read()
    still = now === last ? still + 100 : 0
    last = now
  }
  return last
}

describe('a streamed answer goes out at the pace the client reads it', () => {
  test.each([
    { name: 'a download (not compressed)', compressed: true, contentType: 'application/zip' },
    { name: 'a compressed text', compressed: true, contentType: 'text/plain' },
    { name: 'without the compression middleware', compressed: false, contentType: 'text/plain' },
  ])(
    '$name: a client that stops reading holds the route; one that leaves stops it',
    async ({ compressed, contentType }) => {
      const { state, port } = await serve(compressed, contentType)
      const client = net.connect(port, '127.0.0.1')
      await new Promise((resolve) => client.once('connect', resolve))
      client.write('GET / HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: gzip\r\n\r\n')
      // The client reads its first bytes, then nothing more.
      await new Promise((resolve) => client.once('data', resolve))
      client.pause()
      const held = await settled(() => state.pulled)
      // The socket's buffers on both sides, and the stream's own queue: a few megabytes at most,
      // where the adapter's writer read the whole body (256 MB here) into memory.
      expect(held).toBeLessThan(32 * 1024 * 1024)
      expect(state.cancelled).toBe(false)

      client.destroy()
      await expect.poll(() => state.cancelled, { timeout: 10_000 }).toBe(true)
      expect(state.pulled).toBeLessThan(CAP)
    },
  )
})
