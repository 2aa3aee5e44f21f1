import crypto from 'node:crypto'
import { type DefaultTreeAdapterMap, parseFragment } from 'parse5'
import { describe, expect, test } from 'vitest'
import { GLOSSARY, type GlossaryTerm } from '~/lib/glossary'
import * as certificatePage from '~/routes/certificate.$id'
import * as editPage from '~/routes/edit.$id'
import * as faqPage from '~/routes/faq'
import * as indexPage from '~/routes/_index'
import * as invitationPage from '~/routes/invitations.$token'
import * as ledgerPage from '~/routes/ledger.tx.$signature'
import * as privacyPage from '~/routes/privacy-policy'
import * as registerAccountPage from '~/routes/register'
import * as coWritersPage from '~/routes/songs.$id.co-writers'
import * as detailsPage from '~/routes/songs.$id.details'
import * as registerSongPage from '~/routes/songs.$id.register'
import * as splitSheetPage from '~/routes/songs.$id.split-sheet'
import * as songsPage from '~/routes/songs._index'
import * as submitPage from '~/routes/submit'
import * as termsPage from '~/routes/terms-of-service'
import * as verifyPage from '~/routes/verify.$certificateId'
import { TimestampWorker } from '~/services/certificates/record/snapshot-timestamps.server'
import { registerSong } from '~/services/registration/registration.server'
import { getTimestampAuthority } from '~/timestamp/index.server'
import { db } from '../setup/db'
import { drawPage, type PageModule } from '../setup/draw-page'
import { lastMailTo } from '../setup/mail'
import { multipartBody } from '../setup/multipart'
import {
  args,
  createTestSong,
  createUser,
  formRequest,
  respond,
  sessionCookie,
} from '../setup/fixtures'

// Issue 39.13: IPI, PRO, RFC 3161, SHA-256, manifest, SOL and lamports each get a plain sentence
// where they first appear on a page (the glossary's, in a <dfn>), as text, so it reads the same
// without JavaScript. Each page is its real loader's data drawn by its real component, as the
// server sends it before any script runs.

const BASE = 'http://localhost'

/** How each term is written in running text: its plural and, for the words, any case. */
const MENTION: Record<GlossaryTerm, RegExp> = {
  PRO: /\bPROs?\b/,
  IPI: /\bIPIs?\b/,
  'SHA-256': /SHA-256/,
  manifest: /\bmanifests?\b/i,
  'RFC 3161': /RFC 3161/,
  SOL: /\bSOL\b/,
  lamports: /\blamports?\b/i,
}

/** A note this far (in characters of the page's text) after the term is not beside it. */
const BESIDE = 700

/**
 * Each term the page's text uses, where it first appears and where its note is: the page's text in
 * reading order, and each `data-term` note's offset in it.
 */
function termsOf(html: string) {
  let text = ''
  const notes = new Map<string, number>()
  type Node = DefaultTreeAdapterMap['childNode'] | DefaultTreeAdapterMap['documentFragment']
  const walk = (node: Node) => {
    if (node.nodeName === '#text' && 'value' in node) text += node.value
    if (!('childNodes' in node)) return
    if (['script', 'style', 'template'].includes(node.nodeName)) return
    const term = 'attrs' in node ? node.attrs.find((a) => a.name === 'data-term')?.value : null
    if (term && !notes.has(term)) notes.set(term, text.length)
    // An element ends a run of words, so two blocks' words do not run together.
    text += ' '
    node.childNodes.forEach(walk)
    text += ' '
  }
  walk(parseFragment(html))
  const found = GLOSSARY.flatMap(({ term }) => {
    const first = text.search(MENTION[term])
    if (first < 0) return []
    return [{ term, first, note: notes.get(term) ?? null, text }]
  })
  return { found, notes: [...notes.keys()] }
}

/**
 * The terms the page uses, each with what is wrong with its explanation (none: `ok`): no note, or
 * a note too far after the first mention (a note before it explains it before it is read).
 */
function explanations(html: string) {
  return Object.fromEntries(
    termsOf(html).found.map(({ term, first, note, text }) => {
      const around = text
        .slice(Math.max(0, first - 50), first + 50)
        .replace(/\s+/g, ' ')
        .trim()
      if (note === null) return [term, `no note; first in “…${around}…”`]
      if (note - first >= BESIDE)
        return [term, `note ${note - first} characters after “…${around}…”`]
      return [term, 'ok']
    }),
  )
}

const allOk = (terms: GlossaryTerm[]) => Object.fromEntries(terms.map((term) => [term, 'ok']))

const tokenIn = (text: string | null | undefined) =>
  /\/invitations\/([A-Za-z0-9_-]{43})/.exec(text ?? '')?.[1] ?? null

describe('jargon in plain words where it first appears, without JavaScript (issue 39.13)', () => {
  test('the anonymous pages: landing, FAQ, terms, privacy, sign-up', async () => {
    const pages: [string, PageModule, string, GlossaryTerm[]][] = [
      ['/', indexPage as PageModule, '/', ['PRO', 'SHA-256']],
      ['/faq', faqPage as PageModule, '/faq', ['PRO', 'SHA-256']],
      ['/terms-of-service', termsPage as PageModule, '/terms-of-service', []],
      ['/privacy-policy', privacyPage as PageModule, '/privacy-policy', []],
      ['/register', registerAccountPage as PageModule, '/register', []],
    ]
    for (const [pattern, module, path, expected] of pages) {
      const html = await drawPage(module, pattern, path)
      expect(explanations(html), path).toEqual(allOk(expected))
    }
  })

  test('a writer’s pages, from the form to the registered song’s certificate, and the public ones', async () => {
    const owner = await createUser({ firstName: 'さくら', lastName: '山田', emailVerified: true })
    const cookie = await sessionCookie(owner.id)
    const song = await createTestSong(owner.id, {
      title: 'สายลม 🌬️',
      contributorName: 'さくら 山田',
      coContributorName: 'प्रिया शर्मा',
      mainContributorPro: 'JASRAC',
      mainContributorProNumber: '00123456790',
      lyricsContributorPercent: 50,
      lyricsCoContributorPercent: 50,
      lyricsAiPercent: 0,
    })
    const id = String(song.id)
    const email = `priya-${id}@example.com`
    const sent = await respond(() =>
      coWritersPage.action(
        args(
          formRequest(
            `${BASE}/songs/${id}/co-writers`,
            { intent: 'invite', slot: 'co-contributor', email },
            { Cookie: cookie },
          ),
          { id },
        ),
      ),
    )
    expect(sent.status).toBe(302)
    const token = tokenIn((await lastMailTo(email))?.text)!

    const before: [string, PageModule, string, GlossaryTerm[]][] = [
      ['/submit', submitPage as PageModule, '/submit', ['PRO', 'IPI', 'SHA-256']],
      ['/edit/:id', editPage as PageModule, `/edit/${id}`, []],
      [
        '/songs/:id/details',
        detailsPage as PageModule,
        `/songs/${id}/details`,
        ['PRO', 'IPI', 'SHA-256'],
      ],
      ['/certificate/:id', certificatePage as PageModule, `/certificate/${id}`, ['PRO', 'SHA-256']],
      ['/songs/:id/co-writers', coWritersPage as PageModule, `/songs/${id}/co-writers`, []],
      ['/songs/:id/register', registerSongPage as PageModule, `/songs/${id}/register`, []],
      ['/songs', songsPage as PageModule, '/songs', []],
      ['/', indexPage as PageModule, '/', []],
    ]
    const drawn: Record<string, Record<string, string>> = {}
    const expected: Record<string, Record<string, string>> = {}
    for (const [pattern, module, path, terms] of before) {
      drawn[pattern] = explanations(await drawPage(module, pattern, path, cookie))
      expected[pattern] = allOk(terms)
    }
    expect(drawn).toEqual(expected)
    const invitation = await drawPage(
      invitationPage as PageModule,
      '/invitations/:token',
      `/invitations/${token}`,
    )
    expect(explanations(invitation)).toEqual(allOk(['PRO', 'IPI']))

    const outcome = await registerSong(owner.id, song.id, { confirmed: true })
    if (!outcome.ok) throw new Error(outcome.message)
    // Stamped, as readers mostly see it: the timestamp's checks name the manifest (issue 29).
    await new TimestampWorker(() => getTimestampAuthority(), db).drain()
    const after: [string, PageModule, string, string | null][] = [
      ['/certificate/:id', certificatePage as PageModule, `/certificate/${id}`, cookie],
      ['/songs/:id/split-sheet', splitSheetPage as PageModule, `/songs/${id}/split-sheet`, cookie],
      ['/verify/:certificateId', verifyPage as PageModule, `/verify/${song.certificateId}`, null],
      [
        '/ledger/tx/:signature',
        ledgerPage as PageModule,
        `/ledger/tx/${outcome.transactionSignature}`,
        null,
      ],
    ]
    const explained: Record<string, Record<string, string>> = {}
    for (const [pattern, module, path, pageCookie] of after)
      explained[pattern] = explanations(await drawPage(module, pattern, path, pageCookie))
    expect(explained).toEqual({
      '/certificate/:id': allOk(['PRO', 'SHA-256', 'manifest', 'RFC 3161', 'SOL']),
      '/songs/:id/split-sheet': allOk(['PRO', 'IPI']),
      '/verify/:certificateId': allOk([
        'PRO',
        'SHA-256',
        'manifest',
        'RFC 3161',
        'SOL',
        'lamports',
      ]),
      '/ledger/tx/:signature': allOk(['SOL', 'lamports']),
    })
  }, 60_000)

  test('the verify page with a fingerprinted recording, before and after a file is checked', async () => {
    const owner = await createUser({ firstName: 'Ольга', emailVerified: true })
    const master = new TextEncoder().encode('RIFF ольга — 夜明け — master take 1')
    const song = await createTestSong(owner.id, {
      title: 'Песня рассвета',
      contributorName: 'Ольга Смирнова',
      recordings: [
        {
          label: 'Master',
          sha256: crypto.createHash('sha256').update(master).digest('hex'),
          size: String(master.length),
          mediaType: 'audio/wav',
        },
      ],
    })
    const outcome = await registerSong(owner.id, song.id, { confirmed: true })
    if (!outcome.ok) throw new Error(outcome.message)
    // Not yet time-stamped (the authority has not answered): no timestamp check above explains
    // SHA-256, so the recording check is where the page first names it.
    const path = `/verify/${song.certificateId}`
    const checked = async (content: Uint8Array) => {
      const { stream, contentType } = multipartBody(
        {},
        { field: 'recording', name: 'take.wav', type: 'audio/wav', size: content.length, content },
      )
      return { body: await new Response(stream).arrayBuffer(), contentType }
    }
    const drawn = {
      shown: explanations(await drawPage(verifyPage as PageModule, '/verify/:certificateId', path)),
      matched: explanations(
        await drawPage(
          verifyPage as PageModule,
          '/verify/:certificateId',
          path,
          null,
          await checked(master),
        ),
      ),
      other: explanations(
        await drawPage(
          verifyPage as PageModule,
          '/verify/:certificateId',
          path,
          null,
          await checked(new TextEncoder().encode('another take')),
        ),
      ),
    }
    // The page leads with the record's people (issue 49.4): PRO is explained beside them.
    const verified = allOk(['PRO', 'SHA-256', 'manifest', 'RFC 3161', 'SOL', 'lamports'])
    expect(drawn).toEqual({ shown: verified, matched: verified, other: verified })
  }, 60_000)
})
