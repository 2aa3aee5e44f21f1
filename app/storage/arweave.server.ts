import Arweave from 'arweave'
// Tag is not exported by the package's entry; the deep path needs its extension under Node ESM.
import { Tag } from 'arweave/node/lib/transaction.js'
import type { JWKInterface } from 'arweave/node/lib/wallet.js'
import { z } from 'zod'
import { isStorageId } from './local.server'
import type { StorageAdapter, StorageTags, StoredObject } from './types'

export interface ArweaveStorageOptions {
  host: string
  port?: number
  protocol: 'http' | 'https'
  /** The wallet that pays the fees: the JWK JSON text of ARWEAVE_WALLET_JWK. */
  walletJwk: string
  /** Where links point; defaults to the API host itself. */
  gatewayUrl?: string
}

const JwkSchema = z.object({
  kty: z.literal('RSA'),
  e: z.string().min(1),
  n: z.string().min(1),
  d: z.string().min(1),
  p: z.string().min(1),
  q: z.string().min(1),
  dp: z.string().min(1),
  dq: z.string().min(1),
  qi: z.string().min(1),
})

// The fields of GET /tx/<id> that the signature covers (format 2), plus the inline data of format 1.
const TransactionSchema = z.object({
  format: z.number().int(),
  id: z.string(),
  last_tx: z.string(),
  owner: z.string(),
  tags: z.array(z.object({ name: z.string(), value: z.string() })),
  target: z.string(),
  quantity: z.string(),
  reward: z.string(),
  signature: z.string(),
  data_size: z.string().regex(/^\d+$/),
  data_root: z.string().default(''),
  data: z.string().optional(),
})
type TransactionMetadata = z.infer<typeof TransactionSchema>

/** Certificates stored on Arweave through the `arweave` client; the configured wallet pays. */
export class ArweaveStorage implements StorageAdapter {
  readonly kind = 'arweave' as const
  private readonly arweave: Arweave
  private readonly wallet: JWKInterface
  private readonly endpoint: string
  private readonly gatewayUrl: string

  constructor(options: ArweaveStorageOptions) {
    const port = options.port ?? (options.protocol === 'https' ? 443 : 80)
    this.arweave = Arweave.init({ host: options.host, port, protocol: options.protocol })
    this.wallet = parseWallet(options.walletJwk)
    this.endpoint = `${options.protocol}://${options.host}:${port}`
    this.gatewayUrl = (options.gatewayUrl ?? this.endpoint).replace(/\/+$/, '')
  }

  async put(data: Uint8Array, tags: StorageTags): Promise<StoredObject> {
    try {
      const transaction = await this.arweave.createTransaction({ data }, this.wallet)
      for (const [name, value] of Object.entries(tags)) transaction.addTag(name, value)
      await this.arweave.transactions.sign(transaction, this.wallet)

      const uploader = await this.arweave.transactions.getUploader(transaction)
      while (!uploader.isComplete) {
        try {
          await uploader.uploadChunk()
        } catch (error) {
          if (uploader.lastResponseStatus > 0)
            throw new Error(
              await this.refusal(uploader.lastResponseStatus, uploader.lastResponseError),
              { cause: error },
            )
          throw error
        }
        // The uploader would otherwise retry a refused chunk for up to an hour, 40 seconds apart.
        if (uploader.lastResponseError !== '')
          throw new Error(
            await this.refusal(uploader.lastResponseStatus, uploader.lastResponseError),
          )
      }
      // 208: the network already has this very transaction.
      if (uploader.lastResponseStatus !== 200 && uploader.lastResponseStatus !== 208) {
        throw new Error(await this.refusal(uploader.lastResponseStatus, ''))
      }
      return { id: transaction.id, url: this.url(transaction.id) }
    } catch (error) {
      throw new Error(
        `Could not store the data on Arweave (${this.endpoint}): ${messageOf(error)}`,
        { cause: error },
      )
    }
  }

  async get(id: string): Promise<{ data: Uint8Array; tags: StorageTags } | null> {
    if (!isStorageId(id)) return null
    const response = await this.arweave.api.get(`tx/${id}`)
    if (response.status === 404 || response.status === 410) return null
    if (response.status === 202)
      throw new Error(
        `Arweave transaction ${id} is still pending: its data cannot be read yet, try again in a few minutes`,
      )
    if (response.status !== 200)
      throw new Error(
        `Arweave (${this.endpoint}) answered ${response.status} for transaction ${id}`,
      )
    const parsed = TransactionSchema.safeParse(response.data)
    if (!parsed.success || parsed.data.id !== id)
      throw new Error(`Arweave (${this.endpoint}) answered an unreadable transaction for ${id}`)
    const metadata = parsed.data

    // The signature binds the tags and the data root to the id, so a gateway cannot alter either.
    const transaction = this.arweave.transactions.fromRaw({
      ...metadata,
      tags: metadata.tags.map((tag) => new Tag(tag.name, tag.value)),
      data:
        metadata.format === 1
          ? Arweave.utils.b64UrlToBuffer(metadata.data ?? '')
          : new Uint8Array(0),
    })
    if (!(await this.arweave.transactions.verify(transaction)))
      throw new Error(`Arweave transaction ${id} has an invalid signature`)

    const tags: StorageTags = {}
    for (const tag of metadata.tags)
      tags[Arweave.utils.b64UrlToString(tag.name)] = Arweave.utils.b64UrlToString(tag.value)
    const data = metadata.format === 1 ? transaction.data : await this.readData(metadata)
    return { data, tags }
  }

  url(id: string) {
    return `${this.gatewayUrl}/${id}`
  }

  /** Data from the gateway, else from the chunks, accepted only when it matches the signed data root. */
  private async readData(metadata: TransactionMetadata) {
    if (metadata.data_size === '0') return new Uint8Array(0)
    const problems: string[] = []

    const response = await this.arweave.api.get<ArrayBuffer>(metadata.id, {
      responseType: 'arraybuffer',
    })
    if (response.ok) {
      const data = new Uint8Array(response.data)
      if (await this.matches(metadata, data)) return data
      problems.push('the gateway copy does not match the signed data root')
    } else {
      problems.push(`the gateway answered ${response.status}`)
    }

    try {
      const data = await this.arweave.chunks.downloadChunkedData(metadata.id)
      if (await this.matches(metadata, data)) return data
      problems.push('the chunks do not match the signed data root')
    } catch (error) {
      problems.push(`the chunks could not be read (${messageOf(error)})`)
    }
    throw new Error(
      `Could not read the data of Arweave transaction ${metadata.id}: ${problems.join('; ')}`,
    )
  }

  /** Names the status, the node's own words, and the paying wallet, which is what an operator checks first. */
  private async refusal(status: number, detail: unknown) {
    const words = typeof detail === 'string' ? detail : JSON.stringify(detail)
    const address = await this.arweave.wallets.jwkToAddress(this.wallet)
    const hint = [400, 403, 410].includes(status) ? ' (is it funded?)' : ''
    return `the node refused the transaction with status ${status}${words ? ` (${words.slice(0, 200)})` : ''}; the paying wallet is ${address}${hint}`
  }

  private async matches(metadata: TransactionMetadata, data: Uint8Array) {
    if (String(data.byteLength) !== metadata.data_size) return false
    const check = this.arweave.transactions.fromRaw({ format: 2 })
    await check.prepareChunks(data)
    return check.data_root === metadata.data_root
  }
}

function parseWallet(text: string): JWKInterface {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    // JSON.parse quotes the text in its message, and this text is a private key.
    throw new Error(
      'ARWEAVE_WALLET_JWK is not valid JSON: it must be the wallet key file (JWK) as JSON text',
    )
  }
  const parsed = JwkSchema.safeParse(value)
  if (!parsed.success)
    throw new Error(
      'ARWEAVE_WALLET_JWK is not an Arweave wallet: expected an RSA private key (JWK with kty, n, e, d, p, q, dp, dq, qi)',
    )
  return parsed.data
}

function messageOf(error: unknown) {
  return error instanceof Error ? error.message : String(error)
}
