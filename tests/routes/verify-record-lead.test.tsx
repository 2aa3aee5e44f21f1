import fs from 'node:fs'
import path from 'node:path'
import { type DefaultTreeAdapterMap, parseFragment } from 'parse5'
import { describe, expect, test } from 'vitest'
import { NOT_VERIFIED, VERIFIED } from '~/components/verify/verdict'
import * as verifyPage from '~/routes/verify.$certificateId'
import { registerSong } from '~/services/registration/registration.server'
import { db } from '../setup/db'
import { drawPageWithData, type PageModule } from '../setup/draw-page'
import { createSplitInvitation, createTestSong, createUser } from '../setup/fixtures'

// Issue 49.4: the verify page leads with what it proves — the title, the date created, each
// person's and AI's share with its confirmation — then the answer, then the proof. The record
// shown comes from our database (the visitor's projection), so it is called verified only when
// every check passed and each of its facts is the verified manifest's own.

type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['documentFragment']

/** The page's text, and where (at which offset of it) each `data-testid` element begins. */
function readPage(html: string) {
  let text = ''
  const at = new Map<string, number>()
  const texts = new Map<string, string>()
  const walk = (node: Node): string => {
    if (node.nodeName === '#text' && 'value' in node) {
      text += node.value
      return node.value
    }
    if (!('childNodes' in node) || ['script', 'style'].includes(node.nodeName)) return ''
    const id = 'attrs' in node ? node.attrs.find((a) => a.name === 'data-testid')?.value : null
    if (id && !at.has(id)) at.set(id, text.length)
    text += ' '
    const inner = node.childNodes.map(walk).join('')
    text += ' '
    if (id && !texts.has(id)) texts.set(id, inner)
    return inner
  }
  walk(parseFragment(html))
  const of = (id: string) => {
    const found = at.get(id)
    if (found === undefined) throw new Error(`no ${id} on the page`)
    return found
  }
  return { text: text.replace(/\s+/g, ' '), of, textOf: (id: string) => texts.get(id) ?? null }
}

async function registered(confirmedBy: string | null = null) {
  const user = await createUser({ emailVerified: true })
  const song = await createTestSong(user.id, {
    title: 'Ánh trăng 달빛',
    dateCreated: '2025-03-01',
    contributorName: 'Nguyễn Thị Lan',
    coContributorName: '김민지',
    coContributorLatinName: 'Kim Minji',
    contributions: [
      {
        component: 'lyrics',
        contributorPercent: 60,
        coContributorPercent: 30,
        coContributor2Percent: 0,
        aiPercent: 10,
      },
      {
        component: 'production',
        contributorPercent: 50,
        coContributorPercent: 0,
        coContributor2Percent: 0,
        aiPercent: 50,
      },
    ],
  })
  if (confirmedBy)
    await createSplitInvitation(song.id, 'co-contributor', {
      email: 'minji@example.com',
      decision: 'confirmed',
      decidedAt: new Date('2026-11-20T10:00:00.000Z'),
      creditedName: confirmedBy,
    })
  const outcome = await registerSong(user.id, song.id, { confirmed: true })
  if (!outcome.ok) throw new Error(outcome.message)
  return { song, outcome }
}

const draw = async (certificateId: string) => {
  const { html, loaderData } = await drawPageWithData(
    verifyPage as PageModule,
    '/verify/:certificateId',
    `/verify/${certificateId}`,
  )
  return { page: readPage(html), data: loaderData as { recordDiffers: string[] } }
}

describe('the verify page leads with the record it checked', () => {
  test('a record that verifies: title, date and split first, then “✓ Verified”, then the proof', async () => {
    const { song } = await registered()
    const { page, data } = await draw(song.certificateId)
    expect(data.recordDiffers).toEqual([])

    expect(page.textOf('verify-record-kicker')).toBe('The registered record')
    expect(page.textOf('verify-title')).toBe('Ánh trăng 달빛')
    expect(page.textOf('verify-created')).toBe('Created March 1, 2025')
    // Each person with their standing, each component with every share, AI's included.
    // Compared without spaces: the page sets names and figures in their own elements.
    const squeeze = (text: string) => text.replace(/\s+/g, '')
    const split = squeeze(page.textOf('verify-split')!)
    for (const expected of [
      'Nguyễn Thị Lan',
      '김민지 (Kim Minji)',
      'Declared by the submitter',
      'Lyrics: Nguyễn Thị Lan 60% / 김민지 30% / AI 10%',
      'Production: Nguyễn Thị Lan 50% / AI 50%',
    ])
      expect(split).toContain(squeeze(expected))

    expect(page.text).toContain(VERIFIED)
    expect(page.textOf('verdict-facts')).toBe(
      '✓ The title, date created, contributors, split and confirmations above are the registered record’s own.',
    )
    // In reading order: the record, the answer, then every piece of proof.
    expect(page.of('verify-title')).toBeLessThan(page.of('verify-split'))
    expect(page.of('verify-split')).toBeLessThan(page.of('verdict'))
    expect(page.of('verdict')).toBeLessThan(page.of('proof-details'))
    expect(page.of('proof-details')).toBeLessThanOrEqual(page.of('timestamp-check'))
    expect(page.of('timestamp-check')).toBeLessThan(page.of('technical-details'))
    // The ID in the heading never breaks at its hyphens.
    expect(page.text).toContain(`Verify Certificate ${song.certificateId}`)
  })

  test('the database says otherwise than the verified manifest: the record is not called verified, and the page says which facts differ', async () => {
    const { song } = await registered()
    await db()
      .updateTable('songs')
      .set({ title: 'A title nobody registered' })
      .where('id', '=', song.id)
      .execute()
    await db()
      .updateTable('creativeContributions')
      .set({ contributorPercent: 70, aiPercent: 0 })
      .where('songId', '=', song.id)
      .where('component', '=', 'lyrics')
      .execute()
    const { page, data } = await draw(song.certificateId)
    expect(data.recordDiffers).toEqual(['title', 'split'])
    expect(page.textOf('verify-record-kicker')).toBe(
      'Not verified: what this server’s database says',
    )
    expect(page.text).toContain(NOT_VERIFIED)
    expect(page.text).not.toContain(VERIFIED)
    expect(page.textOf('verdict-facts')).toBe(
      '✗ The title and split above differ from the registered record’s.',
    )
    expect(page.textOf('verify-plain')).toBe(
      'In plain words: the blockchain record and the stored copy of the song’s record match each other, but the title and split this page shows from ProofTrack’s database are not the ones they hold, so the record above cannot be relied on as shown.',
    )
    // Every step of the proof itself passed, and the page says so.
    expect(page.text).toContain('5. The comparison: passed')
  })

  test('a co-writer’s confirmation leads with the record, called verified only while the database keeps the record’s', async () => {
    const { song } = await registered('Kim Minji')
    const first = await draw(song.certificateId)
    expect(first.data.recordDiffers).toEqual([])
    expect(first.page.textOf('verify-record-kicker')).toBe('The registered record')
    expect(first.page.textOf('contributor-status-co-contributor')).toBe(
      'Confirmed on November 20, 2026 (UTC) by the holder of the invited address, in the registered record, credited as Kim Minji',
    )
    expect(first.page.text).toContain(VERIFIED)

    // The database loses the confirmation the record holds: the page no longer vouches for it.
    const row = await db()
      .selectFrom('blockchainRegistrations')
      .select(['id', 'blockchainData'])
      .where('songId', '=', song.id)
      .executeTakeFirstOrThrow()
    await db()
      .updateTable('blockchainRegistrations')
      .set({ blockchainData: JSON.stringify({ ...Object(row.blockchainData), confirmations: [] }) })
      .where('id', '=', row.id)
      .execute()
    const after = await draw(song.certificateId)
    expect(after.data.recordDiffers).toEqual(['confirmations'])
    expect(after.page.text).toContain(NOT_VERIFIED)
    expect(after.page.textOf('verdict-facts')).toBe(
      '✗ The confirmations above differ from the registered record’s.',
    )
  })

  test('a tampered stored manifest: nothing shown is called verified, and the page says what was and was not checked', async () => {
    const { song, outcome } = await registered()
    const file = path.join(process.env.DATA_DIR!, 'storage', `${outcome.storageId}.json`)
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('"aiPercent":10', '"aiPercent":0'))
    const { page } = await draw(song.certificateId)
    expect(page.textOf('verify-record-kicker')).toBe(
      'Not verified: what this server’s database says',
    )
    expect(page.text).toContain(NOT_VERIFIED)
    expect(page.text).toContain('1. The transaction: passed')
    expect(page.text).toContain('2. The memo: passed')
    expect(page.text).toContain(
      '4. Its canonical form, re-hashed: failed (Manifest hash matches the memo; Stored bytes hash to the memo’s value)',
    )
    expect(page.textOf('verdict-facts')).toBe(
      '– The title, date created, contributors, split and confirmations above were not checked: a record that does not verify cannot vouch for them.',
    )
    // The record is still before the answer, so the answer is read right after it.
    expect(page.of('verify-split')).toBeLessThan(page.of('verdict'))
  })
})
