/**
 * Whether a browser sent this request from one of our own pages or from its address bar. GET
 * navigations carry no Origin, so after Sec-Fetch-Site (every current browser) the Referer
 * decides; a request with no such header at all is not a page on another site riding on the
 * visitor's cookies (a script, or a browser old enough to send none), and passes.
 * Only for the GETs that change state (sign-out): every write is checked once, before any
 * route, by the server entry (crossSiteRefusal in server/guards.mjs), which needs no Referer
 * because browsers send Origin on every cross-site write.
 */
export function isOwnPageRequest(headers: Headers, ownOrigins: string[]) {
  const site = headers.get('Sec-Fetch-Site')
  if (site) return site === 'same-origin' || site === 'none'
  const source = headers.get('Origin') ?? headers.get('Referer')
  if (!source) return true
  try {
    return ownOrigins.includes(new URL(source).origin)
  } catch {
    return false
  }
}
