export type StorageTags = Record<string, string>

export interface StoredObject {
  id: string
  /** Where anyone can fetch it: the Arweave gateway, or this app's /storage/:id. */
  url: string
}

/** Permanent storage for certificate manifests: Arweave, or the embedded local store. */
export interface StorageAdapter {
  readonly kind: 'local' | 'arweave'
  put(data: Uint8Array, tags: StorageTags): Promise<StoredObject>
  get(id: string): Promise<{ data: Uint8Array; tags: StorageTags } | null>
  url(id: string): string
}
