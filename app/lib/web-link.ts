// Issue 50 item 6 (decision 108): the web addresses people give us, which other people open from
// the public certificate. No zod here: the certificate view reads it as the schemas do.

export const WEB_LINK_MESSAGE = 'Please enter a valid link starting with http:// or https://'
export const USERINFO_MESSAGE =
  'Remove everything between // and @ from this link (a shared link needs no name or password)'

/** http or https, a host with a dot, and what the URL parser can read. */
export function isWebLink(value: string) {
  return /^https?:\/\/[^\s]+\.[^\s]+/i.test(value) && URL.canParse(value) && plainHost(value)
}

/**
 * Whether the host is written in letters, digits, hyphens and dots only (any script's letters:
 * an IDN is fine). `https://www.dropbox.com⁄s⁄abc.evil.co/` shows a dropbox.com path with look-
 * alike slashes (U+2044, U+2215) and opens a host under evil.co (the fourth review).
 */
export function plainHost(value: string) {
  const authority = /^[a-z][a-z\d+.-]*:[/\\]*([^/\\?#]*)/i.exec(value.trim())?.[1] ?? ''
  const host = authority.slice(authority.lastIndexOf('@') + 1)
  return /^(\[[0-9a-f:.]+\]|[\p{L}\p{M}\p{N}.-]+)(:\d{1,5})?$/iu.test(host)
}

/**
 * Whether the link carries userinfo: `https://www.dropbox.com@evil.example/` shows a trusted
 * name and opens evil.example. The parser's own reading (user name or password) catches every
 * spelling it accepts; an @ in the raw authority catches the empty ones (`https://@evil.example`),
 * which the parser drops and a reader still sees. Browsers skip any run of / and \ after the
 * scheme and end the authority at the next /, \, ? or #.
 */
export function hasUserinfo(value: string) {
  const authority = /^[a-z][a-z\d+.-]*:[/\\]*([^/\\?#]*)/i.exec(value.trim())?.[1] ?? ''
  if (authority.includes('@')) return true
  if (!URL.canParse(value.trim())) return false
  const url = new URL(value.trim())
  return url.username !== '' || url.password !== ''
}

/**
 * Only http(s) links become links: a stored `javascript:` URL must never be clickable, nor one
 * kept from before decision 108 that names one site before an @ and opens another. Here, not in
 * the certificate's module, so a page that only links a song's file (the dashboard) loads none
 * of the certificate's words.
 */
export function isWebUrl(value: string | null | undefined): value is string {
  return (
    typeof value === 'string' &&
    value.trim() !== '' &&
    /^https?:\/\/\S+$/i.test(value.trim()) &&
    !hasUserinfo(value) &&
    plainHost(value)
  )
}
