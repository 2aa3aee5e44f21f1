import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { env } from '~/env.server'
import {
  AccountStreamsBusyError,
  AddressStreamsBusyError,
  DocumentAbortedError,
  type DocumentRefusal,
  DocumentsBusyError,
  OPEN_LIMIT,
  OWNER_LIMIT,
  OwnerDocumentsBusyError,
  QUEUE_LIMIT,
  STREAM_LIMIT,
  StreamsBusyError,
  STREAMS_PER_ACCOUNT,
  STREAMS_PER_ADDRESS,
} from './document-pool-limits.server'
import {
  countRefusal,
  type PoolFigures,
  type RefusalReason,
  reportPoolFigures,
} from './document-pool-metrics.server'

// Every route and test names the pool's limits and refusals from here.
export * from './document-pool-limits.server'
export type { PoolFigures, RefusalReason }

// Documents are made off the event loop (issue 24.3, decisions 049 and 053): the PDFs, the
// owner's proof bundle and the catalogue export's pages. One small pool of worker threads, one
// fewer than the cores (one is left to the event loop, which answers everyone else), at least one
// and at most two, and a bounded queue. A request that finds the queue full is told to come back
// (503), rather than waiting behind work it cannot see the end of; one requester holds at most
// OWNER_LIMIT documents at once (429), so nobody fills the shared queue alone; a job whose client
// has gone is taken out of the queue.
//
// A streamed answer (the catalogue export, the data download) is not a document in the making
// while its client reads (decision 110): it counts as an open stream, per account, per client
// address and in all, and holds a worker only while one of its pieces is made. Its pieces wait in
// a lane of their own, which takes turns with the documents' queue, so streams, however many and
// however stalled, never fill what a PDF needs.

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
// A job that takes longer than this has gone wrong: its worker is replaced.
const JOB_TIMEOUT_MS = 60_000

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
 * A requester's place in the pool. From `admitDocument`: one document from admission until it
 * is released (a PDF holds it for one job). From `openDocumentStream`: an open stream, whose
 * every `render` holds a worker only until that piece is made (decision 110).
 */
export interface DocumentTicket {
  render(job: DocumentJob): Promise<Buffer>
  release(): void
}

/** Who opens a stream: counted against the account and against the client's address. */
export interface StreamRequester {
  userId: string
  clientAddress: string | null
}

const ticketReleased = () => new Error('ticket released')

function add(counts: Map<string, number>, key: string, by: 1 | -1) {
  const count = (counts.get(key) ?? 0) + by
  if (count > 0) counts.set(key, count)
  else counts.delete(key)
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
  /** Documents waiting: what QUEUE_LIMIT bounds. */
  private documents: Pending[] = []
  /** Streams' pieces waiting, apart: they never count against the documents' queue. */
  private pieces: Pending[] = []
  private piecesNext = false
  private nextId = 1
  /** Open tickets per requester. */
  private held = new Map<string, number>()
  private open = 0
  private streamsByAccount = new Map<string, number>()
  private streamsByAddress = new Map<string, number>()
  private streams = 0

  constructor(private onRefused: (reason: RefusalReason) => void) {}

  /**
   * A ticket for `owner`, or a refusal: the requester's own limit first (429), then the shared
   * queue (503). `signal` is the request's: when its client goes, a job still queued is dropped.
   */
  admit(owner: string, signal?: AbortSignal): DocumentTicket {
    if ((this.held.get(owner) ?? 0) >= OWNER_LIMIT) this.refuse(new OwnerDocumentsBusyError())
    if (this.documents.length >= QUEUE_LIMIT || this.open >= OPEN_LIMIT)
      this.refuse(new DocumentsBusyError())
    add(this.held, owner, 1)
    this.open++
    let open = true
    return {
      // A ticket's later jobs are not refused by the queue's length: each open ticket has at
      // most one job waiting, and the tickets themselves are bounded (OWNER_LIMIT, OPEN_LIMIT).
      render: (job) =>
        open ? this.enqueue(job, this.documents, signal) : Promise.reject(ticketReleased()),
      release: () => {
        if (!open) return
        open = false
        this.open--
        add(this.held, owner, -1)
      },
    }
  }

  /**
   * An open stream for `requester`, or a refusal: the account's own limit, then its address's
   * (429), then everyone's (503). It holds no document place: each piece it renders waits in the
   * pieces' lane and holds a worker only while it is made.
   */
  openStream({ userId, clientAddress }: StreamRequester, signal?: AbortSignal): DocumentTicket {
    const account = documentOwner(userId, null)
    const address = documentOwner(null, clientAddress)
    if ((this.streamsByAccount.get(account) ?? 0) >= STREAMS_PER_ACCOUNT)
      this.refuse(new AccountStreamsBusyError())
    if ((this.streamsByAddress.get(address) ?? 0) >= STREAMS_PER_ADDRESS)
      this.refuse(new AddressStreamsBusyError())
    if (this.streams >= STREAM_LIMIT) this.refuse(new StreamsBusyError())
    add(this.streamsByAccount, account, 1)
    add(this.streamsByAddress, address, 1)
    this.streams++
    let open = true
    return {
      render: (job) =>
        open ? this.enqueue(job, this.pieces, signal) : Promise.reject(ticketReleased()),
      release: () => {
        if (!open) return
        open = false
        this.streams--
        add(this.streamsByAccount, account, -1)
        add(this.streamsByAddress, address, -1)
      },
    }
  }

  get figures(): PoolFigures {
    return {
      waitingDocuments: this.documents.length,
      waitingPieces: this.pieces.length,
      making: this.slots.filter((slot) => slot.current).length,
      openDocuments: this.open,
      openStreams: this.streams,
    }
  }

  private refuse(refusal: DocumentRefusal): never {
    this.onRefused(refusal.reason)
    throw refusal
  }

  /** Its workers stopped and its waiting jobs refused: the pool is not used again. */
  close() {
    for (const pending of [...this.documents.splice(0), ...this.pieces.splice(0)])
      pending.reject(new Error('Document pool closed'))
    for (const slot of this.slots.splice(0)) {
      clearTimeout(slot.timer)
      slot.worker.removeAllListeners()
      void slot.worker.terminate()
      slot.current?.reject(new Error('Document pool closed'))
    }
  }

  private enqueue(job: DocumentJob, lane: Pending[], signal?: AbortSignal) {
    if (signal?.aborted) return Promise.reject(new DocumentAbortedError())
    return new Promise<Buffer>((resolve, reject) => {
      const onAbort = () => {
        const index = lane.indexOf(pending)
        // Already with a worker: it finishes (replacing a worker costs more than the job).
        if (index === -1) return
        lane.splice(index, 1)
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
      lane.push(pending)
      this.pump()
    })
  }

  /** Starts the workers now, so they are warm before the first document is asked for. */
  warm() {
    while (this.slots.length < POOL_SIZE) this.slots.push(this.start())
  }

  /**
   * The next job for a free worker. The two lanes take turns while both wait: a document never
   * waits behind more than one piece per worker, whatever the streams, and a stream still moves
   * while documents keep coming.
   */
  private next() {
    const piece = this.pieces.length > 0 && (this.piecesNext || this.documents.length === 0)
    const next = piece ? this.pieces.shift() : this.documents.shift()
    if (next) this.piecesNext = !piece
    return next
  }

  private pump() {
    while (this.slots.length < POOL_SIZE && this.documents.length + this.pieces.length > 0)
      this.slots.push(this.start())
    for (const slot of this.slots) {
      if (slot.current) continue
      const next = this.next()
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
  holder.__prooftrackDocumentPool ??= new DocumentPool(countRefusal)
  return holder.__prooftrackDocumentPool
}
// Read at each scrape from whichever pool the process has then.
reportPoolFigures(() => holder.__prooftrackDocumentPool?.figures)

/** Admits `owner` for one document of several jobs; throws the busy errors. Release it when done. */
export function admitDocument(owner: string, signal?: AbortSignal) {
  return thePool().admit(owner, signal)
}

/**
 * A streamed answer's place (the catalogue export, the data download), counted against the
 * account, the client's address and everyone's streams; throws the stream refusals. Its pieces
 * are made one at a time through `render`; release it when the stream ends (`ticketStream`).
 */
export function openDocumentStream(requester: StreamRequester, signal?: AbortSignal) {
  return thePool().openStream(requester, signal)
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

/** Jobs waiting for a worker now, in both lanes. */
export function waitingJobs() {
  const figures = documentPoolFigures()
  return figures.waitingDocuments + figures.waitingPieces
}

/** The pool's state now (all zero before its first use). */
export function documentPoolFigures(): PoolFigures {
  return (
    holder.__prooftrackDocumentPool?.figures ?? {
      waitingDocuments: 0,
      waitingPieces: 0,
      making: 0,
      openDocuments: 0,
      openStreams: 0,
    }
  )
}

/** Whose documents a request counts against: the account, or the client's address for a visitor. */
export function documentOwner(userId: string | null | undefined, clientAddress: string | null) {
  return userId ? `user:${userId}` : `address:${clientAddress ?? 'unknown'}`
}

/**
 * A document's bytes as a response body, made only as fast as they are read: the ticket (an open
 * stream's place) is released when the stream ends, fails or is cancelled (the catalogue export,
 * the data download). A client that stops reading is cut by the server after a while
 * (server/send-response.mjs, decision 110), which cancels the stream.
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
