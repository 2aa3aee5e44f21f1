import { describe, expect, test } from 'vitest'
import * as registerPage from '~/routes/songs.$id.register'
import {
  claimRegistration,
  completeRegistration,
} from '~/services/registration/registration.server'
import { registrationProgress } from '~/services/registration/registration-progress.server'
import { registeredUrl } from '~/lib/registration-network'
import { db } from '../setup/db'
import { drawPage, type PageModule } from '../setup/draw-page'
import {
  args,
  authedFormRequest,
  authedRequest,
  createTestSong,
  createUser,
  respond,
  sessionCookie,
} from '../setup/fixtures'

// Issue 53 (decision 116): registration shows its steps while it runs (queued, copying the
// record to the store, writing it to the ledger, done), each marked done only once the
// registration saved it, with JavaScript (the card reads the page's loader while its post runs)
// and without (the post answers at once and the page refreshes itself until the end).

const states = (progress: ReturnType<typeof registrationProgress>) =>
  progress?.steps.map((step) => `${step.key}:${step.state}`)

async function newSong() {
  const user = await createUser({ emailVerified: true })
  const song = await createTestSong(user.id, { title: 'Steps in the Snow' })
  return { user, song }
}

const registrationRow = (songId: number) =>
  db()
    .selectFrom('blockchainRegistrations')
    .select(['status', 'blockchainData'])
    .where('songId', '=', songId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()

/** The steps as the page draws them: each step's name and state, in order. */
function drawnSteps(html: string) {
  return [...html.matchAll(/data-registration-step="(\w+)" data-state="(\w+)"/g)].map(
    (match) => `${match[1]}:${match[2]}`,
  )
}

describe('a registration’s steps are the ones its row has saved', () => {
  test('claimed, then stored, then confirmed; never a step ahead of the row', async () => {
    const { user, song } = await newSong()
    const claimed = await claimRegistration(user.id, song.id, { confirmed: true })
    if ('ok' in claimed) throw new Error(claimed.message)
    expect(states(registrationProgress(await registrationRow(song.id)))).toEqual([
      'queued:done',
      'store:running',
      'ledger:waiting',
      'done:waiting',
    ])

    // What the page shows meanwhile, without JavaScript: the steps, and a page that refreshes.
    const html = await drawPage(
      registerPage as PageModule,
      '/songs/:id/register',
      `/songs/${song.id}/register?registering=1`,
      await sessionCookie(user.id),
    )
    expect(drawnSteps(html)).toEqual([
      'queued:done',
      'store:running',
      'ledger:waiting',
      'done:waiting',
    ])
    const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? ''
    expect(noscript).toMatch(/^<meta http-equiv="refresh" content="2"\/>/)

    // Stored, then sent: the store's step is done only once its id is saved.
    await db()
      .updateTable('blockchainRegistrations')
      .set({ blockchainData: JSON.stringify({ stage: 'stored', storageId: 'local-1' }) })
      .where('songId', '=', song.id)
      .execute()
    expect(states(registrationProgress(await registrationRow(song.id)))).toEqual([
      'queued:done',
      'store:done',
      'ledger:running',
      'done:waiting',
    ])
  })

  test('a failure is shown at the step it stopped at', async () => {
    expect(
      states(
        registrationProgress({
          status: 'failed',
          blockchainData: { stage: 'failed', storageId: 'local-9', error: 'ledger down' },
        }),
      ),
    ).toEqual(['queued:done', 'store:done', 'ledger:failed', 'done:waiting'])
    expect(
      states(registrationProgress({ status: 'failed', blockchainData: { stage: 'failed' } })),
    ).toEqual(['queued:done', 'store:failed', 'ledger:waiting', 'done:waiting'])
  })
})

describe('without JavaScript, the post answers at once and the page follows the steps', () => {
  test('303 to the page of steps; once confirmed, that page sends the owner to the dashboard with the toast', async () => {
    const { user, song } = await newSong()
    const posted = await respond(async () =>
      registerPage.action(
        args(
          await authedFormRequest(`http://localhost/songs/${song.id}/register`, user.id, {
            confirmed: 'yes',
            progress: 'page',
          }),
          { id: String(song.id) },
        ),
      ),
    )
    expect([posted.status, posted.headers.get('Location')]).toEqual([
      303,
      `/songs/${song.id}/register?registering=1`,
    ])
    // The claim was made before the answer: the registration is queued at least.
    expect((await registrationRow(song.id)).status).toMatch(/^(pending|confirmed)$/)

    // The rest runs after the answer; the page answers with the steps until it is done.
    let answer: Response
    for (let i = 0; ; i++) {
      answer = await respond(async () =>
        registerPage.loader(
          args(
            await authedRequest(
              `http://localhost/songs/${song.id}/register?registering=1`,
              user.id,
            ),
            { id: String(song.id) },
          ),
        ),
      )
      if (answer.status !== 200 || i === 200) break
      const { progress } = (await answer.json()) as {
        progress: ReturnType<typeof registrationProgress>
      }
      expect(progress?.steps[0]).toMatchObject({ key: 'queued', state: 'done' })
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toBe(registeredUrl(song.id))
    expect(answer.headers.get('Set-Cookie')).toMatch(/^pt_toast=/)
    expect((await registrationRow(song.id)).status).toBe('confirmed')
  })

  test('a refusal is answered at once, as before: nothing is queued', async () => {
    const { user, song } = await newSong()
    const posted = await respond(async () =>
      registerPage.action(
        args(
          await authedFormRequest(`http://localhost/songs/${song.id}/register`, user.id, {
            progress: 'page',
          }),
          { id: String(song.id) },
        ),
      ),
    )
    expect(posted.status).toBe(400)
    expect(
      await db()
        .selectFrom('blockchainRegistrations')
        .select('id')
        .where('songId', '=', song.id)
        .execute(),
    ).toEqual([])
  })

  test('the steps that complete a claimed registration are the same ones the API takes', async () => {
    const { user, song } = await newSong()
    const claimed = await claimRegistration(user.id, song.id, { confirmed: true })
    if ('ok' in claimed) throw new Error(claimed.message)
    const outcome = await completeRegistration(claimed)
    expect(outcome.ok).toBe(true)
    expect(states(registrationProgress(await registrationRow(song.id)))).toEqual([
      'queued:done',
      'store:done',
      'ledger:done',
      'done:done',
    ])
  })
})
