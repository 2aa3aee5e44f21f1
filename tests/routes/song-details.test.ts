import { describe, expect, test } from 'vitest'
import * as certificate from '~/routes/certificate.$id'
import * as details from '~/routes/songs.$id.details'
import { ensureTextSalts } from '~/services/certificates/record/manifest.server'
import { sendInvitation } from '~/services/co-writers/invitations.server'
import { db } from '../setup/db'
import { args, authedRequest, createTestSong, createUser, respond } from '../setup/fixtures'

// Issue 25 item 7 (decision 052): details added to an unregistered song after it was created.

async function detailsPost(userId: string, id: number, fields: Record<string, string>) {
  return respond(async () =>
    details.action(
      args(
        await authedRequest(`http://localhost/songs/${id}/details`, userId, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields),
        }),
        { id: String(id) },
      ),
    ),
  )
}

async function detailsPage(userId: string, id: number) {
  return respond(async () =>
    details.loader(
      args(await authedRequest(`http://localhost/songs/${id}/details`, userId), {
        id: String(id),
      }),
    ),
  )
}

const songRow = (id: number) =>
  db().selectFrom('songs').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const splitRows = (id: number) =>
  db()
    .selectFrom('creativeContributions')
    .select(['component', 'contributorPercent', 'coContributorPercent', 'aiPercent'])
    .where('songId', '=', id)
    .orderBy('id')
    .execute()

const LYRICS = [
  '밤하늘의 별처럼 너를 기다려',
  '夜空の星のように',
  '像夜空中的星星',
  'مثل نجوم السماء',
  'כמו כוכבי השמיים',
  'रात के तारों की तरह',
  'เหมือนดาวบนฟ้า',
  'Как звёзды в ночи',
  'Σαν τα αστέρια',
  'Canción de la mañana 🌅',
  'Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen'.repeat(4),
].join('\r\n')

const FULL = {
  genre: 'Pop',
  isrc: 'us-ab1-24-00001',
  iswc: 'T-034.524.680-1',
  upc: '036000291452',
  otherIdentifier: 'Cat. 민-7',
  mainContributorPro: 'KOMCA',
  mainContributorProNumber: '00014107338',
  coContributorPro: 'SGAE',
  coContributorProNumber: '00123456790',
  lyrics: LYRICS,
  creativeNotes: 'كُتبت في القطار — written on the night train',
}

describe('/songs/:id/details', () => {
  test('the owner adds identifiers, PRO, genre, lyrics and notes; the database and the certificate hold them', async () => {
    const owner = await createUser()
    const { id } = await createTestSong(owner.id, {
      title: '별빛 노래',
      contributorName: '김민지',
      coContributorName: 'Ana Núñez',
    })
    const page = await detailsPage(owner.id, id)
    expect(page.status).toBe(200)
    expect(await page.json()).toMatchObject({ song: { id, lyrics: null }, lockMessage: null })

    const saved = await detailsPost(owner.id, id, FULL)
    expect(saved.status).toBe(302)
    expect(saved.headers.get('Location')).toBe(`/certificate/${id}`)
    expect(await songRow(id)).toMatchObject({
      genre: 'Pop',
      isrc: 'USAB12400001',
      iswc: 'T-034.524.680-1',
      upc: '036000291452',
      otherIdentifier: 'Cat. 민-7',
      mainContributorPro: 'KOMCA',
      mainContributorProNumber: '00014107338',
      coContributorPro: 'SGAE',
      coContributorProNumber: '00123456790',
      lyrics: LYRICS,
      creativeNotes: 'كُتبت في القطار — written on the night train',
      title: '별빛 노래',
    })

    const shown = await respond(async () =>
      certificate.loader(
        args(await authedRequest(`http://localhost/certificate/${id}`, owner.id), {
          id: String(id),
        }),
      ),
    )
    expect((await shown.json()).certificate).toMatchObject({
      genre: 'Pop',
      isrc: 'USAB12400001',
      iswc: 'T-034.524.680-1',
      upc: '036000291452',
      lyrics: LYRICS,
    })
  })

  test('a post with every field empty, and an empty post, succeed and clear the details', async () => {
    const owner = await createUser()
    const { id } = await createTestSong(owner.id, {
      genre: 'Rock',
      isrc: 'USAB12400001',
      lyrics: 'old words',
      mainContributorPro: 'BMI',
    })
    const empty = Object.fromEntries(Object.keys(FULL).map((name) => [name, '']))
    expect((await detailsPost(owner.id, id, empty)).status).toBe(302)
    expect(await songRow(id)).toMatchObject({
      genre: null,
      isrc: null,
      lyrics: null,
      mainContributorPro: null,
    })
    await detailsPost(owner.id, id, { isrc: 'USAB12400001' })
    expect((await detailsPost(owner.id, id, {})).status).toBe(302)
    expect((await songRow(id)).isrc).toBeNull()
  })

  test('the submit form’s rules and messages: a bad identifier is a 400 on its field, values kept, nothing saved', async () => {
    const owner = await createUser()
    const { id } = await createTestSong(owner.id)
    const refused = await detailsPost(owner.id, id, {
      ...FULL,
      isrc: 'bad-isrc',
      upc: '036000291453',
      genre: 'Polka',
      lyrics: 'x'.repeat(20_001),
    })
    expect(refused.status).toBe(400)
    const { result } = await refused.json()
    expect(result.error).toMatchObject({
      isrc: ['ISRC must be in format: CCXXXNNNNNNN'],
      upc: ['This UPC check digit does not match: please check the number'],
      genre: ['Please choose a genre from the list'],
      lyrics: ['Lyrics must be at most 20000 characters'],
    })
    expect(result.initialValue).toMatchObject({ isrc: 'bad-isrc', mainContributorPro: 'KOMCA' })
    expect(await songRow(id)).toMatchObject({ isrc: null, lyrics: null, genre: null })
  })

  test('a co-contributor’s PRO is not kept when the song names no co-contributor', async () => {
    const owner = await createUser()
    const { id } = await createTestSong(owner.id)
    expect((await detailsPost(owner.id, id, FULL)).status).toBe(302)
    expect(await songRow(id)).toMatchObject({
      mainContributorPro: 'KOMCA',
      coContributorPro: null,
      coContributorProNumber: null,
    })
  })

  test('another user and a missing song get the same 404; nothing changes', async () => {
    const owner = await createUser()
    const other = await createUser()
    const { id } = await createTestSong(owner.id)
    expect((await detailsPage(other.id, id)).status).toBe(404)
    expect((await detailsPost(other.id, id, FULL)).status).toBe(404)
    expect((await detailsPage(owner.id, 999_999_999)).status).toBe(404)
    expect((await songRow(id)).lyrics).toBeNull()
  })

  test('a registered song sends its owner to a new version; one being registered is refused', async () => {
    const owner = await createUser()
    const registered = await createTestSong(owner.id)
    await db()
      .insertInto('blockchainRegistrations')
      .values({ songId: registered.id, status: 'confirmed', transactionSignature: 'sig-details' })
      .execute()
    for (const answer of [
      await detailsPage(owner.id, registered.id),
      await detailsPost(owner.id, registered.id, FULL),
    ]) {
      expect(answer.status).toBe(302)
      expect(answer.headers.get('Location')).toBe(`/submit?from=${registered.id}`)
    }
    expect((await songRow(registered.id)).lyrics).toBeNull()

    const pending = await createTestSong(owner.id)
    await db()
      .insertInto('blockchainRegistrations')
      .values({ songId: pending.id, status: 'pending' })
      .execute()
    expect(await (await detailsPage(owner.id, pending.id)).json()).toMatchObject({
      lockMessage: 'This song’s registration is already in progress.',
    })
    const refused = await detailsPost(owner.id, pending.id, FULL)
    expect(refused.status).toBe(409)
    expect((await songRow(pending.id)).lyrics).toBeNull()
  })

  test('a genre that changes the split’s components changes the split as an edit would, and re-invites', async () => {
    // Only a verified account invites (issue 24 item 2).
    const owner = await createUser({ emailVerified: true })
    const { id } = await createTestSong(owner.id, {
      genre: 'Pop',
      coContributorName: 'Bo',
      contributions: ['lyrics', 'vocals', 'instrumentation', 'production', 'mixing'].map(
        (component) => ({
          component,
          contributorPercent: 50,
          coContributorPercent: 50,
          coContributor2Percent: 0,
          aiPercent: 0,
        }),
      ),
    })
    const invited = await sendInvitation(db(), owner, id, 'co-contributor', 'bo@example.com')
    expect(invited.ok).toBe(true)

    // Pop to Rock: the same components, so the split and the invitation stay as they were.
    expect((await detailsPost(owner.id, id, { genre: 'Rock' })).status).toBe(302)
    const live = () =>
      db()
        .selectFrom('splitInvitations')
        .select(['id', 'voidedAt'])
        .where('songId', '=', id)
        .orderBy('id')
        .execute()
    expect(await live()).toEqual([{ id: expect.any(Number), voidedAt: null }])

    // Instrumental has no lyrics or vocals: those rows go, the invitation is voided and sent again.
    const saved = await detailsPost(owner.id, id, { genre: 'Instrumental' })
    expect(saved.status).toBe(302)
    expect((await splitRows(id)).map((row) => row.component)).toEqual([
      'instrumentation',
      'production',
      'mixing',
    ])
    const [voided, fresh] = await live()
    expect(voided?.voidedAt).toBeInstanceOf(Date)
    expect(fresh?.voidedAt).toBeNull()

    // Back to Pop: lyrics and vocals come back at 100 % for the main contributor, as on /submit.
    expect((await detailsPost(owner.id, id, { genre: 'Pop' })).status).toBe(302)
    expect((await splitRows(id)).find((row) => row.component === 'lyrics')).toMatchObject({
      contributorPercent: '100.00',
      coContributorPercent: '0.00',
    })
  })

  test('a genre change that would leave a split short of 100 % is refused on the genre field', async () => {
    const owner = await createUser()
    const { id } = await createTestSong(owner.id, {
      genre: 'Pop',
      contributions: [
        {
          component: 'mixing',
          contributorPercent: 60,
          coContributorPercent: 0,
          coContributor2Percent: 0,
          aiPercent: 0,
        },
      ],
    })
    const refused = await detailsPost(owner.id, id, { genre: 'Instrumental', lyrics: 'kept?' })
    expect(refused.status).toBe(400)
    expect((await refused.json()).result.error.genre[0]).toMatch(
      /^This genre changes which components the split covers\. All contribution percentages must total 100% for each component\./,
    )
    expect(await songRow(id)).toMatchObject({ genre: 'Pop', lyrics: null })
    // The same split with a genre that keeps its components saves: the split is not this form's.
    expect((await detailsPost(owner.id, id, { genre: 'Rock', lyrics: 'kept' })).status).toBe(302)
    expect((await songRow(id)).lyrics).toBe('kept')
  })

  test('a changed private text drops its salt (decision 021: never one salt for two texts); an unchanged one keeps it', async () => {
    const owner = await createUser()
    const { id } = await createTestSong(owner.id, { lyrics: 'first words', creativeNotes: 'notes' })
    // A failed registration left its salts behind.
    const salts = await ensureTextSalts(db(), id)
    await detailsPost(owner.id, id, { lyrics: 'second words', creativeNotes: 'notes' })
    // The change's timestamped snapshot (issue 29) commits to the new text at once, with a fresh salt.
    const row = await songRow(id)
    expect(row).toMatchObject({
      lyrics: 'second words',
      creativeNotesSalt: salts.creativeNotesSalt,
    })
    expect(row.lyricsSalt).toMatch(/^[0-9a-f]{64}$/)
    expect(row.lyricsSalt).not.toBe(salts.lyricsSalt)
  })
})
