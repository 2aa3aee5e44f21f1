import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import type { Network, StorageKind } from '~/lib/registration-network'

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value)
const opt = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(blankToUndefined, schema.optional())
const flag = (name: string) =>
  z
    .preprocess(
      blankToUndefined,
      z.enum(['true', 'false'], { error: `${name} must be true or false` }).optional(),
    )
    .transform((value) => value === 'true')

/**
 * Every environment variable the product reads. Parsed once at start-up; README lists them.
 * APP_ENV decides strictness: `npm start` runs the production build as 'development' unless
 * NODE_ENV or APP_ENV says production, so a fresh clone starts with nothing configured.
 */
export const EnvSchema = z.object({
  APP_ENV: z.enum(['production', 'development', 'test']),
  // The test suite's own switch (tests/setup/test-env.ts): argon2's lowest cost, and only when
  // APP_ENV is also 'test' (app/services/accounts/password.server.ts). Nothing deployed sets it.
  TEST_CHEAP_PASSWORD_HASHES: opt(z.literal('1')),
  // The suite's other switch: document workers start with the first document, not the server
  // (app/services/certificates/document-pool.server.ts). Also only with APP_ENV=test.
  TEST_DOCUMENT_WORKERS_ON_DEMAND: opt(z.literal('1')),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // How many proxies in front of the server may be believed about the client's address
  // (X-Forwarded-For, X-Forwarded-Proto); 0 means the socket's address is the client.
  TRUST_PROXY_HOPS: z.coerce
    .number()
    .int('TRUST_PROXY_HOPS must be a whole number')
    .min(0)
    .max(20)
    .default(0),
  LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  DATA_DIR: z.string().min(1).default('./data'),
  APP_NAME: z.string().min(1).max(60).default('ProofTrack'),
  APP_URL: opt(z.url()),
  SUPPORT_EMAIL: z.email().default('support@prooftrack.local'),
  // Issue 40: the operator's DDEX Party ID, the sender of DDEX exports; unset, they are TestMessages.
  DDEX_PARTY_ID: opt(
    z.string().regex(/^PADPIDA[a-zA-Z0-9]+$/, 'DDEX_PARTY_ID must be a DDEX Party ID (PADPIDA…)'),
  ),
  SESSION_SECRET: opt(z.string().min(32, 'SESSION_SECRET must be at least 32 characters')),
  DATABASE_URL: opt(
    z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL'),
  ),
  SOLANA_RPC_URL: opt(z.url()),
  SOLANA_CLUSTER: z.preprocess(
    blankToUndefined,
    z.enum(['devnet', 'testnet', 'mainnet-beta', 'localnet']).default('devnet'),
  ),
  SOLANA_SPONSOR_SECRET_KEY: opt(z.string()),
  ARWEAVE_HOST: opt(z.string()),
  ARWEAVE_PORT: opt(z.coerce.number().int().min(1).max(65535)),
  ARWEAVE_PROTOCOL: z.enum(['http', 'https']).default('https'),
  ARWEAVE_WALLET_JWK: opt(z.string()),
  ARWEAVE_GATEWAY_URL: opt(z.url()),
  // Production refuses the embedded stand-ins unless these say so; such certificates say it too.
  ALLOW_LOCAL_LEDGER: flag('ALLOW_LOCAL_LEDGER'),
  ALLOW_LOCAL_STORAGE: flag('ALLOW_LOCAL_STORAGE'),
  // An RFC 3161 Time-Stamping Authority (issue 29); without one this server's development TSA
  // signs, which production refuses unless ALLOW_LOCAL_TSA says so (decision 057).
  TSA_URL: opt(z.url()),
  TSA_CA_FILE: opt(z.string()),
  TSA_NAME: opt(z.string().max(120)),
  ALLOW_LOCAL_TSA: flag('ALLOW_LOCAL_TSA'),
  // The key that signs the PDFs (issue 49, decision 103) and its certificate followed by its
  // chain up to the root, PEM; without them this server's development key signs, which
  // production refuses unless ALLOW_LOCAL_SIGNING says so.
  PDF_SIGNING_KEY_FILE: opt(z.string()),
  PDF_SIGNING_CERT_FILE: opt(z.string()),
  ALLOW_LOCAL_SIGNING: flag('ALLOW_LOCAL_SIGNING'),
  STRIPE_SECRET_KEY: opt(z.string()),
  STRIPE_PUBLISHABLE_KEY: opt(z.string()),
  STRIPE_WEBHOOK_SECRET: opt(z.string()),
  // Stripe's API address, overridable so tests can point the real client at a local server.
  STRIPE_API_HOST: z.string().min(1).default('api.stripe.com'),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).default(443),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).default('https'),
  GOOGLE_CLIENT_ID: opt(z.string()),
  GOOGLE_CLIENT_SECRET: opt(z.string()),
  // Google's endpoints, overridable so tests (and staging) can use a local OAuth server.
  GOOGLE_AUTHORIZATION_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://www.googleapis.com/oauth2/v3/userinfo'),
  SMTP_URL: opt(z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')),
  MAIL_FROM: opt(z.string()),
  // GET /metrics answers `Authorization: Bearer <METRICS_TOKEN>`; without it, only this machine.
  METRICS_TOKEN: opt(z.string().min(32, 'METRICS_TOKEN must be at least 32 characters')),
  // Issue 53: `off` keeps no answer in memory (decision 116): every page is made for its request.
  KEPT_ANSWERS: z.preprocess(
    blankToUndefined,
    z.enum(['on', 'off'], { error: 'KEPT_ANSWERS must be on or off' }).default('on'),
  ),
})

export type Env = z.infer<typeof EnvSchema> & {
  APP_URL: string
  SESSION_SECRET: string
  MAIL_FROM: string
  isProduction: boolean
}

// Parts that need several variables: in production, half a configuration is an error rather
// than a silent fall-back to the embedded stand-in.
const GROUPS: Record<string, (keyof z.infer<typeof EnvSchema>)[]> = {
  Solana: ['SOLANA_RPC_URL', 'SOLANA_SPONSOR_SECRET_KEY'],
  Arweave: ['ARWEAVE_HOST', 'ARWEAVE_WALLET_JWK'],
  Stripe: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
  Google: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
}

export class ConfigError extends Error {}

type ChainSettings = Pick<
  z.infer<typeof EnvSchema>,
  | 'SOLANA_RPC_URL'
  | 'SOLANA_SPONSOR_SECRET_KEY'
  | 'SOLANA_CLUSTER'
  | 'ARWEAVE_HOST'
  | 'ARWEAVE_WALLET_JWK'
>

/**
 * Where this configuration sends registrations: the same conditions createChain and
 * createStorage follow (app/chain, app/storage). Only for start-up checks and notices; a
 * record's own network is what it recorded (decision 019).
 */
export function configuredTarget(config: ChainSettings): {
  network: Network
  storageKind: StorageKind
} {
  const solana = Boolean(config.SOLANA_RPC_URL && config.SOLANA_SPONSOR_SECRET_KEY)
  return {
    network: solana ? config.SOLANA_CLUSTER : 'local-ledger',
    storageKind: config.ARWEAVE_HOST && config.ARWEAVE_WALLET_JWK ? 'arweave' : 'local-store',
  }
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const appEnv =
    source.APP_ENV ??
    (source.NODE_ENV === 'production'
      ? 'production'
      : source.NODE_ENV === 'test'
        ? 'test'
        : 'development')
  const parsed = EnvSchema.safeParse({ ...source, APP_ENV: appEnv })
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`)
  }
  const env = parsed.data
  const isProduction = env.APP_ENV === 'production'
  // A TSA's tokens are worth only what their chain to a trust anchor is: never accepted unchecked.
  if (env.TSA_URL && !env.TSA_CA_FILE)
    throw new ConfigError(
      'TSA_URL is set without TSA_CA_FILE: name the PEM file of the trust anchor its timestamp certificates chain to.',
    )
  if (env.TSA_CA_FILE && !fs.existsSync(env.TSA_CA_FILE))
    throw new ConfigError(`TSA_CA_FILE ${env.TSA_CA_FILE} does not exist.`)
  // A key without its certificate (or the reverse) is a mistake, never a reason to fall back to
  // the development key.
  if (Boolean(env.PDF_SIGNING_KEY_FILE) !== Boolean(env.PDF_SIGNING_CERT_FILE))
    throw new ConfigError(
      env.PDF_SIGNING_KEY_FILE
        ? 'PDF_SIGNING_KEY_FILE is set without PDF_SIGNING_CERT_FILE: name the PEM file of its certificate followed by its chain up to the root.'
        : 'PDF_SIGNING_CERT_FILE is set without PDF_SIGNING_KEY_FILE: name the PEM file of the private key its first certificate certifies.',
    )
  for (const name of ['PDF_SIGNING_KEY_FILE', 'PDF_SIGNING_CERT_FILE'] as const) {
    const file = env[name]
    if (file && !fs.existsSync(file)) throw new ConfigError(`${name} ${file} does not exist.`)
  }

  if (isProduction) {
    if (!env.SESSION_SECRET)
      throw new ConfigError('SESSION_SECRET is required in production (at least 32 characters).')
    if (!env.APP_URL)
      throw new ConfigError(
        'APP_URL is required in production (the public address, e.g. https://prooftrack.example).',
      )
    for (const [part, keys] of Object.entries(GROUPS)) {
      const set = keys.filter((key) => env[key] !== undefined)
      const missing = keys.filter((key) => env[key] === undefined)
      if (set.length > 0 && missing.length > 0) {
        throw new ConfigError(
          `${part} is half-configured: ${missing.join(', ')} must be set too (or unset ${set.join(', ')}).`,
        )
      }
    }
    // A record's network label comes from SOLANA_CLUSTER: in production it is never a default.
    if (env.SOLANA_RPC_URL && blankToUndefined(source.SOLANA_CLUSTER) === undefined) {
      throw new ConfigError(
        'SOLANA_CLUSTER is required in production when SOLANA_RPC_URL is set (devnet, testnet or mainnet-beta): every registration records it.',
      )
    }
    const target = configuredTarget(env)
    if (target.network === 'local-ledger' && !env.ALLOW_LOCAL_LEDGER) {
      throw new ConfigError(
        'Production would register songs on the local development ledger of this server, which is not a public blockchain. Set SOLANA_RPC_URL, SOLANA_SPONSOR_SECRET_KEY and SOLANA_CLUSTER, or set ALLOW_LOCAL_LEDGER=true to run on the local ledger anyway (every certificate then says so).',
      )
    }
    if (target.network === 'localnet' && !env.ALLOW_LOCAL_LEDGER) {
      throw new ConfigError(
        'SOLANA_CLUSTER=localnet is a private validator, not a public blockchain. Use devnet, testnet or mainnet-beta, or set ALLOW_LOCAL_LEDGER=true to run on it anyway (every certificate then says so).',
      )
    }
    if (target.storageKind === 'local-store' && !env.ALLOW_LOCAL_STORAGE) {
      throw new ConfigError(
        'Production would store certificates in the local store of this server, which is not permanent storage. Set ARWEAVE_HOST and ARWEAVE_WALLET_JWK, or set ALLOW_LOCAL_STORAGE=true to use the local store anyway (every certificate then says so).',
      )
    }
    if (!env.TSA_URL && !env.ALLOW_LOCAL_TSA) {
      throw new ConfigError(
        'Production would time-stamp snapshots with the development TSA of this server, which is not an independent authority. Set TSA_URL and TSA_CA_FILE (and optionally TSA_NAME), or set ALLOW_LOCAL_TSA=true to use the development TSA anyway (every certificate then says so).',
      )
    }
    if (!env.PDF_SIGNING_KEY_FILE && !env.ALLOW_LOCAL_SIGNING) {
      throw new ConfigError(
        'Production would sign PDFs with the development signing key of this server, which no PDF reader trusts. Set PDF_SIGNING_KEY_FILE and PDF_SIGNING_CERT_FILE, or set ALLOW_LOCAL_SIGNING=true to sign with the development key anyway (every PDF then says so).',
      )
    }
  }

  return {
    ...env,
    isProduction,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    SESSION_SECRET: env.SESSION_SECRET ?? localSessionSecret(env.DATA_DIR),
    MAIL_FROM: env.MAIL_FROM ?? `${env.APP_NAME} <${env.SUPPORT_EMAIL}>`,
  }
}

/** Outside production a secret is generated once and kept, so sessions survive restarts. */
function localSessionSecret(dataDir: string) {
  const file = path.join(dataDir, 'session-secret')
  try {
    const existing = fs.readFileSync(file, 'utf8').trim()
    if (existing.length >= 32) return existing
  } catch {
    // not generated yet
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const secret = crypto.randomBytes(32).toString('hex')
  fs.writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

let cached: Env | undefined
export function env(): Env {
  cached ??= loadEnv()
  return cached
}

/** The only configuration the browser ever sees. */
export function getPublicEnv() {
  const e = env()
  return {
    APP_NAME: e.APP_NAME,
    SUPPORT_EMAIL: e.SUPPORT_EMAIL,
    STRIPE_PUBLISHABLE_KEY: e.STRIPE_PUBLISHABLE_KEY ?? null,
    GOOGLE_CONFIGURED: Boolean(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET),
  }
}
export type PublicEnv = ReturnType<typeof getPublicEnv>
