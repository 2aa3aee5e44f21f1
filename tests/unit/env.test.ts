import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConfigError, configuredTarget, loadEnv } from '~/env.server'

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-env-'))
const secret = 'x'.repeat(40)

describe('environment', () => {
  test('nothing configured outside production: defaults, and a session secret generated once and kept', () => {
    const dir = dataDir()
    const first = loadEnv({ DATA_DIR: dir })
    expect(first.APP_NAME).toBe('ProofTrack')
    expect(first.PORT).toBe(3000)
    expect(first.APP_URL).toBe('http://localhost:3000')
    expect(first.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/)
    expect(fs.readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(first.SESSION_SECRET)
    expect(loadEnv({ DATA_DIR: dir }).SESSION_SECRET).toBe(first.SESSION_SECRET)
  })

  test('production refuses to start without a session secret, naming the variable', () => {
    expect(() =>
      loadEnv({ NODE_ENV: 'production', DATA_DIR: dataDir(), APP_URL: 'https://pt.example' }),
    ).toThrow(/SESSION_SECRET/)
    expect(() =>
      loadEnv({ APP_ENV: 'production', DATA_DIR: dataDir(), APP_URL: 'https://pt.example' }),
    ).toThrow(ConfigError)
  })

  test('production refuses a half-configured part instead of falling back to a local stand-in', () => {
    const base = {
      APP_ENV: 'production',
      SESSION_SECRET: secret,
      APP_URL: 'https://pt.example',
      DATA_DIR: dataDir(),
      ALLOW_LOCAL_LEDGER: 'true',
      ALLOW_LOCAL_STORAGE: 'true',
      ALLOW_LOCAL_TSA: 'true',
      ALLOW_LOCAL_SIGNING: 'true',
    }
    expect(() => loadEnv({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /Stripe is half-configured: STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET/,
    )
    expect(() => loadEnv({ ...base, GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/)
    expect(loadEnv(base).isProduction).toBe(true)
  })

  test('malformed values are reported by name', () => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadEnv({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL must be a postgres:\/\/ URL/,
    )
    expect(() => loadEnv({ DATA_DIR: dataDir(), SESSION_SECRET: 'short' })).toThrow(
      /at least 32 characters/,
    )
  })

  test('blank variables count as unset', () => {
    const env = loadEnv({
      DATA_DIR: dataDir(),
      DATABASE_URL: '',
      SMTP_URL: '',
      TEST_CHEAP_PASSWORD_HASHES: '',
      TEST_DOCUMENT_WORKERS_ON_DEMAND: '',
    })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.SMTP_URL).toBeUndefined()
    expect(env.TEST_CHEAP_PASSWORD_HASHES).toBeUndefined()
    expect(env.TEST_DOCUMENT_WORKERS_ON_DEMAND).toBeUndefined()
  })
})

describe('production tells the truth about where registrations go', () => {
  const base = { APP_ENV: 'production', SESSION_SECRET: secret, APP_URL: 'https://pt.example' }
  const solana = {
    SOLANA_RPC_URL: 'https://api.devnet.solana.com',
    SOLANA_SPONSOR_SECRET_KEY: '[1]',
  }
  const arweave = { ARWEAVE_HOST: 'arweave.net', ARWEAVE_WALLET_JWK: '{}' }

  test('nothing configured: production refuses the local ledger, naming the setting that allows it', () => {
    expect(() => loadEnv({ ...base, DATA_DIR: dataDir() })).toThrow(ConfigError)
    expect(() => loadEnv({ ...base, DATA_DIR: dataDir() })).toThrow(
      /local development ledger of this server, which is not a public blockchain\. Set SOLANA_RPC_URL, SOLANA_SPONSOR_SECRET_KEY and SOLANA_CLUSTER, or set ALLOW_LOCAL_LEDGER=true/,
    )
  })

  test('the local store is refused the same way, naming ALLOW_LOCAL_STORAGE', () => {
    expect(() =>
      loadEnv({ ...base, ...solana, SOLANA_CLUSTER: 'devnet', DATA_DIR: dataDir() }),
    ).toThrow(
      /local store of this server, which is not permanent storage\. Set ARWEAVE_HOST and ARWEAVE_WALLET_JWK, or set ALLOW_LOCAL_STORAGE=true/,
    )
    expect(() => loadEnv({ ...base, ALLOW_LOCAL_LEDGER: 'true', DATA_DIR: dataDir() })).toThrow(
      /ALLOW_LOCAL_STORAGE=true/,
    )
  })

  test('the development TSA is refused the same way, naming ALLOW_LOCAL_TSA (decision 057)', () => {
    const stand = { ...base, ALLOW_LOCAL_LEDGER: 'true', ALLOW_LOCAL_STORAGE: 'true' }
    expect(() => loadEnv({ ...stand, DATA_DIR: dataDir() })).toThrow(
      /development TSA of this server, which is not an independent authority\. Set TSA_URL and TSA_CA_FILE \(and optionally TSA_NAME\), or set ALLOW_LOCAL_TSA=true/,
    )
    // A TSA without its trust anchor is refused everywhere: its tokens could not be checked.
    expect(() => loadEnv({ DATA_DIR: dataDir(), TSA_URL: 'http://tsa.example/tsr' })).toThrow(
      /TSA_URL is set without TSA_CA_FILE/,
    )
    expect(() =>
      loadEnv({
        DATA_DIR: dataDir(),
        TSA_URL: 'http://tsa.example/tsr',
        TSA_CA_FILE: '/nonexistent.pem',
      }),
    ).toThrow(/TSA_CA_FILE \/nonexistent\.pem does not exist/)
  })

  test('the development signing key is refused the same way, naming ALLOW_LOCAL_SIGNING (decision 103)', () => {
    const stand = {
      ...base,
      ALLOW_LOCAL_LEDGER: 'true',
      ALLOW_LOCAL_STORAGE: 'true',
      ALLOW_LOCAL_TSA: 'true',
    }
    expect(() => loadEnv({ ...stand, DATA_DIR: dataDir() })).toThrow(
      /development signing key of this server, which no PDF reader trusts\. Set PDF_SIGNING_KEY_FILE and PDF_SIGNING_CERT_FILE, or set ALLOW_LOCAL_SIGNING=true/,
    )
    const dir = dataDir()
    const key = path.join(dir, 'key.pem')
    const cert = path.join(dir, 'cert.pem')
    fs.writeFileSync(key, 'key')
    fs.writeFileSync(cert, 'cert')
    // The operator's key and certificate are enough; whether they sign is the signer's check.
    expect(
      loadEnv({ ...stand, DATA_DIR: dir, PDF_SIGNING_KEY_FILE: key, PDF_SIGNING_CERT_FILE: cert })
        .PDF_SIGNING_KEY_FILE,
    ).toBe(key)
    // Both or neither, everywhere: half a key never falls back to the development one.
    expect(() => loadEnv({ DATA_DIR: dir, PDF_SIGNING_KEY_FILE: key })).toThrow(
      /PDF_SIGNING_KEY_FILE is set without PDF_SIGNING_CERT_FILE/,
    )
    expect(() => loadEnv({ DATA_DIR: dir, PDF_SIGNING_CERT_FILE: cert })).toThrow(
      /PDF_SIGNING_CERT_FILE is set without PDF_SIGNING_KEY_FILE/,
    )
    expect(() =>
      loadEnv({
        DATA_DIR: dir,
        PDF_SIGNING_KEY_FILE: key,
        PDF_SIGNING_CERT_FILE: '/nonexistent.pem',
      }),
    ).toThrow(/PDF_SIGNING_CERT_FILE \/nonexistent\.pem does not exist/)
    expect(() =>
      loadEnv({
        DATA_DIR: dir,
        PDF_SIGNING_KEY_FILE: '/nonexistent.pem',
        PDF_SIGNING_CERT_FILE: cert,
      }),
    ).toThrow(/PDF_SIGNING_KEY_FILE \/nonexistent\.pem does not exist/)
    // Blank counts as unset, like every other variable.
    expect(
      loadEnv({ DATA_DIR: dir, PDF_SIGNING_KEY_FILE: '', PDF_SIGNING_CERT_FILE: '' })
        .PDF_SIGNING_KEY_FILE,
    ).toBeUndefined()
    expect(() => loadEnv({ DATA_DIR: dir, ALLOW_LOCAL_SIGNING: 'yes' })).toThrow(
      /ALLOW_LOCAL_SIGNING must be true or false/,
    )
  })

  test('explicitly allowed, production runs on the stand-ins', () => {
    const env = loadEnv({
      ...base,
      ALLOW_LOCAL_LEDGER: 'true',
      ALLOW_LOCAL_STORAGE: 'true',
      ALLOW_LOCAL_TSA: 'true',
      ALLOW_LOCAL_SIGNING: 'true',
      DATA_DIR: dataDir(),
    })
    expect(env.isProduction).toBe(true)
    expect(configuredTarget(env)).toEqual({ network: 'local-ledger', storageKind: 'local-store' })
  })

  test('a private localnet validator needs the same explicit setting', () => {
    expect(() =>
      loadEnv({ ...base, ...solana, ...arweave, SOLANA_CLUSTER: 'localnet', DATA_DIR: dataDir() }),
    ).toThrow(/SOLANA_CLUSTER=localnet is a private validator[\s\S]*ALLOW_LOCAL_LEDGER=true/)
    expect(
      configuredTarget(
        loadEnv({
          ...base,
          ...solana,
          ...arweave,
          SOLANA_CLUSTER: 'localnet',
          ALLOW_LOCAL_LEDGER: 'true',
          ALLOW_LOCAL_TSA: 'true',
          ALLOW_LOCAL_SIGNING: 'true',
          DATA_DIR: dataDir(),
        }),
      ),
    ).toEqual({ network: 'localnet', storageKind: 'arweave' })
  })

  test('with a Solana RPC, production needs SOLANA_CLUSTER said outright: it is recorded with every registration', () => {
    expect(() => loadEnv({ ...base, ...solana, ...arweave, DATA_DIR: dataDir() })).toThrow(
      /SOLANA_CLUSTER is required in production when SOLANA_RPC_URL is set/,
    )
    expect(() =>
      loadEnv({ ...base, ...solana, ...arweave, SOLANA_CLUSTER: '', DATA_DIR: dataDir() }),
    ).toThrow(/SOLANA_CLUSTER is required/)
  })

  test('devnet and testnet are allowed in production (and said at start-up, in the admin panel and on each certificate)', () => {
    for (const cluster of ['devnet', 'testnet', 'mainnet-beta'] as const) {
      const env = loadEnv({
        ...base,
        ...solana,
        ...arweave,
        SOLANA_CLUSTER: cluster,
        ALLOW_LOCAL_TSA: 'true',
        ALLOW_LOCAL_SIGNING: 'true',
        DATA_DIR: dataDir(),
      })
      expect(configuredTarget(env)).toEqual({ network: cluster, storageKind: 'arweave' })
    }
  })

  test('outside production the stand-ins need no setting; a setting that is not true or false is named', () => {
    expect(configuredTarget(loadEnv({ DATA_DIR: dataDir() }))).toEqual({
      network: 'local-ledger',
      storageKind: 'local-store',
    })
    expect(() => loadEnv({ DATA_DIR: dataDir(), ALLOW_LOCAL_LEDGER: 'yes' })).toThrow(
      /ALLOW_LOCAL_LEDGER must be true or false/,
    )
  })
})

describe('public environment', () => {
  test('only whitelisted values reach the browser', async () => {
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: 'sk_test_secret',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_public',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      DATABASE_URL: '',
    })
    const { getPublicEnv } = await import('~/env.server')
    const publicEnv = getPublicEnv()
    // No SOLANA_CLUSTER: a view labels a record from the record, never from the server's setting.
    expect(Object.keys(publicEnv).sort()).toEqual([
      'APP_NAME',
      'GOOGLE_CONFIGURED',
      'STRIPE_PUBLISHABLE_KEY',
      'SUPPORT_EMAIL',
    ])
    const serialized = JSON.stringify(publicEnv)
    expect(serialized).not.toContain('sk_test_secret')
    expect(serialized).not.toContain('google-secret')
    expect(serialized).not.toContain(process.env.SESSION_SECRET)
    expect(publicEnv.STRIPE_PUBLISHABLE_KEY).toBe('pk_test_public')
  })
})
