import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'

/**
 * A loopback stand-in for the parts of Stripe's API this product calls, so tests drive the real
 * `stripe` client over HTTP: PaymentIntents (create, retrieve, confirm with test payment
 * methods), Checkout Sessions (create, retrieve), Charges (retrieve), Refunds (create, as the
 * dashboard does), disputes (opened by a helper, as a card network would) and Stripe's hosted
 * Checkout page, which here is a minimal page whose Pay button completes the session and
 * redirects to its success_url.
 * It behaves like Stripe where the product depends on it: form-encoded bodies with bracketed
 * keys, Bearer secret-key auth, `Idempotency-Key` replay (and refusal of a reused key with other
 * parameters), Stripe-shaped error bodies with 4xx codes, and signed webhook events.
 * (No stripe-mock binary can be installed here; Stripe's hosted pages have no local version.)
 */

type FormValue = string | FormObject | FormValue[]
interface FormObject {
  [key: string]: FormValue
}

export interface PaymentIntentObject {
  id: string
  object: 'payment_intent'
  amount: number
  amount_received: number
  amount_capturable: number
  currency: string
  status:
    'requires_payment_method' | 'requires_confirmation' | 'processing' | 'succeeded' | 'canceled'
  client_secret: string
  description: string | null
  metadata: Record<string, string>
  automatic_payment_methods: { enabled: boolean } | null
  payment_method: string | null
  latest_charge: string | null
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null
  created: number
  livemode: false
}

export interface CheckoutSessionObject {
  id: string
  object: 'checkout.session'
  mode: string
  status: 'open' | 'complete' | 'expired'
  payment_status: 'paid' | 'unpaid' | 'no_payment_required'
  amount_subtotal: number
  amount_total: number
  currency: string
  metadata: Record<string, string>
  payment_intent: string | null
  client_reference_id: string | null
  customer_email: string | null
  success_url: string
  cancel_url: string | null
  url: string | null
  created: number
  expires_at: number
  livemode: false
  /** Not Stripe's: what the session's PaymentIntent will carry. */
  _payment_intent_data: { metadata: Record<string, string>; description: string | null }
}

export interface ChargeObject {
  id: string
  object: 'charge'
  amount: number
  amount_captured: number
  amount_refunded: number
  currency: string
  paid: boolean
  refunded: boolean
  disputed: boolean
  status: 'succeeded'
  payment_intent: string
  payment_method: string
  metadata: Record<string, string>
  created: number
  livemode: false
}

export interface DisputeObject {
  id: string
  object: 'dispute'
  amount: number
  currency: string
  charge: string
  payment_intent: string | null
  reason: string
  status: 'needs_response'
  metadata: Record<string, string>
  created: number
  livemode: false
}

interface StripeErrorBody {
  type:
    | 'invalid_request_error'
    | 'card_error'
    | 'api_error'
    | 'idempotency_error'
    | 'authentication_error'
  message: string
  code?: string
  param?: string
  decline_code?: string
  payment_intent?: PaymentIntentObject
}

export interface StripeServerOptions {
  secretKey: string
  webhookSecret?: string
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const randomId = (length: number) =>
  Array.from(crypto.randomBytes(length), (byte) => BASE62[byte % 62]).join('')
const now = () => Math.floor(Date.now() / 1000)

/** Stripe's encoding: `metadata[userId]=…&line_items[0][price_data][currency]=usd`. */
export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {}
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.replace(/\]/g, '').split('[')
    let node: FormObject = root
    path.forEach((segment, index) => {
      if (index === path.length - 1) {
        node[segment] = value
        return
      }
      const next = node[segment]
      if (typeof next !== 'object' || Array.isArray(next)) node[segment] = {}
      node = node[segment] as FormObject
    })
  }
  return arrays(root) as FormObject
}

function arrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value
  const keys = Object.keys(value)
  const converted: FormObject = Object.fromEntries(keys.map((key) => [key, arrays(value[key]!)]))
  if (keys.length > 0 && keys.every((key, index) => key === String(index)))
    return keys.map((key) => converted[key]!)
  return converted
}

const str = (value: FormValue | undefined) => (typeof value === 'string' ? value : undefined)
const obj = (value: FormValue | undefined): FormObject =>
  value && typeof value === 'object' && !Array.isArray(value) ? value : {}
const metadataOf = (value: FormValue | undefined) =>
  Object.fromEntries(
    Object.entries(obj(value)).flatMap(([key, v]) => (typeof v === 'string' ? [[key, v]] : [])),
  )

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message)
  }
}

const missing = (param: string) =>
  new ApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  })
const invalidInteger = (param: string) =>
  new ApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_invalid_integer',
    param,
    message: `Invalid integer: ${param}`,
  })

function integer(params: FormObject, name: string, path = name) {
  const raw = str(params[name])
  if (raw === undefined) throw missing(path)
  if (!/^-?\d+$/.test(raw)) throw invalidInteger(path)
  return Number(raw)
}

export interface WebhookDelivery {
  type: string
  status: number | 'error'
}

export async function startStripeServer(options: StripeServerOptions) {
  const intents = new Map<string, PaymentIntentObject>()
  const sessions = new Map<string, CheckoutSessionObject>()
  const charges = new Map<string, ChargeObject>()
  const idempotency = new Map<string, { fingerprint: string; status: number; body: string }>()
  const requests: {
    method: string
    path: string
    idempotencyKey: string | null
    params: FormObject
  }[] = []
  const deliveries: WebhookDelivery[] = []
  const pending = new Set<Promise<void>>()
  const signer = new Stripe(options.secretKey)
  let webhookUrl: string | null = null
  let failures: { remaining: number; status: number; body: StripeErrorBody } | null = null

  function event(type: string, object: unknown) {
    return {
      id: `evt_${randomId(24)}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    }
  }

  /** A webhook body and its `Stripe-Signature` header, signed the way Stripe signs them. */
  function signedEvent(type: string, object: unknown, secret = options.webhookSecret) {
    if (!secret) throw new Error('startStripeServer needs a webhookSecret to sign events')
    const payload = JSON.stringify(event(type, object), null, 2)
    return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) }
  }

  /** Like Stripe: delivered after the fact, not awaited by the request that caused it. */
  function deliver(type: string, object: unknown) {
    if (!webhookUrl || !options.webhookSecret) return
    const { payload, signature } = signedEvent(type, object)
    const delivery = fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Stripe-Signature': signature,
        'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    })
      .then(
        async (response) => {
          await response.arrayBuffer()
          deliveries.push({ type, status: response.status })
        },
        () => {
          deliveries.push({ type, status: 'error' })
        },
      )
      .finally(() => pending.delete(delivery))
    pending.add(delivery)
  }

  function newIntent(fields: {
    amount: number
    currency: string
    metadata: Record<string, string>
    description: string | null
    automatic: boolean
  }): PaymentIntentObject {
    const id = `pi_3${randomId(23)}`
    const intent: PaymentIntentObject = {
      id,
      object: 'payment_intent',
      amount: fields.amount,
      amount_received: 0,
      amount_capturable: 0,
      currency: fields.currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomId(25)}`,
      description: fields.description,
      metadata: fields.metadata,
      automatic_payment_methods: fields.automatic ? { enabled: true } : null,
      payment_method: null,
      latest_charge: null,
      last_payment_error: null,
      created: now(),
      livemode: false,
    }
    intents.set(id, intent)
    return intent
  }

  function succeed(intent: PaymentIntentObject, paymentMethod: string) {
    const charge: ChargeObject = {
      id: `ch_3${randomId(23)}`,
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      amount_refunded: 0,
      currency: intent.currency,
      paid: true,
      refunded: false,
      disputed: false,
      status: 'succeeded',
      payment_intent: intent.id,
      payment_method: paymentMethod,
      // Like Stripe: the intent's metadata is not copied onto its charge.
      metadata: {},
      created: now(),
      livemode: false,
    }
    charges.set(charge.id, charge)
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: intent.amount,
      payment_method: paymentMethod,
      latest_charge: charge.id,
      last_payment_error: null,
    })
    deliver('payment_intent.succeeded', intent)
    return intent
  }

  const noSuchCharge = (id: string) =>
    new ApiError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'charge',
      message: `No such charge: '${id}'`,
    })

  /** A refund of a succeeded payment, whole or partial; Stripe leaves the intent 'succeeded'. */
  function createRefund(params: FormObject) {
    const intentId = str(params.payment_intent)
    const chargeId =
      str(params.charge) ?? (intentId ? intents.get(intentId)?.latest_charge : undefined)
    if (!chargeId)
      throw intentId
        ? new ApiError(400, {
            type: 'invalid_request_error',
            code: 'charge_not_refundable',
            message: `PaymentIntent ${intentId} has no charge to refund.`,
          })
        : missing('charge')
    const charge = charges.get(chargeId)
    if (!charge) throw noSuchCharge(chargeId)
    const amount =
      params.amount === undefined
        ? charge.amount - charge.amount_refunded
        : integer(params, 'amount')
    if (amount <= 0 || charge.amount_refunded + amount > charge.amount) {
      throw new ApiError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${charge.id} has already been refunded.`,
      })
    }
    Object.assign(charge, {
      amount_refunded: charge.amount_refunded + amount,
      refunded: charge.amount_refunded + amount === charge.amount,
    })
    deliver('charge.refunded', charge)
    return {
      id: `re_3${randomId(23)}`,
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      status: 'succeeded',
      created: now(),
    }
  }

  /** What a card network does when the cardholder disputes a payment. */
  function openDispute(paymentIntentId: string, reason: string) {
    const chargeId = intents.get(paymentIntentId)?.latest_charge
    const charge = chargeId ? charges.get(chargeId) : undefined
    if (!charge) throw new Error(`no charge for ${paymentIntentId}`)
    charge.disputed = true
    const dispute: DisputeObject = {
      id: `dp_1${randomId(23)}`,
      object: 'dispute',
      amount: charge.amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      reason,
      status: 'needs_response',
      metadata: {},
      created: now(),
      livemode: false,
    }
    deliver('charge.dispute.created', dispute)
    return dispute
  }

  function createIntent(params: FormObject) {
    const amount = integer(params, 'amount')
    const currency = str(params.currency)?.toLowerCase()
    if (!currency) throw missing('currency')
    if (!/^[a-z]{3}$/.test(currency))
      throw new ApiError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_string',
        param: 'currency',
        message: `Invalid currency: ${currency}.`,
      })
    if (currency === 'usd' && amount < 50)
      throw new ApiError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_small',
        param: 'amount',
        message: 'Amount must be at least $0.50 usd',
      })
    return newIntent({
      amount,
      currency,
      metadata: metadataOf(params.metadata),
      description: str(params.description) ?? null,
      automatic: str(obj(params.automatic_payment_methods).enabled) === 'true',
    })
  }

  function confirmIntent(intent: PaymentIntentObject, params: FormObject) {
    if (intent.status === 'succeeded')
      throw new ApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'This PaymentIntent has already succeeded.',
        payment_intent: intent,
      })
    const method = str(params.payment_method)
    if (!method)
      throw new ApiError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'You cannot confirm this PaymentIntent because it’s missing a payment method.',
      })
    if (/declined/i.test(method)) {
      const error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      }
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error })
      throw new ApiError(402, { ...error, type: 'card_error', payment_intent: intent })
    }
    return succeed(intent, method)
  }

  function createSession(params: FormObject, origin: string) {
    const mode = str(params.mode)
    if (!mode) throw missing('mode')
    if (mode !== 'payment')
      throw new ApiError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_string',
        param: 'mode',
        message: 'This stand-in supports mode=payment only.',
      })
    const successUrl = str(params.success_url)
    if (!successUrl) throw missing('success_url')
    const items = params.line_items
    if (!Array.isArray(items) || items.length === 0) throw missing('line_items')
    let total = 0
    let currency = ''
    items.forEach((raw, index) => {
      const item = obj(raw)
      const price = obj(item.price_data)
      const quantity = integer(item, 'quantity', `line_items[${index}][quantity]`)
      const unit = integer(price, 'unit_amount', `line_items[${index}][price_data][unit_amount]`)
      const itemCurrency = str(price.currency)?.toLowerCase()
      if (!itemCurrency) throw missing(`line_items[${index}][price_data][currency]`)
      if (!str(obj(price.product_data).name))
        throw missing(`line_items[${index}][price_data][product_data][name]`)
      total += unit * quantity
      currency = itemCurrency
    })
    const id = `cs_test_a1${randomId(54)}`
    const intentData = obj(params.payment_intent_data)
    const session: CheckoutSessionObject = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: total,
      amount_total: total,
      currency,
      metadata: metadataOf(params.metadata),
      payment_intent: null,
      client_reference_id: str(params.client_reference_id) ?? null,
      customer_email: str(params.customer_email) ?? null,
      success_url: successUrl,
      cancel_url: str(params.cancel_url) ?? null,
      url: `${origin}/c/pay/${id}`,
      created: now(),
      expires_at: now() + 24 * 3600,
      livemode: false,
      _payment_intent_data: {
        metadata: metadataOf(intentData.metadata),
        description: str(intentData.description) ?? null,
      },
    }
    sessions.set(id, session)
    return session
  }

  /** What the hosted page does when the customer pays: a succeeded intent, a complete session. */
  function paySession(session: CheckoutSessionObject) {
    if (session.status !== 'open') return session
    const intent = newIntent({
      amount: session.amount_total,
      currency: session.currency,
      metadata: session._payment_intent_data.metadata,
      description: session._payment_intent_data.description,
      automatic: false,
    })
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: intent.id,
      url: null,
    })
    succeed(intent, 'pm_card_visa')
    deliver('checkout.session.completed', publicSession(session))
    return session
  }

  const publicSession = ({ _payment_intent_data: _hidden, ...session }: CheckoutSessionObject) =>
    session

  function api(method: string, path: string, params: FormObject, origin: string): unknown {
    let match: RegExpExecArray | null
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(params)
    if ((match = /^\/v1\/payment_intents\/([^/]+)(\/confirm)?$/.exec(path))) {
      const intent = intents.get(decodeURIComponent(match[1]!))
      if (!intent)
        throw new ApiError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'intent',
          message: `No such payment_intent: '${match[1]}'`,
        })
      if (method === 'GET' && !match[2]) return intent
      if (method === 'POST' && match[2]) return confirmIntent(intent, params)
    }
    if (method === 'POST' && path === '/v1/checkout/sessions')
      return publicSession(createSession(params, origin))
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params)
    if ((match = /^\/v1\/charges\/([^/]+)$/.exec(path)) && method === 'GET') {
      const charge = charges.get(decodeURIComponent(match[1]!))
      if (!charge) throw noSuchCharge(match[1]!)
      return charge
    }
    if ((match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)) && method === 'GET') {
      const session = sessions.get(decodeURIComponent(match[1]!))
      if (!session)
        throw new ApiError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'session',
          message: `No such checkout.session: '${match[1]}'`,
        })
      return publicSession(session)
    }
    throw new ApiError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    })
  }

  function checkoutPage(session: CheckoutSessionObject) {
    const amount = `$${(session.amount_total / 100).toFixed(2)}`
    const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout (local stand-in)</title></head><body>
<h1>Stripe Checkout — local test stand-in</h1>
<p>Pay <strong>${amount}</strong> ${escape(session.currency.toUpperCase())}</p>
<form method="post" action="/c/pay/${escape(session.id)}"><button type="submit">Pay ${amount}</button></form>
${session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Back</a></p>` : ''}
</body></html>`
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`)
      const origin = `http://${req.headers.host}`
      const method = req.method ?? 'GET'

      // The hosted Checkout page (Stripe's own site in real life).
      const page = /^\/c\/pay\/([^/]+)$/.exec(url.pathname)
      if (page) {
        const session = sessions.get(page[1]!)
        if (!session)
          return void res
            .writeHead(404, { 'Content-Type': 'text/plain' })
            .end('Checkout session not found')
        if (method === 'POST') {
          paySession(session)
          return void res
            .writeHead(303, {
              Location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id),
            })
            .end()
        }
        if (session.status !== 'open')
          return void res
            .writeHead(410, { 'Content-Type': 'text/plain' })
            .end('This Checkout Session is no longer active.')
        return void res
          .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
          .end(checkoutPage(session))
      }

      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        'Request-Id': `req_${randomId(14)}`,
        'Stripe-Version': String(req.headers['stripe-version'] ?? Stripe.API_VERSION),
      }
      const send = (status: number, json: string) => res.writeHead(status, headers).end(json)
      const error = (status: number, err: StripeErrorBody) =>
        send(
          status,
          JSON.stringify({
            error: {
              ...err,
              request_log_url: `https://dashboard.stripe.com/test/logs/${headers['Request-Id']}`,
            },
          }),
        )

      const auth = req.headers.authorization ?? ''
      if (auth !== `Bearer ${options.secretKey}`) {
        return error(401, {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${auth.replace(/^Bearer /, '').slice(0, 8)}********`,
        })
      }
      const params = parseStripeForm(body)
      const key =
        typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null
      requests.push({ method, path: url.pathname, idempotencyKey: key, params })

      if (failures && failures.remaining > 0) {
        failures.remaining--
        return error(failures.status, failures.body)
      }

      const fingerprint = `${method} ${url.pathname} ${body}`
      if (key && method === 'POST') {
        const seen = idempotency.get(key)
        if (seen && seen.fingerprint !== fingerprint) {
          return error(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          })
        }
        if (seen) {
          headers['Idempotent-Replayed'] = 'true'
          headers['Idempotency-Key'] = key
          return send(seen.status, seen.body)
        }
      }
      let status = 200
      let json: string
      try {
        json = JSON.stringify(api(method, url.pathname, params, origin))
      } catch (thrown) {
        if (!(thrown instanceof ApiError)) throw thrown
        status = thrown.status
        json = JSON.stringify({ error: thrown.body })
      }
      // Stripe keeps a key's result, errors included, except 5xx answers (a retry may succeed).
      if (key && method === 'POST') {
        idempotency.set(key, { fingerprint, status, body: json })
        headers['Idempotency-Key'] = key
      }
      send(status, json)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const host = '127.0.0.1'

  return {
    host,
    port,
    origin: `http://${host}:${port}`,
    intents,
    sessions,
    charges,
    requests,
    deliveries,
    /** The app's env variables that point the real client here. */
    env: { STRIPE_API_HOST: host, STRIPE_API_PORT: String(port), STRIPE_API_PROTOCOL: 'http' },
    signedEvent,
    /** Where to POST signed events when a payment succeeds (null: nowhere). */
    setWebhookUrl(url: string | null) {
      webhookUrl = url
    },
    /** The next `count` API calls answer this error, as an outage would (5xx: the client retries). */
    failNext(
      count: number,
      status: number,
      body: StripeErrorBody = { type: 'api_error', message: 'An unknown error occurred' },
    ) {
      failures = { remaining: count, status, body }
    },
    /** Pays the hosted Checkout page without a browser, as the customer's Pay button does. */
    paySession(id: string) {
      const session = sessions.get(id)
      if (!session) throw new Error(`no session ${id}`)
      return publicSession(paySession(session))
    },
    /** Opens a dispute on the intent's charge, as the cardholder's bank would. */
    openDispute(paymentIntentId: string, reason = 'fraudulent') {
      return openDispute(paymentIntentId, reason)
    },
    async webhooksSettled() {
      while (pending.size > 0) await Promise.all([...pending])
    },
    async stop() {
      await this.webhooksSettled()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export type StripeServer = Awaited<ReturnType<typeof startStripeServer>>
