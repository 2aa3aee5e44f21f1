import { type Kysely, sql } from 'kysely'

// Frozen in time: this file never imports application code and is never edited once released.
// One statement per query, because PGlite's extended protocol runs a single statement at a time.
const up = [
  sql`CREATE TABLE users (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    email varchar(255) NOT NULL,
    username varchar(30) NOT NULL,
    password_hash text,
    first_name varchar(50),
    last_name varchar(50),
    profile_image_url text,
    auth_provider varchar(20) NOT NULL DEFAULT 'replit',
    external_id varchar(255),
    email_verified boolean NOT NULL DEFAULT false,
    stripe_customer_id varchar(255) UNIQUE,
    subscription_tier varchar(50) NOT NULL DEFAULT 'free',
    stripe_subscription_id varchar(255),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT users_username_format CHECK (username ~ '^[A-Za-z0-9_]{3,30}$')
  )`,
  // Sign-in treats email and username case-insensitively, so uniqueness must too.
  sql`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`,
  sql`CREATE UNIQUE INDEX users_username_key ON users (lower(username))`,

  sql`CREATE TABLE sessions (
    sid varchar(255) PRIMARY KEY,
    sess jsonb NOT NULL,
    expire timestamptz NOT NULL,
    user_id uuid REFERENCES users (id) ON DELETE CASCADE
  )`,
  sql`CREATE INDEX sessions_expire_idx ON sessions (expire)`,
  sql`CREATE INDEX sessions_user_id_idx ON sessions (user_id)`,

  sql`CREATE TABLE password_reset_tokens (
    id serial PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token varchar(255) NOT NULL UNIQUE,
    expires_at timestamptz NOT NULL,
    used boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX password_reset_tokens_user_id_idx ON password_reset_tokens (user_id)`,

  sql`CREATE TABLE email_verification_tokens (
    id serial PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token varchar(255) NOT NULL UNIQUE,
    expires_at timestamptz NOT NULL,
    used boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX email_verification_tokens_user_id_idx ON email_verification_tokens (user_id)`,

  sql`CREATE TABLE songs (
    id serial PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title varchar(200) NOT NULL,
    contributor_name varchar(200) NOT NULL,
    co_contributor_name varchar(200),
    co_contributor_name2 varchar(200),
    date_created date NOT NULL,
    lyrics text,
    tools_used text NOT NULL,
    file_link text NOT NULL,
    arweave_id varchar(100),
    certificate_id varchar(64) NOT NULL UNIQUE,
    genre varchar(50),
    isrc varchar(12),
    iswc varchar(15),
    upc varchar(12),
    other_identifier varchar(200),
    creative_notes text,
    main_contributor_pro varchar(50),
    co_contributor_pro varchar(50),
    co_contributor2_pro varchar(50),
    main_contributor_pro_number varchar(50),
    co_contributor_pro_number varchar(50),
    co_contributor2_pro_number varchar(50),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX songs_user_id_created_at_idx ON songs (user_id, created_at DESC)`,

  sql`CREATE TABLE creative_contributions (
    id serial PRIMARY KEY,
    song_id integer NOT NULL REFERENCES songs (id) ON DELETE CASCADE,
    component varchar(20) NOT NULL
      CHECK (component IN ('lyrics', 'vocals', 'instrumentation', 'production', 'mixing')),
    contributor_percent numeric(5, 2) NOT NULL DEFAULT 100
      CHECK (contributor_percent BETWEEN 0 AND 100),
    co_contributor_percent numeric(5, 2) NOT NULL DEFAULT 0
      CHECK (co_contributor_percent BETWEEN 0 AND 100),
    co_contributor2_percent numeric(5, 2) NOT NULL DEFAULT 0
      CHECK (co_contributor2_percent BETWEEN 0 AND 100),
    ai_percent numeric(5, 2) NOT NULL DEFAULT 0
      CHECK (ai_percent BETWEEN 0 AND 100),
    CONSTRAINT creative_contributions_song_component_key UNIQUE (song_id, component)
  )`,

  // A song is registered at most once: the unique song_id is the claim that makes that hold.
  // RESTRICT because an on-chain record outlives any wish to delete the song it describes.
  sql`CREATE TABLE blockchain_registrations (
    id serial PRIMARY KEY,
    song_id integer NOT NULL UNIQUE REFERENCES songs (id) ON DELETE RESTRICT,
    wallet_address varchar(44),
    transaction_signature varchar(88) UNIQUE,
    blockchain_data jsonb,
    registration_fee numeric(18, 9) NOT NULL DEFAULT 0.001,
    status varchar(20) NOT NULL DEFAULT 'pending',
    block_time bigint,
    confirmation_status varchar(20),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,

  sql`CREATE TABLE monthly_usage (
    id serial PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    month integer NOT NULL CHECK (month BETWEEN 1 AND 12),
    year integer NOT NULL CHECK (year BETWEEN 2000 AND 9999),
    registrations_used integer NOT NULL DEFAULT 0 CHECK (registrations_used >= 0),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT monthly_usage_user_month_key UNIQUE (user_id, year, month)
  )`,

  // Payments are financial records: they survive the deletion of the user who made them.
  sql`CREATE TABLE payment_history (
    id serial PRIMARY KEY,
    user_id uuid REFERENCES users (id) ON DELETE SET NULL,
    stripe_payment_intent_id varchar(255) NOT NULL UNIQUE,
    amount numeric(10, 2) NOT NULL CHECK (amount >= 0),
    currency varchar(3) NOT NULL DEFAULT 'usd',
    status varchar(30) NOT NULL,
    description text,
    metadata jsonb,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX payment_history_user_id_idx ON payment_history (user_id)`,
  sql`CREATE INDEX payment_history_created_at_idx ON payment_history (created_at)`,

  sql`CREATE TABLE subscription_plans (
    id serial PRIMARY KEY,
    name varchar(50) NOT NULL UNIQUE,
    display_name varchar(100) NOT NULL,
    monthly_registrations integer NOT NULL CHECK (monthly_registrations >= -1),
    price_per_month numeric(10, 2) NOT NULL DEFAULT 0.00,
    price_per_registration numeric(10, 2) NOT NULL DEFAULT 1.99,
    stripe_price_id varchar(255),
    features jsonb,
    active boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,

  sql`CREATE TABLE analytics_events (
    id bigserial PRIMARY KEY,
    event_type varchar(50) NOT NULL,
    user_id uuid REFERENCES users (id) ON DELETE SET NULL,
    session_id varchar(100),
    page_path varchar(2048),
    user_agent varchar(1024),
    ip_address varchar(45),
    metadata jsonb,
    created_at timestamptz NOT NULL DEFAULT now()
  )`,
  sql`CREATE INDEX analytics_events_type_created_at_idx ON analytics_events (event_type, created_at)`,
  sql`CREATE INDEX analytics_events_page_path_idx ON analytics_events (page_path)`,

  sql`CREATE TABLE contact_messages (
    id serial PRIMARY KEY,
    name varchar(100) NOT NULL,
    email varchar(255) NOT NULL,
    subject varchar(200) NOT NULL,
    message text NOT NULL,
    user_id uuid REFERENCES users (id) ON DELETE SET NULL,
    ip_address varchar(45),
    created_at timestamptz NOT NULL DEFAULT now()
  )`,

  sql`CREATE TABLE mail_outbox (
    id serial PRIMARY KEY,
    to_address varchar(255) NOT NULL,
    from_address varchar(255) NOT NULL,
    reply_to varchar(255),
    subject varchar(255) NOT NULL,
    text_body text NOT NULL,
    status varchar(10) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
    error text,
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz
  )`,

  // The free plan is reference data the product cannot run without, so it ships with the schema.
  sql`INSERT INTO subscription_plans
      (name, display_name, monthly_registrations, price_per_month, price_per_registration, features)
    VALUES ('free', 'Free', 1, 0.00, 1.99,
      '["1 free blockchain registration a month", "$1.99 per additional registration"]'::jsonb)`,
]

const down = [
  'mail_outbox',
  'contact_messages',
  'analytics_events',
  'subscription_plans',
  'payment_history',
  'monthly_usage',
  'blockchain_registrations',
  'creative_contributions',
  'songs',
  'email_verification_tokens',
  'password_reset_tokens',
  'sessions',
  'users',
]

export async function migrateUp(db: Kysely<unknown>) {
  for (const statement of up) await statement.execute(db)
}

export async function migrateDown(db: Kysely<unknown>) {
  for (const table of down) await sql`DROP TABLE IF EXISTS ${sql.table(table)}`.execute(db)
}
