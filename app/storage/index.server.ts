import path from 'node:path'
import { type Env, env } from '~/env.server'
import { ArweaveStorage } from './arweave.server'
import { LocalStorage } from './local.server'
import type { StorageAdapter } from './types'

// Kept on globalThis so a rebuilt server module in development reuses the same adapter.
const holder = globalThis as typeof globalThis & { __prooftrackStorage?: StorageAdapter }

/** The configured storage: Arweave when its host and wallet are set, else the local store. */
export function getStorage(): StorageAdapter {
  holder.__prooftrackStorage ??= createStorage(env())
  return holder.__prooftrackStorage
}

/** Builds the adapter a configuration asks for; tests call it with their own configuration. */
export function createStorage(config: Env): StorageAdapter {
  if (config.ARWEAVE_HOST && config.ARWEAVE_WALLET_JWK) {
    return new ArweaveStorage({
      host: config.ARWEAVE_HOST,
      port: config.ARWEAVE_PORT,
      protocol: config.ARWEAVE_PROTOCOL,
      walletJwk: config.ARWEAVE_WALLET_JWK,
      gatewayUrl: config.ARWEAVE_GATEWAY_URL,
    })
  }
  return new LocalStorage({ dir: path.join(config.DATA_DIR, 'storage'), appUrl: config.APP_URL })
}
