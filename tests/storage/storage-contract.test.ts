import crypto from 'node:crypto'
import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import ArLocal from 'arlocal'
import Arweave from 'arweave'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadEnv } from '~/env.server'
import { createStorage } from '~/storage/index.server'
import type { StorageAdapter, StorageTags } from '~/storage/types'
import { useTempDirs } from '../setup/temp-dir'
import { testEnv } from '../setup/test-env'

interface Subject {
  storage: StorageAdapter
  /** Makes what was put readable, as a block being mined does on Arweave. */
  settle(): Promise<void>
}

const manifest = JSON.stringify({
  version: 1,
  title: 'Café del Mar — 夜の歌 🎵',
  contributors: [
    { name: 'Zoë Ørsted', share: 50 },
    { name: 'Łukasz Żółć', share: 50 },
  ],
})
const bytes = () => new TextEncoder().encode(manifest)
const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest('hex')
const certificateTags = (
  data: Uint8Array,
  certificateId: string = crypto.randomUUID(),
): StorageTags => ({
  'Content-Type': 'application/json',
  'App-Name': 'ProofTrack',
  'App-Version': '1',
  'Certificate-Id': certificateId,
  'Content-SHA256': sha256(data),
})
const unknownId = () => crypto.randomBytes(32).toString('base64url')

function storageContract(name: string, kind: StorageAdapter['kind'], open: () => Promise<Subject>) {
  describe(`${name} storage`, () => {
    let subject: Subject
    beforeAll(async () => {
      subject = await open()
    })

    test(`is the ${kind} adapter, built from the configuration`, () => {
      expect(subject.storage.kind).toBe(kind)
    })

    test('put answers an Arweave-shaped id and a url that contains it', async () => {
      const stored = await subject.storage.put(bytes(), certificateTags(bytes()))
      expect(stored.id).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(stored.url).toContain(stored.id)
      expect(stored.url).toBe(subject.storage.url(stored.id))
    })

    test('get answers exactly the bytes and the tags that were put', async () => {
      const data = bytes()
      const tags = certificateTags(data)
      const stored = await subject.storage.put(data, tags)
      await subject.settle()

      const object = await subject.storage.get(stored.id)
      expect(object).not.toBeNull()
      expect(Buffer.from(object!.data).equals(Buffer.from(data))).toBe(true)
      expect(new TextDecoder().decode(object!.data)).toBe(manifest)
      expect(sha256(object!.data)).toBe(tags['Content-SHA256'])
      expect(object!.tags).toEqual(tags)
    })

    test('the five certificate tags round-trip by name, and tag values keep non-ASCII text', async () => {
      const data = bytes()
      const tags = { ...certificateTags(data, 'cert-0001'), 'App-Name': 'ProofTrack ✓ Música' }
      const stored = await subject.storage.put(data, tags)
      await subject.settle()

      const object = await subject.storage.get(stored.id)
      expect(Object.keys(object!.tags).sort()).toEqual([
        'App-Name',
        'App-Version',
        'Certificate-Id',
        'Content-SHA256',
        'Content-Type',
      ])
      expect(object!.tags['Content-Type']).toBe('application/json')
      expect(object!.tags['App-Name']).toBe('ProofTrack ✓ Música')
      expect(object!.tags['App-Version']).toBe('1')
      expect(object!.tags['Certificate-Id']).toBe('cert-0001')
      expect(object!.tags['Content-SHA256']).toBe(sha256(data))
    })

    test('an unknown id answers null, and so does a malformed one', async () => {
      expect(await subject.storage.get(unknownId())).toBeNull()
      expect(await subject.storage.get('../etc/passwd')).toBeNull()
      expect(await subject.storage.get('')).toBeNull()
    })

    // Arweave does not deduplicate: each put is its own signed transaction with its own id.
    test('the same data put twice gets two ids, both readable', async () => {
      const data = bytes()
      const tags = certificateTags(data)
      const first = await subject.storage.put(data, tags)
      const second = await subject.storage.put(data, tags)
      await subject.settle()

      expect(second.id).not.toBe(first.id)
      for (const id of [first.id, second.id]) {
        const object = await subject.storage.get(id)
        expect(Buffer.from(object!.data).toString('utf8')).toBe(manifest)
        expect(object!.tags).toEqual(tags)
      }
    })
  })
}

const temporaryDir = useTempDirs()
const configuration = (dataDir: string, extra: Record<string, string> = {}) =>
  loadEnv({ ...testEnv(dataDir), ...extra })

storageContract('Local', 'local', async () => ({
  storage: createStorage(configuration(temporaryDir('prooftrack-storage-'))),
  settle: async () => {},
}))

// ArLocal's private parts, reached to keep it on loopback and its request log out of the working directory.
interface ArLocalInternals {
  app: {
    callback(): http.RequestListener
    listen: (port: number, onListening: () => void) => http.Server
  }
  log: { logInFile: (args: unknown) => void }
}

const arlocalTiming = { startMs: 0 }

async function startArLocal() {
  const dir = temporaryDir('prooftrack-arlocal-')
  const port = await freeLoopbackPort()
  const started = performance.now()
  const arlocal = new ArLocal(port, false, path.join(dir, 'db'), false)
  const internals = arlocal as unknown as ArLocalInternals
  // Koa's app.listen(port) binds every interface; bind this one to 127.0.0.1 only.
  internals.app.listen = (_port, onListening) =>
    http.createServer(internals.app.callback()).listen(port, '127.0.0.1', onListening)
  // It appends every request to ./logs, whatever showLogs says.
  internals.log.logInFile = () => {}
  await arlocal.start()
  const server = arlocal.getServer()
  if (!server.listening) await once(server, 'listening')
  arlocalTiming.startMs = Math.round(performance.now() - started)

  const address = server.address() as AddressInfo
  if (address.address !== '127.0.0.1')
    throw new Error(`ArLocal listens on ${address.address}, not on loopback`)
  const base = `http://127.0.0.1:${port}`
  return {
    port,
    base,
    call: async (route: string) => {
      const response = await fetch(`${base}${route}`)
      if (!response.ok) throw new Error(`ArLocal ${route} answered ${response.status}`)
      await response.arrayBuffer()
    },
    stop: async () => {
      await arlocal.stop()
      server.closeAllConnections()
      if (server.listening) await once(server, 'close')
    },
  }
}

async function freeLoopbackPort() {
  const probe = http.createServer()
  probe.listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

let arlocal: Awaited<ReturnType<typeof startArLocal>>
let walletJwk: string

// One ArLocal for the file, with a funded wallet; each test's transactions are mined on demand.
beforeAll(async () => {
  arlocal = await startArLocal()
  const client = Arweave.init({ host: '127.0.0.1', port: arlocal.port, protocol: 'http' })
  const wallet = await client.wallets.generate()
  walletJwk = JSON.stringify(wallet)
  await arlocal.call(`/mint/${await client.wallets.jwkToAddress(wallet)}/${100_000_000_000_000}`)
})
afterAll(async () => {
  await arlocal?.stop()
})

const arweaveConfig = (extra: Record<string, string> = {}, port = arlocal.port) =>
  configuration(temporaryDir('prooftrack-storage-'), {
    ARWEAVE_HOST: '127.0.0.1',
    ARWEAVE_PORT: String(port),
    ARWEAVE_PROTOCOL: 'http',
    ...extra,
  })

storageContract('Arweave (ArLocal)', 'arweave', async () => ({
  storage: createStorage(arweaveConfig({ ARWEAVE_WALLET_JWK: walletJwk })),
  settle: () => arlocal.call('/mine'),
}))

/** A gateway in front of ArLocal that rewrites some answers, to prove what get() trusts. */
async function lyingGateway(
  rewrite: (url: string, body: Buffer) => { status: number; body: Buffer } | null,
) {
  const server = http.createServer(async (request, response) => {
    const url = request.url ?? '/'
    const upstream = await fetch(`${arlocal.base}${url}`)
    const body = Buffer.from(await upstream.arrayBuffer())
    const answer = rewrite(url, body) ?? { status: upstream.status, body }
    response.writeHead(answer.status, {
      'Content-Type': upstream.headers.get('Content-Type') ?? 'application/octet-stream',
    })
    response.end(answer.body)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    storage: createStorage(
      arweaveConfig({ ARWEAVE_WALLET_JWK: walletJwk }, (server.address() as AddressInfo).port),
    ),
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

const notFound = { status: 404, body: Buffer.from('{"status":404,"error":"Not Found"}') }
const alter = (body: Buffer) => ({
  status: 200,
  body: Buffer.from(body.toString('utf8').replace('Café', 'Cafe')),
})

describe('Arweave storage beyond the contract', () => {
  test('ArLocal listens on loopback only', () => {
    console.info(`[storage-contract] ArLocal started in ${arlocalTiming.startMs} ms`)
    expect(arlocalTiming.startMs).toBeGreaterThan(0)
  })

  test('links go to the configured gateway, else to the API host', () => {
    const id = unknownId()
    expect(createStorage(arweaveConfig({ ARWEAVE_WALLET_JWK: walletJwk })).url(id)).toBe(
      `http://127.0.0.1:${arlocal.port}/${id}`,
    )
    expect(
      createStorage(
        arweaveConfig({
          ARWEAVE_WALLET_JWK: walletJwk,
          ARWEAVE_GATEWAY_URL: 'https://arweave.net/',
        }),
      ).url(id),
    ).toBe(`https://arweave.net/${id}`)
  })

  test('the host without a wallet, or a wallet without a host, means the local store', () => {
    expect(createStorage(arweaveConfig()).kind).toBe('local')
    expect(
      createStorage(
        configuration(temporaryDir('prooftrack-storage-'), { ARWEAVE_WALLET_JWK: walletJwk }),
      ).kind,
    ).toBe('local')
  })

  test('a wallet that is not a JWK is refused without echoing the secret', () => {
    expect(() => createStorage(arweaveConfig({ ARWEAVE_WALLET_JWK: 'not-json-secret' }))).toThrow(
      /ARWEAVE_WALLET_JWK is not valid JSON/,
    )
    expect(() =>
      createStorage(arweaveConfig({ ARWEAVE_WALLET_JWK: 'not-json-secret' })),
    ).not.toThrow(/not-json-secret/)
    expect(() => createStorage(arweaveConfig({ ARWEAVE_WALLET_JWK: '{"kty":"EC"}' }))).toThrow(
      /not an Arweave wallet/,
    )
  })

  test('an unfunded wallet makes put fail with a clear error', async () => {
    const client = Arweave.init({ host: '127.0.0.1', port: arlocal.port, protocol: 'http' })
    const storage = createStorage(
      arweaveConfig({ ARWEAVE_WALLET_JWK: JSON.stringify(await client.wallets.generate()) }),
    )
    await expect(storage.put(bytes(), certificateTags(bytes()))).rejects.toThrow(
      /^Could not store the data on Arweave \(http:\/\/127\.0\.0\.1:\d+\): the node refused the transaction with status 410 \(.*enough tokens.*\); the paying wallet is [\w-]{43} \(is it funded\?\)$/,
    )
  })

  describe('get() trusts only what the transaction signature covers', () => {
    let id: string
    beforeAll(async () => {
      id = (
        await createStorage(arweaveConfig({ ARWEAVE_WALLET_JWK: walletJwk })).put(
          bytes(),
          certificateTags(bytes()),
        )
      ).id
      await arlocal.call('/mine')
    })

    test('a gateway copy that was altered is passed over for the chunks, which match', async () => {
      const gateway = await lyingGateway((url, body) => (url === `/${id}` ? alter(body) : null))
      try {
        expect(new TextDecoder().decode((await gateway.storage.get(id))!.data)).toBe(manifest)
      } finally {
        await gateway.close()
      }
    })

    test('altered data with no honest source left is refused', async () => {
      const gateway = await lyingGateway((url, body) =>
        url === `/${id}` ? alter(body) : url.startsWith(`/tx/${id}/offset`) ? notFound : null,
      )
      try {
        await expect(gateway.storage.get(id)).rejects.toThrow(
          /the gateway copy does not match the signed data root/,
        )
      } finally {
        await gateway.close()
      }
    })

    test('altered tags are refused: the signature no longer holds', async () => {
      const gateway = await lyingGateway((url, body) => {
        if (url !== `/tx/${id}`) return null
        const transaction = JSON.parse(body.toString('utf8')) as {
          tags: { name: string; value: string }[]
        }
        for (const tag of transaction.tags) {
          if (Arweave.utils.b64UrlToString(tag.name) === 'Certificate-Id')
            tag.value = Arweave.utils.stringToB64Url('someone-else')
        }
        return { status: 200, body: Buffer.from(JSON.stringify(transaction)) }
      })
      try {
        await expect(gateway.storage.get(id)).rejects.toThrow(/invalid signature/)
      } finally {
        await gateway.close()
      }
    })
  })
})
