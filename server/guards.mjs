// Checks the server makes on every request before Remix sees it: which client this is, whether
// a write comes from our own pages, and how large a body may be. Pure functions of the request's
// method, path and headers, so tests/unit/server-guards.test.ts covers them without a server.
import { isIPv4, isIPv6 } from 'node:net'
import { Transform } from 'node:stream'

/** The address header the server entry sets on every request; clientIp() reads it. */
export const CLIENT_ADDRESS_HEADER = 'x-prooftrack-client-address'

export const KIB = 1024
export const MIB = 1024 * KIB

/**
 * The most a request body may carry, counted while reading whatever Content-Length says.
 * Routes read with smaller limits of their own (app/lib/form.server.ts, readJson); this is the
 * ceiling for everything, so an action that forgot its limit still cannot be fed 200 MB.
 */
export function bodyLimit(path) {
  // The admin's landing video streams to its own 50 MB limit; multipart framing adds a little.
  if (path === '/api/admin/upload-video' || path === '/admin/video') return 50 * MIB + 64 * KIB
  // A recording posted without JavaScript is hashed as it streams and dropped (decision 026):
  // 500 MB (MAX_RECORDING_BYTES), the song form's 512 KB of text, and the framing.
  if (takesRecording(path)) return 500 * MIB + 1 * MIB
  return 1 * MIB
}

/** The pages whose forms carry a recording without JavaScript: the song form and a certificate's check. */
function takesRecording(path) {
  return path === '/submit' || /^\/verify\/PT-[0-9A-Za-z]{4}-[0-9A-Za-z]{4}$/.test(path)
}

/**
 * Only the video upload, the recording forms and the invitation refusal take multipart; every
 * other form and JSON route is refused one. RFC 8058's one-click POST (List-Unsubscribe-Post) is
 * multipart/form-data in the RFC's own example; the refusal reads no field of it (decision 047).
 */
export function multipartAllowed(path) {
  return (
    path === '/api/admin/upload-video' ||
    path === '/admin/video' ||
    path === '/refuse-invitations' ||
    takesRecording(path)
  )
}

/**
 * Why a request's path cannot be one of our addresses, or null: a percent-escape that does not
 * decode (`/%ff`, `/faq%`), or a path a URL parser reads as another host (`//x`, `/\\x`). Such a
 * request is a 400 before any route runs (decision 046).
 */
export function unreadablePath(originalUrl) {
  const path = originalUrl.split('?', 1)[0]
  if (path.startsWith('//') || path.includes('\\')) return 'not a path'
  try {
    decodeURIComponent(path)
  } catch {
    return 'a percent-escape that does not decode'
  }
  return null
}

/**
 * A path as the router matches it: dot segments resolved and backslashes read as slashes (as the
 * URL parser does), percent-escapes decoded, repeated slashes folded. `/%69nvitations/x` and
 * `/a/../invitations/x` are the invitation page; a secret in the path is found whatever the spelling.
 */
export function routedPath(path) {
  let routed = path
  try {
    routed = new URL(`http://localhost${path}`).pathname
  } catch {
    // Not a URL at all: judged as it came.
  }
  try {
    routed = decodeURIComponent(routed)
  } catch {
    // An escape that does not decode: the rest is still judged.
  }
  return routed.replace(/\/{2,}/g, '/')
}

/**
 * The path an access line shows: an invitation link carries its token in its path (decision 041),
 * so that page is only named, however its path was spelled (case, escapes, dot segments); any
 * other path is shown as it came (still escaped: a decoded newline could forge a log line).
 */
export function loggedPath(path) {
  if (/^\/invitations(\/|$)/i.test(routedPath(path))) return '/invitations/[token]'
  return path.slice(0, 300)
}

// Stripe signs its webhook posts; they come from Stripe's servers, never from a browser page.
const CROSS_SITE_EXEMPT = new Set(['/api/stripe/webhook'])

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses a write that a browser sent from another site (login CSRF and the like). Browsers
 * say where a request comes from in Sec-Fetch-Site (every current one) or at least in Origin
 * (on every cross-site POST); a request with neither is not from a browser page and cannot
 * ride on a victim's cookies. Returns the reason to refuse, or null.
 */
export function crossSiteRefusal({ method, path, headers, appOrigin }) {
  if (SAFE_METHODS.has(method.toUpperCase()) || CROSS_SITE_EXEMPT.has(path)) return null
  const site = headerValue(headers, 'sec-fetch-site')
  if (site && site !== 'same-origin' && site !== 'none')
    return `Sec-Fetch-Site: ${site.slice(0, 40)}`
  // The browser's own word that the page is ours stands (it may be reached under another host
  // name in development); otherwise an Origin, when there is one, must be ours.
  const origin = headerValue(headers, 'origin')
  if (site !== 'same-origin' && origin !== undefined && origin !== appOrigin)
    return `Origin: ${origin.slice(0, 100)}`
  return null
}

/**
 * The address a per-client limit counts against. An IPv4 client reached over an IPv6 socket is
 * that IPv4 address; an IPv6 client is its /64, the block one subscriber is given, since it can
 * pick any of the 2^64 addresses inside it at will.
 */
export function normaliseAddress(address) {
  if (!address) return 'unknown'
  if (address.startsWith('::ffff:') && isIPv4(address.slice(7))) return address.slice(7)
  if (!isIPv6(address)) return address.slice(0, 45)
  const [head, tail = ''] = address.split('%')[0].toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = address.includes('::') && tail ? tail.split(':') : []
  const groups = [
    ...left,
    ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'),
    ...right,
  ]
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

export class BodyTooLargeError extends Error {
  constructor(limit) {
    super(`The request body is larger than ${formatBytes(limit)}.`)
    this.status = 413
  }
}

/** Passes bytes through until more than `limit` have gone by, then fails the stream. */
export function countingStream(limit) {
  let seen = 0
  return new Transform({
    transform(chunk, _encoding, callback) {
      seen += chunk.length
      if (seen > limit) callback(new BodyTooLargeError(limit))
      else callback(null, chunk)
    },
  })
}

export function formatBytes(bytes) {
  if (bytes >= MIB) return `${Math.round(bytes / MIB)} MB`
  return bytes >= KIB ? `${Math.round(bytes / KIB)} KB` : `${bytes} bytes`
}

/** Whether an answer to this request should be JSON (API routes, Remix data requests). */
export function wantsJson(path, query, headers) {
  if (path.startsWith('/api/') || (query && Object.hasOwn(query, '_data'))) return true
  const accept = headerValue(headers, 'accept') ?? ''
  return accept.includes('application/json') && !accept.includes('text/html')
}

function headerValue(headers, name) {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}
