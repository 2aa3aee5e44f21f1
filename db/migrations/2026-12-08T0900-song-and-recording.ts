import { type Kysely, sql } from 'kysely'

// Frozen in time. Issue 51 (decision 117): what the song's writers' shares are derived with, at
// read time, from the five-component split: whether each contributor wrote the melody (topline),
// so their vocal share counts towards the music, and the words' weight in the song (music gets
// the rest). Every song, older ones included, starts at "no" and 50/50. Not part of any manifest.
export async function migrateUp(db: Kysely<unknown>) {
  await sql`ALTER TABLE songs
    ADD COLUMN contributor_wrote_melody boolean NOT NULL DEFAULT false,
    ADD COLUMN co_contributor_wrote_melody boolean NOT NULL DEFAULT false,
    ADD COLUMN co_contributor2_wrote_melody boolean NOT NULL DEFAULT false,
    ADD COLUMN words_weight_percent integer NOT NULL DEFAULT 50
      CHECK (words_weight_percent BETWEEN 1 AND 99)`.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  await sql`ALTER TABLE songs
    DROP COLUMN IF EXISTS contributor_wrote_melody,
    DROP COLUMN IF EXISTS co_contributor_wrote_melody,
    DROP COLUMN IF EXISTS co_contributor2_wrote_melody,
    DROP COLUMN IF EXISTS words_weight_percent`.execute(db)
}
