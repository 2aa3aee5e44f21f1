// The networks and stores a registration can name, and the dashboard's address after one: the
// little of app/lib/registration-network.ts that pages outside the certificate need in the
// browser. Its English facts stay there, loaded only by the pages that draw them (the
// certificate and verify pages' words), not by every page through the shared chunk
// (app/shared-client-modules.ts): the song form's pages are the ones nearest decision 044's 120 KB.

/** 'local-ledger' is the embedded LiteSVM ledger; 'localnet' a private validator reached over RPC. */
export const NETWORKS = ['local-ledger', 'localnet', 'devnet', 'testnet', 'mainnet-beta'] as const
export type Network = (typeof NETWORKS)[number]

export const STORAGE_KINDS = ['local-store', 'arweave'] as const
export type StorageKind = (typeof STORAGE_KINDS)[number]

export const isNetwork = (value: unknown): value is Network =>
  typeof value === 'string' && (NETWORKS as readonly string[]).includes(value)
export const isStorageKind = (value: unknown): value is StorageKind =>
  typeof value === 'string' && (STORAGE_KINDS as readonly string[]).includes(value)

/** The dashboard's address after a completed registration (SPEC §4: it returns there). */
export const registeredUrl = (songId: number) => `/?registered=${songId}`
