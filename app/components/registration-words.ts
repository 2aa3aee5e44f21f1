import type { MessageId } from '~/i18n/react'
import { formatNumber } from '~/i18n/format'
import { isNetwork, type Network } from '~/lib/registration-network-names'

// A registration's network in the page's language, by the key its row records
// (app/lib/registration-network.ts keeps the English for the record's own views and logs). Only
// ids live here: the words are the registration area's, sent as the page's data.

interface NetworkIds {
  label: MessageId
  short: MessageId
  note: MessageId | null
  done: MessageId
}

const NETWORK_IDS: Record<Network | 'unknown', NetworkIds> = {
  'local-ledger': {
    label: 'registration.network.localLedger.label',
    short: 'registration.network.localLedger.short',
    note: 'registration.network.localLedger.note',
    done: 'registration.network.localLedger.done',
  },
  localnet: {
    label: 'registration.network.localnet.label',
    short: 'registration.network.localnet.short',
    note: 'registration.network.localnet.note',
    done: 'registration.network.localnet.done',
  },
  devnet: {
    label: 'registration.network.devnet.label',
    short: 'registration.network.devnet.short',
    note: 'registration.network.devnet.note',
    done: 'registration.network.devnet.done',
  },
  testnet: {
    label: 'registration.network.testnet.label',
    short: 'registration.network.testnet.short',
    note: 'registration.network.testnet.note',
    done: 'registration.network.testnet.done',
  },
  // SPEC §4's words where they are true: the dialog and the toast say it differently.
  'mainnet-beta': {
    label: 'registration.network.mainnet.label',
    short: 'registration.network.mainnet.short',
    note: null,
    done: 'registration.complete.mainnetDialog',
  },
  unknown: {
    label: 'registration.network.unknown.label',
    short: 'registration.network.unknown.short',
    note: 'registration.network.unknown.note',
    done: 'registration.network.unknown.done',
  },
}

/** What a registration's recorded network is called, in the page's language. */
export function networkWords(t: (id: MessageId) => string, network: string | null | undefined) {
  const ids = NETWORK_IDS[isNetwork(network) ? network : 'unknown']
  return {
    label: t(ids.label),
    short: t(ids.short),
    note: ids.note ? t(ids.note) : null,
    /** The completion's sentence (registrationCompleteText's dialog). */
    done: t(ids.done),
  }
}

/** A registration's price, $1.99 (SPEC §9), as the page's language writes dollars. */
export function priceText(locale: string) {
  return formatNumber(locale, 1.99, { style: 'currency', currency: 'USD' })
}
