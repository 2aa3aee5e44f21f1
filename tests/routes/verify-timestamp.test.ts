import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import * as bundleRoute from '~/resource-routes/certificate.$id_.proof-bundle'
import * as verifyJsonRoute from '~/resource-routes/verify.$certificateId[.]json'
import * as verifyRoute from '~/routes/verify.$certificateId'
import * as certificateRoute from '~/routes/certificate.$id'
import { bundleIdentity } from '~/services/certificates/record/bundle-identity.server'
import { readBlockchainData } from '~/services/certificates/record/blockchain-data.server'
import {
  queueSnapshotTimestamp,
  TimestampWorker,
} from '~/services/certificates/record/snapshot-timestamps.server'
import { registerSong } from '~/services/registration/registration.server'
import { getTimestampAuthority } from '~/timestamp/index.server'
import { LOCAL_TSA_NAME, LocalTsa } from '~/timestamp/local.server'
import type { TimestampVerification } from '~/timestamp/verify.server'
import { db } from '../setup/db'
import { args, authedRequest, createTestSong, createUser, respond } from '../setup/fixtures'
import { useTempDirs } from '../setup/temp-dir'
import { verifyCli } from '../setup/verify-cli'

// Decision 068: the verify page and `npm run verify` check the registered snapshot's RFC 3161
// token (signature, imprint against the anchored manifest, chain to the configured anchor, time),
// and an owner's proof bundle exists registered or not.

const run = promisify(execFile)
const tempDir = useTempDirs()
const LYRICS = '별이 빛나는 밤에\nعلى ضوء القمر\nשיר של לילה 🌙'

const stampAll = () => new TimestampWorker(() => getTimestampAuthority(), db).drain()

async function registeredSong(title = 'Canción de medianoche') {
  const user = await createUser({ emailVerified: true })
  const song = await createTestSong(user.id, {
    title,
    contributorName: 'Zoë Łukasiewicz',
    lyrics: LYRICS,
  })
  const outcome = await registerSong(user.id, song.id, { confirmed: true })
  if (!outcome.ok) throw new Error(outcome.message)
  return { user, song, outcome }
}

async function verifyPage(certificateId: string) {
  const response = await respond(() =>
    verifyRoute.loader(
      args(new Request(`http://localhost/verify/${certificateId}`), { certificateId }),
    ),
  )
  expect(response.status).toBe(200)
  return (await response.json()) as { ok: boolean; timestamp: TimestampVerification }
}

const registeredRow = (songId: number) =>
  db()
    .selectFrom('snapshotTimestamps')
    .selectAll()
    .where('songId', '=', songId)
    .where('reason', '=', 'registered')
    .executeTakeFirstOrThrow()

const TIME = '\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} UTC'

describe('the verify page checks the registered snapshot’s RFC 3161 token', () => {
  test('pending first, then: time-stamped, signature valid, matches this record, chains to the anchor, labelled as development', async () => {
    const { song, outcome } = await registeredSong()
    const pending = await verifyPage(song.certificateId)
    expect(pending.ok).toBe(true)
    expect(pending.timestamp).toMatchObject({ status: 'pending', checks: [] })
    expect(pending.timestamp.summary).toMatch(/^RFC 3161 timestamp pending/)

    await stampAll()
    const row = await registeredRow(song.id)
    const report = await verifyPage(song.certificateId)
    expect(report.ok).toBe(true)
    expect(report.timestamp.status).toBe('verified')
    expect(report.timestamp.summary).toMatch(
      new RegExp(
        `^Time-stamped by the development TSA of this server at ${TIME} — signature valid, matches this record, chains to ProofTrack development TSA \\(this server, not an independent authority\\)\\. This is a development timestamp from this server, not an independent authority\\.$`,
      ),
    )
    expect(report.timestamp.summary).toContain(
      `${row.stampedAt!.toISOString().slice(0, 10)} ${row.stampedAt!.toISOString().slice(11, 19)} UTC`,
    )
    expect(report.timestamp.checks.map((c) => [c.name, c.ok])).toEqual([
      ['Signature valid', true],
      ['The token covers these manifest bytes', true],
      ['They are this record’s manifest', true],
      ['Chains to ProofTrack development TSA (this server, not an independent authority)', true],
      ['A time-stamping certificate', true],
      ['Time', true],
    ])
    const anchored = readBlockchainData(
      (
        await db()
          .selectFrom('blockchainRegistrations')
          .select('blockchainData')
          .where('songId', '=', song.id)
          .executeTakeFirstOrThrow()
      ).blockchainData,
    ).manifestSha256
    expect(report.timestamp.checks[2]!.detail).toContain(anchored)
    expect(report.timestamp.development).toBe(true)

    // The JSON carries the same result and the token, for a script to check itself.
    const json = await (
      await respond(() =>
        verifyJsonRoute.loader(
          args(new Request(`http://localhost/verify/${song.certificateId}.json`), {
            certificateId: song.certificateId,
          }),
        ),
      )
    ).json()
    expect(json.timestamp.status).toBe('verified')
    expect(json.timestampToken).toMatchObject({
      manifest: row.manifest,
      tsr: Buffer.from(row.response!).toString('base64'),
      tsaKind: 'local',
    })
    expect(outcome.transactionSignature).toBe(json.signature)
  })

  test('a tampered token: the signature check fails, said plainly, and the page still answers 200', async () => {
    const { song } = await registeredSong()
    await stampAll()
    const row = await registeredRow(song.id)
    const tampered = Buffer.from(row.response!)
    tampered[tampered.length - 1]! ^= 0x01 // the last byte is inside the signature
    await db()
      .updateTable('snapshotTimestamps')
      .set({ response: tampered })
      .where('id', '=', row.id)
      .execute()
    const report = await verifyPage(song.certificateId)
    expect(report.ok).toBe(true) // the blockchain record itself is untouched
    expect(report.timestamp.status).toBe('failed')
    expect(report.timestamp.summary).toMatch(
      new RegExp(
        `^The RFC 3161 timestamp \\(the development TSA of this server, ${TIME}\\) does not check: its signature is not valid\\.`,
      ),
    )
    expect(report.timestamp.checks.find((c) => c.name === 'Signature valid')?.ok).toBe(false)

    // Not a token at all: still a plain failure, not a 500.
    await db()
      .updateTable('snapshotTimestamps')
      .set({ response: Buffer.from('not a token') })
      .where('id', '=', row.id)
      .execute()
    const garbage = await verifyPage(song.certificateId)
    expect(garbage.timestamp).toMatchObject({ status: 'failed' })
    expect(garbage.timestamp.summary).toBe(
      'The RFC 3161 timestamp cannot be checked: The file is not an RFC 3161 TimeStampResp.',
    )
  })

  test('tampered manifest bytes: the token does not cover them and they are not the anchored manifest', async () => {
    const { song } = await registeredSong()
    await stampAll()
    const row = await registeredRow(song.id)
    await db()
      .updateTable('snapshotTimestamps')
      .set({ manifest: row.manifest.replace('Canción', 'Cancion') })
      .where('id', '=', row.id)
      .execute()
    const report = await verifyPage(song.certificateId)
    expect(report.timestamp.status).toBe('failed')
    expect(report.timestamp.summary).toContain('does not check: it does not match this record.')
    const failed = report.timestamp.checks.filter((c) => !c.ok).map((c) => c.name)
    expect(failed).toEqual([
      'The token covers these manifest bytes',
      'They are this record’s manifest',
    ])
  })

  test('a token from another TSA than the one configured does not chain to the configured anchor', async () => {
    const { song } = await registeredSong()
    const row = await registeredRow(song.id)
    const stranger = new LocalTsa({ dir: tempDir('stranger-tsa-') })
    const token = await stranger.stamp(new TextEncoder().encode(row.manifest))
    await db()
      .updateTable('snapshotTimestamps')
      .set({
        status: 'stamped',
        response: token.response,
        tsaName: 'Another TSA',
        tsaKind: 'rfc3161',
        tsaChainPem: token.chainPem,
        stampedAt: token.genTime,
      })
      .where('id', '=', row.id)
      .execute()
    const report = await verifyPage(song.certificateId)
    expect(report.timestamp.status).toBe('failed')
    expect(report.timestamp.summary).toContain('it does not chain to the trust anchor')
    const chain = report.timestamp.checks.find((c) => c.name.startsWith('Chains to'))!
    expect(chain.ok).toBe(false)
    expect(chain.detail).toContain('(anchor configured on this server)')
  })

  test('a record registered before timestamps has none, and that is no failure', async () => {
    const { song } = await registeredSong()
    await db().deleteFrom('snapshotTimestamps').where('songId', '=', song.id).execute()
    const report = await verifyPage(song.certificateId)
    expect(report.ok).toBe(true)
    expect(report.timestamp).toMatchObject({ status: 'none', checks: [] })
    expect(report.timestamp.summary).toMatch(
      /^No RFC 3161 timestamp: this record was registered before/,
    )
  })
})

async function bundleOf(songId: number, userId: string) {
  const url = `http://localhost/certificate/${songId}/proof-bundle`
  return respond(async () =>
    bundleRoute.loader(args(await authedRequest(url, userId), { id: String(songId) })),
  )
}

describe('npm run verify --bundle: every token of a proof bundle, offline', () => {
  test('reports each snapshot’s timestamp: 0 against a root the reader gives, 3 (not anchored) against the bundle’s own, 1 on a tampered manifest or token', async () => {
    const { user, song } = await registeredSong()
    await queueSnapshotTimestamp(db(), user.id, song.id, 'edited')
    await stampAll()
    const response = await bundleOf(song.id, user.id)
    expect(response.status).toBe(200)
    const text = await response.text()
    const dir = tempDir('cli-bundle-')
    const file = path.join(dir, `${song.certificateId}-proof-bundle.json`)
    fs.writeFileSync(file, text)

    const ok = await verifyCli('--bundle', file)
    expect(ok.output).toContain(`Proof bundle ${file}\n`)
    // The record is named as the time-stamped manifests name it, after the tokens are checked.
    expect(ok.output).toContain(
      `Certificate ${song.certificateId}, “Canción de medianoche”: as the time-stamped manifests name it`,
    )
    expect(ok.output).toMatch(
      new RegExp(
        `snapshot-1 \\(Registered\\)\\n   ✓ Time-stamped by the development TSA of this server at ${TIME} — signature valid, matches this record, chains to ProofTrack development TSA`,
      ),
    )
    expect(ok.output).toContain('snapshot-2 (Song edited)')
    expect(ok.output).toContain(
      '(anchor carried in the bundle; pass --tsa-ca to use a root you trust)',
    )
    // The root came in the bundle: anyone can make one, so no time is proved by it alone.
    expect(ok.output).toContain(`${song.certificateId}: 2 timestamps consistent but NOT ANCHORED`)
    expect(ok.output).not.toContain('VERIFIED')
    expect(ok.code).toBe(3)
    // The root the reader trusts (here, this server's development TSA's certificate).
    const root = path.join(dir, 'tsa-root.pem')
    fs.writeFileSync(root, await getTimestampAuthority().trustAnchorsPem())
    const anchored = await verifyCli('--bundle', file, '--tsa-ca', root)
    expect(anchored.output).toContain(`(anchor from ${root})`)
    expect(anchored.output).toContain(`${song.certificateId}: 2 timestamps VERIFIED`)
    expect(anchored.code).toBe(0)

    // One character of the registered manifest changed.
    const bundle = JSON.parse(text) as { timestamps: { manifest: string; tsr: string }[] }
    bundle.timestamps[0]!.manifest = bundle.timestamps[0]!.manifest.replace('Canción', 'Cancion')
    fs.writeFileSync(file, JSON.stringify(bundle))
    const tampered = await verifyCli('--bundle', file)
    expect(tampered.output).toContain('✗ The token covers these manifest bytes')
    expect(tampered.output).toContain('✗ They are this record’s manifest')
    expect(tampered.output).toContain(`${file}: 1 of 2 timestamps FAILED`)
    expect(tampered.output).not.toContain(`Certificate ${song.certificateId}`)
    expect(tampered.code).toBe(1)

    // The second token's signature changed by one bit.
    const original = JSON.parse(text) as typeof bundle
    const tsr = Buffer.from(original.timestamps[1]!.tsr, 'base64')
    tsr[tsr.length - 1]! ^= 0x01
    original.timestamps[1]!.tsr = tsr.toString('base64')
    fs.writeFileSync(file, JSON.stringify(original))
    const forged = await verifyCli('--bundle', file)
    expect(forged.output).toContain('✗ Signature valid')
    expect(forged.code).toBe(1)

    // Against a root the stranger trusts that is not this TSA's: the chain fails.
    const otherRoot = path.join(dir, 'other-root.pem')
    fs.writeFileSync(
      otherRoot,
      await new LocalTsa({ dir: tempDir('other-root-') }).certificatePem(),
    )
    fs.writeFileSync(file, text)
    const pinned = await verifyCli('--bundle', file, '--tsa-ca', otherRoot)
    expect(pinned.output).toContain(`(anchor from ${otherRoot})`)
    expect(pinned.output).toContain('it does not chain to the trust anchor')
    expect(pinned.code).toBe(1)
  }, 120_000)
})

describe('npm run verify --bundle: the record is the one the timestamps cover, not the labels', () => {
  test('a bundle relabelled as another certificate, or holding another certificate’s manifests, is refused (exit 1)', async () => {
    const { user, song } = await registeredSong('月夜のうた — “Lullaby”')
    const other = await registeredSong('Ночная песня')
    await queueSnapshotTimestamp(db(), user.id, song.id, 'edited')
    await stampAll()
    const dir = tempDir('cli-relabel-')
    const root = path.join(dir, 'tsa-root.pem')
    fs.writeFileSync(root, await getTimestampAuthority().trustAnchorsPem())
    const textOf = async (songId: number, userId: string) => {
      const response = await bundleOf(songId, userId)
      expect(response.status).toBe(200)
      return response.text()
    }
    const own = JSON.parse(await textOf(song.id, user.id))
    const others = JSON.parse(await textOf(other.song.id, other.user.id))
    const check = async (name: string, bundle: unknown) => {
      const file = path.join(dir, `${name}.json`)
      fs.writeFileSync(file, JSON.stringify(bundle))
      return { file, ...(await verifyCli('--bundle', file, '--tsa-ca', root)) }
    }

    // Relabelled: another id and title on the same, valid tokens.
    const relabelled = await check('relabelled', {
      ...own,
      certificateId: 'PT-AAAA-BBBB',
      title: 'Someone Else’s Song',
    })
    expect(relabelled.output).toContain(
      `${relabelled.file}: REFUSED — The bundle is labelled PT-AAAA-BBBB, but the manifests its timestamps cover are of ${song.certificateId} (“月夜のうた — “Lullaby””): it was relabelled, or holds another certificate’s record.`,
    )
    expect(relabelled.output).not.toContain('VERIFIED')
    expect(relabelled.output).not.toContain('PT-AAAA-BBBB:')
    expect(relabelled.code).toBe(1)

    // Another certificate's manifests and their own valid tokens, under this certificate's labels.
    const swapped = await check('swapped', {
      ...others,
      certificateId: song.certificateId,
      title: own.title,
    })
    expect(swapped.output).toContain(
      `REFUSED — The bundle is labelled ${song.certificateId}, but the manifests its timestamps cover are of ${other.song.certificateId} (“Ночная песня”)`,
    )
    expect(swapped.output).not.toContain('VERIFIED')
    expect(swapped.code).toBe(1)

    // The same rule on the other ways to swap, read from these bundles without a process each.
    const identityOf = (bundle: typeof own) =>
      bundleIdentity(
        {
          certificateId: bundle.certificateId,
          title: bundle.title,
          stored: { sha256: bundle.manifest.sha256, canonical: bundle.manifest.canonical },
        },
        (bundle.timestamps as { file: string; manifest: string; reason: string }[]).map((t) => ({
          file: t.file,
          manifest: t.manifest,
          registered: t.reason === 'registered',
        })),
      )
    expect(identityOf(own)).toEqual({
      ok: true,
      certificateId: song.certificateId,
      title: '月夜のうた — “Lullaby”',
    })
    // The title alone relabelled.
    expect(identityOf({ ...own, title: 'Someone Else’s Song' })).toEqual({
      ok: false,
      problem: `The bundle is labelled “Someone Else’s Song”, but no time-stamped manifest has that title (${song.certificateId} is “月夜のうた — “Lullaby””).`,
    })
    // One snapshot swapped for the other certificate's, relabelled as a later edit of this one.
    const mixed = {
      ...own,
      timestamps: [own.timestamps[0], { ...others.timestamps[0], reason: 'edited' }],
    }
    expect(identityOf(mixed)).toEqual({
      ok: false,
      problem: `The time-stamped manifests are of different certificates (snapshot-1: ${song.certificateId}, snapshot-1: ${other.song.certificateId}), so the bundle is not one record’s.`,
    })
    // The stored manifest the bundle carries swapped for the other certificate's.
    expect(
      identityOf({ ...own, manifest: { ...own.manifest, canonical: others.manifest.canonical } }),
    ).toMatchObject({
      ok: false,
      problem: expect.stringContaining('(manifest.canonical) does not hash to the SHA-256'),
    })
    // The registered manifest named by its hash alone: any stamped manifest could claim to be it.
    const { canonical: _dropped, ...hashOnly } = own.manifest
    expect(identityOf({ ...own, manifest: { ...hashOnly, canonical: null } })).toMatchObject({
      ok: false,
      problem: expect.stringContaining('by its hash alone (no manifest.canonical)'),
    })
    const bare = await check('hash-only', { ...own, manifest: hashOnly })
    expect(bare.output).toContain(
      'REFUSED — The bundle names a registered manifest by its hash alone',
    )
    expect(bare.code).toBe(1)

    // The TSA's name is a label too: the token's own signer names who stamped it.
    const renamed = await check('renamed-tsa', {
      ...own,
      timestamps: (own.timestamps as Record<string, unknown>[]).map((t) => ({
        ...t,
        tsaName: 'DigiCert Timestamp 2025',
        tsaKind: 'rfc3161',
      })),
    })
    expect(renamed.output).not.toContain('DigiCert')
    expect(renamed.output).toContain(`Time-stamped by ${LOCAL_TSA_NAME} at`)
    expect(renamed.code).toBe(0)
  }, 120_000)
})

describe('the proof bundle of a song not registered (owner only)', () => {
  test('its timestamps alone: OpenSSL accepts each, the CLI too; a visitor or another user gets nothing', async () => {
    const owner = await createUser()
    const song = await createTestSong(owner.id, {
      title: 'गीत की रात',
      contributorName: 'अनन्या शर्मा',
      lyrics: LYRICS,
    })
    await queueSnapshotTimestamp(db(), owner.id, song.id, 'created')
    // Not stamped yet: the owner is sent back with the reason.
    const early = await bundleOf(song.id, owner.id)
    expect(early.status).toBe(302)
    expect(early.headers.get('Location')).toBe(`/certificate/${song.id}`)

    await stampAll()
    const page = await respond(async () =>
      certificateRoute.loader(
        args(await authedRequest(`http://localhost/certificate/${song.id}`, owner.id), {
          id: String(song.id),
        }),
      ),
    )
    expect((await page.json()).certificate.registration).toBeNull()

    const response = await bundleOf(song.id, owner.id)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="${song.certificateId}-proof-bundle.json"`,
    )
    const text = await response.text()
    const body = JSON.parse(text)
    expect(body).toMatchObject({
      certificateId: song.certificateId,
      title: 'गीत की रात',
      manifest: null,
      transaction: null,
      timestamps: [{ reason: 'created', tsaKind: 'local' }],
      privateTexts: { lyrics: { text: LYRICS } },
    })
    expect(body.README.join('\n')).toContain('This song is not registered on the blockchain.')

    // A stranger runs the README's commands: the lyrics open the snapshot's commitment, and
    // OpenSSL says "Verification: OK".
    const dir = tempDir('unregistered-')
    fs.writeFileSync(path.join(dir, `${song.certificateId}-proof-bundle.json`), text)
    const readme = body.README as string[]
    const opening = readme
      .map((line) => /^\s+(.+\| sha256sum)\s+→ ([0-9a-f]{64})$/.exec(line))
      .find((match) => match !== null)!
    const opened = await run('bash', ['-c', opening[1]!], { cwd: dir })
    expect(opened.stdout.split(' ')[0]).toBe(opening[2])
    const commands = readme.filter((l) => /^ {3}(jq|openssl) /.test(l)).map((l) => l.trim())
    const { stdout } = await run('bash', ['-e', '-c', commands.join('\n')], { cwd: dir })
    expect(stdout).toContain('Verification: OK')
    const root = path.join(dir, 'tsa-root.pem')
    fs.writeFileSync(root, await getTimestampAuthority().trustAnchorsPem())
    const cli = await verifyCli(
      '--bundle',
      path.join(dir, `${song.certificateId}-proof-bundle.json`),
      '--tsa-ca',
      root,
    )
    expect(cli.output).toContain(`${song.certificateId}: 1 timestamp VERIFIED`)
    expect(cli.code).toBe(0)

    const other = await createUser()
    expect((await bundleOf(song.id, other.id)).status).toBe(404)
    const visitor = await respond(() =>
      bundleRoute.loader(
        args(new Request(`http://localhost/certificate/${song.id}/proof-bundle`), {
          id: String(song.id),
        }),
      ),
    )
    expect(visitor.status).toBe(302)
    expect(visitor.headers.get('Location')).toMatch(/^\/login\?redirectTo=/)
  }, 60_000)
})
