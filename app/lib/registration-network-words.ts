import type { MessageId } from '~/i18n/react'
import {
  isStorageKind,
  type Network,
  type NetworkFacts,
  registrationNetwork,
  registrationStorage,
  type StorageFacts,
  type StorageKind,
} from './registration-network'
import { type Say, sayEnglish } from './say'

// The certificate's words for where a registration went (registration-network.ts), in the page's
// language. A module of its own: the song form's pages, which name a network too, load none of
// the certificate's words.

// The ids written out, so the catalogue lint finds each one used.
const NETWORK_IDS: Record<
  Network | 'unknown',
  { label: MessageId; inSentence: MessageId; note?: MessageId }
> = {
  'local-ledger': {
    label: 'certificate.network.local.label',
    inSentence: 'certificate.network.local.inSentence',
    note: 'certificate.network.local.note',
  },
  localnet: {
    label: 'certificate.network.localnet.label',
    inSentence: 'certificate.network.localnet.inSentence',
    note: 'certificate.network.localnet.note',
  },
  devnet: {
    label: 'certificate.network.devnet.label',
    inSentence: 'certificate.network.devnet.inSentence',
    note: 'certificate.network.devnet.note',
  },
  testnet: {
    label: 'certificate.network.testnet.label',
    inSentence: 'certificate.network.testnet.inSentence',
    note: 'certificate.network.testnet.note',
  },
  'mainnet-beta': {
    label: 'certificate.network.mainnet.label',
    inSentence: 'certificate.network.mainnet.inSentence',
  },
  unknown: {
    label: 'certificate.network.unknown.label',
    inSentence: 'certificate.network.unknown.inSentence',
    note: 'certificate.network.unknown.note',
  },
}

/**
 * The certificate's words for a recorded network (its label, how a sentence names it, what it
 * means for permanence) in the page's language through `say` (app/lib/say.ts); English without.
 */
export function registrationNetworkIn(
  row: { network: string | null | undefined },
  say: Say = sayEnglish,
): NetworkFacts {
  const facts = registrationNetwork(row)
  const ids = NETWORK_IDS[facts.network ?? 'unknown']
  return {
    ...facts,
    label: say(ids.label, facts.label),
    inSentence: say(ids.inSentence, facts.inSentence),
    permanenceNote:
      facts.permanenceNote === null || !ids.note ? null : say(ids.note, facts.permanenceNote),
  }
}

const STORAGE_IDS: Record<StorageKind | 'unknown', MessageId[]> = {
  'local-store': [
    'certificate.storage.local.label',
    'certificate.storage.local.inSentence',
    'certificate.storage.local.note',
  ],
  arweave: ['certificate.storage.arweave.gateway'],
  unknown: ['certificate.storage.unknown.label', 'certificate.storage.unknown.inSentence'],
}

/**
 * The ids of the words this record's network and store are named with: a page sends these and
 * not every network's, so its data names no network but the record's (decision 019).
 */
export function recordWordIds(
  row: { network: string | null | undefined; storageKind: string | null | undefined } | null,
) {
  if (!row) return []
  const network = registrationNetwork(row).network ?? 'unknown'
  const storage = isStorageKind(row.storageKind) ? row.storageKind : 'unknown'
  return [...Object.values(NETWORK_IDS[network]), ...STORAGE_IDS[storage]]
}

/** The same for the recorded store: the local store, Arweave (through its gateway), or none. */
export function registrationStorageIn(
  row: { storageKind: string | null | undefined; storageGateway?: string | null },
  say: Say = sayEnglish,
): StorageFacts {
  const facts = registrationStorage(row)
  if (facts.storageKind === 'local-store')
    return {
      ...facts,
      label: say('certificate.storage.local.label', facts.label),
      inSentence: say('certificate.storage.local.inSentence', facts.inSentence),
      permanenceNote: say('certificate.storage.local.note', facts.permanenceNote ?? ''),
    }
  if (facts.storageKind === 'arweave') {
    const words = facts.gateway
      ? say('certificate.storage.arweave.gateway', facts.label, { gateway: facts.gateway })
      : facts.label
    return { ...facts, label: words, inSentence: words }
  }
  return {
    ...facts,
    label: say('certificate.storage.unknown.label', facts.label),
    inSentence: say('certificate.storage.unknown.inSentence', facts.inSentence),
  }
}
