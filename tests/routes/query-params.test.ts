import type { MetaDescriptor } from '@remix-run/node'
import { beforeAll, describe, expect, test } from 'vitest'
import { getChain } from '~/chain/index.server'
import * as apiSongs from '~/resource-routes/api.songs'
import * as ledgerPage from '~/routes/ledger.tx.$signature'
import { args, authedRequest, createUser, respond, createTestSong } from '../setup/fixtures'

// Issue 11 item 11: query strings are parsed by a schema; bad values are a clear 400, never a 500.

describe('GET /api/songs?limit=&offset=', () => {
  let userId = ''
  beforeAll(async () => {
    userId = (await createUser()).id
    for (const title of ['One', 'Two', 'Three']) await createTestSong(userId, { title })
  })
  const list = async (query: string) =>
    respond(async () =>
      apiSongs.loader(args(await authedRequest(`http://localhost/api/songs${query}`, userId))),
    )

  test.each([
    ['?offset=1.5', 'offset must be a whole number from 0 to 999999999'],
    ['?offset=Infinity', 'offset must be a whole number from 0 to 999999999'],
    ['?offset=1e300', 'offset must be a whole number from 0 to 999999999'],
    ['?offset=-1', 'offset must be a whole number from 0 to 999999999'],
    ['?offset=9999999999', 'offset must be a whole number from 0 to 999999999'],
    ['?limit=1.5', 'limit must be a whole number from 1 to 100'],
    ['?limit=0', 'limit must be a whole number from 1 to 100'],
    ['?limit=101', 'limit must be a whole number from 1 to 100'],
    ['?limit=abc', 'limit must be a whole number from 1 to 100'],
    ['?limit=(5000 nines)', 'limit is too long'],
  ])('%s is a 400 with a message and the security headers', async (query, message) => {
    const response = await list(query.replace('(5000 nines)', '9'.repeat(5000)))
    expect([response.status, await response.json()]).toEqual([400, { message }])
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'")
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
  })

  test('whole numbers page through the list, empty values are the defaults, a fraction is not a page', async () => {
    const titles = async (query: string) =>
      ((await (await list(query)).json()) as { title: string }[]).map((song) => song.title)
    expect(await titles('?limit=2&offset=1')).toEqual(['Two', 'One'])
    expect(await titles('?limit=&offset=')).toEqual(['Three', 'Two', 'One'])
    expect((await list('?limit=2&offset=0.5')).status).toBe(400)
  })
})

describe('/ledger/tx/:signature?format=json opened in a browser', () => {
  let signature = ''
  beforeAll(async () => {
    const chain = getChain()
    signature = (await chain.submit(await chain.prepareMemo('ProofTrack v1 query-params test')))
      .signature
  })
  const load = (accept: string) =>
    respond(() =>
      ledgerPage.loader(
        args(
          new Request(`http://localhost/ledger/tx/${signature}?format=json`, {
            headers: { Accept: accept },
          }),
          { signature },
        ),
      ),
    )
  const titleOf = (data: unknown) =>
    (
      ledgerPage.meta({
        data,
        params: { signature },
        location: { pathname: '', search: '', hash: '', state: null, key: '' },
        matches: [],
      } as never) as MetaDescriptor[]
    )[0]

  test('a browser asking for HTML gets the page’s data, and its title names the transaction', async () => {
    const page = await load('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')
    const data = await page.json()
    expect(data.transaction.signature).toBe(signature)
    expect(titleOf(data)).toEqual({ title: `Transaction ${signature.slice(0, 8)}… | Local ledger` })
  })

  test('a script gets the bare JSON, and a page drawn from it does not crash', async () => {
    const script = await load('*/*')
    expect(script.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    const data = await script.json()
    expect(data).toMatchObject({ signature, ledger: 'local' })
    expect(titleOf(data)).toEqual({ title: 'Transaction not found | Local ledger' })
  })
})
