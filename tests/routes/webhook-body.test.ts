import { describe, expect, test, vi } from 'vitest'

// Issue 11 item 2: the webhook checks what it can before reading, and reads within its own limit
// whatever the headers say. Nothing here reaches Stripe's API, so no stand-in is needed.
Object.assign(process.env, {
  STRIPE_SECRET_KEY: 'sk_test_prooftrack_webhook',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_prooftrack_webhook',
  STRIPE_WEBHOOK_SECRET: 'whsec_prooftrack_webhook',
})
const webhookRoute = await import('~/resource-routes/api.stripe.webhook')
const { args } = await import('../setup/fixtures')

/** A body in chunks without Content-Length; `pulled()` tells how many bytes were asked for. */
function countedBody(total: number) {
  let pulled = 0
  const source = {
    pull(controller: ReadableStreamDefaultController<Uint8Array>) {
      if (pulled >= total) return controller.close()
      const size = Math.min(64 * 1024, total - pulled)
      controller.enqueue(new Uint8Array(size).fill(0x20))
      pulled += size
    },
  }
  // Nothing is pulled before somebody reads.
  const stream = new ReadableStream<Uint8Array>(source, { highWaterMark: 0 })
  return { stream, pulled: () => pulled }
}

const hook = (body: ReadableStream<Uint8Array>, signature: string | null) => {
  const headers = new Headers({ 'Content-Type': 'application/json' })
  if (signature) headers.set('Stripe-Signature', signature)
  return webhookRoute.action(
    args(
      new Request('http://localhost/api/stripe/webhook', {
        method: 'POST',
        headers,
        body,
        duplex: 'half',
      } as RequestInit),
    ),
  )
}

describe('POST /api/stripe/webhook body', () => {
  test('without a Stripe-Signature header it is refused before a byte is read', async () => {
    const body = countedBody(10 * 1024 * 1024)
    const response = await hook(body.stream, null)
    expect([response.status, await response.json()]).toEqual([
      400,
      { message: 'Missing Stripe-Signature header' },
    ])
    expect(body.pulled()).toBe(0)
  })

  test('a chunked body past 512 KB is refused with 413, and reading stops', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const body = countedBody(200 * 1024 * 1024)
    const started = performance.now()
    const response = await hook(body.stream, 't=1,v1=abc')
    expect([response.status, await response.json()]).toEqual([
      413,
      { message: 'The request body is larger than 512 KB.' },
    ])
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(body.pulled()).toBeLessThan(2 * 1024 * 1024)
    expect(performance.now() - started).toBeLessThan(2000)
    // Within the limit the body is read and checked: a bad signature, not a size problem.
    const small = await hook(countedBody(100 * 1024).stream, 't=1,v1=abc')
    expect([small.status, await small.json()]).toEqual([400, { message: 'Invalid signature' }])
  })
})
