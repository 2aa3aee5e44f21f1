import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Keypair } from '@solana/web3.js'
import Arweave from 'arweave'
import { renderToStaticMarkup } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { afterAll, afterEach, describe, expect, test } from 'vitest'
import { createChain, getChain } from '~/chain/index.server'
import { SiteFooter } from '~/components/site-footer'
import { loadEnv } from '~/env.server'
import * as root from '~/root'
import * as invitationPage from '~/routes/invitations.$token'
import * as settingsPage from '~/routes/settings'
import * as submitPage from '~/routes/submit'
import { createStorage, getStorage } from '~/storage/index.server'
import { drawPage } from '../setup/draw-page'
import { args, createUser, respond, sessionCookie } from '../setup/fixtures'
import { createInvitedCoWriter } from '../setup/invitations'
import { testEnv } from '../setup/test-env'

// Issue 39 item 12's class: the invitation and Settings said "permanent public record" on a
// server that registers on its own ledger and store. The words now follow the set-up: SPEC's
// on Solana mainnet with Arweave, this server's record elsewhere. And the footer's year (39).

const BASE = 'http://localhost'
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prooftrack-record-words-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/**
 * The page's text as the server draws it from its real loader: what a reader sees, not the data
 * its scripts carry (a page's messages travel as data, every alternative of its area, decision 120).
 */
const textOf = (html: string) =>
  html
    .replace(/<script[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ')

/** An open invitation for “Олег Петров”, and the Settings page of a writer with no songs. */
async function pages() {
  const { token } = await createInvitedCoWriter({ title: 'さくら 🌸' })
  const writer = await createUser({ firstName: 'ยุพิน' })
  return {
    invitation: textOf(
      await drawPage(invitationPage, '/invitations/:token', `/invitations/${token}`),
    ),
    settings: textOf(
      await drawPage(settingsPage, '/settings', '/settings', await sessionCookie(writer.id)),
    ),
    submit: textOf(
      await drawPage(submitPage, '/submit', '/submit', await sessionCookie(writer.id)),
    ),
  }
}

// The adapters are kept per configuration (decision 090): the test configuration's entries are
// made first, then given the operator's adapters for this file's tests, and given back after.
type Kept = Map<string, { key: string; value: unknown }>
const kept = () => (globalThis as typeof globalThis & { __prooftrackKept: Kept }).__prooftrackKept
getChain()
getStorage()
const configured = new Map(kept())
const useAdapters = (adapters: { chain: unknown; storage: unknown }) => {
  for (const [name, value] of Object.entries(adapters))
    kept().set(name, { key: configured.get(name)!.key, value })
}
afterEach(() => {
  for (const [name, entry] of configured) kept().set(name, entry)
})

describe('“permanent” only where the record is', () => {
  test('on this server’s own ledger and store: this server keeps the record', async () => {
    const { invitation, settings, submit } = await pages()
    // The form's privacy notice (the new-user walk): no blockchain permanence promised outright.
    expect(submit).toContain(
      'where it is registered on a public blockchain, that record can never be deleted or changed.',
    )
    expect(submit).not.toContain('and a blockchain record can never be deleted')
    expect(invitation).toContain(
      'become part of the song’s record when it is registered, kept by this server (not a permanent public record); your email address does not.',
    )
    expect(invitation).not.toContain('permanent public record when')
    expect(settings).toContain(
      'No unregistered songs. A registered song cannot be deleted: this server keeps its record.',
    )
    expect(settings).not.toContain('is a permanent record')
  })

  test('on Solana mainnet with Arweave: SPEC’s words', async () => {
    // The adapters an operator's configuration makes; none is called while a page is drawn.
    const config = loadEnv({
      ...testEnv(dir),
      SOLANA_RPC_URL: 'http://127.0.0.1:9',
      SOLANA_CLUSTER: 'mainnet-beta',
      SOLANA_SPONSOR_SECRET_KEY: JSON.stringify(Array.from(Keypair.generate().secretKey)),
      ARWEAVE_HOST: '127.0.0.1',
      ARWEAVE_PORT: '1984',
      ARWEAVE_PROTOCOL: 'http',
      ARWEAVE_WALLET_JWK: JSON.stringify(await Arweave.init({}).wallets.generate()),
    })
    useAdapters({ chain: createChain(config), storage: createStorage(config) })
    const { invitation, settings } = await pages()
    expect(invitation).toContain(
      'become part of the song’s permanent public record when it is registered; your email address does not.',
    )
    expect(settings).toContain(
      'No unregistered songs. A registered song is a permanent record and cannot be deleted.',
    )
  }, 60_000)
})

test('the footer names this year, by the server’s clock', async () => {
  const data = await (await respond(() => root.loader(args(new Request(`${BASE}/`))))).json()
  expect(data.year).toBe(new Date().getUTCFullYear())
  const html = renderToStaticMarkup(
    <StaticRouter location="/">
      <SiteFooter appName="ProofTrack" signedIn={false} year={data.year} />
    </StaticRouter>,
  )
  expect(html).toContain(`© ${new Date().getUTCFullYear()} ProofTrack. All rights reserved.`)
})
