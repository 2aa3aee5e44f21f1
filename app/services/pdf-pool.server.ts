import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { applySecurityHeaders } from '~/lib/security-headers.server'
import type { PdfJob } from './pdf-render.server'

// PDFs are made off the event loop (issue 24.3, decision 049): a small pool of worker threads,
// one fewer than the cores (one is left to the event loop, which answers everyone else), at
// least one and at most two, and a bounded queue. A request that finds the queue full is told to come back (503), rather than
// waiting behind work it cannot see the end of.

export const POOL_SIZE = Math.max(1, Math.min(2, os.availableParallelism() - 1))
export const QUEUE_LIMIT = 8
// A job that takes longer than this has gone wrong: its worker is replaced.
const JOB_TIMEOUT_MS = 60_000

export class PdfBusyError extends Error {
  constructor() {
    super('Too many PDFs are being made right now. Please try again in a few seconds.')
  }
}

interface Pending {
  id: number
  job: PdfJob
  resolve(pdf: Buffer): void
  reject(error: Error): void
}

interface Slot {
  worker: Worker
  current: Pending | null
  timer?: NodeJS.Timeout
}

/** server/pdf-worker.mjs, found from this module in the source tree and in the Remix build. */
function workerFile() {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const candidate = path.join(dir, 'server', 'pdf-worker.mjs')
    if (fs.existsSync(candidate)) return candidate
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('server/pdf-worker.mjs not found')
    dir = parent
  }
}

class PdfPool {
  private slots: Slot[] = []
  private queue: Pending[] = []
  private nextId = 1

  render(job: PdfJob): Promise<Buffer> {
    if (this.queue.length >= QUEUE_LIMIT) return Promise.reject(new PdfBusyError())
    return new Promise<Buffer>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, resolve, reject })
      this.pump()
    })
  }

  private pump() {
    while (this.slots.length < POOL_SIZE && this.queue.length > 0) this.slots.push(this.start())
    for (const slot of this.slots) {
      if (slot.current) continue
      const next = this.queue.shift()
      if (!next) return
      slot.current = next
      slot.timer = setTimeout(() => this.fail(slot, new Error('PDF took too long')), JOB_TIMEOUT_MS)
      slot.worker.postMessage({ id: next.id, job: next.job })
    }
  }

  private start(): Slot {
    const worker = new Worker(workerFile())
    // An idle pool never keeps the process alive.
    worker.unref()
    const slot: Slot = { worker, current: null }
    worker.on('message', (message: { id?: number; pdf?: Uint8Array; error?: string }) => {
      const current = slot.current
      if (!current || message.id !== current.id) return
      clearTimeout(slot.timer)
      slot.current = null
      if (message.pdf)
        current.resolve(
          Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength),
        )
      else current.reject(new Error(message.error ?? 'PDF worker failed'))
      this.pump()
    })
    worker.on('error', (error) => this.fail(slot, error))
    worker.on('exit', () => this.fail(slot, new Error('PDF worker stopped')))
    return slot
  }

  /** The slot's job fails and its worker is replaced by a fresh one. */
  private fail(slot: Slot, error: Error) {
    const index = this.slots.indexOf(slot)
    if (index === -1) return
    this.slots.splice(index, 1)
    clearTimeout(slot.timer)
    slot.worker.removeAllListeners()
    void slot.worker.terminate()
    slot.current?.reject(error)
    this.pump()
  }
}

let pool: PdfPool | undefined
/** Makes the PDF in a worker thread; rejects with PdfBusyError when the queue is full. */
export function renderPdfOffThread(job: PdfJob) {
  pool ??= new PdfPool()
  return pool.render(job)
}

const RETRY_AFTER_SECONDS = 5

/** For a route's `.catch`: a full queue is answered 503 with Retry-After; anything else is thrown on. */
export function busyAnswer(error: unknown): Response {
  if (!(error instanceof PdfBusyError)) throw error
  const headers = applySecurityHeaders(new Headers({ 'Retry-After': String(RETRY_AFTER_SECONDS) }))
  headers.set('Content-Type', 'text/plain; charset=utf-8')
  headers.set('Cache-Control', 'no-store')
  return new Response(error.message, { status: 503, headers })
}
