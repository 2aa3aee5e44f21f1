import { getChain } from '~/chain/index.server'
import type { ChainAdapter } from '~/chain/types'
import {
  isNetwork,
  type Network,
  registrationNetwork,
  registrationStorage,
  type StorageKind,
} from '~/lib/registration-network'
import { getStorage } from '~/storage/index.server'
import type { StorageAdapter } from '~/storage/types'

// Where a registration goes: the network its memo is anchored on and the storage that keeps its
// manifest, as its row records them and as the pages and the start-up log say them.

/** The chain and storage a registration uses; tests pass their own, the server uses its configured ones. */
export interface RegistrationParts {
  chain?: ChainAdapter
  storage?: StorageAdapter
}

/** Where a registration goes, as its row records it (decision 019). */
export interface RegistrationTarget {
  network: Network
  storageKind: StorageKind
  storageGateway: string | null
}

/** The network a chain adapter anchors on: the embedded ledger is never called a Solana cluster. */
export function chainNetwork(chain: ChainAdapter): Network {
  if (chain.kind === 'local') return 'local-ledger'
  if (isNetwork(chain.cluster) && chain.cluster !== 'local-ledger') return chain.cluster
  throw new Error(`Unknown Solana cluster: ${chain.cluster}`)
}

/** The storage an adapter writes to; for Arweave, the gateway its links go through. */
export function storageTarget(
  storage: StorageAdapter,
): Pick<RegistrationTarget, 'storageKind' | 'storageGateway'> {
  if (storage.kind === 'local') return { storageKind: 'local-store', storageGateway: null }
  const probe = 'x'.repeat(43)
  const url = storage.url(probe)
  return {
    storageKind: 'arweave',
    storageGateway: (url.endsWith(`/${probe}`)
      ? url.slice(0, -(probe.length + 1))
      : new URL(url).origin
    ).slice(0, 255),
  }
}

export function registrationTarget(
  chain: ChainAdapter,
  storage: StorageAdapter,
): RegistrationTarget {
  return { network: chainNetwork(chain), ...storageTarget(storage) }
}

/** This server's destination in words: the start-up log line and the admin panel. */
export function currentTarget(parts: RegistrationParts = {}) {
  const target = registrationTarget(parts.chain ?? getChain(), parts.storage ?? getStorage())
  return {
    ...target,
    networkFacts: registrationNetwork(target),
    storageFacts: registrationStorage(target),
  }
}

/** Where a registration made now would go, in words: the register page and the admin panel. */
export function destinationFacts(parts: RegistrationParts = {}) {
  const { networkFacts, storageFacts } = currentTarget(parts)
  return {
    network: networkFacts.label,
    storage: storageFacts.label,
    notes: [networkFacts.permanenceNote, storageFacts.permanenceNote].filter(
      (note) => note !== null,
    ),
    // Solana mainnet and Arweave: what SPEC §4's words promise (issue 39.12, decision 093).
    permanent: networkFacts.isPublic && !networkFacts.isTest && storageFacts.isPermanent,
  }
}
export type Destination = ReturnType<typeof destinationFacts>

export function targetLogLine(target: ReturnType<typeof currentTarget>, isProduction: boolean) {
  const { networkFacts: network, storageFacts: storage } = target
  const notes = [network.permanenceNote, storage.permanenceNote].filter((note) => note !== null)
  const warn = isProduction && (!network.isPublic || network.isTest || !storage.isPermanent)
  return {
    warn,
    line: `[registration] ${isProduction ? 'production ' : ''}registrations go to: ${network.label}; storage: ${storage.label}.${notes.length > 0 ? ` ${notes.join(' ')}` : ''}`,
  }
}
