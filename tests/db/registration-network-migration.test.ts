import crypto from 'node:crypto'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../../db/schema'
import { expect, test } from 'vitest'
import * as migration from '../../db/migrations/2026-11-23T0300-registration-network'
import { db } from '../setup/db'

class Rollback extends Error {}

// Migrations run on Kysely<unknown> (frozen in time, they know no table types); the same connection.
const untyped = (trx: Transaction<Database>) => trx as unknown as Kysely<unknown>

// The old rows as registration wrote them before the columns existed: where each one went was
// only in blockchain_data (cluster, chainKind, storageKind, storageUrl).
const OLD_ROWS = {
  // The embedded ledger always said cluster 'localnet'; an older server may have said devnet.
  localLedger: {
    chainKind: 'local',
    cluster: 'devnet',
    storageKind: 'local',
    storageUrl: 'http://localhost:3000/storage/abc',
    explorerUrl: 'http://localhost:3000/ledger/tx/sig',
  },
  devnet: {
    chainKind: 'solana',
    cluster: 'devnet',
    storageKind: 'arweave',
    storageUrl: 'https://arweave.net/AbCdEf',
    explorerUrl: 'https://explorer.solana.com/tx/sig?cluster=devnet',
  },
  mainnet: {
    chainKind: 'solana',
    cluster: 'mainnet-beta',
    storageKind: 'arweave',
    storageUrl: 'https://gw.example/ar/AbCdEf',
  },
  claimedOnly: { stage: 'claimed', payment: { mode: 'free', year: 2026, month: 11 } },
  // Before chainKind was recorded, a local-ledger link is the only trace.
  ledgerLinkOnly: { explorerUrl: 'http://localhost:3000/ledger/tx/sig' },
}

test('the migration fills network and storage from what old rows recorded, and gives it back on the way down', async () => {
  await expect(
    db()
      .transaction()
      .execute(async (trx) => {
        await migration.migrateDown(untyped(trx))
        const user = await trx
          .insertInto('users')
          .values({
            email: `m-${crypto.randomBytes(4).toString('hex')}@example.com`,
            username: `m_${crypto.randomBytes(4).toString('hex')}`,
            authProvider: 'local',
            emailVerified: true,
            updatedAt: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        const ids: Record<string, number> = {}
        for (const [name, data] of Object.entries(OLD_ROWS)) {
          const song = await trx
            .insertInto('songs')
            .values({
              userId: user.id,
              certificateId: `PT-${crypto.randomBytes(2).toString('hex').toUpperCase()}-${crypto.randomBytes(2).toString('hex').toUpperCase()}`,
              title: name,
              contributorName: 'Ann',
              dateCreated: '2025-01-01',
              toolsUsed: 'x',
              fileLink: 'https://x.example',
              updatedAt: new Date(),
            })
            .returning('id')
            .executeTakeFirstOrThrow()
          const row = await sql<{
            id: number
          }>`INSERT INTO blockchain_registrations (song_id, status, blockchain_data) VALUES (${song.id}, 'confirmed', ${JSON.stringify(data)}::jsonb) RETURNING id`.execute(
            trx,
          )
          ids[name] = row.rows[0]!.id
        }

        await migration.migrateUp(untyped(trx))
        const rows = await trx
          .selectFrom('blockchainRegistrations')
          .select(['id', 'network', 'storageKind', 'storageGateway'])
          .where('id', 'in', Object.values(ids))
          .execute()
        const byName = Object.fromEntries(
          Object.entries(ids).map(([name, id]) => [name, rows.find((row) => row.id === id)]),
        )
        expect(byName.localLedger).toMatchObject({
          network: 'local-ledger',
          storageKind: 'local-store',
          storageGateway: null,
        })
        expect(byName.devnet).toMatchObject({
          network: 'devnet',
          storageKind: 'arweave',
          storageGateway: 'https://arweave.net',
        })
        expect(byName.mainnet).toMatchObject({
          network: 'mainnet-beta',
          storageKind: 'arweave',
          storageGateway: 'https://gw.example/ar',
        })
        expect(byName.claimedOnly).toMatchObject({
          network: null,
          storageKind: null,
          storageGateway: null,
        })
        expect(byName.ledgerLinkOnly).toMatchObject({ network: 'local-ledger', storageKind: null })

        // The columns accept only the values the product knows.
        await expect(
          sql`UPDATE blockchain_registrations SET network = 'solana' WHERE id = ${ids.devnet}`.execute(
            trx,
          ),
        ).rejects.toThrow(/blockchain_registrations_network_check/)
        throw new Rollback()
      }),
  ).rejects.toBeInstanceOf(Rollback)
})

test('down, the older code finds the facts in blockchain_data again', async () => {
  await expect(
    db()
      .transaction()
      .execute(async (trx) => {
        const user = await trx
          .insertInto('users')
          .values({
            email: `d-${crypto.randomBytes(4).toString('hex')}@example.com`,
            username: `d_${crypto.randomBytes(4).toString('hex')}`,
            authProvider: 'local',
            emailVerified: true,
            updatedAt: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        const song = await trx
          .insertInto('songs')
          .values({
            userId: user.id,
            certificateId: 'PT-DOWN-0001',
            title: 'Down',
            contributorName: 'Ann',
            dateCreated: '2025-01-01',
            toolsUsed: 'x',
            fileLink: 'https://x.example',
            updatedAt: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        const row = await trx
          .insertInto('blockchainRegistrations')
          .values({
            songId: song.id,
            status: 'confirmed',
            blockchainData: JSON.stringify({ stage: 'confirmed' }),
            network: 'local-ledger',
            storageKind: 'local-store',
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await migration.migrateDown(untyped(trx))
        const data = await sql<{
          data: unknown
        }>`SELECT blockchain_data AS data FROM blockchain_registrations WHERE id = ${row.id}`.execute(
          trx,
        )
        expect(data.rows[0]!.data).toEqual({
          stage: 'confirmed',
          chainKind: 'local',
          cluster: 'localnet',
          storageKind: 'local',
        })
        throw new Rollback()
      }),
  ).rejects.toBeInstanceOf(Rollback)
})
