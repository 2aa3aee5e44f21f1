import type { ActionFunctionArgs } from '@remix-run/node'
import { applySecurityHeaders } from './security-headers.server'

/** JSON answer for API routes, which bypass entry.server and so set their own security headers. */
export function jsonResponse(data: unknown, init: ResponseInit = {}) {
  const headers = applySecurityHeaders(new Headers(init.headers))
  headers.set('Content-Type', 'application/json; charset=utf-8')
  headers.set('Cache-Control', 'no-store')
  return new Response(JSON.stringify(data), { ...init, headers })
}

/**
 * A signed-in owner's JSON answer, already serialised, with its ETag (decision 089): a client that
 * kept it asks again with If-None-Match and is answered 304 while nothing it shows changed. Still
 * `no-store`, as every signed-in answer (noStoreWhenSignedIn): the browser's own cache must not
 * keep one person's songs on a shared computer. The ETag names the user, so one account's copy
 * is never confirmed for another.
 */
export function ownerJsonResponse(
  request: Request,
  body: string | Uint8Array<ArrayBuffer>,
  etag: string,
) {
  const headers = applySecurityHeaders(new Headers())
  headers.set('Cache-Control', 'no-store')
  headers.set('ETag', etag)
  if (etagMatches(request.headers.get('If-None-Match'), etag))
    return new Response(null, { status: 304, headers })
  headers.set('Content-Type', 'application/json; charset=utf-8')
  return new Response(body, { headers })
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly, and may list several tags or `*`. */
export function etagMatches(ifNoneMatch: string | null, etag: string) {
  if (!ifNoneMatch) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}

export function jsonError(status: number, message: string, extra: Record<string, unknown> = {}) {
  return jsonResponse({ message, ...extra }, { status })
}

/** A service's refusal as a JSON answer; a rate-limited one says when to try again. */
export function jsonFailure(failure: {
  status: number
  message: string
  retryAfterSeconds?: number
}) {
  const headers: Record<string, string> = failure.retryAfterSeconds
    ? { 'Retry-After': String(Math.max(1, failure.retryAfterSeconds)) }
    : {}
  return jsonResponse({ message: failure.message }, { status: failure.status, headers })
}

/** A short plain-text answer (a refusal of a download link), never cached. */
export function plainTextResponse(
  status: number,
  message: string,
  extraHeaders: Record<string, string> = {},
) {
  const headers = applySecurityHeaders(new Headers(extraHeaders))
  headers.set('Content-Type', 'text/plain; charset=utf-8')
  headers.set('Cache-Control', 'no-store')
  return new Response(message, { status, headers })
}

/**
 * A document made for one person (a PDF shown `inline`, a bundle or ZIP saved as an `attachment`):
 * it holds private texts, salts or personal data, so no browser or proxy cache keeps it.
 */
export function documentResponse(
  body: Uint8Array,
  document: { contentType: string; fileName: string; disposition: 'inline' | 'attachment' },
) {
  const headers = applySecurityHeaders(new Headers())
  headers.set('Content-Type', document.contentType)
  headers.set('Content-Disposition', `${document.disposition}; filename="${document.fileName}"`)
  headers.set('Cache-Control', 'private, no-store')
  headers.set('Content-Length', String(body.byteLength))
  return new Response(new Uint8Array(body), { status: 200, headers })
}

/** The one answer to a method a JSON route does not take. */
export function methodNotAllowed() {
  return jsonError(405, 'Method not allowed')
}

/** Throws the 405 answer unless the request uses `method`. */
export function requireMethod(request: Request, method: 'POST' | 'PUT') {
  if (request.method !== method) throw methodNotAllowed()
}

const KB = 1024

/** docs/decisions/013: JSON bodies are a few kilobytes; a song with maximal lyrics fits in 256 KB. */
export const JSON_BODY_LIMIT = 64 * KB
export const SONG_JSON_BODY_LIMIT = 256 * KB
// After a refusal the client may still be sending: this much more is read and dropped so it
// gets our answer rather than a reset connection; past it the connection is cut.
const JSON_DRAIN_LIMIT = 1024 * KB

export function tooLargeMessage(maxBytes: number) {
  return `The request body is larger than ${Math.round(maxBytes / KB)} KB.`
}

/**
 * Reads a whole body, counting bytes as they arrive and stopping past `maxBytes` whatever
 * Content-Length says: a chunked body has none, and a lying one is not believed either.
 */
export async function readBodyBytes(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; bytes: Uint8Array } | { ok: false }> {
  if (!request.body) return { ok: true, bytes: new Uint8Array(0) }
  const reader = request.body.getReader()
  if (Number(request.headers.get('Content-Length') ?? 0) > maxBytes) {
    await discardRest(reader, JSON_DRAIN_LIMIT)
    return { ok: false }
  }
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await discardRest(reader, JSON_DRAIN_LIMIT, size)
      return { ok: false }
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { ok: true, bytes }
}

/**
 * Reads and drops the rest of a refused body, so the client hears our answer rather than a reset
 * connection; once `limit` bytes in all have gone by, the stream is cancelled instead.
 */
export async function discardRest(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limit: number,
  seen = 0,
) {
  try {
    while (seen <= limit) {
      const { done, value } = await reader.read()
      if (done) return
      seen += value.byteLength
    }
    await reader.cancel()
  } catch {
    // The client went away: nothing left to drop.
  }
}

/** Exactly `application/json`, optionally `; charset=utf-8`: no other type smuggles one in a parameter. */
export function isJsonContentType(value: string | null) {
  if (value === null) return false
  const [type, ...parameters] = value.split(';').map((part) => part.trim().toLowerCase())
  if (type !== 'application/json') return false
  return (
    parameters.every((parameter) => /^charset=(?:utf-8|"utf-8")$/.test(parameter)) &&
    parameters.length <= 1
  )
}

export type JsonBody = { ok: true; data: unknown } | { ok: false; response: Response }

/**
 * Reads a JSON body within `maxBytes` (413 beyond it); anything but an exact JSON content type
 * is a 415, malformed JSON a 400. `allowEmpty` lets an empty body through as `undefined`, for
 * the calls the spec sends without one.
 */
export async function readJson(
  request: Request,
  options: { maxBytes?: number; allowEmpty?: boolean } = {},
): Promise<JsonBody> {
  const maxBytes = options.maxBytes ?? JSON_BODY_LIMIT
  const typed = isJsonContentType(request.headers.get('Content-Type'))
  // Refused before a byte is read, unless it may be the empty body some calls send.
  if (!typed && !options.allowEmpty)
    return { ok: false, response: jsonError(415, 'Content-Type must be application/json') }
  const body = await readBodyBytes(request, maxBytes)
  if (!body.ok) return { ok: false, response: jsonError(413, tooLargeMessage(maxBytes)) }
  if (body.bytes.byteLength === 0 && options.allowEmpty) return { ok: true, data: undefined }
  if (!typed)
    return { ok: false, response: jsonError(415, 'Content-Type must be application/json') }
  try {
    return { ok: true, data: JSON.parse(new TextDecoder().decode(body.bytes)) }
  } catch {
    return { ok: false, response: jsonError(400, 'Expected a JSON body') }
  }
}

type SafeParser<T> = {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: { message: string; path: PropertyKey[] }[] } }
}

/** Parses a JSON body with a zod schema; a bad body becomes a 400 (or 413, 415) `{ message }` answer. */
export async function parseJsonBody<T>(
  request: Request,
  schema: SafeParser<T>,
  options: { maxBytes?: number } = {},
) {
  const body = await readJson(request, options)
  if (!body.ok) return body
  const parsed = schema.safeParse(body.data)
  if (!parsed.success) {
    const errors: Record<string, string> = {}
    const fieldErrors: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.')
      errors[key] ??= issue.message
      ;(fieldErrors[key] ??= []).push(issue.message)
    }
    return {
      ok: false as const,
      response: jsonError(400, parsed.error.issues[0]?.message ?? 'Invalid request', {
        errors,
        fieldErrors,
      }),
    }
  }
  return { ok: true as const, data: parsed.data }
}

interface JsonActionOptions<T> {
  schema: SafeParser<T>
  method?: 'POST' | 'PUT'
  maxBytes?: number
}

type JsonActionHandler<T, A> = (
  input: ActionFunctionArgs & { data: T; auth: A },
) => Promise<Response> | Response

type Authorize<A> = (request: Request, params: ActionFunctionArgs['params']) => Promise<A>

/**
 * The action of a JSON API route: only `method` (POST unless said) is taken, with a 405 otherwise;
 * `authorize`, when given, runs before a byte of the body is read, so a caller who may not call
 * the route hears 401/403/404 whatever they sent; then the body is parsed with `schema` within
 * `maxBytes` (400, 413, 415 `{ message }`), and `handle` answers with the parsed data and whatever
 * `authorize` returned.
 */
export function jsonAction<T, A>(
  options: JsonActionOptions<T> & { authorize: Authorize<A> },
  handle: JsonActionHandler<T, A>,
): (args: ActionFunctionArgs) => Promise<Response>
export function jsonAction<T>(
  options: JsonActionOptions<T>,
  handle: JsonActionHandler<T, null>,
): (args: ActionFunctionArgs) => Promise<Response>
export function jsonAction<T, A>(
  options: JsonActionOptions<T> & { authorize?: Authorize<A> },
  handle: JsonActionHandler<T, A | null>,
) {
  return async (args: ActionFunctionArgs) => {
    requireMethod(args.request, options.method ?? 'POST')
    const auth = options.authorize ? await options.authorize(args.request, args.params) : null
    const parsed = await parseJsonBody(args.request, options.schema, {
      maxBytes: options.maxBytes,
    })
    if (!parsed.ok) return parsed.response
    return handle({ ...args, data: parsed.data, auth })
  }
}

// No value the app reads from a query string is anywhere near this long.
const MAX_QUERY_VALUE = 2048

type QuerySchema<T> = SafeParser<T> & { shape: Record<string, unknown> }

/**
 * The query string values a schema names (the first of each, empty ones as missing), parsed by
 * it; other parameters are never looked at. A failure carries the schema's first message.
 */
export function parseQuery<T>(
  request: Request,
  schema: QuerySchema<T>,
): { ok: true; data: T } | { ok: false; message: string } {
  const params = new URL(request.url).searchParams
  const picked: Record<string, string> = {}
  for (const name of Object.keys(schema.shape)) {
    const value = params.get(name)
    if (value === null || value === '') continue
    if (value.length > MAX_QUERY_VALUE) return { ok: false, message: `${name} is too long` }
    picked[name] = value
  }
  const parsed = schema.safeParse(picked)
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? 'Invalid query string' }
}
