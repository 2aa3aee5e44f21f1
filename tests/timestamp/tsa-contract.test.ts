import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { HttpTsa } from '~/timestamp/http.server'
import { createTimestampAuthority } from '~/timestamp/index.server'
import { LocalTsa, LOCAL_TSA_NAME } from '~/timestamp/local.server'
import { buildRequest, certificatesFromPem, checkResponse } from '~/timestamp/rfc3161.server'
import { type TimestampAuthority, TimestampRefused } from '~/timestamp/types'
import { opensslVerify, type OpenSslTsa, startOpenSslTsa } from '../setup/openssl-tsa'
import { useTempDirs } from '../setup/temp-dir'

// One contract, two implementations (issue 29): this server's development TSA, and a real RFC
// 3161 server over HTTP — OpenSSL's own TSA behind a small wrapper. Each token is checked by
// `openssl ts -verify`, as a stranger would, and by the client's own checks.

const tempDir = useTempDirs()
const manifest = new TextEncoder().encode(
  JSON.stringify({
    title: 'Café del Mar — 夜の歌 🎵',
    contributors: ['Zoë Ørsted', 'Łukasz Żółć'],
  }),
)

let openssl: OpenSslTsa
beforeAll(async () => {
  openssl = await startOpenSslTsa()
}, 60_000)
afterAll(async () => {
  await openssl?.close()
})

interface Subject {
  tsa: () => TimestampAuthority
  name: string | RegExp
  development: boolean
}

const subjects: Record<string, Subject> = {}
const localDir = () => tempDir('local-tsa-')
let local: LocalTsa | null = null
subjects.local = {
  tsa: () => (local ??= new LocalTsa({ dir: localDir() })),
  name: LOCAL_TSA_NAME,
  development: true,
}
subjects['OpenSSL over HTTP'] = {
  tsa: () =>
    new HttpTsa({ url: `${openssl.url}/`, caFile: openssl.caFile, name: 'OpenSSL test TSA' }),
  name: 'OpenSSL test TSA',
  development: false,
}

async function writeFiles(dir: string, data: Uint8Array, response: Uint8Array, chainPem: string) {
  fs.writeFileSync(path.join(dir, 'snapshot.json'), data)
  fs.writeFileSync(path.join(dir, 'snapshot.tsr'), response)
  fs.writeFileSync(path.join(dir, 'tsa-chain.pem'), chainPem)
  return {
    data: path.join(dir, 'snapshot.json'),
    tsr: path.join(dir, 'snapshot.tsr'),
    caFile: path.join(dir, 'tsa-chain.pem'),
  }
}

describe.each(Object.entries(subjects))('TSA contract: %s', (_label, subject) => {
  test('a token over the SHA-256 of the data, with a time, that openssl ts -verify accepts', async () => {
    const tsa = subject.tsa()
    expect(tsa.isDevelopment).toBe(subject.development)
    const before = Date.now()
    const token = await tsa.stamp(manifest)
    expect(token.tsaName).toEqual(subject.name)
    // OpenSSL's TSA rounds to whole seconds.
    expect(token.genTime.getTime()).toBeGreaterThanOrEqual(before - 2000)
    expect(token.genTime.getTime()).toBeLessThanOrEqual(Date.now() + 2000)
    expect(token.serial).toMatch(/^[0-9a-f]+$/)
    const files = await writeFiles(tempDir('stamp-'), manifest, token.response, token.chainPem)
    const verified = await opensslVerify(files)
    expect(verified.output).toContain('Verification: OK')
    expect(verified.ok).toBe(true)
  })

  test('openssl ts -verify refuses the token for a tampered manifest', async () => {
    const token = await subject.tsa().stamp(manifest)
    const tampered = new TextEncoder().encode(
      new TextDecoder().decode(manifest).replace('Zoë', 'Zoe'),
    )
    const files = await writeFiles(tempDir('tampered-'), tampered, token.response, token.chainPem)
    const verified = await opensslVerify(files)
    expect(verified.ok).toBe(false)
    expect(verified.output).toContain('Verification: FAILED')
  })

  test('the client refuses a tampered token, a wrong imprint and a wrong nonce', async () => {
    const token = await subject.tsa().stamp(manifest)
    const anchors = certificatesFromPem(token.chainPem)
    const flipped = new Uint8Array(token.response)
    flipped[flipped.length - 1]! ^= 0x01
    await expect(
      checkResponse(flipped, { data: manifest, nonceHex: null, trustAnchors: anchors }),
    ).rejects.toThrow(/signature/)
    await expect(
      checkResponse(token.response, {
        data: new TextEncoder().encode('another manifest'),
        nonceHex: null,
        trustAnchors: anchors,
      }),
    ).rejects.toThrow(/message imprint is not the SHA-256/)
    const otherNonce = buildRequest(manifest).nonceHex
    await expect(
      checkResponse(token.response, {
        data: manifest,
        nonceHex: otherNonce,
        trustAnchors: anchors,
      }),
    ).rejects.toThrow(/nonce is not the one sent/)
    // Untouched, against its anchors, it passes: the refusals above are the checks, not noise.
    await expect(
      checkResponse(token.response, { data: manifest, nonceHex: null, trustAnchors: anchors }),
    ).resolves.toMatchObject({ serial: token.serial })
  })

  test('a token is refused against another trust anchor', async () => {
    const token = await subject.tsa().stamp(manifest)
    const stranger = await new LocalTsa({ dir: tempDir('stranger-tsa-') }).certificatePem()
    await expect(
      checkResponse(token.response, {
        data: manifest,
        nonceHex: null,
        trustAnchors: certificatesFromPem(stranger),
      }),
    ).rejects.toBeInstanceOf(TimestampRefused)
  })
})

describe('the HTTP client against a misbehaving TSA', () => {
  const client = (suffix: string) =>
    new HttpTsa({ url: `${openssl.url}${suffix}`, caFile: openssl.caFile })

  test('an answer replayed for another request (imprint and nonce) is refused', async () => {
    await client('/').stamp(manifest)
    // Same data: the imprint matches, the nonce is the earlier request's.
    await expect(client('/replay').stamp(manifest)).rejects.toThrow(/nonce is not the one sent/)
    await expect(client('/replay').stamp(new TextEncoder().encode('other'))).rejects.toThrow(
      /message imprint/,
    )
  })

  test('a tampered answer is refused; a TSA that is down is an error, not a token', async () => {
    await expect(client('/tamper').stamp(manifest)).rejects.toThrow(/signature/)
    await expect(client('/down').stamp(manifest)).rejects.toThrow(/HTTP 503/)
  })

  test('the name defaults to the TSA’s host', () => {
    expect(client('/').name).toBe(new URL(openssl.url).host)
  })
})

describe('the local TSA', () => {
  test('generates its key and certificate once: a second instance on the same folder reuses them', async () => {
    const dir = path.join(tempDir('local-once-'), 'tsa')
    // Three starting at once, as a server's processes do: one pair is kept, no temporary left.
    const first = await Promise.all([1, 2, 3].map(() => new LocalTsa({ dir }).certificatePem()))
    expect(new Set(first).size).toBe(1)
    const second = await new LocalTsa({ dir }).certificatePem()
    expect(second).toBe(first[0])
    expect(fs.readdirSync(dir).sort()).toEqual(['tsa-cert.pem', 'tsa-key.pem'])
    expect(fs.statSync(path.join(dir, 'tsa-key.pem')).mode & 0o077).toBe(0)
  })

  test('createTimestampAuthority picks the configured TSA, else the local one', () => {
    const dataDir = tempDir('config-')
    expect(createTimestampAuthority({ DATA_DIR: dataDir } as never).kind).toBe('local')
    const http = createTimestampAuthority({
      DATA_DIR: dataDir,
      TSA_URL: openssl.url,
      TSA_CA_FILE: openssl.caFile,
      TSA_NAME: 'Example TSA',
    } as never)
    expect(http.kind).toBe('rfc3161')
    expect(http.name).toBe('Example TSA')
  })
})
