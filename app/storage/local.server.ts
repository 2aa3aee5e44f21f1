import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import type { StorageAdapter, StorageTags, StoredObject } from './types'

/** Arweave transaction ids are 32 bytes in base64url; local ids have the same shape. */
export const STORAGE_ID_PATTERN = /^[A-Za-z0-9_-]{43}$/

export function isStorageId(id: string) {
  return STORAGE_ID_PATTERN.test(id)
}

const StoredTagsSchema = z.record(z.string(), z.string())

export interface LocalStorageOptions {
  /** The folder holding `<id>.json` and `<id>.tags.json`, e.g. `DATA_DIR/storage`. */
  dir: string
  /** The app's public address; objects are served at `<appUrl>/storage/<id>`. */
  appUrl: string
}

/** The embedded stand-in for Arweave: a content store on disk, served by `/storage/:id`. */
export class LocalStorage implements StorageAdapter {
  readonly kind = 'local' as const
  private readonly dir: string
  private readonly appUrl: string

  constructor(options: LocalStorageOptions) {
    this.dir = path.resolve(options.dir)
    this.appUrl = options.appUrl.replace(/\/+$/, '')
  }

  async put(data: Uint8Array, tags: StorageTags): Promise<StoredObject> {
    const id = crypto.randomBytes(32).toString('base64url')
    await fs.mkdir(this.dir, { recursive: true })
    // The data file is written last: its presence means the object (tags included) is complete.
    await writeAtomically(this.file(id, 'tags'), JSON.stringify(tags))
    await writeAtomically(this.file(id, 'data'), data)
    return { id, url: this.url(id) }
  }

  async get(id: string): Promise<{ data: Uint8Array; tags: StorageTags } | null> {
    if (!isStorageId(id)) return null
    let data: Buffer
    try {
      data = await fs.readFile(this.file(id, 'data'))
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
    const tags = StoredTagsSchema.parse(
      JSON.parse(await fs.readFile(this.file(id, 'tags'), 'utf8')),
    )
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), tags }
  }

  url(id: string) {
    return `${this.appUrl}/storage/${id}`
  }

  private file(id: string, part: 'data' | 'tags') {
    return path.join(this.dir, part === 'data' ? `${id}.json` : `${id}.tags.json`)
  }
}

/** A reader never sees half a file: write and flush a temporary sibling, then rename it into place. */
async function writeAtomically(file: string, content: Uint8Array | string) {
  const temporary = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`
  try {
    const handle = await fs.open(temporary, 'wx')
    try {
      await handle.writeFile(content)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await fs.rename(temporary, file)
  } catch (error) {
    await fs.rm(temporary, { force: true })
    throw error
  }
}

function isNotFound(error: unknown) {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT'
}
