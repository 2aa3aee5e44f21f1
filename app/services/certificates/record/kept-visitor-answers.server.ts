import crypto from 'node:crypto'
import { CompiledQuery, sql } from 'kysely'
import { isbot } from 'isbot'
import { env } from '~/env.server'
import { translate } from '~/i18n/catalogs.server'
import { intlLocale } from '~/i18n/format'
import { resolveLocale } from '~/i18n/locale.server'
import type { RenderLocale } from '~/i18n/locales'
import { checkedAgo, checkedAtIn, type CheckedWords, markCheckedAgo } from '~/lib/checked-ago'
import { CERTIFICATE_ID_PATTERN } from '~/lib/identifiers'
import { TIME_ZONE_COOKIE } from '~/lib/time-zone'
import { recordServerPageView } from '../../platform/analytics.server'
import type { AnonymousRequest } from '../../platform/anonymous-pages.server'
import { db, type Executor } from '../../platform/db.server'
import { keptAnswers, keptAnswersOn } from '../../platform/kept-answers.server'
import {
  digestOf,
  forgetRender,
  keepingRender,
  keptRender,
} from '../../platform/kept-renders.server'
import { keptVariants } from '../../platform/kept-variants.server'
import { resolveTimeZone } from '../../platform/time-zone.server'
import { keptCheckTime } from './kept-checks.server'

/**
 * What a stranger opens of a registered certificate (its page, its verify page, its PDF) made
 * once per snapshot and kept (issue 53, decision 116). The server entry asks here before Remix
 * runs: one statement reads the song's data version, and an answer made at that version (for the
 * same time zone, year and, on the verify page, the same kept check) is sent again with a fresh
 * nonce, page-load id and "Checked … ago", no loader run. Otherwise Remix makes the answer and it
 * is kept under the version read before its loaders ran, so a kept answer is never older than the
 * data behind it.
 *
 * The version is the owner's data version (decision 089: moved by triggers with every change to
 * their songs, contributions, recordings, registrations and co-writers' invitations, so a new
 * version, a co-writer's answer or dispute, a revocation and a registration finishing all move
 * it) and the registered snapshot's timestamps, which no trigger watches. A stranger is a request
 * with no cookie of ours but the browser's time zone: signed in, or with a toast waiting, the
 * answer is made for the request as before.
 */
const ANSWERS = [
  { kind: 'certificate', pattern: /^\/certificate\/([1-9]\d{0,9})$/ },
  { kind: 'pdf', pattern: /^\/certificate\/([1-9]\d{0,9})\.pdf$/ },
  { kind: 'verify', pattern: /^\/verify\/([A-Za-z0-9-]{1,40})$/ },
] as const
type Kind = (typeof ANSWERS)[number]['kind']

// Cookies these answers never read: the time zone is part of the key, the device mark is read
// only by sign-in. Any other of ours (a session, a toast) means an answer made for the request.
const VISITOR_COOKIES = new Set([TIME_ZONE_COOKIE, 'pt_device'])

// The visitor's certificate PDF, as Remix answered it (the bytes decision 104 keeps in the
// database): ~60 KB each, 500 of them at most and 32 MB in all, least recently used dropped first.
const pdfs = keptAnswers<{ headers: [string, string][]; bytes: Buffer }>({
  maxEntries: 500,
  maxChars: 32_000_000,
  sizeOf: (pdf) => pdf.bytes.byteLength,
})

// Each certificate keeps at most 4 of each answer (its zones, versions and, on the verify page,
// checks), so one visitor's cookies cannot push out every other certificate's (decision 121).
// 4: a song shared among its writers and their people is read in a few zones at most.
export const KEPT_VARIANTS_PER_RECORD = 4
const bound = { perRecord: KEPT_VARIANTS_PER_RECORD, maxRecords: 2_000 }
const pdfVariants = keptVariants(bound)
const pageVariants = keptVariants(bound)

/** What the server entry hands Remix with a request whose answer may be kept. */
export interface VisitorTicket {
  keptVisitorAnswer: { kind: Kind; key: string; version: string; record: string }
}

export type KeptVisitorAnswer =
  | { answer: { status: 200; headers: [string, string][]; body: Buffer } }
  | { ticket: VisitorTicket }
  | null

/** The kept answer to this request, or a ticket to keep the one Remix makes, or null (never kept). */
export async function keptVisitorAnswer(request: AnonymousRequest): Promise<KeptVisitorAnswer> {
  if (!keptAnswersOn() || request.method !== 'GET' || request.origin !== appOrigin()) return null
  const asked = visitorAnswer(request.url)
  if (!asked || !onlyVisitorCookies(request.cookie)) return null
  if (asked.kind === 'verify' && !CERTIFICATE_ID_PATTERN.test(asked.id.toUpperCase())) return null
  const version = await visitorDataVersion(db(), asked)
  if (!version) return null
  const zone = resolveTimeZone(request.cookie ?? null, null)
  const now = Date.now()
  const locale = resolveLocale({
    cookieHeader: request.cookie,
    acceptLanguage: request.acceptLanguage,
  })
  const key = digestOf([
    asked.kind,
    request.url,
    zone.timeZone,
    zone.source,
    // The page's language (decision 120): one kept answer per language, never another's.
    locale,
    // The footer's © year is the server clock's.
    new Date(now).getUTCFullYear(),
  ])
  // A verify address is the certificate's however its letters are cased.
  const record = asked.kind === 'verify' ? `/verify/${asked.id.toUpperCase()}` : request.url
  const ticket = { keptVisitorAnswer: { kind: asked.kind, key, version, record } }
  if (asked.kind === 'pdf') {
    const pdf = pdfs.peek(request.url, key, version)
    if (!pdf) return { ticket }
    forgetPdfs(pdfVariants.use(record, key))
    return { answer: { status: 200, headers: pdf.headers, body: pdf.bytes } }
  }
  // The verify page shows its check: only a page drawn with the check kept now may answer.
  const checkedAt = asked.kind === 'verify' ? keptCheckTime(asked.id, now) : null
  if (asked.kind === 'verify' && checkedAt === null) return { ticket }
  const nonce = crypto.randomBytes(16).toString('base64')
  const loadId = crypto.randomUUID()
  const keptKey = pageKey(ticket.keptVisitorAnswer, checkedAt)
  const kept = keptRender(keptKey, {
    nonce,
    loadId,
    ...(checkedAt === null ? {} : { extra: checkedAgo(checkedAt, now, checkedWords(locale)) }),
  })
  if (!kept?.headers) return { ticket }
  forgetPages(pageVariants.use(record, keptKey))
  if (!isbot(request.userAgent))
    recordServerPageView(
      {
        method: 'GET',
        path: request.url,
        userAgent: request.userAgent,
        referrer: request.referrer,
        ipAddress: request.ipAddress,
      },
      200,
      { userId: null, sessionId: loadId, title: kept.title },
    )
  return { answer: { status: 200, headers: kept.headers, body: kept.body } }
}

/** "Checked 40 seconds ago" in the page's language, as the page itself writes it (verify/checked). */
function checkedWords(locale: RenderLocale): CheckedWords {
  return {
    locale: intlLocale(locale),
    justNow: translate(locale, 'verify', 'verify.checked.justNow'),
    ago: translate(locale, 'verify', 'verify.checked.ago', { ago: '{ago}' }),
  }
}

/** The ticket the server entry put in Remix's load context for this request, if any. */
export function visitorTicket(context: unknown) {
  if (typeof context !== 'object' || context === null || !('keptVisitorAnswer' in context))
    return null
  const ticket = (context as VisitorTicket).keptVisitorAnswer
  return ticket && typeof ticket.key === 'string' ? ticket : null
}

/**
 * Keeps a visitor page's drawing as it passes (entry.server), if the answer is a 200 that sets no
 * cookie; a verify page under the check it shows (its time is in the page).
 */
export function keepingVisitorPage(
  ticket: VisitorTicket['keptVisitorAnswer'],
  values: { nonce: string; loadId: string },
  answer: () => { status: number; headers: Headers },
) {
  return keepingRender(
    (html) => {
      const checkedAt = ticket.kind === 'verify' ? checkedAtIn(html) : null
      if (ticket.kind === 'verify' && checkedAt === null) return null
      // Asked when the page is about to be kept: room is made for it among its record's.
      const key = pageKey(ticket, checkedAt)
      forgetPages(pageVariants.use(ticket.record, key))
      return key
    },
    values,
    () => {
      const { status, headers } = answer()
      return status === 200 && !headers.has('Set-Cookie') ? { headers } : false
    },
    // Each kept answer writes how long ago the check was made, when it is sent.
    ticket.kind === 'verify' ? markCheckedAgo : undefined,
  )
}

/**
 * Remix's answer to a request the server entry gave a ticket: a visitor's PDF is kept (it has
 * been read whole to keep it, and is answered from those bytes); pages are kept as they are drawn.
 */
export async function keepingVisitorAnswer(context: unknown, url: string, response: Response) {
  const ticket = visitorTicket(context)
  if (ticket?.kind !== 'pdf' || response.status !== 200 || response.headers.has('Set-Cookie'))
    return response
  const bytes = Buffer.from(await response.arrayBuffer())
  const headers = [...response.headers].filter(([name]) => name !== 'date')
  pdfs.put(url, ticket.key, ticket.version, { headers, bytes })
  forgetPdfs(pdfVariants.use(ticket.record, ticket.key))
  return new Response(bytes, { status: response.status, headers: response.headers })
}

// A PDF's record is its address (the one form the pattern lets through), the store's owner.
const forgetPdfs = (dropped: { record: string; variant: string }[]) => {
  for (const { record, variant } of dropped) pdfs.forget(record, variant)
}
const forgetPages = (dropped: { variant: string }[]) => {
  for (const { variant } of dropped) forgetRender(variant)
}

const pageKey = (ticket: VisitorTicket['keptVisitorAnswer'], checkedAt: number | null) =>
  digestOf([ticket.key, ticket.version, checkedAt])

function visitorAnswer(url: string) {
  for (const { kind, pattern } of ANSWERS) {
    const found = pattern.exec(url)
    if (found) return { kind, id: found[1]! }
  }
  return null
}

function onlyVisitorCookies(header: string | null | undefined) {
  if (!header) return true
  return header.split(';').every((pair) => {
    const name = pair.split('=', 1)[0]!.trim()
    return name === '' || !name.startsWith('pt_') || VISITOR_COOKIES.has(name)
  })
}

/**
 * The song's data version as a stranger's view of it depends on it, in one statement: the
 * owner's data version and the registered snapshot's timestamps. Null when there is no such song.
 */
export async function visitorDataVersion(database: Executor, asked: { kind: Kind; id: string }) {
  const byCertificate = asked.kind === 'verify'
  const value = byCertificate ? asked.id.toUpperCase() : Number(asked.id)
  // Built once: this statement runs for every stranger's request, and building it each time
  // cost more than the rest of a kept answer's own work.
  const built = byCertificate
    ? (byCertificateQuery ??= versionQuery(database, true).compile())
    : (bySongQuery ??= versionQuery(database, false).compile())
  // The song's id or certificate id is the statement's last parameter.
  const { rows } = await database.executeQuery(
    CompiledQuery.raw(built.sql, [...built.parameters.slice(0, -1), value]) as CompiledQuery<{
      version: string | null
      stamps: string | null
    }>,
  )
  const row = rows[0]
  return row ? `${row.version ?? 0}/${row.stamps ?? ''}` : null
}
let bySongQuery: CompiledQuery | undefined
let byCertificateQuery: CompiledQuery | undefined

function versionQuery(database: Executor, byCertificate: boolean) {
  const query = database
    .selectFrom('songs as s')
    .leftJoin('ownerDataVersions as v', 'v.userId', 's.userId')
    .select((eb) => [
      'v.version',
      eb
        .selectFrom('snapshotTimestamps as t')
        .select(sql<string>`string_agg(t.id || ':' || t.status, ',' order by t.id)`.as('stamps'))
        .whereRef('t.songId', '=', 's.id')
        .where('t.reason', '=', 'registered')
        .as('stamps'),
    ])
  return byCertificate ? query.where('s.certificateId', '=', '') : query.where('s.id', '=', 0)
}

/** Tests: how many visitor PDFs are kept, and forget them. */
export const keptVisitorPdfs = {
  get count() {
    return pdfs.size
  },
  clear: () => {
    pdfs.clear()
    pdfVariants.clear()
  },
}

let origin: string | undefined
function appOrigin() {
  return (origin ??= new URL(env().APP_URL).origin)
}
