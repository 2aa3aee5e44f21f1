import fs from 'node:fs'
import http from 'node:http'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MODES, useBrowser } from './browser'
import { ADMIN, freePort, type RunningServer, useServer } from './server'

// What the server entry (server/index.mjs) does before any route runs: the client's address,
// cross-site writes, body limits, headers on everything, and an access log without secrets.

const browser = useBrowser()

const contact = (n: number) => ({
  name: 'Ann Writer',
  email: `ann${n}@example.com`,
  subject: 'A question',
  message: 'Hello there, a question about splits.',
})
const postContact = (baseUrl: string, n: number, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(contact(n)),
  })

/**
 * The same post from another loopback address (127.0.0.2): the server without a proxy counts it
 * against that address, so using up its limit here leaves 127.0.0.1's count, which other test
 * files share on PostgreSQL, untouched.
 */
function postContactFromOtherAddress(
  baseUrl: string,
  n: number,
  headers: Record<string, string> = {},
) {
  const body = JSON.stringify(contact(n))
  return new Promise<{ status: number }>((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/api/contact`,
      {
        method: 'POST',
        localAddress: '127.0.0.2',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (response) => {
        response.resume()
        resolve({ status: response.statusCode ?? 0 })
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

/** RSS of the server process, from /proc (Linux). */
function rssMb(server: RunningServer) {
  const status = fs.readFileSync(`/proc/${server.process.pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024
}

describe('a server behind no proxy (TRUST_PROXY_HOPS=0, the default)', () => {
  const server = useServer({ env: () => ({ TRUST_PROXY_HOPS: '0' }) })

  test('a rotating X-Forwarded-For does not escape the per-address limit', async () => {
    // On PostgreSQL the count for this machine's address may already hold other tests' posts:
    // whatever it holds, a client rotating X-Forwarded-For meets the limit within 11 posts.
    let status = 0
    for (let n = 0; n < 11 && status !== 429; n++)
      status = (
        await postContactFromOtherAddress(server.baseUrl, n, {
          'X-Forwarded-For': `203.0.113.${n}`,
        })
      ).status
    expect(status).toBe(429)
    expect(
      (
        await postContactFromOtherAddress(server.baseUrl, 12, {
          'X-Forwarded-For': '203.0.113.250',
        })
      ).status,
    ).toBe(429)
    // Nor does a client naming the internal address header itself.
    const spoofed = await postContactFromOtherAddress(server.baseUrl, 11, {
      'X-ProofTrack-Client-Address': '198.51.100.77',
    })
    expect(spoofed.status).toBe(429)
  })

  test('a 20 MB chunked body is cut off at the limit: 413 at once, and the server does not grow with it', async () => {
    const before = rssMb(server)
    const chunk = Buffer.alloc(64 * 1024, 'a')
    let sent = 0
    const body = Readable.from(
      (function* () {
        while (sent < 20 * 1024 * 1024) {
          sent += chunk.length
          yield chunk
        }
      })(),
    )
    const started = Date.now()
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${server.baseUrl}/login`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            'Transfer-Encoding': 'chunked',
          },
        },
        (response) => {
          response.resume()
          resolve(response.statusCode ?? 0)
        },
      )
      request.on('error', reject)
      body.pipe(request)
    })
    expect(status).toBe(413)
    expect(Date.now() - started).toBeLessThan(5000)
    expect(sent).toBeLessThan(20 * 1024 * 1024)
    expect(rssMb(server) - before).toBeLessThan(60)
  })

  test('a declared size over the limit is refused before reading; multipart only where a file is uploaded', async () => {
    const declared = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        `${server.baseUrl}/api/auth/login`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': String(200 * 1024 * 1024),
          },
        },
        (response) => {
          let body = ''
          response.on('data', (c: Buffer) => (body += c.toString()))
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
        },
      )
      request.on('error', reject)
      request.write('{"usernameOrEmail":')
    })
    expect(declared.status).toBe(413)
    expect(JSON.parse(declared.body)).toEqual({
      message: 'The request is too large (at most 1 MB).',
    })

    const form = new FormData()
    form.set('usernameOrEmail', ADMIN.email)
    form.set('password', ADMIN.password)
    const page = await fetch(`${server.baseUrl}/login`, { method: 'POST', body: form })
    expect(page.status).toBe(415)
    expect(await page.text()).toContain('File uploads are not accepted here.')
    const api = await fetch(`${server.baseUrl}/api/auth/login`, { method: 'POST', body: form })
    expect(api.status).toBe(415)
    expect(await api.json()).toEqual({ message: 'File uploads are not accepted here.' })

    // The recording forms (decision 027): multipart reaches them; past 501 MB declared, 413 before reading.
    const recording = new FormData()
    recording.set('recording', new Blob([new Uint8Array(1000)], { type: 'audio/wav' }), 'take.wav')
    const check = await fetch(`${server.baseUrl}/verify/PT-0000-0000`, {
      method: 'POST',
      body: recording,
      headers: { Accept: 'text/html' },
    })
    expect(check.status).toBe(404)
    const huge = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        `${server.baseUrl}/submit`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'multipart/form-data; boundary=x',
            'Content-Length': String(502 * 1024 * 1024),
            Accept: 'application/json',
          },
        },
        (response) => {
          let body = ''
          response.on('data', (c: Buffer) => (body += c.toString()))
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
        },
      )
      request.on('error', reject)
      request.write('--x\r\n')
    })
    expect(huge.status).toBe(413)
    expect(JSON.parse(huge.body)).toEqual({ message: 'The request is too large (at most 501 MB).' })
  })

  test('every answer carries the security headers: static files, refusals and errors', async () => {
    const home = await (await fetch(`${server.baseUrl}/`)).text()
    const asset = /\/build\/[^"]+\.js/.exec(home)![0]
    for (const path of [asset, '/favicon.svg', '/api/no-such-route', '/no-such-page']) {
      const response = await fetch(`${server.baseUrl}${path}`)
      expect(response.headers.get('X-Content-Type-Options'), path).toBe('nosniff')
      expect(response.headers.get('Content-Security-Policy'), path).toBeTruthy()
      expect(response.headers.get('X-Frame-Options'), path).toBe('DENY')
    }
    const refused = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { Origin: 'https://evil.test', 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(refused.status).toBe(403)
    expect(refused.headers.get('X-Content-Type-Options')).toBe('nosniff')
    // A document keeps its own policy, not the baseline one stacked on top.
    expect((await fetch(`${server.baseUrl}/`)).headers.get('Content-Security-Policy')).toMatch(
      /^default-src 'self'; script-src 'self' 'nonce-/,
    )
  })

  test('a proxy that rewrites Host does not turn a post from our own pages into a 500', async () => {
    const body = new URLSearchParams(contact(99)).toString()
    const status = await new Promise<number>((resolve, reject) => {
      const headers = {
        Host: 'app-upstream:8080',
        Origin: server.baseUrl,
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': String(Buffer.byteLength(body)),
      }
      const request = http.request(
        `${server.baseUrl}/contact`,
        { method: 'POST', headers, localAddress: '127.0.0.2' },
        (response) => {
          response.resume()
          resolve(response.statusCode ?? 0)
        },
      )
      request.on('error', reject)
      request.end(body)
    })
    // The action ran (a redirect, or 429 once this address has used its contact limit above).
    expect([302, 429]).toContain(status)
  })

  test('a post with Origin: null (a no-referrer or sandboxed page) is judged by Sec-Fetch-Site, never a 500', async () => {
    const post = (extra: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const body = 'name=&email=&subject=&message='
        const request = http.request(
          `${server.baseUrl}/contact`,
          {
            method: 'POST',
            headers: {
              Origin: 'null',
              'Content-Type': 'application/x-www-form-urlencoded',
              'Content-Length': String(Buffer.byteLength(body)),
              ...extra,
            },
            localAddress: '127.0.0.2',
          },
          (response) => {
            response.resume()
            resolve(response.statusCode ?? 0)
          },
        )
        request.on('error', reject)
        request.end(body)
      })
    // The browser says the page is ours: the action runs (its field errors, a 400).
    expect(await post({ 'Sec-Fetch-Site': 'same-origin' })).toBe(400)
    // Nothing says where it came from: refused like any foreign post.
    expect(await post({})).toBe(403)
  })

  test('the access log has one line per request with its id, and never a query string', async () => {
    const response = await fetch(`${server.baseUrl}/reset-password?token=s3cr3t-t0ken-in-the-query`)
    const id = response.headers.get('X-Request-Id')
    expect(id).toMatch(/^[0-9a-f]{12}$/)
    await new Promise((resolve) => setTimeout(resolve, 200))
    const log = server.output()
    expect(log).toMatch(new RegExp(`\\[http\\] ${id} GET /reset-password \\d{3} [\\d.]+ms`))
    expect(log).not.toContain('s3cr3t-t0ken-in-the-query')
  })
})

describe('behind one proxy (the shared test server)', () => {
  test('each client is its own bucket: one client at its limit does not lock out the next', async () => {
    const baseUrl = browser.baseUrl()
    const first = '198.51.100.201'
    const statuses: number[] = []
    for (let n = 0; n < 11; n++)
      statuses.push((await postContact(baseUrl, n, { 'X-Forwarded-For': first })).status)
    expect(statuses.at(-1)).toBe(429)
    // The proxy appends the address it saw; what the client wrote before it is ignored.
    expect(
      (await postContact(baseUrl, 20, { 'X-Forwarded-For': `${first}, 198.51.100.202` })).status,
    ).toBe(201)
    expect(
      (await postContact(baseUrl, 21, { 'X-Forwarded-For': `198.51.100.202, ${first}` })).status,
    ).toBe(429)
  })
})

describe('cross-site writes', () => {
  let attacker: http.Server
  let attackerUrl = ''
  beforeAll(async () => {
    // Another site (localhost is not 127.0.0.1) whose page posts our sign-in form with the
    // attacker's credentials: login CSRF, to the page and to its data request alike.
    const target = browser.baseUrl()
    const page = (action: string) => `<!DOCTYPE html><html><body>
      <form method="post" action="${target}${action}">
        <input name="usernameOrEmail" value="${ADMIN.email}"><input name="password" value="${ADMIN.password}">
        <button>Win a prize</button>
      </form></body></html>`
    attacker = http.createServer((req, res) => {
      res.setHeader('Content-Type', 'text/html')
      res.end(page(req.url === '/data' ? '/login?_data=routes%2Flogin' : '/login'))
    })
    const port = await freePort()
    await new Promise<void>((resolve) => attacker.listen(port, '127.0.0.1', resolve))
    attackerUrl = `http://localhost:${port}`
  })
  afterAll(() => {
    attacker?.close()
  })

  describe.each(MODES)('$name', ({ javaScriptEnabled }) => {
    test.each(['/', '/data'])(
      'a form on another site posting to our sign-in (%s) is refused and signs nobody in',
      async (path) => {
        const page = await browser.newPage({ javaScriptEnabled })
        await page.goto(`${attackerUrl}${path}`)
        const [response] = await Promise.all([
          page.waitForNavigation(),
          page.getByRole('button', { name: 'Win a prize' }).click(),
        ])
        expect(response?.status()).toBe(403)
        await expect
          .poll(() => page.locator('body').innerText())
          .toContain('This request came from another site, so it was refused.')
        // Still a visitor: the dashboard sends them away.
        await page.goto(`${browser.baseUrl()}/dashboard`)
        await expect.poll(() => new URL(page.url()).pathname).not.toBe('/dashboard')
        await page.done()
      },
    )
  })
})
