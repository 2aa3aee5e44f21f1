import http from 'node:http'
import net from 'node:net'
import express from 'express'
import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  closeDocumentPoolForTests,
  documentPoolFigures,
  openDocumentStream,
  ticketStream,
} from '~/services/platform/document-pool.server'
import { DRAIN_TIMEOUT_MS, sendResponse } from '../../server/send-response.mjs'

// Decision 110 (issue 50.2): a client that stays connected but takes no bytes is cut after the
// drain timeout, and the streamed answer's place in the document pool is given back. Here the
// timeout is a test's 400 ms; the server's is DRAIN_TIMEOUT_MS.
const TIMEOUT_MS = 400
const CHUNK = new Uint8Array(256 * 1024).fill(0x61)
// 16 MB: far more than loopback's socket buffers take (~4 MB) from a client that does not read.
const CHUNKS = 64

const servers: http.Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))))
  closeDocumentPoolForTests()
})

/** A server answering GET / with a 16 MB stream held as an open stream of the document pool. */
async function serve() {
  const state = { sent: 0, finished: false }
  const app = express()
  app.get('/', (req, res, next) => {
    const stream = openDocumentStream({ userId: 'reader', clientAddress: '192.0.2.1' })
    async function* chunks() {
      try {
        for (; state.sent < CHUNKS; state.sent++) yield CHUNK
      } finally {
        state.finished = true
      }
    }
    sendResponse(res, new Response(ticketStream(chunks(), stream)), {
      drainTimeoutMs: TIMEOUT_MS,
    }).catch(next)
  })
  const server = http.createServer(app)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { state, port: (server.address() as net.AddressInfo).port }
}

/** A raw client that sends its request and reads nothing until it resumes its socket. */
async function client(port: number) {
  const socket = net.connect(port, '127.0.0.1')
  socket.pause()
  await new Promise((resolve) => socket.once('connect', resolve))
  socket.write('GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')
  let received = 0
  let open = true
  socket.on('data', (chunk: Buffer) => (received += chunk.length))
  socket.on('error', () => {})
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      open = false
      resolve()
    }),
  )
  return { socket, closed, received: () => received, open: () => open }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('a client that takes no bytes is cut (decision 110)', () => {
  test('the server’s timeout is 30 s', () => {
    expect(DRAIN_TIMEOUT_MS).toBe(30_000)
  })

  test('a client that never reads: the answer is cut after the timeout and its stream released', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { state, port } = await serve()
    const reader = await client(port)
    await expect.poll(() => documentPoolFigures().openStreams).toBe(1)
    const stalledAt = Date.now()
    await expect.poll(() => documentPoolFigures().openStreams, { timeout: 5000 }).toBe(0)
    expect(Date.now() - stalledAt).toBeGreaterThanOrEqual(TIMEOUT_MS - 50)
    // The server says why in its log.
    expect(warned).toHaveBeenCalledWith(
      expect.stringMatching(/cut: the client took no bytes for 0\.4 s$/),
    )
    // The body stopped being made where the client stopped, and was ended.
    expect(state.finished).toBe(true)
    expect(state.sent).toBeLessThan(CHUNKS)
    // The client, reading now, gets what was in the buffers, then the connection is closed.
    reader.socket.resume()
    await reader.closed
    expect(reader.received()).toBeLessThan(CHUNKS * CHUNK.length)
  })

  test('a client that reads slowly but keeps reading gets the whole answer', async () => {
    const { state, port } = await serve()
    const reader = await client(port)
    // It reads in bursts of at most ~2 MB, each after a pause shorter than the timeout: at least
    // eight bursts for 16 MB, so far longer than the timeout in all, on a fast machine or a slow one.
    const BURST = 2 * 1024 * 1024
    let burst = 0
    reader.socket.on('data', (chunk: Buffer) => {
      burst += chunk.length
      if (burst >= BURST) reader.socket.pause()
    })
    const started = Date.now()
    let bursts = 0
    while (reader.open()) {
      await sleep(TIMEOUT_MS * 0.6)
      burst = 0
      bursts++
      reader.socket.resume()
      await expect
        .poll(() => burst >= BURST || !reader.open(), { timeout: 5000, interval: 5 })
        .toBe(true)
      reader.socket.pause()
    }
    expect(bursts).toBeGreaterThanOrEqual(8)
    expect(Date.now() - started).toBeGreaterThan(TIMEOUT_MS * 2)
    expect(state.sent).toBe(CHUNKS)
    // The whole answer: the status line, the headers and 16 MB in chunks, the last one included.
    expect(reader.received()).toBeGreaterThan(CHUNKS * CHUNK.length)
    expect(documentPoolFigures().openStreams).toBe(0)
  }, 60_000)
})
