import type { EntryContext } from '@remix-run/node'
import { env } from '~/env.server'
import { getStorage } from '~/storage/index.server'

/**
 * What a route's document may need beyond the default policy, declared in its `handle`
 * (`export const handle = { csp: ['stripe-elements'] }`), so only that page gets it:
 * - stripe-checkout: its form may post to us and be redirected to Stripe's hosted Checkout;
 * - stripe-elements: Stripe.js, its iframes and its API calls (the payment step);
 * - storage-gateway: fetching from the Arweave gateway (the verification page re-hashes a manifest).
 */
export type CspAllowance = 'stripe-checkout' | 'stripe-elements' | 'storage-gateway'
export interface CspHandle {
  csp?: CspAllowance[]
}

const STRIPE_JS = ['https://js.stripe.com', 'https://*.js.stripe.com']

function hasCsp(handle: unknown): handle is { csp: unknown[] } {
  return (
    typeof handle === 'object' && handle !== null && 'csp' in handle && Array.isArray(handle.csp)
  )
}

/** The allowances of every route the document renders (the page and its parents). */
export function routeCspAllowances(
  context: Pick<EntryContext, 'routeModules' | 'staticHandlerContext'>,
) {
  const allowances = new Set<CspAllowance>()
  for (const match of context.staticHandlerContext.matches) {
    const handle: unknown = context.routeModules[match.route.id]?.handle
    if (!hasCsp(handle)) continue
    for (const value of handle.csp)
      if (value === 'stripe-checkout' || value === 'stripe-elements' || value === 'storage-gateway')
        allowances.add(value)
  }
  return allowances
}

/** Where Checkout lives: Stripe's host, or the stand-in that serves it when the API is pointed elsewhere. */
function checkoutOrigins() {
  const e = env()
  if (e.STRIPE_API_HOST === 'api.stripe.com') return ['https://checkout.stripe.com']
  const defaultPort =
    (e.STRIPE_API_PROTOCOL === 'https' && e.STRIPE_API_PORT === 443) ||
    (e.STRIPE_API_PROTOCOL === 'http' && e.STRIPE_API_PORT === 80)
  return [
    `${e.STRIPE_API_PROTOCOL}://${e.STRIPE_API_HOST}${defaultPort ? '' : `:${e.STRIPE_API_PORT}`}`,
  ]
}

/** The Arweave gateway's origin when the server stores on Arweave; the local store is 'self'. */
function storageGatewayOrigins() {
  const storage = getStorage()
  return storage.kind === 'arweave' ? [new URL(storage.url('x'.repeat(43))).origin] : []
}

/** Content-Security-Policy for HTML documents: scripts only from us or carrying this request's nonce. */
export function documentCsp(nonce: string, allow: ReadonlySet<CspAllowance> = new Set()) {
  const e = env()
  // Nothing of Stripe's is allowed on a server where payments are not configured.
  const stripe = Boolean(e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY)
  const elements = stripe && allow.has('stripe-elements')
  const checkout = stripe && allow.has('stripe-checkout')
  const connect = ["'self'"]
  if (e.APP_ENV === 'development' && process.env.NODE_ENV === 'development') connect.push('ws:')
  if (elements) connect.push('https://api.stripe.com')
  if (allow.has('storage-gateway')) connect.push(...storageGatewayOrigins())
  const directives = [
    "default-src 'self'",
    ['script-src', "'self'", `'nonce-${nonce}'`, ...(elements ? STRIPE_JS : [])].join(' '),
    // React writes style attributes (progress bars, widths), which need 'unsafe-inline' styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https://lh3.googleusercontent.com",
    // blob: lets an <audio> element read the length of a file the writer chose (issue 40): the
    // page makes the address from that file, on every page, since a link followed in the page
    // keeps the first document's policy. Only the page's own scripts can make one.
    "media-src 'self' blob:",
    "font-src 'self'",
    `connect-src ${connect.join(' ')}`,
    elements
      ? `frame-src ${[...STRIPE_JS, 'https://hooks.stripe.com'].join(' ')}`
      : "frame-src 'none'",
    "frame-ancestors 'none'",
    // Browsers check form-action on the redirect that follows a post, too.
    ['form-action', "'self'", ...(checkout ? checkoutOrigins() : [])].join(' '),
    "base-uri 'self'",
    "object-src 'none'",
  ]
  if (e.isProduction) directives.push('upgrade-insecure-requests')
  return directives.join('; ')
}

/** Headers every response carries; documents add their CSP on top. */
export function applySecurityHeaders(
  headers: Headers,
  csp = "default-src 'none'; frame-ancestors 'none'",
) {
  headers.set('Content-Security-Policy', csp)
  headers.set('X-Content-Type-Options', 'nosniff')
  headers.set('X-Frame-Options', 'DENY')
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
  headers.set('Cross-Origin-Opener-Policy', 'same-origin')
  if (env().isProduction)
    headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
  return headers
}
