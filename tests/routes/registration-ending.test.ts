import { describe, expect, test } from 'vitest'
import * as index from '~/routes/_index'
import * as registerPage from '~/routes/songs.$id.register'
import { args, authedRequest, createUser, respond, createTestSong } from '../setup/fixtures'

async function newSong(userId: string, title: string) {
  return createTestSong(userId, { title })
}

async function dashboard(userId: string, query: string) {
  const response = await respond(async () =>
    index.loader(args(await authedRequest(`http://localhost/${query}`, userId))),
  )
  return (await response.json()) as { registered: unknown }
}

describe('a completed registration ends on the dashboard (SPEC §4)', () => {
  test('without JavaScript the card’s post redirects to the dashboard, which shows it', async () => {
    const user = await createUser({ emailVerified: true })
    const song = await newSong(user.id, 'Ends At Home')
    const response = await respond(async () =>
      registerPage.action(
        args(
          await authedRequest(`http://localhost/songs/${song.id}/register`, user.id, {
            method: 'POST',
            body: new URLSearchParams({ confirmed: 'yes' }),
          }),
          { id: String(song.id) },
        ),
      ),
    )
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`/?registered=${song.id}`)
    expect(response.headers.get('Set-Cookie')).toContain('pt_toast=')

    const data = await dashboard(user.id, `?registered=${song.id}`)
    expect(data.registered).toMatchObject({
      songId: song.id,
      title: 'Ends At Home',
      transactionSignature: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/),
      explorerUrl: expect.stringContaining('/ledger/tx/'),
    })
  })

  test('the dialog comes from the database: nothing for another user’s, an unregistered or a bad id', async () => {
    const owner = await createUser({ emailVerified: true })
    const other = await createUser({ emailVerified: true })
    const song = await newSong(owner.id, 'Not Yours')
    const unregistered = await newSong(owner.id, 'Not Yet')
    await respond(async () =>
      registerPage.action(
        args(
          await authedRequest(`http://localhost/songs/${song.id}/register`, owner.id, {
            method: 'POST',
            body: new URLSearchParams({ confirmed: 'yes' }),
          }),
          { id: String(song.id) },
        ),
      ),
    )
    expect((await dashboard(other.id, `?registered=${song.id}`)).registered).toBeNull()
    expect((await dashboard(owner.id, `?registered=${unregistered.id}`)).registered).toBeNull()
    for (const bad of ['abc', '-1', '1e9', '99999999999999999999'])
      expect((await dashboard(owner.id, `?registered=${bad}`)).registered).toBeNull()
    expect((await dashboard(owner.id, '')).registered).toBeNull()
  })
})
