import { MEMO_PROGRAM_ID } from '@solana/spl-memo'
import bs58 from 'bs58'
import type { LedgerEntry } from './local.server'
import { decodeTransaction } from './solana.server'

/**
 * A transaction of the embedded ledger in the shape a Solana node answers `getTransaction` with
 * `{"encoding":"jsonParsed","maxSupportedTransactionVersion":0}`, so the checks of docs/verify.md
 * (jq filters written for a public RPC node) run unchanged against it. Everything is read from the
 * signed bytes, except what only execution tells (slot, time, fee, logs, error). Fields the ledger
 * does not keep (balances, compute units, rewards) are left out rather than made up.
 */
export function getTransactionResult(entry: LedgerEntry) {
  const { transaction } = decodeTransaction(entry.transaction)
  const message = transaction.message
  const keys = message.staticAccountKeys
  const accountKeys = keys.map((key, index) => ({
    pubkey: key.toBase58(),
    signer: message.isAccountSigner(index),
    source: 'transaction',
    writable: message.isAccountWritable(index),
  }))
  const instructions = message.compiledInstructions.map((instruction) => {
    const programId = keys[instruction.programIdIndex]!
    // A node parses the Memo program's data as its UTF-8 text; other programs stay raw (base58).
    const text = programId.equals(MEMO_PROGRAM_ID) ? utf8(instruction.data) : null
    if (text !== null)
      return {
        parsed: text,
        program: 'spl-memo',
        programId: programId.toBase58(),
        stackHeight: null,
      }
    return {
      accounts: instruction.accountKeyIndexes.map((i) => keys[i]!.toBase58()),
      data: bs58.encode(instruction.data),
      programId: programId.toBase58(),
      stackHeight: null,
    }
  })
  const err = entry.err === null ? null : entry.err
  return {
    blockTime: entry.blockTime,
    meta: {
      err,
      fee: entry.feeLamports,
      innerInstructions: [],
      logMessages: entry.logs,
      status: err === null ? { Ok: null } : { Err: err },
    },
    slot: entry.slot,
    transaction: {
      message: { accountKeys, instructions, recentBlockhash: message.recentBlockhash },
      signatures: transaction.signatures.map((signature) => bs58.encode(signature)),
    },
    version: message.version,
  }
}

function utf8(bytes: Uint8Array) {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}
