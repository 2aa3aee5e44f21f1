import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { env } from '~/env.server'
import { applySecurityHeaders } from '~/lib/security-headers.server'

// Documents are made off the event loop (issue 24.3, decisions 049 and 053): the PDFs, the
// owner's proof bundle and the catalogue export's pages. One small pool of worker threads, one
// fewer than the cores (one is left to the event loop, which answers everyone else), at least one
// and at most two, and a bounded queue. A request that finds the queue full is told to come back
// (503), rather than waiting behind work it cannot see the end of; one requester holds at most
// OWNER_LIMIT documents at once (429), so nobody fills the shared queue alone; a job whose client
// has gone is taken out of the queue.

/**
 * A job as the pool carries it: plain data a worker's renderer (certificates/documents/
 * document-render.server.ts, whose `DocumentJob` lists the kinds) tells apart by `kind`. The pool
 * is the platform's, below every domain, so the record's timestamp check and the documents and
 * exports all use it without one room importing another (issue 49.6).
 */
export interface DocumentJob {
  kind: string
  [field: string]: unknown
}

export const POOL_SIZE = Math.max(1, Math.min(2, os.availableParallelism() - 1))
export const QUEUE_LIMIT = 8
/** Documents one requester (an account, or an address for a visitor) may have in the making. */
export const OWNER_LIMIT = 2
/**
 * Documents in the making from everyone together (decision 087). The queue's length alone did
 * not bound them: a streamed download holds its ticket while its client reads, with at most one
 * job queued, so many accounts at OWNER_LIMIT each could hold any number of streams and their
 * buffers open. Past this, everyone is told to come back (503).
 */
export const OPEN_LIMIT = 16
// A job that takes longer than this has gone wrong: its worker is replaced.
const JOB_TIMEOUT_MS = 60_000

export const DOCUMENTS_BUSY =
  'Too many documents are being made right now. Please try again in a few seconds.'
export const OWNER_DOCUMENTS_BUSY = `You already have ${OWNER_LIMIT} documents being made. Please wait for them to finish, then try again.`

/** The shared queue is full: 503. */
export class DocumentsBusyError extends Error {
  constructor() {
    super(DOCUMENTS_BUSY)
  }
}

/** This requester already has OWNER_LIMIT documents in the making: 429. */
export class OwnerDocumentsBusyError extends Error {
  constructor() {
    super(OWNER_DOCUMENTS_BUSY)
  }
}

/** The client went away while its job waited: the job was dropped. */
export class DocumentAbortedError extends Error {
  constructor() {
    super('The request was cancelled before its document was made.')
  }
}

interface Pending {
  id: number
  job: DocumentJob
  resolve(bytes: Buffer): void
  reject(error: Error): void
  /** Taken out of the queue when its client goes. */
  detach(): void
}

interface Slot {
  worker: Worker
  current: Pending | null
  timer?: NodeJS.Timeout
}

/**
 * A requester's place in the pool: one document (a PDF, a bundle, an export of many pages) from
 * admission until it is released. A PDF holds it for one job; an export for all its pages.
 */
export interface DocumentTicket {
  render(job: DocumentJob): Promise<Buffer>
  release(): void
}

/** server/document-worker.mjs, found from this module in the source tree and in the Remix build. */
function workerFile() {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const candidate = path.join(dir, 'server', 'document-worker.mjs')
    if (fs.existsSync(candidate)) return candidate
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('server/document-worker.mjs not found')
    dir = parent
  }
}

class DocumentPool {
  private slots: Slot[] = []
  private queue: Pending[] = []
  private nextId = 1
  /** Open tickets per requester. */
  private held = new Map<string, number>()
  private open = 0

  /**
   * A ticket for `owner`, or a refusal: the requester's own limit first (429), then the shared
   * queue (503). `signal` is the request's: when its client goes, a job still queued is dropped.
   */
  admit(owner: string, signal?: AbortSignal): DocumentTicket {
    if ((this.held.get(owner) ?? 0) >= OWNER_LIMIT) throw new OwnerDocumentsBusyError()
    if (this.queue.length >= QUEUE_LIMIT || this.open >= OPEN_LIMIT) throw new DocumentsBusyError()
    this.held.set(owner, (this.held.get(owner) ?? 0) + 1)
    this.open++
    let open = true
    return {
      // The ticket's later jobs (an export's next pages) are not refused by the queue's length:
      // each open ticket has at most one job waiting, and the tickets themselves are bounded
      // (OWNER_LIMIT each, OPEN_LIMIT in all).
      render: (job) =>
        open ? this.enqueue(job, signal) : Promise.reject(new Error('ticket released')),
      release: () => {
        if (!open) return
        open = false
        this.open--
        const count = (this.held.get(owner) ?? 1) - 1
        if (count > 0) this.held.set(owner, count)
        else this.held.delete(owner)
      },
    }
  }

  /** Its workers stopped and its waiting jobs refused: the pool is not used again. */
  close() {
    for (const pending of this.queue.splice(0)) pending.reject(new Error('Document pool closed'))
    for (const slot of this.slots.splice(0)) {
      clearTimeout(slot.timer)
      slot.worker.removeAllListeners()
      void slot.worker.terminate()
      slot.current?.reject(new Error('Document pool closed'))
    }
  }

  /** Jobs waiting for a worker (for tests and the decision's figures). */
  get waiting() {
    return this.queue.length
  }

  private enqueue(job: DocumentJob, signal?: AbortSignal) {
    if (signal?.aborted) return Promise.reject(new DocumentAbortedError())
    return new Promise<Buffer>((resolve, reject) => {
      const onAbort = () => {
        const index = this.queue.indexOf(pending)
        // Already with a worker: it finishes (replacing a worker costs more than the job).
        if (index === -1) return
        this.queue.splice(index, 1)
        reject(new DocumentAbortedError())
      }
      const pending: Pending = {
        id: this.nextId++,
        job,
        resolve,
        reject,
        detach: () => signal?.removeEventListener('abort', onAbort),
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      this.queue.push(pending)
      this.pump()
    })
  }

  /** Starts the workers now, so they are warm before the first document is asked for. */
  warm() {
    while (this.slots.length < POOL_SIZE) this.slots.push(this.start())
  }

  private pump() {
    while (this.slots.length < POOL_SIZE && this.queue.length > 0) this.slots.push(this.start())
    for (const slot of this.slots) {
      if (slot.current) continue
      const next = this.queue.shift()
      if (!next) return
      next.detach()
      slot.current = next
      slot.timer = setTimeout(
        () => this.fail(slot, new Error('Document took too long')),
        JOB_TIMEOUT_MS,
      )
      slot.worker.postMessage({ id: next.id, job: next.job })
    }
  }

  private start(): Slot {
    const worker = new Worker(workerFile())
    // An idle pool never keeps the process alive.
    worker.unref()
    const slot: Slot = { worker, current: null }
    worker.on('message', (message: { id?: number; bytes?: Uint8Array; error?: string }) => {
      const current = slot.current
      if (!current || message.id !== current.id) return
      clearTimeout(slot.timer)
      slot.current = null
      if (message.bytes)
        current.resolve(
          Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength),
        )
      else current.reject(new Error(message.error ?? 'Document worker failed'))
      this.pump()
    })
    worker.on('error', (error) => this.fail(slot, error))
    worker.on('exit', () => this.fail(slot, new Error('Document worker stopped')))
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

// One pool per process, kept on globalThis so a module rebuilt in development reuses its workers
// instead of starting more. Test files sharing a process close it between files (decision 090).
const holder = globalThis as typeof globalThis & { __prooftrackDocumentPool?: DocumentPool }
function thePool() {
  holder.__prooftrackDocumentPool ??= new DocumentPool()
  return holder.__prooftrackDocumentPool
}

/** Admits `owner` for one document of several jobs; throws the busy errors. Release it when done. */
export function admitDocument(owner: string, signal?: AbortSignal) {
  return thePool().admit(owner, signal)
}

/** One job as one document: made in a worker thread; rejects with the busy or aborted errors. */
export async function renderOffThread(
  job: DocumentJob,
  { owner, signal }: { owner: string; signal?: AbortSignal },
) {
  const ticket = thePool().admit(owner, signal)
  try {
    return await ticket.render(job)
  } finally {
    ticket.release()
  }
}

type Env = Pick<ReturnType<typeof env>, 'APP_ENV' | 'TEST_DOCUMENT_WORKERS_ON_DEMAND'>

/**
 * Whether a server starts its document workers with itself (issue 37: the first PDF after a
 * start took 2.85 s) or with its first document. Every deployment warms them. The browser
 * suite alone starts them on demand: it starts some sixty servers, most of which never make a
 * document, and a worker's start (loading the renderers, decompressing the fonts) costs ~4 s
 * of a shared core each (issue 36). Like the cheap password hashes, that takes two settings no
 * deployment has: APP_ENV=test and TEST_DOCUMENT_WORKERS_ON_DEMAND=1.
 */
export function warmsDocumentWorkersAtStart(config: Env) {
  return !(config.APP_ENV === 'test' && config.TEST_DOCUMENT_WORKERS_ON_DEMAND === '1')
}

/**
 * Starts the document workers ahead of the first request (issue 37): each loads the renderers
 * and warms its fonts off the request path. For the server's start; idle workers keep no
 * process alive.
 */
export function warmDocumentWorkers() {
  if (warmsDocumentWorkersAtStart(env())) thePool().warm()
}

/**
 * For test files sharing a process (decision 090): the file before's pool goes with its workers,
 * so the next file's pool is made by its own evaluation of this module (its error classes are the
 * ones the file imports) and no ticket a file left open counts against the next.
 */
export function closeDocumentPoolForTests() {
  holder.__prooftrackDocumentPool?.close()
  holder.__prooftrackDocumentPool = undefined
}

/** Jobs waiting for a worker now. */
export function waitingJobs() {
  return holder.__prooftrackDocumentPool?.waiting ?? 0
}

/** Whose documents a request counts against: the account, or the client's address for a visitor. */
export function documentOwner(userId: string | null | undefined, clientAddress: string | null) {
  return userId ? `user:${userId}` : `address:${clientAddress ?? 'unknown'}`
}

/**
 * A document's bytes as a response body, made only as fast as they are read: the ticket is
 * released when the stream ends, fails or is cancelled (the catalogue export, the data download).
 */
export function ticketStream(
  chunks: AsyncGenerator<Uint8Array>,
  ticket: DocumentTicket,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next()
        if (next.done) {
          ticket.release()
          controller.close()
        } else controller.enqueue(next.value)
      } catch (error) {
        ticket.release()
        controller.error(error)
      }
    },
    async cancel() {
      ticket.release()
      await chunks.return(undefined)
    },
  })
}

const RETRY_AFTER_SECONDS = 5

/**
 * For a route's `.catch`: a full queue is 503, the requester's own limit 429, both with
 * Retry-After and a plain sentence; a request whose client went is 499 (nobody reads it).
 * Anything else is thrown on.
 */
export function busyAnswer(error: unknown): Response {
  const status =
    error instanceof DocumentsBusyError
      ? 503
      : error instanceof OwnerDocumentsBusyError
        ? 429
        : error instanceof DocumentAbortedError
          ? 499
          : 0
  if (status === 0) throw error
  const headers = applySecurityHeaders(new Headers({ 'Retry-After': String(RETRY_AFTER_SECONDS) }))
  headers.set('Content-Type', 'text/plain; charset=utf-8')
  headers.set('Cache-Control', 'no-store')
  return new Response((error as Error).message, { status, headers })
}
