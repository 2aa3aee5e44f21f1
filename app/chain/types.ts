/** A memo transaction signed by the sponsor, not yet sent: its signature is known up front. */
export interface PreparedMemo {
  signature: string
  /** The signed transaction's wire bytes, base64. */
  transaction: string
  memo: string
  /** After this block height the transaction can never land (null: it cannot land later anyway). */
  lastValidBlockHeight: number | null
}

export interface AnchorResult {
  signature: string
  slot: number
  /** Unix seconds, when the cluster reports it. */
  blockTime: number | null
  feeLamports: number
  confirmationStatus: 'processed' | 'confirmed' | 'finalized'
  logs: string[]
  transaction: string
}

export interface ChainTransaction {
  signature: string
  memo: string | null
  slot: number
  blockTime: number | null
  confirmationStatus: 'processed' | 'confirmed' | 'finalized' | null
  /** The runtime's error when the transaction failed on chain. */
  err: string | null
  feeLamports: number | null
  logs: string[]
  transaction: string | null
}

/**
 * Anchors memos on Solana: the real cluster through web3.js, or the embedded LiteSVM runtime.
 * Signing and sending are separate so the signature can be recorded before anything is sent:
 * after a crash, `lookup` tells whether it landed, and nothing is ever anchored twice.
 */
export interface ChainAdapter {
  readonly kind: 'local' | 'solana'
  readonly cluster: string
  sponsorAddress(): string
  prepareMemo(memo: string): Promise<PreparedMemo>
  /** Sends and waits for 'confirmed'. Sending the same prepared transaction twice lands it once. */
  submit(prepared: PreparedMemo): Promise<AnchorResult>
  lookup(signature: string): Promise<ChainTransaction | null>
  /** True once the prepared transaction can no longer land (its blockhash expired). */
  hasExpired(prepared: Pick<PreparedMemo, 'lastValidBlockHeight'>): Promise<boolean>
  explorerUrl(signature: string): string
}
