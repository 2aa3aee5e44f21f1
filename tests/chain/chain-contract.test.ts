import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Connection, Keypair } from '@solana/web3.js'
import bs58 from 'bs58'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  createChain,
  decodeMemoFromTransaction,
  getChain,
  verifyTransactionSignature,
} from '~/chain/index.server'
import { LocalChain, ledgerDir, readLedgerTransaction } from '~/chain/local.server'
import { SolanaChain } from '~/chain/solana.server'
import type { ChainAdapter } from '~/chain/types'
import { env, loadEnv } from '~/env.server'
import { LedgerTransaction, loader as ledgerLoader } from '~/routes/ledger.tx.$signature'
import { type SolanaRpc, startSolanaRpc } from '../setup/solana-rpc'
import { useTempDirs } from '../setup/temp-dir'
import { testEnv } from '../setup/test-env'

const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'
const LOCAL_NOTICE = 'Local development ledger — not a public blockchain'

interface Subject {
  chain: ChainAdapter
  /** The sponsor's balance in lamports, as the chain itself reports it. */
  sponsorBalance(): Promise<number>
  explorerUrl(signature: string): string
}

const memoFor = (label: string) =>
  `ProofTrack v1 ${crypto.randomUUID()} sha256:${crypto.randomBytes(32).toString('hex')} ${label}`
const unknownSignature = () => bs58.encode(crypto.randomBytes(64))
// 200 characters (325 UTF-8 bytes), non-ASCII throughout.
const nonAsciiMemo = 'Zoë — ✓ '.repeat(25)

function chainContract(
  name: string,
  kind: ChainAdapter['kind'],
  makeAdapter: () => Promise<Subject>,
) {
  describe(`${name} chain`, () => {
    let subject: Subject
    beforeAll(async () => {
      subject = await makeAdapter()
    })

    test(`is the ${kind} adapter, built from the configuration`, () => {
      expect(subject.chain.kind).toBe(kind)
      expect(subject.chain.sponsorAddress()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    })

    test('prepareMemo signs up front: a base58 signature and the base64 wire bytes', async () => {
      const memo = memoFor('prepare')
      const prepared = await subject.chain.prepareMemo(memo)
      // 64 bytes are 86 to 88 base58 characters (87 or 88 but for about one signature in 300).
      expect(prepared.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
      expect(bs58.decode(prepared.signature)).toHaveLength(64)
      expect(prepared.transaction).toMatch(/^[A-Za-z0-9+/]+=*$/)
      expect(Buffer.from(prepared.transaction, 'base64').toString('base64')).toBe(
        prepared.transaction,
      )
      expect(prepared.memo).toBe(memo)
      expect(decodeMemoFromTransaction(prepared.transaction)).toBe(memo)
      expect(verifyTransactionSignature(prepared.transaction)).toBe(true)
    })

    test('submit lands the memo: same signature, a slot, 5000 lamports, confirmed, Memo-program logs', async () => {
      const memo = memoFor('submit')
      const prepared = await subject.chain.prepareMemo(memo)
      const before = await subject.sponsorBalance()
      const result = await subject.chain.submit(prepared)

      expect(result.signature).toBe(prepared.signature)
      expect(result.slot).toBeGreaterThan(0)
      expect(result.feeLamports).toBe(5000)
      expect(result.confirmationStatus).toBe('confirmed')
      expect(result.blockTime).toBeGreaterThan(Date.now() / 1000 - 600)
      expect(result.logs).toContain(`Program ${MEMO_PROGRAM} invoke [1]`)
      expect(result.logs).toContain(`Program ${MEMO_PROGRAM} success`)
      expect(result.logs.join('\n')).toContain(memo)
      expect(result.transaction).toBe(prepared.transaction)
      expect(await subject.sponsorBalance()).toBe(before - 5000)
    })

    test('lookup finds the memo text exactly, with the signed bytes that still verify', async () => {
      const memo = memoFor('lookup')
      const result = await subject.chain.submit(await subject.chain.prepareMemo(memo))
      const found = await subject.chain.lookup(result.signature)

      expect(found).toMatchObject({
        signature: result.signature,
        memo,
        slot: result.slot,
        blockTime: result.blockTime,
        err: null,
        feeLamports: 5000,
        confirmationStatus: 'confirmed',
      })
      expect(found!.logs).toEqual(result.logs)
      expect(found!.transaction).toBe(result.transaction)
      expect(decodeMemoFromTransaction(found!.transaction!)).toBe(memo)
      expect(verifyTransactionSignature(found!.transaction!)).toBe(true)
    })

    test('lookup of an unknown signature answers null, and so does a malformed one', async () => {
      expect(await subject.chain.lookup(unknownSignature())).toBeNull()
      expect(await subject.chain.lookup('not-a-signature')).toBeNull()
      expect(await subject.chain.lookup('../../etc/passwd')).toBeNull()
    })

    test('the same prepared transaction submitted twice lands once: same signature, one fee', async () => {
      const prepared = await subject.chain.prepareMemo(memoFor('twice'))
      const before = await subject.sponsorBalance()
      const first = await subject.chain.submit(prepared)
      const afterFirst = await subject.chain.lookup(prepared.signature)
      const second = await subject.chain.submit(prepared)

      expect(second.signature).toBe(first.signature)
      expect(second.slot).toBe(first.slot)
      expect(await subject.sponsorBalance()).toBe(before - 5000)
      expect(await subject.chain.lookup(prepared.signature)).toEqual(afterFirst)
    })

    test('two concurrent submissions of one transaction land it once', async () => {
      const prepared = await subject.chain.prepareMemo(memoFor('concurrent'))
      const before = await subject.sponsorBalance()
      const results = await Promise.all([
        subject.chain.submit(prepared),
        subject.chain.submit(prepared),
      ])

      expect(results.map((r) => r.signature)).toEqual([prepared.signature, prepared.signature])
      expect(results[1]!.slot).toBe(results[0]!.slot)
      expect(await subject.sponsorBalance()).toBe(before - 5000)
    })

    test('each transaction gets a slot of its own, in order', async () => {
      const first = await subject.chain.submit(await subject.chain.prepareMemo(memoFor('slot-1')))
      const second = await subject.chain.submit(await subject.chain.prepareMemo(memoFor('slot-2')))
      expect(second.slot).toBeGreaterThan(first.slot)
    })

    test('a 200-character memo with non-ASCII text round-trips byte for byte', async () => {
      expect(nonAsciiMemo).toHaveLength(200)
      const result = await subject.chain.submit(await subject.chain.prepareMemo(nonAsciiMemo))
      const found = await subject.chain.lookup(result.signature)
      expect(found!.memo).toBe(nonAsciiMemo)
      expect(Buffer.from(found!.memo!, 'utf8').equals(Buffer.from(nonAsciiMemo, 'utf8'))).toBe(true)
    })

    test('explorerUrl points at the transaction', async () => {
      const signature = unknownSignature()
      expect(subject.chain.explorerUrl(signature)).toBe(subject.explorerUrl(signature))
    })
  })
}

const temporaryDir = useTempDirs()
const configuration = (dataDir: string, extra: Record<string, string> = {}) =>
  loadEnv({ ...testEnv(dataDir), ...extra })

// ---------------------------------------------------------------------------------------------
// The embedded ledger

const localDataDir = temporaryDir('prooftrack-chain-')
chainContract('Local (LiteSVM)', 'local', async () => {
  const chain = createChain(configuration(localDataDir))
  if (!(chain instanceof LocalChain)) throw new Error('Expected the local chain')
  return {
    chain,
    sponsorBalance: () => chain.sponsorBalance(),
    explorerUrl: (signature) => `http://localhost:3000/ledger/tx/${signature}`,
  }
})

describe('Local chain across a restart', () => {
  test('the sponsor keeps its address, earlier transactions are still found, and slots keep rising', async () => {
    const dataDir = temporaryDir('prooftrack-restart-')
    const first = createChain(configuration(dataDir))
    const memo = memoFor('before restart')
    const prepared = await first.prepareMemo(memo)
    const landed = await first.submit(prepared)

    const restarted = createChain(configuration(dataDir))
    expect(restarted.sponsorAddress()).toBe(first.sponsorAddress())
    expect(await restarted.lookup(landed.signature)).toMatchObject({
      signature: landed.signature,
      memo,
      slot: landed.slot,
      feeLamports: 5000,
    })
    // Submitting it again after the restart answers the recorded landing; it does not run twice.
    expect(await restarted.submit(prepared)).toEqual(landed)

    const after = await restarted.submit(await restarted.prepareMemo(memoFor('after restart')))
    expect(after.slot).toBeGreaterThan(landed.slot)
    const keyFile = fs.statSync(path.join(ledgerDir(dataDir), 'sponsor.json'))
    expect(keyFile.mode & 0o077).toBe(0)
  })

  test('a prepared local transaction never lands later: hasExpired is true', async () => {
    const chain = createChain(configuration(temporaryDir('prooftrack-expiry-')))
    const prepared = await chain.prepareMemo(memoFor('expiry'))
    expect(prepared.lastValidBlockHeight).toBeNull()
    expect(await chain.hasExpired(prepared)).toBe(true)
  })

  test('a transaction the runtime rejects throws with its message, and nothing is recorded', async () => {
    const chain = createChain(configuration(temporaryDir('prooftrack-reject-')))
    const prepared = await chain.prepareMemo(memoFor('bad signature'))
    // A valid-looking signature over other bytes: the runtime's signature check refuses it.
    const bytes = Buffer.from(prepared.transaction, 'base64')
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 1, bytes.length - 1)
    const tampered = { ...prepared, transaction: bytes.toString('base64') }
    await expect(chain.submit(tampered)).rejects.toThrow(
      /local ledger rejected the transaction: SignatureFailure/,
    )
    expect(await chain.lookup(prepared.signature)).toBeNull()
  })
})

describe('GET /ledger/tx/:signature', () => {
  // The page reads the ledger under the app's own DATA_DIR, which getChain() uses too.
  let landed: { signature: string; memo: string }
  beforeAll(async () => {
    const chain = getChain()
    expect(chain).toBeInstanceOf(LocalChain)
    expect(getChain()).toBe(chain)
    const memo = memoFor('ledger page')
    const result = await chain.submit(await chain.prepareMemo(memo))
    landed = { signature: result.signature, memo }
  })

  const load = (signature: string, query = '') =>
    ledgerLoader({
      request: new Request(`http://localhost/ledger/tx/${signature}${query}`),
      params: { signature },
      context: {},
    })
  const thrownStatus = async (run: () => Promise<unknown>) => {
    try {
      await run()
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.status
      throw thrown
    }
    return null
  }

  test('shows the transaction, re-checked: signature verified, memo, fee, payer, logs', async () => {
    const response = await load(landed.signature)
    const { transaction } = (await response.json()) as {
      transaction: Parameters<typeof LedgerTransaction>[0]['transaction']
    }
    expect(transaction).toMatchObject({
      signature: landed.signature,
      memo: landed.memo,
      feeLamports: 5000,
      feeSol: '0.000005',
      feePayer: getChain().sponsorAddress(),
      signatureVerified: true,
      confirmationStatus: 'confirmed',
      notice: LOCAL_NOTICE,
    })
    expect(transaction.blockTimeIso).toBe(new Date(transaction.blockTime! * 1000).toISOString())

    const html = renderToStaticMarkup(
      createElement(LedgerTransaction, { transaction, appName: 'ProofTrack' }),
    )
    expect(html).toContain(LOCAL_NOTICE)
    expect(html).toContain('✓ Signature verified')
    expect(html).toContain(landed.signature)
    expect(html).toContain(`Program ${MEMO_PROGRAM} invoke [1]`)
    expect(html).toContain('5,000 lamports (0.000005 SOL)')
    expect(html).toContain('<details')
    expect(html).toContain(transaction.transaction)
  })

  test('?format=json answers the same data as JSON', async () => {
    const response = await load(landed.signature, '?format=json')
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect(await response.json()).toMatchObject({
      signature: landed.signature,
      memo: landed.memo,
      signatureVerified: true,
      ledger: 'local',
    })
    const missing = await load(unknownSignature(), '?format=json')
    expect(missing.status).toBe(404)
  })

  test('an unknown or malformed signature is a 404', async () => {
    expect(await thrownStatus(() => load(unknownSignature()))).toBe(404)
    expect(await thrownStatus(() => load('abc'))).toBe(404)
    expect(await thrownStatus(() => load('0OIl'.repeat(22)))).toBe(404)
  })

  test('a ledger file whose transaction bytes were altered fails the signature re-check', async () => {
    const chain = getChain()
    const memo = memoFor('to be altered')
    const result = await chain.submit(await chain.prepareMemo(memo))
    const file = path.join(ledgerDir(env().DATA_DIR), 'tx', `${result.signature}.json`)
    const record = JSON.parse(fs.readFileSync(file, 'utf8')) as { transaction: string }
    const bytes = Buffer.from(record.transaction, 'base64')
    const at = bytes.indexOf(Buffer.from('to be altered'))
    expect(at).toBeGreaterThan(0)
    bytes.write('to be ALTERED', at)
    fs.writeFileSync(file, JSON.stringify({ ...record, transaction: bytes.toString('base64') }))

    expect(verifyTransactionSignature(bytes.toString('base64'))).toBe(false)
    const shown = readLedgerTransaction(ledgerDir(env().DATA_DIR), result.signature)
    expect(shown).toMatchObject({
      signatureVerified: false,
      memo: memo.replace('to be altered', 'to be ALTERED'),
    })
    const html = renderToStaticMarkup(
      createElement(LedgerTransaction, { transaction: shown!, appName: 'ProofTrack' }),
    )
    expect(html).toContain('✗ Signature does not verify')
    expect(html).not.toContain('✓ Signature verified')
  })
})

// ---------------------------------------------------------------------------------------------
// Solana through web3.js, against a loopback JSON-RPC endpoint backed by LiteSVM

let rpc: SolanaRpc
const sponsor = Keypair.generate()
beforeAll(async () => {
  rpc = await startSolanaRpc()
  rpc.fund(sponsor.publicKey.toBase58())
})
afterAll(async () => {
  await rpc?.close()
})
const solanaConfig = (extra: Record<string, string> = {}) =>
  configuration(temporaryDir('prooftrack-solana-'), {
    SOLANA_RPC_URL: rpc.url,
    SOLANA_CLUSTER: 'localnet',
    SOLANA_SPONSOR_SECRET_KEY: JSON.stringify(Array.from(sponsor.secretKey)),
    ...extra,
  })

chainContract('Solana (web3.js, loopback RPC)', 'solana', async () => {
  const chain = createChain(solanaConfig())
  const connection = new Connection(rpc.url, 'confirmed')
  return {
    chain,
    sponsorBalance: () => connection.getBalance(sponsor.publicKey),
    explorerUrl: (signature) =>
      `https://explorer.solana.com/tx/${signature}?cluster=custom&customUrl=${encodeURIComponent(rpc.url)}`,
  }
})

describe('Solana chain specifics', () => {
  test('the sponsor comes from SOLANA_SPONSOR_SECRET_KEY, the cluster from SOLANA_CLUSTER', () => {
    const chain = createChain(solanaConfig({ SOLANA_CLUSTER: 'devnet' }))
    expect(chain).toBeInstanceOf(SolanaChain)
    expect(chain.sponsorAddress()).toBe(sponsor.publicKey.toBase58())
    expect(chain.cluster).toBe('devnet')
  })

  test('explorer links name the cluster, except mainnet', () => {
    const signature = unknownSignature()
    expect(createChain(solanaConfig({ SOLANA_CLUSTER: 'devnet' })).explorerUrl(signature)).toBe(
      `https://explorer.solana.com/tx/${signature}?cluster=devnet`,
    )
    expect(createChain(solanaConfig({ SOLANA_CLUSTER: 'testnet' })).explorerUrl(signature)).toBe(
      `https://explorer.solana.com/tx/${signature}?cluster=testnet`,
    )
    expect(
      createChain(solanaConfig({ SOLANA_CLUSTER: 'mainnet-beta' })).explorerUrl(signature),
    ).toBe(`https://explorer.solana.com/tx/${signature}`)
  })

  test('a malformed sponsor key is refused with a message naming the variable', () => {
    expect(() => createChain(solanaConfig({ SOLANA_SPONSOR_SECRET_KEY: '[1,2,3]' }))).toThrow(
      /SOLANA_SPONSOR_SECRET_KEY must be a JSON array of 64 bytes/,
    )
  })

  test('hasExpired follows the block height; an expired transaction cannot be submitted', async () => {
    const chain = createChain(solanaConfig())
    const prepared = await chain.prepareMemo(memoFor('expires'))
    expect(prepared.lastValidBlockHeight).toBeGreaterThan(0)
    expect(await chain.hasExpired(prepared)).toBe(false)
    expect(await chain.hasExpired({ lastValidBlockHeight: 0 })).toBe(true)

    rpc.advanceBlocks(151)
    expect(await chain.hasExpired(prepared)).toBe(true)
    await expect(chain.submit(prepared)).rejects.toThrow(/Blockhash not found/)
    expect(await chain.lookup(prepared.signature)).toBeNull()
  })

  test('lookup returns the exact wire bytes that were sent', async () => {
    const chain = createChain(solanaConfig())
    const prepared = await chain.prepareMemo(memoFor('wire bytes'))
    await chain.submit(prepared)
    expect((await chain.lookup(prepared.signature))!.transaction).toBe(prepared.transaction)
  })
})
