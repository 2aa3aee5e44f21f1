// Where a registration went, in words. Shared with the browser: plain data, no zod.
// Every view labels a record from what the record says (blockchain_registrations.network,
// storage_kind, storage_gateway), never from the server's current configuration (decision 019).

import { isNetwork, type Network, type StorageKind } from './registration-network-names'

// The names, kinds and the dashboard's address live in registration-network-names.ts (what every
// page's script may carry); re-exported here for the server's modules and the tests.
export {
  isNetwork,
  isStorageKind,
  type Network,
  NETWORKS,
  registeredUrl,
  STORAGE_KINDS,
  type StorageKind,
} from './registration-network-names'

export interface NetworkFacts {
  network: Network | null
  /** The full label: what the network is. */
  label: string
  /** A few words for a badge or a table cell. */
  shortLabel: string
  /** The network as a sentence names it: "registered on this server’s local development ledger". */
  inSentence: string
  /** On a blockchain anyone can read without us. */
  isPublic: boolean
  /** A Solana test network (devnet, testnet): public, but reset from time to time. */
  isTest: boolean
  /** One sentence on what the network means for permanence; null on mainnet. */
  permanenceNote: string | null
}

const NETWORK_FACTS: Record<Network, Omit<NetworkFacts, 'network'>> = {
  'local-ledger': {
    label: 'Local development ledger on this server — not a public blockchain',
    inSentence: 'this server’s local development ledger, not a public blockchain',
    shortLabel: 'Local ledger',
    isPublic: false,
    isTest: false,
    permanenceNote:
      'This is a development record kept only by this server: it is not on a public blockchain, and only this server can show it.',
  },
  localnet: {
    label: 'Private Solana validator (localnet) — not a public blockchain',
    inSentence: 'a private Solana validator, not a public blockchain',
    shortLabel: 'Private validator',
    isPublic: false,
    isTest: false,
    permanenceNote:
      'This record is on a Solana validator run privately by the operator, not on a public blockchain.',
  },
  devnet: {
    label: 'Solana devnet — a public test network',
    inSentence: 'Solana devnet, a test network',
    shortLabel: 'Solana devnet (test)',
    isPublic: true,
    isTest: true,
    permanenceNote:
      'Devnet is reset from time to time, so this record is not permanent: it may disappear at the next reset.',
  },
  testnet: {
    label: 'Solana testnet — a public test network',
    inSentence: 'Solana testnet, a test network',
    shortLabel: 'Solana testnet (test)',
    isPublic: true,
    isTest: true,
    permanenceNote:
      'Testnet is reset from time to time, so this record is not permanent: it may disappear at the next reset.',
  },
  'mainnet-beta': {
    label: 'Solana mainnet',
    inSentence: 'Solana mainnet',
    shortLabel: 'Solana mainnet',
    isPublic: true,
    isTest: false,
    permanenceNote: null,
  },
}

/** What a registration's recorded network means; a row without one says so rather than guess. */
export function registrationNetwork(row: { network: string | null | undefined }): NetworkFacts {
  if (!isNetwork(row.network)) {
    return {
      network: null,
      label: 'Network not recorded',
      inSentence: 'a network this registration did not record',
      shortLabel: 'Network not recorded',
      isPublic: false,
      isTest: false,
      permanenceNote: 'This registration did not record which network it went to.',
    }
  }
  return { network: row.network, ...NETWORK_FACTS[row.network] }
}

export interface StorageFacts {
  storageKind: StorageKind | null
  gateway: string | null
  label: string
  /** The store as a sentence names it: "with its copy in this server’s local store". */
  inSentence: string
  isPermanent: boolean
  permanenceNote: string | null
}

/** What a registration's recorded storage means: the local store, or Arweave through a named gateway. */
export function registrationStorage(row: {
  storageKind: string | null | undefined
  storageGateway?: string | null
}): StorageFacts {
  if (row.storageKind === 'local-store') {
    return {
      storageKind: 'local-store',
      gateway: null,
      label: 'Local store on this server — not permanent storage',
      inSentence: 'this server’s local store, not permanent storage',
      isPermanent: false,
      permanenceNote: 'The certificate’s stored copy is kept by this server only, not on Arweave.',
    }
  }
  if (row.storageKind === 'arweave') {
    const gateway = row.storageGateway ?? null
    return {
      storageKind: 'arweave',
      gateway,
      label: gateway ? `Arweave, through the gateway ${gateway}` : 'Arweave',
      inSentence: gateway ? `Arweave, through the gateway ${gateway}` : 'Arweave',
      isPermanent: true,
      permanenceNote: null,
    }
  }
  return {
    storageKind: null,
    gateway: null,
    label: 'Storage not recorded',
    inSentence: 'a store this registration did not record',
    isPermanent: false,
    permanenceNote: null,
  }
}

/**
 * The completion message: the spec's words where they are true (Solana mainnet); elsewhere it
 * names the network instead of calling the record permanent (decision 019).
 */
export function registrationCompleteText(row: { network: string | null | undefined }) {
  const facts = registrationNetwork(row)
  if (facts.network === 'mainnet-beta')
    return {
      dialog: 'Your song has been permanently registered on the blockchain.',
      toast: 'Your song is now permanently registered on the Solana blockchain.',
    }
  const sentence = `Your song is now registered on ${facts.network === null ? 'the blockchain' : facts.inSentence}.`
  return { dialog: sentence, toast: sentence }
}

/**
 * The completion dialog's link to the transaction: SPEC §4's "View Song on Solana Explorer",
 * except on the embedded ledger, whose transactions no explorer knows: its link opens this
 * server's own ledger page (decision 086).
 */
export function explorerLinkLabel(row: { network: string | null | undefined }) {
  return row.network === 'local-ledger'
    ? 'View Song on This Server’s Local Ledger'
    : 'View Song on Solana Explorer'
}
