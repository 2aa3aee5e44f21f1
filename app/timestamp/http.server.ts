import fs from 'node:fs'
import type * as pkijs from 'pkijs'
import { buildRequest, certificatesFromPem, checkResponse, subjectName } from './rfc3161.server'
import { type StampedToken, type TimestampAuthority, TimestampRefused } from './types'

// A real Time-Stamping Authority over HTTP (RFC 3161 section 3.4): the DER request POSTed as
// application/timestamp-query, the DER answer read back as application/timestamp-reply.

const TIMEOUT_MS = 20_000
// A TimeStampResp with a certificate chain is a few kilobytes; more is not a timestamp.
const MAX_RESPONSE_BYTES = 256 * 1024

export interface HttpTsaOptions {
  url: string
  /** PEM file with the trust anchor(s) the TSA's certificate must chain to. */
  caFile: string
  /** The name shown; the TSA certificate's common name when unset. */
  name?: string
  timeoutMs?: number
}

export class HttpTsa implements TimestampAuthority {
  readonly kind = 'rfc3161' as const
  readonly isDevelopment = false
  readonly name: string
  private readonly anchors: pkijs.Certificate[]
  private readonly anchorsPem: string

  constructor(private readonly options: HttpTsaOptions) {
    this.anchorsPem = fs.readFileSync(options.caFile, 'utf8')
    this.anchors = certificatesFromPem(this.anchorsPem)
    if (this.anchors.length === 0)
      throw new Error(`TSA_CA_FILE ${options.caFile} holds no PEM certificate`)
    this.name = options.name ?? new URL(options.url).host
  }

  trustAnchorsPem() {
    return Promise.resolve(this.anchorsPem)
  }

  async stamp(data: Uint8Array): Promise<StampedToken> {
    const request = buildRequest(data)
    const answer = await fetch(this.options.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/timestamp-query' },
      body: request.der,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? TIMEOUT_MS),
    })
    if (!answer.ok) throw new Error(`The TSA answered HTTP ${answer.status}`)
    const body = new Uint8Array(await answer.arrayBuffer())
    if (body.byteLength > MAX_RESPONSE_BYTES)
      throw new TimestampRefused(`The TSA's answer is ${body.byteLength} bytes: too large`)
    const checked = await checkResponse(body, {
      data,
      nonceHex: request.nonceHex,
      trustAnchors: this.anchors,
    })
    return {
      response: body,
      genTime: checked.genTime,
      serial: checked.serial,
      tsaName: this.options.name ?? subjectName(checked.signer),
      chainPem: this.anchorsPem,
    }
  }
}
