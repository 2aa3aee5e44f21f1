import { describe, expect, test } from 'vitest'
import {
  bodyLimit,
  countingStream,
  crossSiteRefusal,
  loggedPath,
  multipartAllowed,
  normaliseAddress,
  unreadablePath,
  wantsJson,
} from '../../server/guards.mjs'

const appOrigin = 'https://prooftrack.example'
const refusal = (method: string, path: string, headers: Record<string, string>) =>
  crossSiteRefusal({ method, path, headers, appOrigin })

describe('cross-site writes', () => {
  test.each(['POST', 'PUT', 'PATCH', 'DELETE', 'post'])(
    '%s from another site is refused, documents, data requests and resource routes alike',
    (method) => {
      for (const path of ['/login', '/api/auth/login', '/api/songs/1', '/songs/1/register']) {
        expect(refusal(method, path, { 'sec-fetch-site': 'cross-site' })).toMatch(/cross-site/)
        expect(refusal(method, path, { 'sec-fetch-site': 'same-site' })).toMatch(/same-site/)
        expect(refusal(method, path, { origin: 'https://evil.test' })).toMatch(/evil/)
        expect(refusal(method, path, { origin: 'null' })).toMatch(/null/)
        // A sibling origin of ours is another origin still.
        expect(refusal(method, path, { origin: 'https://prooftrack.example:444' })).not.toBeNull()
        expect(refusal(method, path, { origin: 'http://prooftrack.example' })).not.toBeNull()
      }
    },
  )

  test('our own pages, a typed address and non-browser clients pass', () => {
    expect(
      refusal('POST', '/login', { 'sec-fetch-site': 'same-origin', origin: appOrigin }),
    ).toBeNull()
    expect(refusal('POST', '/login', { 'sec-fetch-site': 'none' })).toBeNull()
    expect(refusal('POST', '/login', { origin: appOrigin })).toBeNull()
    expect(refusal('POST', '/api/songs', {})).toBeNull()
  })

  test('Sec-Fetch-Site decides over a matching Origin; "none" with a foreign Origin is refused', () => {
    expect(
      refusal('POST', '/login', { 'sec-fetch-site': 'cross-site', origin: appOrigin }),
    ).not.toBeNull()
    expect(
      refusal('POST', '/login', { 'sec-fetch-site': 'none', origin: 'https://evil.test' }),
    ).toMatch(/evil/)
    // Our page reached under another host name (127.0.0.1 for localhost in development).
    expect(
      refusal('POST', '/login', {
        'sec-fetch-site': 'same-origin',
        origin: 'http://127.0.0.1:3000',
      }),
    ).toBeNull()
  })

  test('reads are never refused here, and only the Stripe webhook is exempt from the check', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS'])
      expect(refusal(method, '/api/auth/logout', { 'sec-fetch-site': 'cross-site' })).toBeNull()
    expect(refusal('POST', '/api/stripe/webhook', { 'sec-fetch-site': 'cross-site' })).toBeNull()
    expect(
      refusal('POST', '/api/stripe/webhook/', { 'sec-fetch-site': 'cross-site' }),
    ).not.toBeNull()
    expect(
      refusal('POST', '/API/STRIPE/WEBHOOK', { 'sec-fetch-site': 'cross-site' }),
    ).not.toBeNull()
  })
})

describe('bodies', () => {
  test('a small ceiling everywhere but the uploads, which alone take multipart: the video, and a recording to fingerprint', () => {
    expect(bodyLimit('/login')).toBe(1024 * 1024)
    expect(bodyLimit('/api/stripe/webhook')).toBe(1024 * 1024)
    expect(bodyLimit('/api/admin/upload-video')).toBeGreaterThan(50 * 1024 * 1024)
    expect(multipartAllowed('/login')).toBe(false)
    expect(multipartAllowed('/api/songs')).toBe(false)
    expect(multipartAllowed('/api/admin/upload-video')).toBe(true)
    // A mail client's one-click refusal (RFC 8058) is sent as multipart/form-data.
    expect(multipartAllowed('/refuse-invitations')).toBe(true)
    // The recording forms without JavaScript (decision 026): 500 MB of file, and room for the form.
    for (const path of ['/submit', '/verify/PT-7K3Q-9XWD']) {
      expect(multipartAllowed(path), path).toBe(true)
      expect(bodyLimit(path), path).toBe(501 * 1024 * 1024)
    }
    for (const path of ['/submit/x', '/verify/PT-7K3Q-9XWD.json', '/verify/anything', '/edit/1']) {
      expect(multipartAllowed(path), path).toBe(false)
      expect(bodyLimit(path), path).toBe(1024 * 1024)
    }
  })

  test('the counting stream fails once the limit is passed, whatever was declared', async () => {
    const stream = countingStream(10)
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    const failed = new Promise<Error>((resolve) => stream.on('error', resolve))
    stream.write(Buffer.alloc(6))
    stream.write(Buffer.alloc(4))
    stream.write(Buffer.alloc(1))
    const error = await failed
    expect(error.message).toBe('The request body is larger than 10 bytes.')
    expect(Buffer.concat(chunks).length).toBe(10)
  })
})

test('addresses: an IPv4 client over an IPv6 socket, and no address at all', () => {
  expect(normaliseAddress('::ffff:203.0.113.9')).toBe('203.0.113.9')
  expect(normaliseAddress(undefined)).toBe('unknown')
  // One subscriber's /64 is one client, however it fills in the rest.
  expect(normaliseAddress('2001:db8::1')).toBe('2001:db8:0:0::/64')
  expect(normaliseAddress('2001:0db8:0000:0000:ffff:1:2:3')).toBe('2001:db8:0:0::/64')
  expect(normaliseAddress('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64')
  expect(normaliseAddress('::1')).toBe('0:0:0:0::/64')
  expect(normaliseAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
})

test('JSON answers for API routes and Remix data requests, pages otherwise', () => {
  expect(wantsJson('/api/songs', {}, {})).toBe(true)
  expect(wantsJson('/login', { _data: 'routes/login' }, {})).toBe(true)
  expect(wantsJson('/login', {}, { accept: 'text/html,application/xhtml+xml' })).toBe(false)
  expect(wantsJson('/login', {}, {})).toBe(false)
})

describe('paths (issue 24 items 6 and 8)', () => {
  test('a path that does not decode, or that a URL parser reads as another host, is unreadable', () => {
    for (const path of ['/%ff', '/certificate/%c0', '/faq%', '//', '//evil.test/x', '/\\', '/a\\b'])
      expect(unreadablePath(path), path).not.toBeNull()
    for (const path of ['/', '/faq', '/verify/PT-AAAA-AAAA', '/%69nvitations/x', '/a?q=%ff', '/é'])
      expect(unreadablePath(path), path).toBeNull()
  })

  test('an invitation token is never logged, however its path is spelled', () => {
    const token = 'Tok3n-of-the-invitation_43chars-xxxxxxxxxxx'
    for (const path of [
      `/invitations/${token}`,
      `/Invitations/${token}`,
      `/%69nvitations/${token}`,
      `/%49NVITATIONS/${token}`,
      `/invitations%2F${token}`,
      `/x/../invitations/${token}`,
      `/%2e%2e/invitations/${token}`,
      `/invitations//${token}`,
    ])
      expect(loggedPath(path), path).toBe('/invitations/[token]')
    // Other paths are logged as they came, escapes kept (a decoded newline would forge a line).
    expect(loggedPath('/faq%0a[http] forged')).toBe('/faq%0a[http] forged')
    expect(loggedPath('/invitation-rules')).toBe('/invitation-rules')
  })
})
