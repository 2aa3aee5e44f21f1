import { type Env, env } from '~/env.server'
import { keptPerConfiguration } from '~/lib/kept-per-configuration.server'
import { FileSigner } from './file.server'
import { LocalSigner, signingDir } from './local.server'
import type { DocumentSigner, PublicSigningIdentity } from './types'

export { DEVELOPMENT_SIGNING_NOTE } from './types'
export type { DocumentSigner, PublicSigningIdentity, SigningKey } from './types'

type SigningConfig = Pick<Env, 'PDF_SIGNING_KEY_FILE' | 'PDF_SIGNING_CERT_FILE' | 'DATA_DIR'>

/** The configured signer: the operator's key and chain when set, else this server's development key. */
export function getDocumentSigner(): DocumentSigner {
  const { PDF_SIGNING_KEY_FILE, PDF_SIGNING_CERT_FILE, DATA_DIR } = env()
  const config = { PDF_SIGNING_KEY_FILE, PDF_SIGNING_CERT_FILE, DATA_DIR }
  return keptPerConfiguration('document signer', config, () => createDocumentSigner(config))
}

/** Builds the signer a configuration asks for; tests call it with their own configuration. */
export function createDocumentSigner(config: SigningConfig): DocumentSigner {
  if (config.PDF_SIGNING_KEY_FILE && config.PDF_SIGNING_CERT_FILE)
    return new FileSigner({
      keyFile: config.PDF_SIGNING_KEY_FILE,
      certFile: config.PDF_SIGNING_CERT_FILE,
    })
  return new LocalSigner({ dir: signingDir(config.DATA_DIR) })
}

/**
 * Who signs this server's PDFs, as anyone may see it (the verify page, the proof bundle): the
 * chain, the root's SHA-256 fingerprint, the signer's name, and whether it is the development key.
 */
export function publicSigningIdentity(): Promise<PublicSigningIdentity> {
  return getDocumentSigner().publicIdentity()
}
