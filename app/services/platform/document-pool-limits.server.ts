import { applySecurityHeaders } from '~/lib/security-headers.server'
import type { RefusalReason } from './document-pool-metrics.server'

// What the document pool allows each requester and everyone together, and what it says when it
// refuses (decisions 053, 087 and 110). The pool (document-pool.server.ts) enforces them.

/** Documents waiting for a worker; past it, everyone is told to come back (503). */
export const QUEUE_LIMIT = 8
/** Documents one requester (an account, or an address for a visitor) may have in the making. */
export const OWNER_LIMIT = 2
/**
 * Documents admitted and not yet made, from everyone together (decision 087). Since decision 110
 * a streamed answer holds none of these while its client reads, so only a caller of
 * `admitDocument` that keeps its ticket between jobs can come near it.
 */
export const OPEN_LIMIT = 16
/** Streamed answers one account may have open (decision 110), apart from its documents. */
export const STREAMS_PER_ACCOUNT = 2
/**
 * Streamed answers open from one client address (an IPv6 client's /64), whatever accounts sit
 * behind it: many free accounts cannot stand in for many people (issue 50.2).
 */
export const STREAMS_PER_ADDRESS = 4
/**
 * Streamed answers open in all. What one holds while its client reads is a socket and at most one
 * piece (a page of at most 250 KB of song text, decision 053, or a ZIP piece): tens of megabytes
 * for all of them at worst. Reaching it refuses only more streams, never a document.
 */
export const STREAM_LIMIT = 32

export const DOCUMENTS_BUSY =
  'Too many documents are being made right now. Please try again in a few seconds.'
export const OWNER_DOCUMENTS_BUSY = `You already have ${OWNER_LIMIT} documents being made. Please wait for them to finish, then try again.`
export const STREAMS_BUSY =
  'Too many downloads are open right now. Please try again in a few seconds.'
export const ACCOUNT_STREAMS_BUSY = `You already have ${STREAMS_PER_ACCOUNT} downloads open. Please let one finish, then try again.`
export const ADDRESS_STREAMS_BUSY = `${STREAMS_PER_ADDRESS} downloads are already open from your network. Please let one finish, then try again.`

/** The pool said no: `status` is the answer's (503 for everyone's limits, 429 for one's own). */
export class DocumentRefusal extends Error {
  constructor(
    message: string,
    readonly status: 429 | 503,
    readonly reason: RefusalReason,
  ) {
    super(message)
  }
}

/** The shared queue is full: 503. */
export class DocumentsBusyError extends DocumentRefusal {
  constructor() {
    super(DOCUMENTS_BUSY, 503, 'queue-full')
  }
}

/** This requester already has OWNER_LIMIT documents in the making: 429. */
export class OwnerDocumentsBusyError extends DocumentRefusal {
  constructor() {
    super(OWNER_DOCUMENTS_BUSY, 429, 'requester-documents')
  }
}

/** STREAM_LIMIT streams are open: 503. */
export class StreamsBusyError extends DocumentRefusal {
  constructor() {
    super(STREAMS_BUSY, 503, 'streams-full')
  }
}

/** This account already has STREAMS_PER_ACCOUNT streams open: 429. */
export class AccountStreamsBusyError extends DocumentRefusal {
  constructor() {
    super(ACCOUNT_STREAMS_BUSY, 429, 'account-streams')
  }
}

/** This client address already has STREAMS_PER_ADDRESS streams open: 429. */
export class AddressStreamsBusyError extends DocumentRefusal {
  constructor() {
    super(ADDRESS_STREAMS_BUSY, 429, 'address-streams')
  }
}

/** The client went away while its job waited: the job was dropped. */
export class DocumentAbortedError extends Error {
  constructor() {
    super('The request was cancelled before its document was made.')
  }
}

const RETRY_AFTER_SECONDS = 5

/**
 * For a route's `.catch`: a refusal is its status (503 for everyone's limits, 429 for the
 * requester's own) with Retry-After and a plain sentence; a request whose client went is 499
 * (nobody reads it). Anything else is thrown on.
 */
export function busyAnswer(error: unknown): Response {
  const answered =
    error instanceof DocumentRefusal
      ? { status: error.status, message: error.message }
      : error instanceof DocumentAbortedError
        ? { status: 499, message: error.message }
        : null
  if (!answered) throw error
  const headers = applySecurityHeaders(new Headers({ 'Retry-After': String(RETRY_AFTER_SECONDS) }))
  headers.set('Content-Type', 'text/plain; charset=utf-8')
  headers.set('Cache-Control', 'no-store')
  return new Response(answered.message, { status: answered.status, headers })
}
