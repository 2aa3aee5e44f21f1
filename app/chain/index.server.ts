import { type Env, env } from '~/env.server'
import { keptPerConfiguration } from '~/lib/kept-per-configuration.server'
import { LocalChain, ledgerDir } from './local.server'
import { decodeTransaction, memoFromMessage, SolanaChain, verifySignatures } from './solana.server'
import type { ChainAdapter } from './types'

export {
  isTransactionSignature,
  transactionFeePayer,
  transactionSignatureOf,
} from './solana.server'

/** The configured chain: Solana when its RPC URL and sponsor key are set, else the embedded ledger. */
export function getChain(): ChainAdapter {
  const config = env()
  const { SOLANA_RPC_URL, SOLANA_CLUSTER, SOLANA_SPONSOR_SECRET_KEY, DATA_DIR, APP_URL } = config
  return keptPerConfiguration(
    'chain',
    { SOLANA_RPC_URL, SOLANA_CLUSTER, SOLANA_SPONSOR_SECRET_KEY, DATA_DIR, APP_URL },
    () => createChain(config),
  )
}

/** Builds the adapter a configuration asks for; tests call it with their own configuration. */
export function createChain(config: Env): ChainAdapter {
  if (config.SOLANA_RPC_URL && config.SOLANA_SPONSOR_SECRET_KEY) {
    return new SolanaChain({
      rpcUrl: config.SOLANA_RPC_URL,
      cluster: config.SOLANA_CLUSTER,
      sponsorSecretKey: config.SOLANA_SPONSOR_SECRET_KEY,
    })
  }
  return new LocalChain({ dir: ledgerDir(config.DATA_DIR), appUrl: config.APP_URL })
}

/** The memo text a transaction carries (its first Memo-program instruction), or null. */
export function decodeMemoFromTransaction(base64: string): string | null {
  try {
    return memoFromMessage(decodeTransaction(base64).transaction.message)
  } catch {
    return null
  }
}

/**
 * Re-checks the transaction's ed25519 signatures (the sponsor's, as fee payer) over the message
 * bytes exactly as stored: true only when every required signature is valid.
 */
export function verifyTransactionSignature(base64: string): boolean {
  return verifySignatures(base64)
}
