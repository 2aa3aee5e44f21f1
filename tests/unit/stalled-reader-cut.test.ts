import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import express from 'express'
import { afterEach, describe, expect, test, vi } from 'vitest'
import {
  closeDocumentPoolForTests,
  documentPoolFigures,
  openDocumentStream,
  ticketStream,
} from '~/services/platform/document-pool.server'
import {
  DRAIN_TIMEOUT_MS,
  drainTimeoutFrom,
  MIN_BYTES_PER_SECOND,
  sendResponse,
} from '../../server/send-response.mjs'

// Decision 110 (issue 50.2): a client that stays connected but takes no bytes is cut after the
// drain timeout, and the streamed answer's place in the document pool is given back. Here the
// timeout is a test's 400 ms; the server's is DRAIN_TIMEOUT_MS.
const TIMEOUT_MS = 400
// The minimum rate here, scaled as the timeout is: a reader in bursts takes ~8 MB/s.
const MIN_RATE = 1024 * 1024
const CHUNK = new Uint8Array(256 * 1024).fill(0x61)
// 16 MB: far more than loopback's socket buffers take (~4 MB) from a client that does not read.
const CHUNKS = 64

const servers: http.Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))))
  closeDocumentPoolForTests()
})

/**
 * A server answering GET / with a 16 MB stream held as an open stream of the document pool, on
 * loopback TCP or, given `socketPath`, a Unix socket.
 */
async function serve({
  chunk = CHUNK,
  drainTimeoutMs = TIMEOUT_MS,
  socketPath,
}: { chunk?: Uint8Array; drainTimeoutMs?: number; socketPath?: string } = {}) {
  const state = { sent: 0, finished: false }
  const count = (CHUNKS * CHUNK.length) / chunk.length
  const app = express()
  app.get('/', (req, res, next) => {
    const stream = openDocumentStream({ userId: 'reader', clientAddress: '192.0.2.1' })
    async function* chunks() {
      try {
        for (; state.sent < count; state.sent++) yield chunk
      } finally {
        state.finished = true
      }
    }
    sendResponse(res, new Response(ticketStream(chunks(), stream)), {
      drainTimeoutMs,
      minBytesPerSecond: MIN_RATE,
    }).catch(next)
  })
  const server = http.createServer(app)
  servers.push(server)
  if (socketPath) {
    await new Promise<void>((resolve) => server.listen(socketPath, resolve))
    return { state, count, port: socketPath }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { state, count, port: (server.address() as net.AddressInfo).port }
}

/** A raw client that sends its request and reads nothing until it resumes its socket. */
async function client(port: number | string) {
  const socket = typeof port === 'string' ? net.connect(port) : net.connect(port, '127.0.0.1')
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
  test('the server’s timeout is 30 s and its minimum rate 1 KB/s; a test server’s timeout is read from TEST_DRAIN_TIMEOUT_MS with APP_ENV=test only', () => {
    expect(DRAIN_TIMEOUT_MS).toBe(30_000)
    expect(MIN_BYTES_PER_SECOND).toBe(1024)
    expect(drainTimeoutFrom({ APP_ENV: 'production' })).toBe(30_000)
    expect(drainTimeoutFrom({ APP_ENV: 'test', TEST_DRAIN_TIMEOUT_MS: '' })).toBe(30_000)
    expect(drainTimeoutFrom({ APP_ENV: 'test', TEST_DRAIN_TIMEOUT_MS: '1000' })).toBe(1000)
    expect(() =>
      drainTimeoutFrom({ APP_ENV: 'production', TEST_DRAIN_TIMEOUT_MS: '1000' }),
    ).toThrow('TEST_DRAIN_TIMEOUT_MS is only read with APP_ENV=test')
    for (const value of ['50', '60000', '1e3', '1000.5', 'soon'])
      expect(() => drainTimeoutFrom({ APP_ENV: 'test', TEST_DRAIN_TIMEOUT_MS: value })).toThrow(
        'TEST_DRAIN_TIMEOUT_MS must be a whole number of milliseconds, 100 to 30000',
      )
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

  test('a client that takes a little before each timeout is cut for its rate: the answer ends and its stream is released', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    // A Unix socket hands the server's side what the reader frees at once, as a real link's
    // acknowledgements do; loopback TCP only tells the sender when its window would double, so
    // a reader taking a little at a time would look to the server as one taking nothing.
    const socketPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'drip-')), 'server.sock')
    const drainTimeoutMs = 1500
    const { state, count, port } = await serve({
      chunk: new Uint8Array(64 * 1024).fill(0x62),
      drainTimeoutMs,
      socketPath,
    })
    const reader = await client(port)
    await expect.poll(() => documentPoolFigures().openStreams).toBe(1)
    // One read of what is there (at most 64 KB) every 250 ms: each wait ends well within the
    // timeout, at ~250 KB/s, a quarter of the minimum.
    reader.socket.on('data', () => reader.socket.pause())
    const started = Date.now()
    while (reader.open() && Date.now() - started < 10_000) {
      await sleep(250)
      reader.socket.resume()
    }
    expect(reader.open()).toBe(false)
    expect(documentPoolFigures().openStreams).toBe(0)
    // Cut once a window of the timeout's length was spent waiting on it, not at the first wait.
    expect(Date.now() - started).toBeGreaterThanOrEqual(drainTimeoutMs)
    expect(warned).toHaveBeenCalledWith(
      expect.stringMatching(/cut: the client took \d+ bytes a second, fewer than 1048576$/),
    )
    expect(warned).not.toHaveBeenCalledWith(expect.stringMatching(/took no bytes/))
    expect(state.finished).toBe(true)
    expect(state.sent).toBeLessThan(count)
    expect(reader.received()).toBeGreaterThan(64 * 1024)
    expect(reader.received()).toBeLessThan(CHUNKS * CHUNK.length)
  })
})
