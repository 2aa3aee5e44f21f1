import { describe, expect, test } from 'vitest'
import { isLoopback, metricsAllowed, routeLabel } from '../../server/metrics.mjs'

const TOKEN = 'm'.repeat(40)
const request = (remoteAddress: string, headers: Record<string, string> = {}, ip = remoteAddress) =>
  ({ headers, ip, socket: { remoteAddress } }) as never

describe('who may read /metrics', () => {
  test('this machine, without a token', () => {
    expect(metricsAllowed(request('127.0.0.1'), null)).toBe(true)
    expect(metricsAllowed(request('::1'), TOKEN)).toBe(true)
    expect(metricsAllowed(request('::ffff:127.0.0.1'), null)).toBe(true)
  })

  test('another address needs the token, compared whole', () => {
    expect(metricsAllowed(request('203.0.113.7'), TOKEN)).toBe(false)
    expect(
      metricsAllowed(request('203.0.113.7', { authorization: `Bearer ${TOKEN}` }), TOKEN),
    ).toBe(true)
    expect(
      metricsAllowed(request('203.0.113.7', { authorization: `Bearer ${TOKEN.slice(1)}` }), TOKEN),
    ).toBe(false)
    expect(metricsAllowed(request('203.0.113.7', { authorization: `Basic ${TOKEN}` }), TOKEN)).toBe(
      false,
    )
    // No token configured: a bearer header opens nothing.
    expect(metricsAllowed(request('203.0.113.7', { authorization: 'Bearer ' }), null)).toBe(false)
    expect(metricsAllowed(request('203.0.113.7', { authorization: `Bearer ${TOKEN}` }), null)).toBe(
      false,
    )
  })

  test('a proxy on this machine forwarding a stranger is not this machine, whatever the header says', () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip'])
      expect(metricsAllowed(request('127.0.0.1', { [header]: '127.0.0.1' }), null)).toBe(false)
    // A trusted proxy hop that resolved the client to a stranger.
    expect(metricsAllowed(request('127.0.0.1', {}, '203.0.113.7'), null)).toBe(false)
    // A wrong token from loopback is refused rather than let through as loopback.
    expect(metricsAllowed(request('127.0.0.1', { authorization: 'Bearer nope' }), TOKEN)).toBe(
      false,
    )
  })

  test('loopback addresses', () => {
    expect(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.2'].map(isLoopback)).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect(['10.0.0.1', '::2', 'fe80::1', '', undefined].map(isLoopback)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ])
  })
})

describe('route labels', () => {
  const routes = {
    root: { id: 'root', path: '' },
    'routes/_index': { id: 'routes/_index', parentId: 'root', index: true },
    'routes/invitations.$token': {
      id: 'routes/invitations.$token',
      parentId: 'root',
      path: 'invitations/:token',
    },
    'routes/$': { id: 'routes/$', parentId: 'root', path: '*' },
  }

  test('are route ids, never the path a token travels in', () => {
    expect(routeLabel(routes, '/')).toBe('routes/_index')
    expect(routeLabel(routes, '/invitations/s3cr3t-t0ken')).toBe('routes/invitations.$token')
    expect(routeLabel(routes, '/no/such/page')).toBe('routes/$')
  })

  test('a table without a catch-all says unmatched', () => {
    const { 'routes/$': _, ...without } = routes
    expect(routeLabel(without, '/nowhere')).toBe('unmatched')
  })
})
