// `npm run verify -- <certificateId> [--signature <sig>] [--app-url <url>]`: checks a
// certificate against the public records only (the chain transaction and the stored manifest).
// Without --signature it asks the app's public verification endpoint for the transaction.
import { parseArgs } from 'node:util'
import { getChain, verifyTransactionSignature } from '../app/chain/index.server'
import { loadEnv } from '../app/env.server'
import { verifyCertificate } from '../app/services/verification.server'
import { getStorage } from '../app/storage/index.server'

const { values, positionals } = parseArgs({ options: { signature: { type: 'string' }, 'app-url': { type: 'string' } }, allowPositionals: true })
const certificateId = positionals[0]?.toUpperCase()
if (!certificateId) {
  console.error('Usage: npm run verify -- <certificateId> [--signature <sig>] [--app-url <url>]')
  process.exit(2)
}
const env = loadEnv()
let signature = values.signature
if (!signature) {
  const appUrl = values['app-url'] ?? env.APP_URL
  const response = await fetch(`${appUrl}/verify/${certificateId}?format=json`).catch((error: unknown) => {
    console.error(`Could not reach ${appUrl}: ${error instanceof Error ? error.message : error}. Pass --signature instead.`)
    process.exit(2)
  })
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok || typeof body !== 'object' || body === null || !('signature' in body) || typeof body.signature !== 'string') {
    console.error(`No registration found for ${certificateId} at ${appUrl}`)
    process.exit(1)
  }
  signature = body.signature
}
const report = await verifyCertificate(certificateId, signature, { chain: getChain(), storage: getStorage(), verifySignature: verifyTransactionSignature })
for (const check of report.checks) console.log(`${check.ok ? '✓' : '✗'} ${check.name} — ${check.detail}`)
console.log(report.ok ? `\n${certificateId}: VERIFIED` : `\n${certificateId}: FAILED`)
process.exit(report.ok ? 0 : 1)
