import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { address, getTransactionDecoder, lamports } from '@solana/kit'
import { VersionedTransaction } from '@solana/web3.js'
import bs58 from 'bs58'
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'

/**
 * A loopback Solana JSON-RPC endpoint backed by LiteSVM: the methods @solana/web3.js 1.x calls for
 * sending a transaction, confirming it and reading it back, in the shapes (and with the errors) a
 * real node answers with. Executed transactions land in a new slot and block each; the blockhash
 * stays valid for 150 blocks, as on a cluster (`advanceBlocks` moves past that).
 */
export interface SolanaRpc {
  url: string
  svm: LiteSVM
  /** Airdrops lamports (10 SOL by default) to an address. */
  fund(pubkey: string, amount?: bigint): void
  /** Moves the chain on by `count` blocks and issues a new blockhash, so older ones can expire. */
  advanceBlocks(count: number): void
  close(): Promise<void>
}

interface Landed {
  slot: number
  blockTime: number
  fee: number
  err: string | null
  logs: string[]
  computeUnits: number
  preBalances: number[]
  postBalances: number[]
  /** Null for airdrops, which have no transaction of ours to show. */
  bytes: Uint8Array | null
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

const VALID_BLOCKS = 150
const SOL = 1_000_000_000n

export async function startSolanaRpc(): Promise<SolanaRpc> {
  const svm = new LiteSVM()
  const landed = new Map<string, Landed>()
  let slot = Number(svm.getClock().slot)
  let blockHeight = 1_000
  let blockhashHeight = blockHeight

  const nextBlock = (blocks = 1) => {
    slot += blocks
    blockHeight += blocks
    svm.warpToSlot(BigInt(slot))
    const clock = svm.getClock()
    clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000))
    svm.setClock(clock)
  }
  const context = () => ({ slot })
  const balances = (keys: string[]) => keys.map((key) => Number(svm.getBalance(address(key)) ?? 0n))

  function sendTransaction(params: unknown[]) {
    const [encoded, config = {}] = params as [
      string,
      { encoding?: string; skipPreflight?: boolean },
    ]
    if (config.encoding !== 'base64')
      throw new RpcError(-32602, 'Invalid params: only base64 encoding is served here')
    const bytes = new Uint8Array(Buffer.from(encoded, 'base64'))
    let message: VersionedTransaction['message']
    let signature: string
    try {
      const decoded = VersionedTransaction.deserialize(bytes)
      message = decoded.message
      signature = bs58.encode(decoded.signatures[0]!)
    } catch {
      throw new RpcError(
        -32602,
        'invalid transaction: Transaction failed to sanitize accounts offsets correctly',
      )
    }
    if (landed.has(signature)) {
      // A node drops a duplicate without preflight; with it, simulation reports the first landing.
      if (config.skipPreflight) return signature
      throw simulationError('This transaction has already been processed', 'AlreadyProcessed', [])
    }
    const transaction = getTransactionDecoder().decode(bytes)
    if (!config.skipPreflight) {
      const simulated = svm.simulateTransaction(transaction)
      if (simulated instanceof FailedTransactionMetadata) {
        const { text, err } = describeFailure(simulated)
        throw simulationError(text, err, simulated.meta().logs())
      }
    }
    const keys = message.staticAccountKeys.map((key) => key.toBase58())
    nextBlock()
    const preBalances = balances(keys)
    const result = svm.sendTransaction(transaction)
    const postBalances = balances(keys)
    const failure = result instanceof FailedTransactionMetadata ? describeFailure(result) : null
    if (
      failure?.err === 'BlockhashNotFound' ||
      failure?.err === 'AlreadyProcessed' ||
      failure?.err === 'SignatureFailure'
    ) {
      throw new RpcError(-32002, `Transaction ${failure.text}`)
    }
    const meta: TransactionMetadata =
      result instanceof FailedTransactionMetadata ? result.meta() : result
    landed.set(signature, {
      slot,
      blockTime: Math.floor(Date.now() / 1000),
      fee: (preBalances[0] ?? 0) - (postBalances[0] ?? 0),
      err: failure?.err ?? null,
      logs: meta.logs(),
      computeUnits: Number(meta.computeUnitsConsumed()),
      preBalances,
      postBalances,
      bytes,
    })
    return signature
  }

  function getTransaction(params: unknown[]) {
    const [signature, config = {}] = params as [
      string,
      { encoding?: string; maxSupportedTransactionVersion?: number },
    ]
    if (config.encoding && config.encoding !== 'json' && config.encoding !== 'jsonParsed')
      throw new RpcError(
        -32602,
        'Invalid params: only json and jsonParsed encodings are served here',
      )
    const record = landed.get(signature)
    if (!record?.bytes) return null
    const { message, signatures } = VersionedTransaction.deserialize(record.bytes)
    if (message.version !== 'legacy' && config.maxSupportedTransactionVersion === undefined) {
      throw new RpcError(
        -32015,
        'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
      )
    }
    return {
      slot: record.slot,
      blockTime: record.blockTime,
      version: message.version,
      transaction: {
        signatures: signatures.map((s) => bs58.encode(s)),
        // jsonParsed (docs/verify.md's query): account keys with their flags, the Memo program's data as its text.
        message:
          config.encoding === 'jsonParsed'
            ? parsedMessage(message)
            : {
                accountKeys: message.staticAccountKeys.map((key) => key.toBase58()),
                header: message.header,
                instructions: message.compiledInstructions.map((instruction) => ({
                  programIdIndex: instruction.programIdIndex,
                  accounts: instruction.accountKeyIndexes,
                  data: bs58.encode(instruction.data),
                  stackHeight: null,
                })),
                recentBlockhash: message.recentBlockhash,
                ...(message.version === 'legacy'
                  ? {}
                  : {
                      addressTableLookups: message.addressTableLookups.map((lookup) => ({
                        ...lookup,
                        accountKey: lookup.accountKey.toBase58(),
                      })),
                    }),
              },
      },
      meta: {
        err: record.err === null ? null : errorValue(record.err),
        status: record.err === null ? { Ok: null } : { Err: errorValue(record.err) },
        fee: record.fee,
        preBalances: record.preBalances,
        postBalances: record.postBalances,
        innerInstructions: [],
        logMessages: record.logs,
        preTokenBalances: [],
        postTokenBalances: [],
        rewards: [],
        loadedAddresses: { writable: [], readonly: [] },
        computeUnitsConsumed: record.computeUnits,
      },
    }
  }

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getVersion: () => ({ 'solana-core': '2.3.0', 'feature-set': 0 }),
    getHealth: () => 'ok',
    getSlot: () => slot,
    getBlockHeight: () => blockHeight,
    getEpochInfo: () => ({
      absoluteSlot: slot,
      blockHeight,
      epoch: Math.floor(slot / 432_000),
      slotIndex: slot % 432_000,
      slotsInEpoch: 432_000,
      transactionCount: landed.size,
    }),
    getLatestBlockhash: () => ({
      context: context(),
      value: {
        blockhash: svm.latestBlockhash(),
        lastValidBlockHeight: blockhashHeight + VALID_BLOCKS,
      },
    }),
    isBlockhashValid: ([blockhash]) => ({
      context: context(),
      value: blockhash === svm.latestBlockhash() && blockHeight <= blockhashHeight + VALID_BLOCKS,
    }),
    getBalance: ([key]) => ({
      context: context(),
      value: Number(svm.getBalance(address(String(key))) ?? 0n),
    }),
    requestAirdrop: ([key, amount]) => {
      nextBlock()
      const result = svm.airdrop(address(String(key)), lamports(BigInt(Number(amount))))
      if (!result || result instanceof FailedTransactionMetadata)
        throw new RpcError(-32603, 'Internal error: airdrop failed')
      const signature = bs58.encode(result.signature())
      landed.set(signature, {
        slot,
        blockTime: Math.floor(Date.now() / 1000),
        fee: 0,
        err: null,
        logs: result.logs(),
        computeUnits: 0,
        preBalances: [],
        postBalances: [],
        bytes: null,
      })
      return signature
    },
    sendTransaction,
    getSignatureStatuses: ([signatures]) => ({
      context: context(),
      value: (signatures as string[]).map((signature) => {
        const record = landed.get(signature)
        if (!record) return null
        const err = record.err === null ? null : errorValue(record.err)
        return {
          slot: record.slot,
          confirmations: Math.min(slot - record.slot, 31),
          err,
          status: err === null ? { Ok: null } : { Err: err },
          confirmationStatus: 'confirmed',
        }
      }),
    }),
    getTransaction,
  }

  function answer(request: unknown) {
    const {
      id = null,
      method,
      params = [],
    } = (request ?? {}) as { id?: unknown; method?: unknown; params?: unknown[] }
    const handler = typeof method === 'string' ? methods[method] : undefined
    if (!handler)
      return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }
    try {
      return { jsonrpc: '2.0', id, result: handler(params) }
    } catch (error) {
      if (error instanceof RpcError)
        return {
          jsonrpc: '2.0',
          id,
          error: {
            code: error.code,
            message: error.message,
            ...(error.data === undefined ? {} : { data: error.data }),
          },
        }
      return {
        jsonrpc: '2.0',
        id,
        error: {
          code: -32603,
          message: `Internal error: ${error instanceof Error ? error.message : String(error)}`,
        },
      }
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      let body: unknown
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        body = undefined
      }
      const reply =
        body === undefined
          ? { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }
          : Array.isArray(body)
            ? body.map(answer)
            : answer(body)
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(reply))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    svm,
    fund(pubkey, amount = 10n * SOL) {
      const result = svm.airdrop(address(pubkey), lamports(amount))
      if (!result || result instanceof FailedTransactionMetadata)
        throw new Error(`Airdrop to ${pubkey} failed`)
    },
    advanceBlocks(count) {
      nextBlock(count)
      svm.expireBlockhash()
      blockhashHeight = blockHeight
    },
    close() {
      server.closeAllConnections()
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      )
    },
  }
}

const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'

/** A legacy message as a node renders it for `"encoding": "jsonParsed"`. */
function parsedMessage(message: VersionedTransaction['message']) {
  const keys = message.staticAccountKeys.map((key) => key.toBase58())
  return {
    accountKeys: keys.map((pubkey, i) => ({
      pubkey,
      signer: message.isAccountSigner(i),
      source: 'transaction',
      writable: message.isAccountWritable(i),
    })),
    instructions: message.compiledInstructions.map((instruction) => {
      const programId = keys[instruction.programIdIndex]!
      if (programId === MEMO_PROGRAM)
        return {
          parsed: Buffer.from(instruction.data).toString('utf8'),
          program: 'spl-memo',
          programId,
          stackHeight: null,
        }
      return {
        accounts: instruction.accountKeyIndexes.map((i) => keys[i]!),
        data: bs58.encode(instruction.data),
        programId,
        stackHeight: null,
      }
    }),
    recentBlockhash: message.recentBlockhash,
  }
}

/** A failed simulation as an agave node reports it: -32002 with the runtime's logs. */
function simulationError(text: string, err: string, logs: string[]) {
  return new RpcError(-32002, `Transaction simulation failed: ${text}`, {
    accounts: null,
    err: errorValue(err),
    logs,
    returnData: null,
    unitsConsumed: 0,
  })
}

const ERROR_TEXT: Record<string, string> = {
  AlreadyProcessed: 'This transaction has already been processed',
  BlockhashNotFound: 'Blockhash not found',
  SignatureFailure: 'Transaction did not pass signature verification',
  AccountNotFound: 'Attempt to debit an account but found no record of a prior credit.',
  InsufficientFundsForFee: 'Insufficient funds for fee',
}

function describeFailure(result: FailedTransactionMetadata) {
  const err = /\berr: (.+?), meta: /s.exec(result.toString())?.[1] ?? String(result.err())
  return { err, text: ERROR_TEXT[err] ?? `Error processing transaction: ${err}` }
}

/** The JSON form of a TransactionError: a bare name for fieldless ones, an object otherwise. */
function errorValue(err: string) {
  return /^\w+$/.test(err) ? err : { [err.split('(')[0] ?? 'Error']: err }
}
