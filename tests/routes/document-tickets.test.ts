import { sql } from 'kysely'
import { expect, test } from 'vitest'
import * as certificatePdf from '~/resource-routes/certificate.$id[.]pdf'
import * as exportRoute from '~/resource-routes/api.songs.export'
import * as dataZipRoute from '~/resource-routes/settings_.data[.]zip'
import {
  ACCOUNT_STREAMS_BUSY,
  ADDRESS_STREAMS_BUSY,
  admitDocument,
  documentPoolFigures,
  OPEN_LIMIT,
  OWNER_LIMIT,
  openDocumentStream,
  STREAM_LIMIT,
  STREAMS_BUSY,
  STREAMS_PER_ACCOUNT,
  STREAMS_PER_ADDRESS,
} from '~/services/platform/document-pool.server'
import { db } from '../setup/db'
import { args, authedRequest, createTestSong, createUser, respond } from '../setup/fixtures'

// Decisions 087 and 110: documents in the making are bounded for everyone together, and a
// streamed answer (the catalogue export, the data download) is an open stream, counted per
// account, per client address and in all, that holds a worker only while a piece is made.

/** A request from the signed-in user at `address`, as the server entry names the client. */
const from = (url: string, userId: string, address: string) =>
  authedRequest(url, userId, { headers: { 'X-ProofTrack-Client-Address': address } })

const exportFor = async (userId: string, address: string, format = 'csv') =>
  respond(async () =>
    exportRoute.loader(
      args(await from(`http://localhost/api/songs/export?format=${format}`, userId, address)),
    ),
  )

const downloadFor = async (userId: string, address: string) =>
  respond(async () =>
    dataZipRoute.loader(args(await from('http://localhost/settings/data.zip', userId, address))),
  )

/** The owner's certificate PDF of their song: a document made by the pool. */
async function certificateOf(userId: string, songId: number) {
  return certificatePdf.loader(
    args(await from(`http://localhost/certificate/${songId}.pdf`, userId, '192.0.2.200'), {
      id: String(songId),
    }),
  )
}

// The longest lyrics the form takes, three bytes a character: 4 songs make a page (decision 053).
const LYRICS = '港の灯りが消えるまで'.repeat(2000)

/**
 * A writer with a short song (for its PDF) and a catalogue of two export pages, so that an
 * export read past its first page is still open.
 */
async function writer() {
  const user = await createUser({ emailVerified: true })
  const song = await createTestSong(user.id, { title: 'Harbor Lights' })
  await sql`
    insert into songs (user_id, title, contributor_name, date_created, tools_used, file_link,
      certificate_id, lyrics, updated_at)
    select ${user.id}, 'Long Night ' || n, '山田 花子', '2025-03-01', 'Piano',
      'https://files.example/' || n, 'PT-' || ${user.id.slice(0, 8)} || '-' || n, ${LYRICS}, now()
    from generate_series(1, 5) as n`.execute(db())
  return { user, song }
}

/** Reads the answer's first two chunks (an export's opening and first page), then stops. */
async function readTwoChunks(response: Response) {
  expect(response.status).toBe(200)
  const reader = response.body!.getReader()
  await reader.read()
  await reader.read()
  return reader
}

/** Once the pieces made ahead (one a stream) are done: the pool's figures with nobody reading. */
async function settled() {
  await expect
    .poll(() => documentPoolFigures().making + documentPoolFigures().waitingPieces)
    .toBe(0)
  return documentPoolFigures()
}

test('16 exports from 8 accounts, each read past its first page and then not at all, hold no worker and no document place: another writer’s PDF is made at once', async () => {
  const writers = await Promise.all(Array.from({ length: 8 }, writer))
  const readers = []
  for (const [i, { user }] of writers.entries())
    for (const format of ['csv', 'json'])
      readers.push(
        await readTwoChunks(await exportFor(user.id, `198.51.100.${Math.floor(i / 2)}`, format)),
      )
  // Their next pages are being made ahead, and then nothing moves until their clients read:
  // another writer's PDF is made meanwhile.
  const { user, song } = await writer()
  const pdf = await certificateOf(user.id, song.id)
  expect(pdf.status).toBe(200)
  expect(
    Buffer.from(await pdf.arrayBuffer())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-')
  // Stalled: each holds its place among the streams, and nothing else.
  expect(await settled()).toEqual({
    waitingDocuments: 0,
    waitingPieces: 0,
    making: 0,
    openDocuments: 0,
    openStreams: 16,
  })
  // A client that goes away gives its stream back.
  for (const reader of readers) await reader.cancel()
  expect(documentPoolFigures().openStreams).toBe(0)
}, 60_000)

test('one account holds at most STREAMS_PER_ACCOUNT streams: the next is a 429 saying so, and its documents are counted apart', async () => {
  const { user, song } = await writer()
  const open = [
    await readTwoChunks(await exportFor(user.id, '198.51.100.10')),
    await readTwoChunks(await downloadFor(user.id, '198.51.100.11')),
  ]
  expect(open).toHaveLength(STREAMS_PER_ACCOUNT)
  const refused = await exportFor(user.id, '198.51.100.12')
  expect(refused.status).toBe(429)
  expect(refused.headers.get('Retry-After')).toBe('5')
  expect(await refused.text()).toBe(ACCOUNT_STREAMS_BUSY)
  expect(ACCOUNT_STREAMS_BUSY).toBe(
    'You already have 2 downloads open. Please let one finish, then try again.',
  )
  // Two streams open, and still OWNER_LIMIT documents of its own.
  const documents = Array.from({ length: OWNER_LIMIT }, () => admitDocument(`user:${user.id}`))
  for (const ticket of documents) ticket.release()
  expect((await certificateOf(user.id, song.id)).status).toBe(200)
  await open[0]!.cancel()
  const again = await exportFor(user.id, '198.51.100.12')
  expect(again.status).toBe(200)
  await again.body!.cancel()
  await open[1]!.cancel()
}, 60_000)

test('one address holds at most STREAMS_PER_ADDRESS streams, whatever accounts sit behind it: the next is a 429 saying so; another address is served', async () => {
  const address = '2001:db8:5::/64'
  const accounts = await Promise.all(Array.from({ length: 3 }, writer))
  const open = []
  for (let i = 0; i < STREAMS_PER_ADDRESS; i++)
    open.push(await readTwoChunks(await exportFor(accounts[i % 2]!.user.id, address)))
  const third = accounts[2]!.user.id
  const refused = await exportFor(third, address)
  expect(refused.status).toBe(429)
  expect(refused.headers.get('Retry-After')).toBe('5')
  expect(await refused.text()).toBe(ADDRESS_STREAMS_BUSY)
  expect(ADDRESS_STREAMS_BUSY).toBe(
    '4 downloads are already open from your network. Please let one finish, then try again.',
  )
  const refusedDownload = await downloadFor(third, address)
  expect(refusedDownload.status).toBe(429)
  const elsewhere = await exportFor(third, '2001:db8:6::/64')
  expect(elsewhere.status).toBe(200)
  expect(await elsewhere.text()).toContain('Harbor Lights')
  for (const reader of open) await reader.cancel()
}, 60_000)

test('everyone’s streams together stop at STREAM_LIMIT with a 503 and Retry-After; documents are still admitted, and a freed place is taken again', async () => {
  const { user, song } = await writer()
  const held = Array.from({ length: STREAM_LIMIT }, (_, i) =>
    openDocumentStream({ userId: `other-${i}`, clientAddress: `192.0.2.${i}` }),
  )
  const refused = await downloadFor(user.id, '198.51.100.20')
  expect(refused.status).toBe(503)
  expect(refused.headers.get('Retry-After')).toBe('5')
  expect(await refused.text()).toBe(STREAMS_BUSY)
  expect((await certificateOf(user.id, song.id)).status).toBe(200)

  held.pop()!.release()
  const served = await downloadFor(user.id, '198.51.100.20')
  expect(served.status).toBe(200)
  expect(served.headers.get('Content-Type')).toBe('application/zip')
  expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0)
  for (const stream of held) stream.release()
  expect(documentPoolFigures().openStreams).toBe(0)
}, 60_000)

test('many accounts together cannot hold more than OPEN_LIMIT documents open; streams are not among them', async () => {
  const { user } = await writer()
  // OPEN_LIMIT / OWNER_LIMIT requesters, each at their own limit.
  const held = Array.from({ length: OPEN_LIMIT }, (_, i) =>
    admitDocument(`user:other-${Math.floor(i / OWNER_LIMIT)}`),
  )
  expect(() => admitDocument('user:one-more')).toThrow(
    'Too many documents are being made right now. Please try again in a few seconds.',
  )
  // A download opens a stream, which those places do not hold.
  const served = await downloadFor(user.id, '198.51.100.30')
  expect(served.status).toBe(200)
  expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0)
  for (const ticket of held) ticket.release()
  // Every place is free again.
  const again = Array.from({ length: OPEN_LIMIT }, (_, i) => admitDocument(`address:192.0.2.${i}`))
  for (const ticket of again) ticket.release()
  expect(documentPoolFigures().openDocuments).toBe(0)
}, 60_000)
