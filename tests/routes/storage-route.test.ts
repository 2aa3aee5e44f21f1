import crypto from 'node:crypto'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { loader } from '~/resource-routes/storage.$id'
import { getStorage } from '~/storage/index.server'
import type { StorageAdapter } from '~/storage/types'
import { args } from '../setup/fixtures'

// The test configuration sets no Arweave, so the route serves the local store; one test swaps in
// an Arweave adapter to show the route then serves nothing.
const configured = vi.hoisted(() => ({ storage: null as StorageAdapter | null }))
vi.mock('~/storage/index.server', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/storage/index.server')>()
  return { ...actual, getStorage: () => configured.storage ?? actual.getStorage() }
})
afterEach(() => {
  configured.storage = null
})

const get = (id: string) =>
  loader(args(new Request(`http://localhost/storage/${encodeURIComponent(id)}`), { id }))

const manifest = JSON.stringify({ version: 1, title: 'Noël à Kraków — 歌' })
const data = new TextEncoder().encode(manifest)
const tags = {
  'Content-Type': 'application/json',
  'App-Name': 'ProofTrack',
  'App-Version': '1',
  'Certificate-Id': 'cert-route-1',
  'Content-SHA256': crypto.createHash('sha256').update(data).digest('hex'),
}

describe('GET /storage/:id', () => {
  test('answers the stored bytes with the tags as headers, labelled local and cached for good', async () => {
    const { id, url } = await getStorage().put(data, tags)
    expect(url).toBe(`http://localhost:3000/storage/${id}`)

    const response = await get(id)
    expect(response.status).toBe(200)
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(data))).toBe(true)
    expect(response.headers.get('Content-Type')).toBe('application/json')
    expect(response.headers.get('Content-Length')).toBe(String(data.byteLength))
    expect(response.headers.get('X-Tag-Content-Type')).toBe('application/json')
    expect(response.headers.get('X-Tag-App-Name')).toBe('ProofTrack')
    expect(response.headers.get('X-Tag-App-Version')).toBe('1')
    expect(response.headers.get('X-Tag-Certificate-Id')).toBe('cert-route-1')
    expect(response.headers.get('X-Tag-Content-SHA256')).toBe(tags['Content-SHA256'])
    expect(response.headers.get('X-Storage')).toBe('local')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'")
    expect(response.headers.get('Content-Security-Policy')).toContain('sandbox')
  })

  test('tag values that are not plain ASCII arrive percent-encoded, and decode to the tag', async () => {
    const { id } = await getStorage().put(data, {
      ...tags,
      'App-Name': 'ProofTrack ✓',
      'Certificate-Id': '100% mine',
    })
    const response = await get(id)
    expect(response.headers.get('X-Tag-App-Name')).toBe('ProofTrack%20%E2%9C%93')
    expect(decodeURIComponent(response.headers.get('X-Tag-App-Name')!)).toBe('ProofTrack ✓')
    expect(decodeURIComponent(response.headers.get('X-Tag-Certificate-Id')!)).toBe('100% mine')
    expect(decodeURIComponent(response.headers.get('X-Tag-Content-SHA256')!)).toBe(
      tags['Content-SHA256'],
    )
  })

  test('an unknown id answers 404 with a JSON message', async () => {
    const response = await get(crypto.randomBytes(32).toString('base64url'))
    expect(response.status).toBe(404)
    expect(response.headers.get('Content-Type')).toContain('application/json')
    expect(await response.json()).toEqual({ message: expect.any(String) })
  })

  test.each([
    '../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    'short',
    `${'a'.repeat(43)}.tags`,
    `${'a'.repeat(42)}/`,
    '',
  ])('a malformed id (%s) answers 404', async (id) => {
    const response = await get(id)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: expect.any(String) })
  })

  test('with Arweave configured the route answers 404 and never reads storage', async () => {
    const { id } = await getStorage().put(data, tags)
    const untouchable = () => Promise.reject(new Error('the route must not read Arweave'))
    configured.storage = {
      kind: 'arweave',
      put: untouchable,
      get: untouchable,
      url: (objectId) => `https://arweave.net/${objectId}`,
    }

    const response = await get(id)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: expect.stringContaining('Arweave') })
  })
})
