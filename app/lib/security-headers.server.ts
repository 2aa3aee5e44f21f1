import { env } from '~/env.server'

/** Content-Security-Policy for HTML documents: scripts only from us or carrying this request's nonce. */
export function documentCsp(nonce: string) {
  const e = env()
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // React writes style attributes (progress bars, widths), which need 'unsafe-inline' styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https://lh3.googleusercontent.com",
    "media-src 'self'",
    "font-src 'self'",
    e.APP_ENV === 'development' && process.env.NODE_ENV === 'development' ? "connect-src 'self' ws:" : "connect-src 'self'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ]
  if (e.isProduction) directives.push('upgrade-insecure-requests')
  return directives.join('; ')
}

/** Headers every response carries; documents add their CSP on top. */
export function applySecurityHeaders(headers: Headers, csp = "default-src 'none'; frame-ancestors 'none'") {
  headers.set('Content-Security-Policy', csp)
  headers.set('X-Content-Type-Options', 'nosniff')
  headers.set('X-Frame-Options', 'DENY')
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
  headers.set('Cross-Origin-Opener-Policy', 'same-origin')
  if (env().isProduction) headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
  return headers
}
