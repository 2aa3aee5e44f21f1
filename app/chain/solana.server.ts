import crypto from 'node:crypto'
import { createMemoInstruction, MEMO_PROGRAM_ID } from '@solana/spl-memo'
import {
  Connection,
  Keypair,
  type SignatureStatus,
  Transaction,
  VersionedTransaction,
  type VersionedTransactionResponse,
} from '@solana/web3.js'
import bs58 from 'bs58'
import { z } from 'zod'
import type { AnchorResult, ChainAdapter, ChainTransaction, PreparedMemo } from './types'

export type SolanaCluster = 'devnet' | 'testnet' | 'mainnet-beta' | 'localnet'

// ---------------------------------------------------------------------------------------------
// The wire format, shared by both adapters: the embedded ledger executes the very same bytes.

/** A transaction signature: 64 bytes in base58, which is 64 to 88 characters. */
export function isTransactionSignature(value: string) {
  if (!/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value)) return false
  try {
    return bs58.decode(value).length === 64
  } catch {
    return false
  }
}

const SecretKeySchema = z.array(z.number().int().min(0).max(255)).length(64)

/** The sponsor keypair from a Solana keypair file's content: a JSON array of 64 bytes. */
export function parseSponsorSecretKey(json: string) {
  let bytes: number[]
  try {
    bytes = SecretKeySchema.parse(JSON.parse(json))
  } catch {
    throw new Error(
      'SOLANA_SPONSOR_SECRET_KEY must be a JSON array of 64 bytes (the content of a Solana keypair file).',
    )
  }
  return Keypair.fromSecretKey(Uint8Array.from(bytes))
}

/**
 * A legacy transaction with one Memo instruction, paid and signed by the sponsor. The sponsor also
 * signs the memo itself, so the Memo program logs who wrote it ("Signed by ...").
 */
export function buildMemoTransaction(sponsor: Keypair, recentBlockhash: string, memo: string) {
  const transaction = new Transaction({ feePayer: sponsor.publicKey, recentBlockhash }).add(
    createMemoInstruction(memo, [sponsor.publicKey]),
  )
  transaction.sign(sponsor)
  const signature = transaction.signature
  if (!signature) throw new Error('The memo transaction was not signed')
  return {
    signature: bs58.encode(signature),
    transaction: Buffer.from(transaction.serialize()).toString('base64'),
  }
}

/**
 * Splits wire bytes into their signatures and the exact message bytes they sign, without
 * re-serialising anything: a changed byte anywhere in the message breaks a signature.
 */
export function splitTransaction(bytes: Uint8Array) {
  let count = 0
  let offset = 0
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[offset++]
    if (byte === undefined || shift > 14) throw new Error('Malformed transaction')
    count |= (byte & 0x7f) << shift
    if ((byte & 0x80) === 0) break
  }
  if (count === 0 || bytes.length < offset + count * 64) throw new Error('Malformed transaction')
  const signatures = Array.from({ length: count }, (_, i) =>
    bytes.slice(offset + i * 64, offset + (i + 1) * 64),
  )
  return { signatures, message: bytes.slice(offset + count * 64) }
}

export function decodeTransaction(base64: string) {
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'))
  const { signatures, message } = splitTransaction(bytes)
  return { bytes, signatures, message, transaction: VersionedTransaction.deserialize(bytes) }
}

/** The first signature (the fee payer's) in base58: the transaction's id. */
export function transactionSignatureOf(base64: string) {
  return bs58.encode(decodeTransaction(base64).signatures[0]!)
}

/** The first account key: the fee payer, who is the sponsor for every transaction we build. */
export function transactionFeePayer(base64: string) {
  return decodeTransaction(base64).transaction.message.staticAccountKeys[0]?.toBase58() ?? null
}

/** The text of the first Memo-program instruction, UTF-8. */
export function memoFromMessage(message: VersionedTransaction['message']) {
  const keys = message.staticAccountKeys
  for (const instruction of message.compiledInstructions) {
    if (keys[instruction.programIdIndex]?.equals(MEMO_PROGRAM_ID))
      return new TextDecoder().decode(instruction.data)
  }
  return null
}

// Ed25519 public keys in SPKI DER are this 12-byte prefix and the 32 raw bytes.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

/** Every required signature checks against its signer's key over the message bytes as sent. */
export function verifySignatures(base64: string) {
  let decoded: ReturnType<typeof decodeTransaction>
  try {
    decoded = decodeTransaction(base64)
  } catch {
    return false
  }
  const { signatures, message, transaction } = decoded
  const keys = transaction.message.staticAccountKeys
  if (signatures.length !== transaction.message.header.numRequiredSignatures) return false
  return signatures.every((signature, i) => {
    const key = keys[i]
    if (!key) return false
    const publicKey = crypto.createPublicKey({
      key: Buffer.concat([ED25519_SPKI_PREFIX, key.toBuffer()]),
      format: 'der',
      type: 'spki',
    })
    return crypto.verify(null, message, publicKey, signature)
  })
}

// ---------------------------------------------------------------------------------------------

export interface SolanaChainOptions {
  rpcUrl: string
  cluster: SolanaCluster
  /** A Solana keypair file's content: a JSON array of 64 bytes. */
  sponsorSecretKey: string
  /** How often to ask for the status while waiting for 'confirmed'. */
  pollIntervalMs?: number
}

const FINALITY = 'confirmed'

/**
 * A real cluster through @solana/web3.js 1.x. Confirmation is awaited by polling
 * getSignatureStatuses over HTTP until 'confirmed' or until the blockhash's last valid block
 * height has passed: web3.js's confirmTransaction only checks the status once its websocket
 * subscription is up, which many HTTP-only RPC endpoints (and proxies) never provide.
 */
export class SolanaChain implements ChainAdapter {
  readonly kind = 'solana' as const
  readonly cluster: SolanaCluster
  private readonly connection: Connection
  private readonly sponsor: Keypair
  private readonly rpcUrl: string
  private readonly pollIntervalMs: number

  constructor(options: SolanaChainOptions) {
    this.rpcUrl = options.rpcUrl
    this.cluster = options.cluster
    this.connection = new Connection(options.rpcUrl, FINALITY)
    this.sponsor = parseSponsorSecretKey(options.sponsorSecretKey)
    this.pollIntervalMs = options.pollIntervalMs ?? 1000
  }

  sponsorAddress() {
    return this.sponsor.publicKey.toBase58()
  }

  async prepareMemo(memo: string): Promise<PreparedMemo> {
    const { blockhash, lastValidBlockHeight } = await this.connection.getLatestBlockhash(FINALITY)
    return { ...buildMemoTransaction(this.sponsor, blockhash, memo), memo, lastValidBlockHeight }
  }

  async submit(prepared: PreparedMemo): Promise<AnchorResult> {
    const { signature } = prepared
    if (transactionSignatureOf(prepared.transaction) !== signature)
      throw new Error('The prepared transaction does not carry its recorded signature')
    try {
      await this.connection.sendRawTransaction(Buffer.from(prepared.transaction, 'base64'), {
        skipPreflight: false,
        preflightCommitment: FINALITY,
      })
    } catch (error) {
      // Sent before (a retry, or a second request): the cluster says so, and the first one counts.
      // Any other refusal may also hide an earlier landing (its blockhash since expired): ask.
      if (!isAlreadyProcessed(error) && !(await this.signatureStatus(signature)))
        throw new Error(`Solana refused the transaction: ${describeSendError(error)}`)
    }
    const confirmationStatus = await this.waitForConfirmation(
      signature,
      prepared.lastValidBlockHeight,
    )
    const response = await this.fetchTransaction(signature, true)
    if (!response)
      throw new Error(`Transaction ${signature} was confirmed but the cluster did not return it`)
    return {
      signature,
      slot: response.slot,
      blockTime: response.blockTime ?? null,
      feeLamports: response.meta?.fee ?? 0,
      confirmationStatus,
      logs: response.meta?.logMessages ?? [],
      transaction: prepared.transaction,
    }
  }

  async lookup(signature: string): Promise<ChainTransaction | null> {
    if (!isTransactionSignature(signature)) return null
    const [response, status] = await Promise.all([
      this.fetchTransaction(signature, false),
      this.signatureStatus(signature),
    ])
    if (!response) return null
    const { message } = response.transaction
    const wire = new VersionedTransaction(
      message,
      response.transaction.signatures.map((s) => bs58.decode(s)),
    )
    return {
      signature,
      memo: memoFromMessage(message),
      slot: response.slot,
      blockTime: response.blockTime ?? null,
      confirmationStatus: status ? confirmationOf(status) : null,
      err: response.meta?.err ? JSON.stringify(response.meta.err) : null,
      feeLamports: response.meta?.fee ?? null,
      logs: response.meta?.logMessages ?? [],
      transaction: Buffer.from(wire.serialize()).toString('base64'),
    }
  }

  async hasExpired({ lastValidBlockHeight }: Pick<PreparedMemo, 'lastValidBlockHeight'>) {
    if (lastValidBlockHeight === null) return true
    return (await this.connection.getBlockHeight(FINALITY)) > lastValidBlockHeight
  }

  explorerUrl(signature: string) {
    const base = `https://explorer.solana.com/tx/${signature}`
    if (this.cluster === 'mainnet-beta') return base
    if (this.cluster === 'localnet')
      return `${base}?cluster=custom&customUrl=${encodeURIComponent(this.rpcUrl)}`
    return `${base}?cluster=${this.cluster}`
  }

  private async signatureStatus(signature: string) {
    const { value } = await this.connection.getSignatureStatuses([signature], {
      searchTransactionHistory: true,
    })
    return value[0] ?? null
  }

  private async waitForConfirmation(signature: string, lastValidBlockHeight: number | null) {
    // Without a block height (a transaction prepared elsewhere), two minutes outlast any blockhash.
    const deadline = Date.now() + 120_000
    for (;;) {
      const status = await this.signatureStatus(signature)
      if (status?.err)
        throw new Error(`Transaction ${signature} failed on chain: ${JSON.stringify(status.err)}`)
      const confirmation = status ? confirmationOf(status) : null
      if (confirmation === 'confirmed' || confirmation === 'finalized') return confirmation
      const expired =
        lastValidBlockHeight === null
          ? Date.now() > deadline
          : await this.hasExpired({ lastValidBlockHeight })
      if (expired) {
        // One last look: it may have been confirmed between the two questions.
        const last = await this.signatureStatus(signature)
        const lastConfirmation = last && !last.err ? confirmationOf(last) : null
        if (lastConfirmation === 'confirmed' || lastConfirmation === 'finalized')
          return lastConfirmation
        throw new Error(
          `Transaction ${signature} expired before it was confirmed (its blockhash is no longer valid)`,
        )
      }
      await sleep(this.pollIntervalMs)
    }
  }

  /** A node may answer 'confirmed' a moment before it can return the transaction: `wait` retries. */
  private async fetchTransaction(
    signature: string,
    wait: boolean,
  ): Promise<VersionedTransactionResponse | null> {
    for (let attempt = 0; ; attempt++) {
      const response = await this.connection.getTransaction(signature, {
        commitment: FINALITY,
        maxSupportedTransactionVersion: 0,
      })
      if (response || !wait || attempt >= 10) return response
      await sleep(this.pollIntervalMs)
    }
  }
}

function confirmationOf(status: SignatureStatus): 'processed' | 'confirmed' | 'finalized' {
  // Older nodes leave confirmationStatus out; null confirmations then means rooted.
  return status.confirmationStatus ?? (status.confirmations === null ? 'finalized' : 'processed')
}

function isAlreadyProcessed(error: unknown) {
  return error instanceof Error && /already been processed|AlreadyProcessed/i.test(error.message)
}

function describeSendError(error: unknown) {
  if (!(error instanceof Error)) return String(error)
  const logs =
    'transactionLogs' in error && Array.isArray(error.transactionLogs)
      ? error.transactionLogs.map(String)
      : []
  const message =
    'transactionMessage' in error && typeof error.transactionMessage === 'string'
      ? error.transactionMessage
      : error.message
  return [message, ...logs].join('\n')
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
