import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import { once } from 'node:events'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * A real RFC 3161 server for tests: OpenSSL's own TSA (`openssl ts -reply`) with a test root CA
 * and a TSA certificate whose only extended key usage is timeStamping (critical), behind a small
 * HTTP wrapper speaking application/timestamp-query. Paths other than `/` misbehave on purpose:
 * `/replay` answers with the previous answer (another request's imprint and nonce), `/tamper`
 * flips the last byte (inside the signature), `/down` answers 503.
 */
export interface OpenSslTsa {
  url: string
  dir: string
  /** The root CA's certificate: the trust anchor (TSA_CA_FILE). */
  caFile: string
  /** Requests answered so far (any path). */
  requests(): number
  /** While true, every path answers 503, as a TSA that is down. */
  setDown(down: boolean): void
  close(): Promise<void>
}

export async function startOpenSslTsa(): Promise<OpenSslTsa> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openssl-tsa-'))
  const file = (name: string) => path.join(dir, name)
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '3650',
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.crt'),
    '-subj',
    '/CN=ProofTrack test root CA',
  ])
  fs.writeFileSync(
    file('tsa-ext.cnf'),
    'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\nextendedKeyUsage=critical,timeStamping\n',
  )
  await run('openssl', [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    file('tsa.key'),
    '-out',
    file('tsa.csr'),
    '-subj',
    '/CN=OpenSSL test TSA',
  ])
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    file('tsa.csr'),
    '-CA',
    file('ca.crt'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '365',
    '-out',
    file('tsa.crt'),
    '-extfile',
    file('tsa-ext.cnf'),
  ])
  fs.writeFileSync(file('tsaserial'), '01\n')
  fs.writeFileSync(
    file('tsa.cnf'),
    [
      '[ tsa ]',
      'default_tsa = tsa_config1',
      '[ tsa_config1 ]',
      `serial = ${file('tsaserial')}`,
      'crypto_device = builtin',
      `signer_cert = ${file('tsa.crt')}`,
      `certs = ${file('ca.crt')}`,
      `signer_key = ${file('tsa.key')}`,
      'signer_digest = sha256',
      'default_policy = 1.2.3.4.1',
      'digests = sha256, sha384, sha512',
      'accuracy = secs:1',
      'ordering = yes',
      'tsa_name = yes',
      'ess_cert_id_chain = no',
      'ess_cert_id_alg = sha256',
      '',
    ].join('\n'),
  )

  let count = 0
  let down = false
  let previous: Uint8Array | null = null
  // openssl ts keeps its serial in one file: one reply at a time.
  let queue: Promise<unknown> = Promise.resolve()
  const reply = (query: Buffer) => {
    const next = queue.then(async () => {
      const tag = crypto.randomBytes(6).toString('hex')
      fs.writeFileSync(file(`${tag}.tsq`), query)
      await run('openssl', [
        'ts',
        '-reply',
        '-config',
        file('tsa.cnf'),
        '-queryfile',
        file(`${tag}.tsq`),
        '-out',
        file(`${tag}.tsr`),
      ])
      return fs.readFileSync(file(`${tag}.tsr`))
    })
    queue = next.catch(() => undefined)
    return next
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      count++
      const mode = (req.url ?? '/').split('?')[0]
      if (down || mode === '/down' || req.method !== 'POST') {
        res.writeHead(503).end()
        return
      }
      reply(Buffer.concat(chunks)).then(
        (answer) => {
          let body: Uint8Array = answer
          if (mode === '/replay') body = previous ?? answer
          if (mode === '/tamper') {
            body = new Uint8Array(answer)
            body[body.length - 1]! ^= 0x01
          }
          previous = answer
          res.writeHead(200, { 'Content-Type': 'application/timestamp-reply' }).end(body)
        },
        () => res.writeHead(500).end(),
      )
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    caFile: file('ca.crt'),
    requests: () => count,
    setDown: (value) => {
      down = value
    },
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Runs `openssl ts -verify` the way a stranger does; resolves with its output and exit status. */
export async function opensslVerify(files: { data: string; tsr: string; caFile: string }) {
  try {
    const { stdout, stderr } = await run('openssl', [
      'ts',
      '-verify',
      '-data',
      files.data,
      '-in',
      files.tsr,
      '-CAfile',
      files.caFile,
    ])
    return { ok: true, output: `${stdout}${stderr}` }
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string }
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` }
  }
}
