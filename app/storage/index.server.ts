import path from 'node:path'
import { type Env, env } from '~/env.server'
import { keptPerConfiguration } from '~/lib/kept-per-configuration.server'
import { ArweaveStorage } from './arweave.server'
import { LocalStorage } from './local.server'
import type { StorageAdapter } from './types'

/** The configured storage: Arweave when its host and wallet are set, else the local store. */
export function getStorage(): StorageAdapter {
  const config = env()
  const { ARWEAVE_HOST, ARWEAVE_PORT, ARWEAVE_PROTOCOL, ARWEAVE_WALLET_JWK } = config
  const { ARWEAVE_GATEWAY_URL, DATA_DIR, APP_URL } = config
  return keptPerConfiguration(
    'storage',
    {
      ARWEAVE_HOST,
      ARWEAVE_PORT,
      ARWEAVE_PROTOCOL,
      ARWEAVE_WALLET_JWK,
      ARWEAVE_GATEWAY_URL,
      DATA_DIR,
      APP_URL,
    },
    () => createStorage(config),
  )
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
