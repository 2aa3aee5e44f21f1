import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConfigError, loadEnv } from '../../app/env.server'

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
    expect(() => loadEnv({ NODE_ENV: 'production', DATA_DIR: dataDir(), APP_URL: 'https://pt.example' })).toThrow(/SESSION_SECRET/)
    expect(() => loadEnv({ APP_ENV: 'production', DATA_DIR: dataDir(), APP_URL: 'https://pt.example' })).toThrow(ConfigError)
  })

  test('production refuses a half-configured part instead of falling back to a local stand-in', () => {
    const base = { APP_ENV: 'production', SESSION_SECRET: secret, APP_URL: 'https://pt.example', DATA_DIR: dataDir() }
    expect(() => loadEnv({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/Stripe is half-configured: STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET/)
    expect(() => loadEnv({ ...base, GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/)
    expect(loadEnv(base).isProduction).toBe(true)
  })

  test('malformed values are reported by name', () => {
    expect(() => loadEnv({ DATA_DIR: dataDir(), PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => loadEnv({ DATA_DIR: dataDir(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a postgres:\/\/ URL/)
    expect(() => loadEnv({ DATA_DIR: dataDir(), SESSION_SECRET: 'short' })).toThrow(/at least 32 characters/)
  })

  test('blank variables count as unset', () => {
    const env = loadEnv({ DATA_DIR: dataDir(), DATABASE_URL: '', SMTP_URL: '' })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.SMTP_URL).toBeUndefined()
  })
})

describe('public environment', () => {
  test('only whitelisted values reach the browser', async () => {
    Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_secret', STRIPE_PUBLISHABLE_KEY: 'pk_test_public', GOOGLE_CLIENT_SECRET: 'google-secret', DATABASE_URL: '' })
    const { getPublicEnv } = await import('../../app/env.server')
    const publicEnv = getPublicEnv()
    expect(Object.keys(publicEnv).sort()).toEqual(['APP_NAME', 'GOOGLE_CONFIGURED', 'SOLANA_CLUSTER', 'STRIPE_PUBLISHABLE_KEY', 'SUPPORT_EMAIL'])
    const serialized = JSON.stringify(publicEnv)
    expect(serialized).not.toContain('sk_test_secret')
    expect(serialized).not.toContain('google-secret')
    expect(serialized).not.toContain(process.env.SESSION_SECRET)
    expect(publicEnv.STRIPE_PUBLISHABLE_KEY).toBe('pk_test_public')
  })
})
