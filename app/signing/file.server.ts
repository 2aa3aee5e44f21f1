import fs from 'node:fs'
import { checkedSigningKey } from './key-chain.server'
import type { DocumentSigner, PublicSigningIdentity, SigningKey } from './types'

// The operator's signing key (PDF_SIGNING_KEY_FILE) and its certificate with the chain up to the
// root (PDF_SIGNING_CERT_FILE), both PEM. Read and checked once, at the first document signed:
// a wrong pair or a broken chain refuses to sign, naming the file, rather than sign badly.

export interface FileSignerOptions {
  keyFile: string
  certFile: string
}

export class FileSigner implements DocumentSigner {
  readonly kind = 'file' as const
  readonly isDevelopment = false
  private loaded: { key: SigningKey; identity: PublicSigningIdentity } | null = null

  constructor(private readonly options: FileSignerOptions) {}

  private load() {
    if (this.loaded) return this.loaded
    const { keyFile, certFile } = this.options
    const checked = checkedSigningKey(
      fs.readFileSync(keyFile, 'utf8'),
      fs.readFileSync(certFile, 'utf8'),
      { key: `PDF_SIGNING_KEY_FILE ${keyFile}`, chain: `PDF_SIGNING_CERT_FILE ${certFile}` },
    )
    this.loaded = { key: checked.key, identity: { ...checked.identity, isDevelopment: false } }
    return this.loaded
  }

  key() {
    return Promise.resolve().then(() => this.load().key)
  }

  publicIdentity() {
    return Promise.resolve().then(() => this.load().identity)
  }
}
