// `npm run verify -- <certificateId> [--signature <sig>] [--app-url <url>] [--sponsor <address>]`:
// checks a certificate against the public records only (the chain transaction and the stored
// manifest), printing every step with its evidence; exits 1 on any mismatch, 2 on bad usage.
// Without --signature it asks the app's public endpoint (/verify/<id>.json) which transaction to check.
// With --file it also says whether that file is one of the registered recordings (its SHA-256 and
// size against each of the verified manifest's fingerprints, naming the label matched); exit 1 when not.
import crypto from 'node:crypto'
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { getChain, verifyTransactionSignature } from '../app/chain/index.server'
import { loadEnv } from '../app/env.server'
import { CERTIFICATE_ID_PATTERN } from '../app/lib/identifiers'
import { escapeControls } from '../app/lib/plain-text'
import { compareRecording, verifyChain } from '../app/services/certificates/verification.server'
import { getStorage } from '../app/storage/index.server'

const USAGE =
  'Usage: npm run verify -- <certificateId> [--signature <sig>] [--app-url <url>] [--sponsor <address>] [--file <path>]'

function usage(message?: string): never {
  if (message) console.error(message)
  console.error(USAGE)
  process.exit(2)
}

let parsed: ReturnType<typeof parse>
function parse() {
  return parseArgs({
    options: {
      signature: { type: 'string' },
      'app-url': { type: 'string' },
      sponsor: { type: 'string' },
      file: { type: 'string' },
    },
    allowPositionals: true,
  })
}
try {
  parsed = parse()
} catch (error) {
  usage(error instanceof Error ? error.message : String(error))
}
const { values, positionals } = parsed
const certificateId = positionals[0]?.toUpperCase()
if (!certificateId || !CERTIFICATE_ID_PATTERN.test(certificateId))
  usage(certificateId ? `Not a certificate id: ${positionals[0]}` : undefined)

const env = loadEnv()
let signature = values.signature
if (!signature) {
  const appUrl = (values['app-url'] ?? env.APP_URL).replace(/\/+$/, '')
  const response = await fetch(`${appUrl}/verify/${certificateId}.json`).catch((error: unknown) => {
    console.error(
      `Could not reach ${appUrl}: ${error instanceof Error ? error.message : error}. Pass --signature instead.`,
    )
    process.exit(2)
  })
  const body: unknown = await response.json().catch(() => null)
  if (
    !response.ok ||
    typeof body !== 'object' ||
    body === null ||
    !('signature' in body) ||
    typeof body.signature !== 'string'
  ) {
    console.error(`No registration found for ${certificateId} at ${appUrl}`)
    process.exit(1)
  }
  signature = body.signature
}

// The record, then every earlier version it names, each from the public records alone.
const chain = await verifyChain(certificateId, signature, {
  chain: getChain(),
  storage: getStorage(),
  verifySignature: verifyTransactionSignature,
  expectedSponsor: values.sponsor,
})
const report = chain.report
// The record's text was typed by its owner and co-writers, some of it before app/lib/plain-text.ts
// refused control characters: whatever a stored field holds is printed escaped (issue 24 item 5),
// so it can neither move the cursor nor fake a line of this report. A block keeps its lines.
console.log(`Certificate ${certificateId}, transaction ${escapeControls(signature)}\n`)
report.steps.forEach((step, index) => {
  console.log(`${index + 1}. ${escapeControls(step.title)}`)
  if (!step.reached) {
    console.log('   Not checked: an earlier step failed.\n')
    return
  }
  for (const item of step.evidence) {
    if (item.kind === 'block')
      console.log(
        `   ${escapeControls(item.label)}:\n${escapeControls(item.value, { keepLines: true }).replace(/^/gm, '      ')}`,
      )
    else console.log(`   ${escapeControls(item.label)}: ${escapeControls(item.value)}`)
  }
  for (const check of step.checks)
    console.log(
      `   ${check.ok ? '✓' : '✗'} ${escapeControls(check.name)} — ${escapeControls(check.detail)}`,
    )
  console.log('')
})
console.log(report.ok ? `${certificateId}: VERIFIED` : `${certificateId}: FAILED`)
if (!report.ok) process.exit(1)
if (chain.links.length > 0) {
  console.log('\nEarlier versions')
  for (const link of chain.links) {
    console.log(
      `   ${escapeControls(link.from)} supersedes ${escapeControls(link.to)} (transaction ${escapeControls(link.signature)})`,
    )
    for (const check of link.checks)
      console.log(
        `   ${check.ok ? '✓' : '✗'} ${escapeControls(check.name)} — ${escapeControls(check.detail)}`,
      )
  }
  console.log(
    chain.ok
      ? `Chain of ${chain.links.length + 1} versions: VERIFIED`
      : 'Chain of versions: FAILED',
  )
  if (!chain.ok) process.exit(1)
}

if (values.file) {
  const file = values.file
  const stat = await fs.promises.stat(file).catch(() => null)
  if (!stat?.isFile()) usage(`Not a file: ${file}`)
  const hash = crypto.createHash('sha256')
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk)
  const comparison = compareRecording(report, { sha256: hash.digest('hex'), size: stat.size })
  if (!comparison) {
    console.log(
      `\n${escapeControls(file)}: this certificate records no recording fingerprint to compare with`,
    )
    process.exit(1)
  }
  console.log(`\n${escapeControls(file)}: ${escapeControls(comparison.answer)}`)
  console.log(`   File SHA-256:       ${comparison.fileSha256} (${comparison.fileSize} bytes)`)
  // Every fingerprint the record holds, so a mismatch shows what the file was compared with.
  for (const registered of report.recordings)
    console.log(
      `   Registered SHA-256: ${registered.sha256} (${registered.size} bytes)${registered.label ? ` ${escapeControls(registered.label)}` : ''}`,
    )
  process.exit(comparison.matches ? 0 : 1)
}
process.exit(0)
