import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format'
import { describe, expect, test } from 'vitest'
import { useServer } from './server'

// GET /metrics on the production build: parsed by a Prometheus text-format parser, refused
// without the token to anyone but this machine (server/metrics.mjs, decision 059).

const TOKEN = 'metrics-token-for-the-browser-suite-0123456789'

function family(families: ParsedFamily[], name: string) {
  const found = families.find((f) => f.name === name)
  if (!found) throw new Error(`${name} is not in the scrape`)
  return found
}

describe('GET /metrics', () => {
  // startServer plays one proxy (TRUST_PROXY_HOPS=1), as a load balancer in front would.
  const server = useServer({ env: () => ({ METRICS_TOKEN: TOKEN }) })

  test('this machine reads every figure, labelled by route and never by path', async () => {
    // Each answer read to its end: a request is counted when its last byte has gone.
    const landing = await fetch(`${server.baseUrl}/`)
    expect(landing.status).toBe(200)
    await landing.text()
    // A token in the path: the label is the route, so the token never reaches the metrics.
    await (await fetch(`${server.baseUrl}/invitations/not-a-real-token-4b1d`)).text()

    const response = await fetch(`${server.baseUrl}/metrics`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/plain')
    const text = await response.text()
    expect(text).not.toContain('not-a-real-token-4b1d')
    const families = parsePrometheusTextFormat(text)

    expect(family(families, 'http_request_duration_seconds').type).toBe('HISTOGRAM')
    // Durations are histogrammed by the same labels; this parser flattens a histogram's labels
    // away, so the labels are read off the counter.
    expect(text).toMatch(
      /^http_request_duration_seconds_count\{route="routes\/_index",method="GET",status="200"\} [1-9]/m,
    )
    const requests = family(families, 'http_requests_total')
    expect(requests.type).toBe('COUNTER')
    const landingCount = requests.metrics.find(
      (m) =>
        m.labels?.route === 'routes/_index' &&
        m.labels.method === 'GET' &&
        m.labels.status === '200',
    )
    expect(Number(landingCount?.value)).toBeGreaterThanOrEqual(1)
    expect(requests.metrics.some((m) => m.labels?.route === 'routes/invitations.$token')).toBe(true)
    // /healthz was polled at start-up: a resource route's id is a label too.
    expect(requests.metrics.some((m) => m.labels?.route === 'resource-routes/healthz')).toBe(true)

    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'process_resident_memory_bytes',
    ])
      expect(Number(family(families, name).metrics[0]?.value)).toBeGreaterThanOrEqual(0)
    expect(
      Number(family(families, 'process_resident_memory_bytes').metrics[0]?.value),
    ).toBeGreaterThan(10_000_000)

    // The embedded database holds one connection; a PostgreSQL pool holds at most 10 a process.
    const connections = Number(family(families, 'prooftrack_db_pool_connections').metrics[0]?.value)
    if (process.env.DATABASE_URL) {
      expect(connections).toBeGreaterThanOrEqual(1)
      expect(connections).toBeLessThanOrEqual(10)
    } else expect(connections).toBe(1)
    expect(family(families, 'prooftrack_database_figures_up').metrics[0]?.value).toBe('1')
    for (const name of [
      'prooftrack_mail_queued_messages',
      'prooftrack_mail_failed_messages',
      'prooftrack_mail_oldest_queued_age_seconds',
      'prooftrack_registrations_pending',
      'prooftrack_registrations_oldest_pending_age_seconds',
    ])
      expect(family(families, name).metrics[0]?.value).toBe('0')
    // Snapshots waiting for their timestamp (counted with one waiting: tests/services/
    // operational-figures.test.ts). This server made none.
    for (const name of [
      'prooftrack_timestamps_pending',
      'prooftrack_timestamps_oldest_pending_age_seconds',
    ])
      expect(family(families, name).metrics[0]?.value).toBe('0')
    const audit = family(families, 'prooftrack_audit_records').metrics
    expect(audit.map((m) => [m.labels?.result, m.value]).sort()).toEqual([
      ['failing', '0'],
      ['holding', '0'],
    ])
  })

  test('a client from another address gets 401 without the token, and the figures with it', async () => {
    const stranger = { 'X-Forwarded-For': '203.0.113.9' }
    const refused = await fetch(`${server.baseUrl}/metrics`, { headers: stranger })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('www-authenticate')).toBe('Bearer realm="metrics"')
    expect(await refused.text()).not.toContain('http_request_duration_seconds')

    const wrong = await fetch(`${server.baseUrl}/metrics`, {
      headers: { ...stranger, Authorization: `Bearer ${TOKEN.slice(0, -1)}x` },
    })
    expect(wrong.status).toBe(401)

    // A client spoofing its address as this machine's is still a stranger.
    const spoofed = await fetch(`${server.baseUrl}/metrics`, {
      headers: { 'X-Forwarded-For': '127.0.0.1' },
    })
    expect(spoofed.status).toBe(401)

    const allowed = await fetch(`${server.baseUrl}/metrics`, {
      headers: { ...stranger, Authorization: `Bearer ${TOKEN}` },
    })
    expect(allowed.status).toBe(200)
    const families = parsePrometheusTextFormat(await allowed.text())
    // The refusals above were counted, under the metrics endpoint's own label.
    const refusals = family(families, 'http_requests_total').metrics.find(
      (m) => m.labels?.route === 'metrics' && m.labels.status === '401',
    )
    expect(Number(refusals?.value)).toBeGreaterThanOrEqual(3)
  })

  test('only GET reads it', async () => {
    const response = await fetch(`${server.baseUrl}/metrics`, { method: 'POST' })
    expect(response.status).toBe(405)
  })
})
