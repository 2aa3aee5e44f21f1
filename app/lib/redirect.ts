const BASE = 'http://same.origin'
// A path somebody could mean to come back to; anything longer is not one of ours.
const MAX_LENGTH = 2000

/**
 * Only same-origin paths are ever redirected to: '/x' yes; '//evil', '/\\evil',
 * 'https://evil' or anything with control characters fall back to the default. The check is
 * made on the path as the browser will read it, after the URL parser has resolved dot segments
 * ('/.//evil' is '//evil') and with percent-escapes decoded ('/%2F/evil', '/%5Cevil'), so no
 * spelling of a second leading slash or a backslash gets through.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
  if (typeof to !== 'string' || to.length > MAX_LENGTH || !to.startsWith('/')) return fallback
  // Backslashes are slashes to a browser; tabs and line breaks are silently dropped by it.
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(to)) return fallback
  let url: URL
  try {
    url = new URL(to, BASE)
  } catch {
    return fallback
  }
  if (url.origin !== BASE) return fallback
  const path = url.pathname
  if (!isLocalPath(path) || !isLocalPath(decoded(path))) return fallback
  return `${path}${url.search}${url.hash}`
}

function isLocalPath(path: string | null) {
  return (
    path !== null &&
    path.startsWith('/') &&
    !/^\/[/\\]/.test(path) &&
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    !/[\\\u0000-\u001f\u007f]/.test(path)
  )
}

/** The path with every escape decoded, repeatedly, as a lenient proxy or router might. */
function decoded(path: string) {
  let current = path
  for (let round = 0; round < 3; round++) {
    let next: string
    try {
      next = decodeURIComponent(current)
    } catch {
      return null
    }
    if (next === current) return current
    current = next
  }
  // Still changing after three rounds: nobody writes a path like that.
  return null
}
