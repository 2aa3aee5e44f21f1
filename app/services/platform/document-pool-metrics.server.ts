import { Counter, Gauge, register } from 'prom-client'

// The document pool in /metrics (decision 110). server/metrics.mjs answers with prom-client's
// default registry, this process's figures, which a cluster's primary sums over its workers:
// the pool is per process, so its counts add up the same way. Starvation shows here, where an
// operator can alert on it, and not in /readyz (the decision says why).

/** Why the pool refused a request. */
export type RefusalReason =
  'queue-full' | 'requester-documents' | 'streams-full' | 'account-streams' | 'address-streams'

/** The pool's state at one moment. */
export interface PoolFigures {
  /** Documents waiting for a worker (bounded by QUEUE_LIMIT). */
  waitingDocuments: number
  /** Streams' pieces waiting for a worker (at most one per open stream). */
  waitingPieces: number
  /** Jobs a worker is making now. */
  making: number
  /** Documents admitted and not yet released (bounded by OPEN_LIMIT). */
  openDocuments: number
  /** Streamed answers open (bounded by STREAM_LIMIT). */
  openStreams: number
}

let readFigures: () => PoolFigures | undefined = () => undefined

/** Where each scrape reads the pool's figures from. */
export function reportPoolFigures(read: () => PoolFigures | undefined) {
  readFigures = read
}

// Registered once per process: the app's modules may be evaluated again (a development rebuild,
// test files sharing a process), prom-client's registry is not. The first evaluation's gauges
// stay, and read the pool as it is then: its reader finds the pool on globalThis.
function figure(field: keyof PoolFigures) {
  return () => readFigures()?.[field] ?? 0
}

function gauge(name: string, help: string, read: () => number) {
  if (register.getSingleMetric(name)) return
  new Gauge({
    name,
    help,
    collect() {
      this.set(read())
    },
  })
}

gauge(
  'prooftrack_document_jobs_making',
  'Documents and stream pieces a document worker is making now (at most the pool size).',
  figure('making'),
)
gauge(
  'prooftrack_document_jobs_waiting',
  'Documents waiting for a document worker (at most 8; past it, 503).',
  figure('waitingDocuments'),
)
gauge(
  'prooftrack_document_stream_pieces_waiting',
  'Pieces of streamed answers waiting for a document worker (one per open stream at most).',
  figure('waitingPieces'),
)
gauge(
  'prooftrack_document_streams_open',
  'Streamed answers open (catalogue exports, data downloads), read or not.',
  figure('openStreams'),
)

const refusals =
  register.getSingleMetric('prooftrack_documents_refused_total') ??
  new Counter({
    name: 'prooftrack_documents_refused_total',
    help: 'Document and stream requests the pool refused, by reason (queue-full and streams-full are 503s for everyone; the others 429s for one account or address).',
    labelNames: ['reason'],
  })

export function countRefusal(reason: RefusalReason) {
  if (refusals instanceof Counter) refusals.inc({ reason })
}
