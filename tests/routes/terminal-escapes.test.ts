import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { enqueueMail } from '~/services/platform/mail.server'
import { registerSong } from '~/services/registration/registration.server'
import { db } from '../setup/db'
import { createTestSong, createUser } from '../setup/fixtures'
import { lastMailTo } from '../setup/mail'
import { verifyCli } from '../setup/verify-cli'

// Issue 24 item 5: text stored before app/lib/plain-text.ts refused control characters (or
// written by anyone straight into a record) reaches terminals and mail readers escaped.
const ERASE = 'Zed\u001b[2K\u001b[1A\u001b[2K\r FAKE LINE: Mallory confirmed 100%'
const OSC_LABEL = 'Master\u001b]0;owned\u0007'
const MEDIA = 'audio/wav;\u001b[32m'
const ESC = '\u001b'

test('npm run verify prints a record’s names, labels and media types escaped', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-escapes-'))
  const file = path.join(dir, 'master.wav')
  fs.writeFileSync(file, crypto.randomBytes(1000))
  const sha256 = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex')
  const user = await createUser({ emailVerified: true })
  const song = await createTestSong(user.id, {
    title: 'Escapes',
    coContributorName: 'Zed',
    recordings: [{ label: 'Master', sha256, size: '1000', mediaType: 'audio/wav' }],
    contributions: [{ component: 'lyrics', contributorPercent: 50, coContributorPercent: 50 }],
  })
  // As a record kept from before the rule holds them.
  await db()
    .updateTable('songs')
    .set({ coContributorName: ERASE })
    .where('id', '=', song.id)
    .execute()
  await db()
    .updateTable('songRecordings')
    .set({ label: OSC_LABEL, mediaType: MEDIA })
    .where('songId', '=', song.id)
    .execute()
  const outcome = await registerSong(user.id, song.id, { confirmed: true })
  if (!outcome.ok) throw new Error(outcome.message)

  const cli = await verifyCli(
    song.certificateId,
    '--signature',
    outcome.transactionSignature,
    '--file',
    file,
  )
  expect(cli.code).toBe(0)
  expect(cli.output).not.toContain(ESC)
  expect(cli.output).not.toContain('\u0007')
  expect(cli.output).not.toContain('\r')
  expect(cli.output).toContain('Zed\\x1b[2K\\x1b[1A\\x1b[2K\\x0d FAKE LINE: Mallory confirmed 100%')
  expect(cli.output).toContain('Master\\x1b]0;owned\\x07')
  expect(cli.output).toContain('audio/wav;\\x1b[32m')
  // No line of the report starts with the forged text.
  expect(cli.output.split('\n').some((line) => line.startsWith(' FAKE LINE'))).toBe(false)
  fs.rmSync(dir, { recursive: true, force: true })
}, 120_000)

test('a queued mail carries typed text escaped: the subject on one line, the body with its lines', async () => {
  const to = `escapes-${crypto.randomBytes(3).toString('hex')}@example.com`
  await enqueueMail(db(), {
    to,
    subject: `Invitation: ${OSC_LABEL}\r\nBcc: victim@example.com`,
    text: `Song: ${ERASE}\r\nLyrics:\n\tverse`,
  })
  const mail = await lastMailTo(to)
  expect(mail?.subject).toBe(
    'Invitation: Master\\x1b]0;owned\\x07\\x0d\\x0aBcc: victim@example.com',
  )
  expect(mail?.text).toBe(
    'Song: Zed\\x1b[2K\\x1b[1A\\x1b[2K\\x0d FAKE LINE: Mallory confirmed 100%\nLyrics:\n\tverse',
  )
})
