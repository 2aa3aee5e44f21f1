/**
 * The client's address, as the server entry (server/index.mjs) established it from the socket
 * and the configured number of trusted proxy hops (TRUST_PROXY_HOPS). The entry overwrites
 * whatever a client sent under this header; X-Forwarded-For itself is never read here.
 */
export function clientIp(request: Request) {
  const address = request.headers.get('X-ProofTrack-Client-Address')?.trim()
  return address ? address.slice(0, 45) : null
}

/** A document request as plain values, for the page-view count (services never read a Request). */
export function pageViewOf(request: Request) {
  return {
    method: request.method,
    path: new URL(request.url).pathname,
    userAgent: request.headers.get('User-Agent'),
    referrer: request.headers.get('Referer'),
    ipAddress: clientIp(request),
  }
}
export type PageView = ReturnType<typeof pageViewOf>

/** A document request as the anonymous-page cache reads it (app/services/platform/anonymous-pages.server.ts). */
export function anonymousRequestOf(request: Request) {
  const url = new URL(request.url)
  return {
    method: request.method,
    url: url.pathname + url.search,
    origin: url.origin,
    cookie: request.headers.get('Cookie'),
    acceptLanguage: request.headers.get('Accept-Language'),
    userAgent: request.headers.get('User-Agent'),
    referrer: request.headers.get('Referer'),
    ipAddress: clientIp(request),
  }
}
