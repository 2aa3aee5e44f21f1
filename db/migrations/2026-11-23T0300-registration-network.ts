import { type Kysely, sql } from 'kysely'

// Frozen in time. Where each registration went becomes columns written at registration time
// (decision 019): the network (the embedded local ledger, a private localnet validator, devnet,
// testnet, mainnet-beta), the storage kind (the local store or Arweave) and the Arweave gateway.
// Old rows are filled from what blockchain_data recorded: a row the local ledger anchored was on
// the local ledger whatever its `cluster` said; a row that never said stays NULL ("not recorded").
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE blockchain_registrations ADD COLUMN network varchar(20)`.execute(db)
  await sql`ALTER TABLE blockchain_registrations ADD COLUMN storage_kind varchar(20)`.execute(db)
  await sql`ALTER TABLE blockchain_registrations ADD COLUMN storage_gateway varchar(255)`.execute(
    db,
  )
  await sql`
    UPDATE blockchain_registrations SET network = CASE
      WHEN blockchain_data->>'chainKind' = 'local' THEN 'local-ledger'
      WHEN blockchain_data->>'chainKind' IS NULL AND blockchain_data->>'explorerUrl' LIKE '%/ledger/tx/%' THEN 'local-ledger'
      WHEN blockchain_data->>'chainKind' = 'solana' AND blockchain_data->>'cluster' IN ('localnet', 'devnet', 'testnet', 'mainnet-beta') THEN blockchain_data->>'cluster'
      ELSE NULL
    END
  `.execute(db)
  await sql`
    UPDATE blockchain_registrations SET
      storage_kind = CASE blockchain_data->>'storageKind' WHEN 'local' THEN 'local-store' WHEN 'arweave' THEN 'arweave' ELSE NULL END,
      storage_gateway = CASE
        WHEN blockchain_data->>'storageKind' = 'arweave' AND blockchain_data->>'storageUrl' ~ '^https?://'
        THEN left(regexp_replace(blockchain_data->>'storageUrl', '/[^/]*$', ''), 255)
        ELSE NULL
      END
  `.execute(db)
  await sql`ALTER TABLE blockchain_registrations ADD CONSTRAINT blockchain_registrations_network_check CHECK (network IN ('local-ledger', 'localnet', 'devnet', 'testnet', 'mainnet-beta'))`.execute(
    db,
  )
  await sql`ALTER TABLE blockchain_registrations ADD CONSTRAINT blockchain_registrations_storage_kind_check CHECK (storage_kind IN ('local-store', 'arweave'))`.execute(
    db,
  )
  await sql`ALTER TABLE blockchain_registrations ADD CONSTRAINT blockchain_registrations_storage_gateway_check CHECK (storage_gateway IS NULL OR storage_kind = 'arweave')`.execute(
    db,
  )
}

export async function migrateDown(db: Kysely<unknown>) {
  // The older code read these facts from blockchain_data: give them back before the columns go.
  await sql`
    UPDATE blockchain_registrations SET blockchain_data = coalesce(blockchain_data, '{}'::jsonb)
      || CASE
           WHEN network IS NULL THEN '{}'::jsonb
           WHEN network = 'local-ledger' THEN '{"chainKind":"local","cluster":"localnet"}'::jsonb
           ELSE jsonb_build_object('chainKind', 'solana', 'cluster', network)
         END
      || CASE storage_kind WHEN 'local-store' THEN '{"storageKind":"local"}'::jsonb WHEN 'arweave' THEN '{"storageKind":"arweave"}'::jsonb ELSE '{}'::jsonb END
    WHERE network IS NOT NULL OR storage_kind IS NOT NULL
  `.execute(db)
  await sql`ALTER TABLE blockchain_registrations DROP COLUMN IF EXISTS storage_gateway`.execute(db)
  await sql`ALTER TABLE blockchain_registrations DROP COLUMN IF EXISTS storage_kind`.execute(db)
  await sql`ALTER TABLE blockchain_registrations DROP COLUMN IF EXISTS network`.execute(db)
}
