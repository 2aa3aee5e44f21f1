import { type Env, env } from '~/env.server'
import { LocalChain, ledgerDir } from './local.server'
import { decodeTransaction, memoFromMessage, SolanaChain, verifySignatures } from './solana.server'
import type { ChainAdapter } from './types'

export {
  isTransactionSignature,
  transactionFeePayer,
  transactionSignatureOf,
} from './solana.server'

// Kept on globalThis so a rebuilt server module in development reuses the same adapter (and the
// embedded ledger's one LiteSVM instance).
const holder = globalThis as typeof globalThis & { __prooftrackChain?: ChainAdapter }

/** The configured chain: Solana when its RPC URL and sponsor key are set, else the embedded ledger. */
export function getChain(): ChainAdapter {
  holder.__prooftrackChain ??= createChain(env())
  return holder.__prooftrackChain
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
