import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { Keypair } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { startSolanaRpc } from '../setup/solana-rpc'
import { seriousAxeViolations } from './axe'
import { testEnv } from '../setup/test-env'
import { startArLocal } from './arlocal'
import { MODES, type TestPage, useBrowser } from './browser'
import { newSignedInUser, registerSong, verifyEmailThroughAdmin } from './flows'
import { type RunningServer, startServerWithAdmin } from './server'

// Issue 19, items 4, 6 and 7 in the browser: the verification page, the owner's proof bundle,
// axe on every page of the issue, and docs/verify.md's procedure run as a stranger would run it.

const run = promisify(execFile)
const root = path.resolve(__dirname, '../..')

const browser = useBrowser()
let local: RunningServer
let arweave: RunningServer
let arlocal: Awaited<ReturnType<typeof startArLocal>>
beforeAll(async () => {
  arlocal = await startArLocal()
  ;[local, arweave] = await Promise.all([startServerWithAdmin(), startServerWithAdmin(arlocal.env)])
})
afterAll(async () => {
  await Promise.all([local?.stop(), arweave?.stop()])
  await arlocal?.stop()
})

const LYRICS = 'Hush now,\nthe harbor sleeps — 夜の歌'
const NOTES = 'Written on a night train.'
const Song = z.object({ id: z.number(), certificateId: z.string() })

interface Registration {
  owner: TestPage
  song: z.infer<typeof Song>
  signature: string
  storageId: string
}

/**
 * A new user whose email the administrator verified, with one song registered through the API:
 * the owner's page (signed in, with JavaScript as asked) and the record.
 */
async function registeredSong(
  server: RunningServer,
  javaScriptEnabled: boolean,
): Promise<Registration> {
  const owner = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
  await newSignedInUser(owner, 'Vera', 'Proof')
  await verifyEmailThroughAdmin(
    owner,
    await browser.newPage({ javaScriptEnabled: false, baseUrl: server.baseUrl }),
  )
  const created = await owner.request.post('/api/songs', {
    data: {
      title: 'Harbor Song',
      contributorName: 'Vera Proof',
      dateCreated: '2025-04-01',
      toolsUsed: 'Piano, Suno',
      fileLink: 'https://example.com/harbor.mp3',
      lyrics: LYRICS,
      creativeNotes: NOTES,
      contributions: [{ component: 'lyrics', contributorPercent: 70, aiPercent: 30 }],
    },
  })
  expect(created.status()).toBe(201)
  const song = Song.parse(await created.json())
  const record = await registerSong(owner, song.id)
  if (server === arweave) await arlocal.mine()
  return { owner, song, signature: record.transactionSignature, storageId: record.storageId }
}

const readOnly = new Map<string, Promise<Omit<Registration, 'owner'> & { session: string }>>()
/**
 * A registration the test only reads (it never tampers with the stored manifest), one per server
 * and mode, made by the first test that asks for it; each test gets a page of the owner's own,
 * signed in with the owner's session. Making one registration per test (an account, a verified
 * email, a song, a transaction) was most of this file's time; a test that tampers with the
 * record still makes its own with `registeredSong`.
 */
async function readOnlyRegistration(
  server: RunningServer,
  javaScriptEnabled: boolean,
): Promise<Registration> {
  const key = `${server.baseUrl} ${javaScriptEnabled}`
  if (!readOnly.has(key))
    readOnly.set(
      key,
      registeredSong(server, javaScriptEnabled).then(async ({ owner, ...registration }) => {
        const cookies = await owner.context().cookies()
        await owner.done()
        const session = cookies.find((cookie) => cookie.name === 'pt_session')!.value
        return { ...registration, session }
      }),
    )
  const { session, ...registration } = await readOnly.get(key)!
  const owner = await browser.newPage({ javaScriptEnabled, baseUrl: server.baseUrl })
  await owner
    .context()
    .addCookies([{ name: 'pt_session', value: session, url: server.baseUrl, httpOnly: true }])
  return { owner, ...registration }
}

const storedFile = (server: RunningServer, storageId: string) =>
  path.join(server.dataDir, 'storage', `${storageId}.json`)

async function report(server: RunningServer, certificateId: string) {
  const response = await fetch(`${server.baseUrl}/verify/${certificateId}.json`)
  return z
    .object({
      ok: z.boolean(),
      browserCheck: z.object({ url: z.string(), memoSha256: z.string() }),
    })
    .parse(await response.json())
}

/**
 * Waits for the server's worker to stamp the registered snapshot (it is woken at registration and
 * stamps within moments), and returns the timestamp the verify page's JSON reports.
 */
async function stampedTimestamp(server: RunningServer, certificateId: string) {
  const read = async () => {
    const response = await fetch(`${server.baseUrl}/verify/${certificateId}.json`)
    return z
      .object({ timestamp: z.object({ status: z.string(), summary: z.string() }) })
      .parse(await response.json()).timestamp
  }
  await expect.poll(async () => (await read()).status, { timeout: 15_000 }).not.toBe('pending')
  return read()
}

/** The sponsor's address, from the keypair the local ledger keeps: what ProofTrack publishes. */
function sponsorOf(server: RunningServer) {
  const bytes = z
    .array(z.number())
    .parse(JSON.parse(fs.readFileSync(path.join(server.dataDir, 'ledger', 'sponsor.json'), 'utf8')))
  return Keypair.fromSecretKey(Uint8Array.from(bytes)).publicKey.toBase58()
}

async function expectAllStepsShown(page: TestPage) {
  // The steps are technical details: a reader opens them (issue 25.9).
  await page.getByText('Technical details', { exact: true }).click()
  for (const [index, title] of [
    'The transaction',
    'The memo',
    'The manifest in this server’s own store',
    'Its canonical form, re-hashed',
    'The comparison',
  ].entries()) {
    expect(
      await page.getByRole('heading', { level: 2, name: `${index + 1}. ${title}` }).count(),
    ).toBe(1)
  }
}

describe.each(MODES)('verification page with $name', ({ javaScriptEnabled }) => {
  test('every step with its evidence; the browser re-hashes the stored manifest itself (with JavaScript)', async () => {
    const { owner, song, signature, storageId } = await readOnlyRegistration(
      local,
      javaScriptEnabled,
    )
    await owner.done()
    const stamp = await stampedTimestamp(local, song.certificateId)
    expect(stamp.status).toBe('verified')
    const expected = await report(local, song.certificateId)
    const visitor = await browser.newPage({ javaScriptEnabled, baseUrl: local.baseUrl })
    expect((await visitor.goto(`/verify/${song.certificateId}`))?.status()).toBe(200)
    expect(
      await visitor
        .getByRole('heading', { level: 1, name: `Verify Certificate ${song.certificateId}` })
        .count(),
    ).toBe(1)
    expect(
      await visitor.getByText('✓ Verified: the certificate matches its blockchain record.').count(),
    ).toBe(1)
    // Plain words first, the file check before the technical details (issue 25.9).
    expect(await visitor.getByTestId('verify-plain').textContent()).toMatch(
      /^In plain words: the song’s record .* was written to .* and kept in this server’s own store \(not permanent storage\), and both still match it exactly\. Both are kept on this server, so this holds only as far as this server can be trusted\.$/,
    )
    expect(
      await visitor.getByRole('heading', { level: 2, name: '1. The transaction' }).count(),
    ).toBe(0)
    await expectAllStepsShown(visitor)
    const transaction = visitor.getByTestId('step-transaction')
    expect(await transaction.getByText(signature, { exact: true }).count()).toBe(1)
    expect(await transaction.getByText(sponsorOf(local), { exact: true }).count()).toBe(1)
    expect(
      await transaction
        .getByText('Local development ledger on this server — not a public blockchain')
        .count(),
    ).toBe(1)
    expect(
      await visitor
        .getByTestId('step-memo')
        .getByText(`sha256:${expected.browserCheck.memoSha256}`, { exact: false })
        .count(),
    ).toBe(1)
    expect(await visitor.getByTestId('verification-check').count()).toBeGreaterThanOrEqual(10)
    expect(
      await visitor.locator('[data-testid="verification-check"][data-ok="false"]').count(),
    ).toBe(0)
    // A visitor sees nothing of the owner's.
    expect(await visitor.getByRole('heading', { name: 'Your private texts' }).count()).toBe(0)
    // The registered snapshot's RFC 3161 token, checked and said in words, outside the details.
    expect(await visitor.getByTestId('timestamp-summary').textContent()).toMatch(
      /^✓ Time-stamped by the development TSA of this server at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC — signature valid, matches this record, chains to ProofTrack development TSA \(this server, not an independent authority\)\. This is a development timestamp from this server, not an independent authority\.$/,
    )
    expect(
      await visitor.locator('[data-testid="timestamp-check-item"][data-ok="true"]').count(),
    ).toBe(6)

    const check = visitor.getByTestId('browser-check')
    if (javaScriptEnabled) {
      await expect
        .poll(() => check.textContent(), { timeout: 15_000 })
        .toBe(
          `✓ Your browser computed SHA-256 ${expected.browserCheck.memoSha256} from the ${fs.statSync(storedFile(local, storageId)).size} bytes at the storage address: it agrees with the server, and it matches the memo.`,
        )
    } else {
      expect(await check.textContent()).toBe(
        `Without JavaScript, repeat it yourself: curl -s ${expected.browserCheck.url} | sha256sum must print the memo’s hash.`,
      )
    }
    await visitor.done()
  })

  test('a tampered stored manifest: the page says so, step by step, and the browser’s own hash disagrees with the memo', async () => {
    const { owner, song, storageId } = await registeredSong(local, javaScriptEnabled)
    await owner.done()
    const file = storedFile(local, storageId)
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"aiPercent":30', '"aiPercent":0'))
    const visitor = await browser.newPage({ javaScriptEnabled, baseUrl: local.baseUrl })
    await visitor.goto(`/verify/${song.certificateId}`)
    expect(
      await visitor.getByText('✗ Verification failed: the records do not match.').count(),
    ).toBe(1)
    const failed = visitor.locator('[data-testid="verification-check"][data-ok="false"]')
    expect(await failed.count()).toBe(2)
    expect(await failed.first().textContent()).toContain('Manifest hash matches the memo failed')
    if (javaScriptEnabled) {
      await expect
        .poll(() => visitor.getByTestId('browser-check').textContent(), { timeout: 15_000 })
        .toContain('it agrees with the server, and it does not match the memo.')
      expect(await visitor.getByTestId('browser-check').textContent()).toMatch(/^✗ /)
    }
    await visitor.done()
  })

  test('on Arweave (ArLocal) the browser fetches the manifest from the gateway itself', async () => {
    const { owner, song } = await readOnlyRegistration(arweave, javaScriptEnabled)
    await owner.done()
    const expected = await report(arweave, song.certificateId)
    expect(expected.browserCheck.url).toMatch(new RegExp(`^${arlocal.base}/`))
    const visitor = await browser.newPage({ javaScriptEnabled, baseUrl: arweave.baseUrl })
    await visitor.goto(`/verify/${song.certificateId}`)
    expect(
      await visitor.getByText('✓ Verified: the certificate matches its blockchain record.').count(),
    ).toBe(1)
    expect(
      await visitor.getByTestId('step-manifest').getByText('Arweave', { exact: true }).count(),
    ).toBe(1)
    if (javaScriptEnabled) {
      await expect
        .poll(() => visitor.getByTestId('browser-check').textContent(), { timeout: 15_000 })
        .toContain(`✓ Your browser computed SHA-256 ${expected.browserCheck.memoSha256}`)
    }
    await visitor.done()
  })
})

describe.each(MODES)('proof bundle with $name', ({ javaScriptEnabled }) => {
  test('the owner downloads it from the certificate with a plain link; the verification page shows the owner the salts', async () => {
    const { owner, song } = await readOnlyRegistration(local, javaScriptEnabled)
    await owner.goto(`/certificate/${song.id}`)
    const link = owner.getByRole('link', { name: 'Download proof bundle' })
    expect(await link.count()).toBe(1)
    const [download] = await Promise.all([owner.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toBe(`${song.certificateId}-proof-bundle.json`)
    const bundle = z
      .object({
        README: z.array(z.string()),
        certificateId: z.string(),
        privateTexts: z.object({
          lyrics: z.object({ text: z.string(), salt: z.string() }),
          creativeNotes: z.object({ text: z.string(), salt: z.string() }),
        }),
      })
      .parse(JSON.parse(fs.readFileSync((await download.path())!, 'utf8')))
    expect(bundle.certificateId).toBe(song.certificateId)
    expect(bundle.privateTexts.lyrics.text).toBe(LYRICS)
    expect(bundle.privateTexts.creativeNotes.text).toBe(NOTES)

    // The owner's view of the verification page: each salt, and that the texts open.
    await owner.goto(`/verify/${song.certificateId}`)
    // Salts are technical details (issue 25.9): closed until the owner opens them.
    expect(await owner.getByRole('heading', { level: 2, name: 'Your private texts' }).count()).toBe(
      0,
    )
    await owner.getByText('Technical details', { exact: true }).click()
    expect(await owner.getByRole('heading', { level: 2, name: 'Your private texts' }).count()).toBe(
      1,
    )
    expect(await owner.getByText(bundle.privateTexts.lyrics.salt).count()).toBe(1)
    expect(await owner.getByText(bundle.privateTexts.creativeNotes.salt).count()).toBe(1)
    expect(await owner.getByTestId('opening-lyrics').textContent()).toBe(
      '✓ Your text opens the published value.',
    )
    expect(
      await owner.getByRole('link', { name: 'Download proof bundle' }).getAttribute('href'),
    ).toBe(`/certificate/${song.id}/proof-bundle`)
    await owner.done()

    // Anyone else: no link, and the address answers 404 to another user.
    const other = await browser.newPage({ javaScriptEnabled, baseUrl: local.baseUrl })
    await other.goto(`/certificate/${song.id}`)
    expect(await other.getByRole('link', { name: 'Download proof bundle' }).count()).toBe(0)
    await newSignedInUser(other, 'Oscar')
    expect((await other.request.get(`/certificate/${song.id}/proof-bundle`)).status()).toBe(404)
    await other.done()
  })
})

describe('axe on every page of issue 19', () => {
  test.each(MODES)(
    'no serious or critical violation, with $name',
    async ({ javaScriptEnabled }) => {
      const { owner, song, signature } = await readOnlyRegistration(local, javaScriptEnabled)
      const visitor = await browser.newPage({ javaScriptEnabled, baseUrl: local.baseUrl })
      const judge = await browser.newPage({ javaScriptEnabled: true, baseUrl: local.baseUrl })
      const pages: [string, TestPage, string][] = [
        ['verification page (visitor)', visitor, `/verify/${song.certificateId}`],
        ['verification page (owner)', owner, `/verify/${song.certificateId}`],
        ['local ledger transaction', visitor, `/ledger/tx/${signature}`],
        ['certificate (owner)', owner, `/certificate/${song.id}`],
        ['certificate (public)', visitor, `/certificate/${song.id}`],
      ]
      const found: string[] = []
      for (const [name, page, url] of pages) {
        expect((await page.goto(url))?.status()).toBe(200)
        // With JavaScript, the page settles first (the browser's own hash check) before it is judged.
        if (javaScriptEnabled && url.startsWith('/verify/'))
          await expect
            .poll(() => page.getByTestId('browser-check').textContent(), { timeout: 15_000 })
            .toMatch(/^[✓✗]/)
        for (const violation of await seriousAxeViolations(
          page,
          javaScriptEnabled,
          async () => judge,
        ))
          found.push(`${name} ${url}: ${violation}`)
      }
      expect(found).toEqual([])
      await owner.done()
      await visitor.done()
      await judge.done()
    },
  )
})

describe('docs/verify.md, run as a stranger would', () => {
  const blocks = [
    ...fs.readFileSync(path.join(root, 'docs/verify.md'), 'utf8').matchAll(/```sh\n([\s\S]*?)```/g),
  ].map((match) => match[1]!)
  const block = (firstLine: string) => {
    const found = blocks.filter((b) => b.startsWith(firstLine))
    if (found.length !== 1)
      throw new Error(`docs/verify.md has ${found.length} blocks starting with "${firstLine}"`)
    return found[0]!
  }
  // Steps 1 to 6 and 9 (OpenSSL on the RFC 3161 token) after the choice of source; the variables of step 0 are the test's own.
  const steps = ['# 1. Read', '# 2.', '# 3.', '# 4.', '# 5.', '# 6.', '# 9.'].map(block).join('\n')

  /**
   * The procedure in a fresh folder holding the owner's bundle: against a Solana RPC node when `RPC`
   * is given (step 1's public-RPC block), else against the server's local ledger (its GET block).
   */
  async function procedure(
    server: RunningServer,
    vars: { CERT: string; SIG: string; GATEWAY: string; RPC?: string; SPONSOR?: string },
    bundle: string,
  ) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-stranger-'))
    fs.writeFileSync(path.join(dir, `${vars.CERT}-proof-bundle.json`), bundle)
    const source = vars.RPC
      ? [block('# 1. Solana'), `RPC=${vars.RPC}`]
      : [block('# 1 (local ledger)'), `APP=${server.baseUrl}`]
    const script = [
      'set -euo pipefail',
      ...source,
      `CERT=${vars.CERT}`,
      `SIG=${vars.SIG}`,
      `SPONSOR=${vars.SPONSOR ?? sponsorOf(server)}`,
      `GATEWAY=${vars.GATEWAY}`,
      steps,
    ].join('\n')
    try {
      const { stdout } = await run('bash', ['-c', script], { cwd: dir, timeout: 30_000 })
      return { code: 0, stdout }
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string }
      return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }

  async function bundleOf(server: RunningServer, registration: Registration) {
    // Step 9 needs the registered snapshot's token: the server's worker stamps it in moments.
    await stampedTimestamp(server, registration.song.certificateId)
    const response = await registration.owner.request.get(
      `/certificate/${registration.song.id}/proof-bundle`,
    )
    expect(response.status()).toBe(200)
    return response.text()
  }

  beforeAll(async () => {
    // The procedure's tools; .ci/run installs jq on a fresh machine.
    await run('bash', [
      '-c',
      'command -v curl && command -v jq && command -v sha256sum && command -v base64 && command -v openssl',
    ])
  })

  test('the embedded ledger and local store: every command passes; a tampered manifest or the wrong transaction fails it', async () => {
    const registration = await registeredSong(local, false)
    const other = await readOnlyRegistration(local, false)
    const { song, signature } = registration
    const bundle = await bundleOf(local, registration)
    const passed = await procedure(
      local,
      { CERT: song.certificateId, SIG: signature, GATEWAY: `${local.baseUrl}/storage` },
      bundle,
    )
    expect(passed.code, JSON.stringify(passed)).toBe(0)
    expect(passed.stdout).toMatch(
      new RegExp(
        `^ProofTrack v7 ${song.certificateId} sha256:[0-9a-f]{64} ar:${registration.storageId}$`,
        'm',
      ),
    )
    expect(passed.stdout).toContain('"lyricsCommitment"')
    // Step 9: OpenSSL verifies the registered snapshot's token and reads the TSA's time.
    expect(passed.stdout).toContain('Verification: OK')
    expect(passed.stdout).toMatch(
      /^Time stamp: \w{3} [ \d]\d \d{2}:\d{2}:\d{2}(\.\d+)? \d{4} GMT$/m,
    )

    // The registered snapshot's token changed by one bit: OpenSSL refuses it, and the run fails.
    const forged = z
      .object({
        timestamps: z.array(z.object({ reason: z.string(), tsr: z.string() }).passthrough()),
      })
      .passthrough()
      .parse(JSON.parse(bundle))
    const token = forged.timestamps.find((t) => t.reason === 'registered')!
    const tsr = Buffer.from(token.tsr, 'base64')
    tsr[tsr.length - 1]! ^= 0x01
    token.tsr = tsr.toString('base64')
    const refused = await procedure(
      local,
      { CERT: song.certificateId, SIG: signature, GATEWAY: `${local.baseUrl}/storage` },
      JSON.stringify(forged),
    )
    expect(refused.code).not.toBe(0)
    expect(`${refused.stdout}${refused.stderr ?? ''}`).toContain('Verification: FAILED')

    // The wrong transaction: another certificate's memo stops it at step 2.
    const wrong = await procedure(
      local,
      { CERT: song.certificateId, SIG: other.signature, GATEWAY: `${local.baseUrl}/storage` },
      bundle,
    )
    expect(wrong.code).not.toBe(0)
    expect(wrong.stdout).toContain(`ProofTrack v7 ${other.song.certificateId} `)
    expect(wrong.stdout).not.toContain('"lyricsCommitment"')

    // A tampered manifest: fetched (step 3), then its hash is not the memo's (step 4).
    const file = storedFile(local, registration.storageId)
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"aiPercent":30', '"aiPercent":0'))
    const tampered = await procedure(
      local,
      { CERT: song.certificateId, SIG: signature, GATEWAY: `${local.baseUrl}/storage` },
      bundle,
    )
    expect(tampered.code).not.toBe(0)
    expect(tampered.stdout).toContain('"aiPercent":0')
    await registration.owner.done()
    await other.owner.done()
  })

  test('a Solana JSON-RPC node (the loopback stand-in): the public-RPC command of step 1 passes unchanged', async () => {
    const rpc = await startSolanaRpc()
    const sponsor = Keypair.generate()
    rpc.fund(sponsor.publicKey.toBase58())
    const server = await startServerWithAdmin({
      SOLANA_RPC_URL: rpc.url,
      SOLANA_CLUSTER: 'localnet',
      SOLANA_SPONSOR_SECRET_KEY: JSON.stringify(Array.from(sponsor.secretKey)),
    })
    try {
      const registration = await registeredSong(server, false)
      const passed = await procedure(
        server,
        {
          CERT: registration.song.certificateId,
          SIG: registration.signature,
          GATEWAY: `${server.baseUrl}/storage`,
          RPC: rpc.url,
          SPONSOR: sponsor.publicKey.toBase58(),
        },
        await bundleOf(server, registration),
      )
      expect(passed.code, JSON.stringify(passed)).toBe(0)
      expect(passed.stdout).toContain(`ProofTrack v7 ${registration.song.certificateId} `)
      await registration.owner.done()
    } finally {
      await server.stop()
      await rpc.close()
    }
    // A third server, its worker's stamp and the OpenSSL step: slow on two shared cores.
  }, 120_000)

  test('the embedded ledger and Arweave (ArLocal as the gateway): every command passes', async () => {
    const registration = await readOnlyRegistration(arweave, false)
    const passed = await procedure(
      arweave,
      { CERT: registration.song.certificateId, SIG: registration.signature, GATEWAY: arlocal.base },
      await bundleOf(arweave, registration),
    )
    expect(passed.code, JSON.stringify(passed)).toBe(0)
    expect(passed.stdout).toContain(`ProofTrack v7 ${registration.song.certificateId} `)
    await registration.owner.done()
  })

  test('npm run verify asks the app for the transaction, prints each step and the timestamp and exits 0; 1 once the manifest is tampered with', async () => {
    const registration = await registeredSong(local, false)
    await registration.owner.done()
    await stampedTimestamp(local, registration.song.certificateId)
    const cli = () =>
      run(
        process.execPath,
        [
          '--import',
          'tsx',
          'scripts/verify-certificate.ts',
          registration.song.certificateId,
          '--app-url',
          local.baseUrl,
        ],
        {
          cwd: root,
          env: { ...process.env, ...testEnv(local.dataDir), APP_URL: local.baseUrl },
          timeout: 60_000,
        },
      ).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code?: number; stdout?: string }) => ({
          code: error.code ?? -1,
          stdout: error.stdout ?? '',
        }),
      )
    const ok = await cli()
    expect(ok.stdout).toContain(
      `Certificate ${registration.song.certificateId}, transaction ${registration.signature}`,
    )
    expect(ok.stdout).toMatch(
      /^Timestamp \(RFC 3161\)\n {3}✓ Time-stamped by the development TSA of this server at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC — signature valid, matches this record, chains to ProofTrack development TSA/m,
    )
    expect(ok.stdout).toContain('   ✓ Signature valid — ')
    expect(ok.stdout).toContain(`${registration.song.certificateId}: VERIFIED`)
    expect(ok.code).toBe(0)
    const file = storedFile(local, registration.storageId)
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"aiPercent":30', '"aiPercent":0'))
    const failed = await cli()
    expect(failed.stdout).toContain('✗ Manifest hash matches the memo')
    expect(failed.code).toBe(1)
  }, 120_000)
})
