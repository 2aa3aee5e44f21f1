import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { address, getTransactionDecoder, lamports } from '@solana/kit'
import { Keypair } from '@solana/web3.js'
import bs58 from 'bs58'
import { FailedTransactionMetadata, LiteSVM } from 'litesvm'
import { z } from 'zod'
import {
  buildMemoTransaction,
  decodeTransaction,
  isTransactionSignature,
  memoFromMessage,
  parseSponsorSecretKey,
  transactionSignatureOf,
  verifySignatures,
} from './solana.server'
import type { AnchorResult, ChainAdapter, ChainTransaction, PreparedMemo } from './types'

/** One executed transaction as the embedded ledger keeps it: `DATA_DIR/ledger/tx/<signature>.json`. */
export const LedgerEntrySchema = z.object({
  signature: z.string(),
  memo: z.string().nullable(),
  slot: z.number().int(),
  blockTime: z.number().int().nullable(),
  feeLamports: z.number().int(),
  logs: z.array(z.string()),
  transaction: z.string(),
  confirmationStatus: z.literal('confirmed'),
  err: z.string().nullable(),
})
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>

const HeadSchema = z.object({ slot: z.number().int() })

const SOL = 1_000_000_000n
// Topped up whenever the balance falls under the floor; at 5000 lamports a memo, that is plenty.
const AIRDROP_LAMPORTS = 100n * SOL
const BALANCE_FLOOR = SOL

export interface LocalChainOptions {
  /** The ledger folder, e.g. `DATA_DIR/ledger`: the sponsor keypair and one file per transaction. */
  dir: string
  /** The app's public address; transactions are shown at `<appUrl>/ledger/tx/<signature>`. */
  appUrl: string
}

/** The ledger folder under a data directory. */
export function ledgerDir(dataDir: string) {
  return path.join(dataDir, 'ledger')
}

/** A recorded transaction, or null when the ledger never executed it. */
export function readLedgerEntry(dir: string, signature: string): LedgerEntry | null {
  if (!isTransactionSignature(signature)) return null
  let text: string
  try {
    text = fs.readFileSync(path.join(dir, 'tx', `${signature}.json`), 'utf8')
  } catch (error) {
    if (isNotFound(error)) return null
    throw error
  }
  return LedgerEntrySchema.parse(JSON.parse(text))
}

export const LOCAL_LEDGER_NOTICE = 'Local development ledger — not a public blockchain'

/**
 * A recorded transaction as the ledger page shows it, with the checks anyone can repeat: the memo
 * and fee payer are read from the signed bytes (not from the record beside them), and the
 * signatures are re-checked over those bytes.
 */
export function readLedgerTransaction(dir: string, signature: string) {
  const entry = readLedgerEntry(dir, signature)
  if (!entry) return null
  let decoded: ReturnType<typeof decodeTransaction> | null = null
  try {
    decoded = decodeTransaction(entry.transaction)
  } catch {
    // Unreadable bytes: shown as they are, and the signature check fails.
  }
  const signedBy = decoded ? bs58.encode(decoded.signatures[0]!) : null
  return {
    ...entry,
    ledger: 'local' as const,
    notice: LOCAL_LEDGER_NOTICE,
    blockTimeIso: entry.blockTime === null ? null : new Date(entry.blockTime * 1000).toISOString(),
    feeSol: lamportsToSol(entry.feeLamports),
    memo: decoded ? memoFromMessage(decoded.transaction.message) : null,
    feePayer: decoded?.transaction.message.staticAccountKeys[0]?.toBase58() ?? null,
    signatureVerified: signedBy === signature && verifySignatures(entry.transaction),
  }
}
export type LedgerTransaction = NonNullable<ReturnType<typeof readLedgerTransaction>>

/**
 * The embedded stand-in for Solana: LiteSVM in this process executes the very same signed Memo
 * transaction a cluster would. LiteSVM keeps nothing across restarts, so every executed
 * transaction is also written to the ledger folder, and that record is what `lookup` answers from.
 *
 * `submit` runs synchronously from its check of the record to the writing of the new one, so two
 * concurrent submissions of one transaction cannot both execute it.
 */
export class LocalChain implements ChainAdapter {
  readonly kind = 'local' as const
  readonly cluster = 'localnet'
  private readonly dir: string
  private readonly appUrl: string
  private readonly sponsor: Keypair
  private readonly svm: LiteSVM

  constructor(options: LocalChainOptions) {
    this.dir = path.resolve(options.dir)
    this.appUrl = options.appUrl.replace(/\/+$/, '')
    fs.mkdirSync(path.join(this.dir, 'tx'), { recursive: true })
    this.sponsor = loadOrCreateSponsor(path.join(this.dir, 'sponsor.json'))
    this.svm = new LiteSVM()
    this.fundSponsor()
  }

  sponsorAddress() {
    return this.sponsor.publicKey.toBase58()
  }

  /** Lamports the sponsor holds in this process's runtime (it is topped up by airdrop). */
  async sponsorBalance() {
    return Number(this.svm.getBalance(address(this.sponsorAddress())) ?? 0n)
  }

  async prepareMemo(memo: string): Promise<PreparedMemo> {
    // LiteSVM accepts only its latest blockhash, which stays put for the life of the process, so a
    // prepared transaction stays valid until it is submitted (or the process ends).
    return {
      ...buildMemoTransaction(this.sponsor, this.svm.latestBlockhash(), memo),
      memo,
      lastValidBlockHeight: null,
    }
  }

  async submit(prepared: PreparedMemo): Promise<AnchorResult> {
    const recorded = readLedgerEntry(this.dir, prepared.signature)
    if (recorded) return anchorResult(recorded)
    if (transactionSignatureOf(prepared.transaction) !== prepared.signature)
      throw new Error('The prepared transaction does not carry its recorded signature')

    this.fundSponsor()
    const slot = this.advanceSlot()
    const blockTime = Math.floor(Date.now() / 1000)
    const clock = this.svm.getClock()
    clock.unixTimestamp = BigInt(blockTime)
    this.svm.setClock(clock)

    const payer = address(this.sponsorAddress())
    const before = this.svm.getBalance(payer) ?? 0n
    const result = this.svm.sendTransaction(
      getTransactionDecoder().decode(Buffer.from(prepared.transaction, 'base64')),
    )
    if (result instanceof FailedTransactionMetadata) {
      const logs = result.meta().logs()
      throw new Error(
        [`The local ledger rejected the transaction: ${describeFailure(result)}`, ...logs].join(
          '\n',
        ),
      )
    }
    const after = this.svm.getBalance(payer) ?? 0n

    const entry: LedgerEntry = {
      signature: prepared.signature,
      // What was signed and executed, not what the caller says it was.
      memo: memoFromMessage(decodeTransaction(prepared.transaction).transaction.message),
      slot,
      blockTime,
      feeLamports: Number(before - after),
      logs: result.logs(),
      transaction: prepared.transaction,
      confirmationStatus: 'confirmed',
      err: null,
    }
    writeAtomically(
      path.join(this.dir, 'tx', `${entry.signature}.json`),
      `${JSON.stringify(entry, null, 2)}\n`,
    )
    writeAtomically(path.join(this.dir, 'head.json'), JSON.stringify({ slot }))
    return anchorResult(entry)
  }

  async lookup(signature: string): Promise<ChainTransaction | null> {
    return readLedgerEntry(this.dir, signature)
  }

  /** A local transaction executes when it is submitted or never: nothing can land later. */
  async hasExpired(_prepared: Pick<PreparedMemo, 'lastValidBlockHeight'>) {
    return true
  }

  explorerUrl(signature: string) {
    return `${this.appUrl}/ledger/tx/${signature}`
  }

  private fundSponsor() {
    const payer = address(this.sponsorAddress())
    if ((this.svm.getBalance(payer) ?? 0n) >= BALANCE_FLOOR) return
    const result = this.svm.airdrop(payer, lamports(AIRDROP_LAMPORTS))
    if (!result || result instanceof FailedTransactionMetadata)
      throw new Error('The local ledger could not fund the sponsor')
  }

  /**
   * Each transaction gets a slot of its own, after every slot already recorded: LiteSVM starts
   * from the same slot after a restart, so the highest one is kept beside the transactions.
   */
  private advanceSlot() {
    const clockSlot = Number(this.svm.getClock().slot)
    const slot = Math.max(clockSlot, readHeadSlot(this.dir)) + 1
    this.svm.warpToSlot(BigInt(slot))
    return slot
  }
}

function lamportsToSol(value: number) {
  const fraction = String(value % 1e9)
    .padStart(9, '0')
    .replace(/0+$/, '')
  return fraction ? `${Math.floor(value / 1e9)}.${fraction}` : String(Math.floor(value / 1e9))
}

function anchorResult(entry: LedgerEntry): AnchorResult {
  const { signature, slot, blockTime, feeLamports, confirmationStatus, logs, transaction } = entry
  return { signature, slot, blockTime, feeLamports, confirmationStatus, logs, transaction }
}

/** The sponsor is generated once and kept, so its address stays the same across restarts. */
function loadOrCreateSponsor(file: string) {
  try {
    return parseSponsorSecretKey(fs.readFileSync(file, 'utf8'))
  } catch (error) {
    if (!isNotFound(error)) throw error
  }
  const keypair = Keypair.generate()
  try {
    fs.writeFileSync(file, JSON.stringify(Array.from(keypair.secretKey)), {
      mode: 0o600,
      flag: 'wx',
    })
    return keypair
  } catch (error) {
    // Another process wrote it first: use theirs.
    if (error instanceof Error && 'code' in error && error.code === 'EEXIST')
      return parseSponsorSecretKey(fs.readFileSync(file, 'utf8'))
    throw error
  }
}

function readHeadSlot(dir: string) {
  try {
    return HeadSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, 'head.json'), 'utf8'))).slot
  } catch (error) {
    if (isNotFound(error)) return 0
    throw error
  }
}

function describeFailure(result: FailedTransactionMetadata) {
  // The runtime's own name for the error, e.g. "BlockhashNotFound" or "InstructionError(0, ...)".
  const match = /\berr: (.+?), meta: /s.exec(result.toString())
  return match?.[1] ?? String(result.err())
}

/** A reader never sees half a file: write a temporary sibling, then rename it into place. */
function writeAtomically(file: string, content: string) {
  const temporary = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`
  try {
    fs.writeFileSync(temporary, content, { flag: 'wx' })
    fs.renameSync(temporary, file)
  } catch (error) {
    fs.rmSync(temporary, { force: true })
    throw error
  }
}

function isNotFound(error: unknown) {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT'
}
