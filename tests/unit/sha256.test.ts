import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { FILE_CHUNK_BYTES, Sha256, sha256OfFile } from '~/lib/sha256'

const nodeSha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex')

describe('the browser SHA-256', () => {
  it('agrees with node:crypto on every length around the block and padding boundaries', () => {
    const bytes = crypto.randomBytes(300)
    for (let length = 0; length <= 300; length++) {
      const data = bytes.subarray(0, length)
      expect(new Sha256().update(data).hex(), `length ${length}`).toBe(nodeSha256(data))
    }
  })

  it('gives the same digest however the input is split', () => {
    const data = crypto.randomBytes(10_007)
    for (const piece of [1, 3, 63, 64, 65, 1000, 4096]) {
      const hash = new Sha256()
      for (let i = 0; i < data.length; i += piece) hash.update(data.subarray(i, i + piece))
      expect(hash.hex(), `pieces of ${piece}`).toBe(nodeSha256(data))
    }
  })

  it('knows the standard test vectors', () => {
    expect(new Sha256().hex()).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    )
    expect(new Sha256().update(new TextEncoder().encode('abc')).hex()).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    )
  })

  it('hashes a file of several chunks, reporting progress up to its size', async () => {
    const data = crypto.randomBytes(2 * FILE_CHUNK_BYTES + 12_345)
    const seen: number[] = []
    expect(await sha256OfFile(new Blob([data]), (read) => seen.push(read))).toBe(nodeSha256(data))
    expect(seen).toEqual([FILE_CHUNK_BYTES, 2 * FILE_CHUNK_BYTES, data.length])
  })

  it('refuses to be used after it is finished', () => {
    const hash = new Sha256()
    hash.hex()
    expect(() => hash.update(new Uint8Array(1))).toThrow()
  })
})
