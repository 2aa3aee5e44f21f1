import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { type Kysely, sql } from 'kysely'
import nodemailer from 'nodemailer'
import type { Database } from '#db/schema'
import { env } from '~/env.server'
import { escapeControls } from '~/lib/plain-text'
import { beforeDatabaseClose, db } from './db.server'
import { derivedKey } from './derived-keys.server'
import { BackgroundJobRunner, backoffMs, leaseEnd, retryAt } from './background-jobs.server'

// One worker per server process, kept on globalThis so a module rebuilt in development
// replaces it instead of leaving a second one polling.
const holder = globalThis as typeof globalThis & { __prooftrackMailWorker?: MailWorker }

export interface MailMessage {
  to: string
  subject: string
  text: string
  replyTo?: string
  /**
   * A one-click refusal URL (RFC 8058): sent as List-Unsubscribe with List-Unsubscribe-Post, so
   * a mail client offers it beside the message.
   */
  listUnsubscribe?: string
  /**
   * The address is blanked once the message is delivered or given up: a deleted account's final
   * mail, whose address is otherwise the last trace of the person (decision 067).
   */
  forgetRecipient?: boolean
}

/**
 * Mail never leaves inside a request (decision 015): a request only queues the message in
 * `mail_outbox`, in the caller's transaction, and a worker in every server process delivers it.
 * The answer therefore takes the same time whether or not a message was queued, and a slow or
 * failing mail server never holds a page. The body is sealed; subject and addresses stay
 * readable for the status, so no subject may carry a secret.
 *
 * Mails quote what people typed (a song title, a co-writer's name, a contact message): stored text
 * from before app/lib/plain-text.ts refused control characters must not reach a mail reader or a
 * terminal that shows the file transport's output raw (issue 24 item 5). The subject is one line;
 * the body keeps its lines and tabs. Each quoted value comes set apart by isolate()
 * (app/lib/bidi.ts), whose first-strong isolates stay (issue 26).
 */
export async function enqueueMail(database: Kysely<Database>, message: MailMessage) {
  const row = await database
    .insertInto('mailOutbox')
    .values({
      toAddress: message.to,
      fromAddress: env().MAIL_FROM,
      replyTo: message.replyTo ?? null,
      listUnsubscribe: message.listUnsubscribe ?? null,
      forgetRecipient: message.forgetRecipient ?? false,
      subject: escapeControls(message.subject, { keepIsolates: true }),
      sealedBody: sealBody(escapeControls(message.text, { keepLines: true, keepIsolates: true })),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  wakeMailWorker()
  return row.id
}

/** Work queued for the worker besides mail (reset requests): look soon rather than at the next poll. */
export function wakeMailWorker() {
  holder.__prooftrackMailWorker?.wake()
}

// Queued work that turns into mail (a reset request becomes a link, or nothing), run by the
// worker at the start of each pass; registered by the service that owns it, replaced by name.
const steps = new Map<string, (database: Kysely<Database>) => Promise<unknown>>()
export function beforeEachMailPass(
  name: string,
  step: (database: Kysely<Database>) => Promise<unknown>,
) {
  steps.set(name, step)
}

// Sealing: AES-256-GCM under a key derived from SESSION_SECRET with HKDF, so a copy of the
// database (a backup, a replica, a support dump) holds no usable reset link or mailed code.
const SEAL_VERSION = 'v1'
const bodyKey = () => derivedKey('prooftrack mail_outbox', 'mail body v1')

export function sealBody(text: string) {
  const iv = crypto.randomBytes(12)
  const cipher = crypto.createCipheriv('aes-256-gcm', bodyKey(), iv)
  const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
  return [
    SEAL_VERSION,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    data.toString('base64url'),
  ].join('.')
}

/** The body of a queued message; throws when it was sealed under another secret or altered. */
export function openBody(sealed: string) {
  const [version, iv, tag, data] = sealed.split('.')
  if (version !== SEAL_VERSION || !iv || !tag || data === undefined)
    throw new Error('Not a sealed mail body')
  const decipher = crypto.createDecipheriv('aes-256-gcm', bodyKey(), Buffer.from(iv, 'base64url'))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8')
}

export interface OutgoingMail {
  id: number
  from: string
  to: string
  replyTo: string | null
  listUnsubscribe: string | null
  subject: string
  text: string
}

/** The headers a message adds to its From, To, Subject and body. */
function extraHeaders(mail: OutgoingMail): Record<string, string> {
  if (!mail.listUnsubscribe) return {}
  return {
    'List-Unsubscribe': `<${mail.listUnsubscribe}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  }
}

/** Where the worker hands a message: a real SMTP server, or the development mailbox on disk. */
export interface MailTransport {
  readonly kind: 'smtp' | 'file'
  deliver(mail: OutgoingMail): Promise<void>
}

export function smtpTransport(url: string): MailTransport {
  // Bounded waits, so one send always ends well inside the claim lease.
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 45_000,
  })
  return {
    kind: 'smtp',
    async deliver(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: mail.text,
        headers: extraHeaders(mail),
      })
    },
  }
}

/**
 * Without SMTP_URL each message becomes an .eml file (mode 0600) under DATA_DIR/mail, which any
 * mail client opens, so a developer can follow a reset link; the log names only the file.
 */
export function fileTransport(directory: string): MailTransport {
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  })
  return {
    kind: 'file',
    async deliver(mail) {
      const info = await composer.sendMail({
        from: mail.from,
        to: mail.to,
        replyTo: mail.replyTo ?? undefined,
        subject: mail.subject,
        text: mail.text,
        headers: extraHeaders(mail),
      })
      await fs.mkdir(directory, { recursive: true, mode: 0o700 })
      const file = path.resolve(directory, `${mail.id}.eml`)
      // A file left by an earlier database could have looser permissions: write a fresh one.
      await fs.rm(file, { force: true })
      await fs.writeFile(file, info.message, { mode: 0o600, flag: 'wx' })
      console.log(
        `[mail] #${mail.id} to ${mail.to}: ${JSON.stringify(mail.subject)} written to ${file}`,
      )
    },
  }
}

export const MAX_ATTEMPTS = 6
/** What a forgetRecipient message's address becomes once it is done with. */
export const FORGOTTEN_ADDRESS = ''

/** 30 s, 2 min, 8 min, 32 min, then 2 h between attempts: about 2 h 45 min before giving up. */
export function retryDelayMs(attempts: number) {
  return backoffMs(attempts, 2 * 60 * 60 * 1000)
}

/** Claims one due message under a lease (FOR UPDATE SKIP LOCKED), counting the attempt. */
function claimMail(database: Kysely<Database>) {
  return database
    .updateTable('mailOutbox')
    .set((eb) => ({ lockedUntil: leaseEnd(), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('mailOutbox')
        .select('id')
        .where('status', '=', 'queued')
        .where('nextAttemptAt', '<=', sql<Date>`now()`)
        .where((w) => w.or([w('lockedUntil', 'is', null), w('lockedUntil', '<', sql<Date>`now()`)]))
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returning([
      'id',
      'fromAddress',
      'toAddress',
      'replyTo',
      'listUnsubscribe',
      'subject',
      'sealedBody',
      'attempts',
      'forgetRecipient',
    ])
    .executeTakeFirst()
}
type ClaimedMail = NonNullable<Awaited<ReturnType<typeof claimMail>>>

/**
 * Drains the queue (the loop is platform/background-jobs): claims one due message at a time
 * (FOR UPDATE SKIP LOCKED plus a lease, so any number of workers in any number of processes
 * never take the same message), delivers it, then marks it sent and wipes its body, or schedules
 * a retry. A process that dies mid-send leaves the lease to expire and the message is tried
 * again: delivery is at least once, and exactly once unless a process dies between the SMTP
 * answer and the next write. Each pass first runs the registered steps (reset requests).
 */
export class MailWorker extends BackgroundJobRunner<ClaimedMail> {
  constructor(
    private readonly transport: MailTransport,
    private readonly database: () => Kysely<Database> = db,
    pollMs?: number,
  ) {
    super('mail', pollMs)
  }

  protected override async beforePass(stopped: () => boolean) {
    for (const step of steps.values()) if (!stopped()) await step(this.database())
  }

  protected claim() {
    return claimMail(this.database())
  }

  protected handle(row: ClaimedMail) {
    return this.deliver(row)
  }

  private async deliver(row: ClaimedMail) {
    const outbox = () => this.database().updateTable('mailOutbox').where('id', '=', row.id)
    const forgotten = row.forgetRecipient ? { toAddress: FORGOTTEN_ADDRESS } : {}
    let text: string
    try {
      text = openBody(row.sealedBody ?? '')
    } catch {
      await outbox()
        .set({
          ...forgotten,
          status: 'failed',
          error:
            'The body cannot be opened: it was sealed under another SESSION_SECRET, or altered.',
          lockedUntil: null,
        })
        .execute()
      console.warn(`[mail] #${row.id} to ${row.toAddress} cannot be opened; marked failed`)
      return false
    }
    try {
      await this.transport.deliver({
        id: row.id,
        from: row.fromAddress,
        to: row.toAddress,
        replyTo: row.replyTo,
        listUnsubscribe: row.listUnsubscribe,
        subject: row.subject,
        text,
      })
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 2000)
      // A 5xx answer (no such mailbox, refused) will not change on retry.
      const permanent = isPermanentSmtpError(error)
      const giveUp = permanent || row.attempts >= MAX_ATTEMPTS
      const retryMs = retryDelayMs(row.attempts)
      await outbox()
        .set({
          ...(giveUp ? forgotten : {}),
          status: giveUp ? 'failed' : 'queued',
          error: reason,
          lockedUntil: null,
          nextAttemptAt: retryAt(retryMs),
        })
        .execute()
      console.warn(
        `[mail] #${row.id} to ${row.toAddress}: attempt ${row.attempts} failed (${reason})${giveUp ? '; given up' : `; next try in ${Math.round(retryMs / 1000)} s`}`,
      )
      return false
    }
    await outbox()
      .set({
        ...forgotten,
        status: 'sent',
        sentAt: new Date(),
        sealedBody: null,
        error: null,
        lockedUntil: null,
        deliveredVia: this.transport.kind,
      })
      .execute()
    return true
  }
}

function isPermanentSmtpError(error: unknown) {
  if (typeof error !== 'object' || error === null || !('responseCode' in error)) return false
  const code = error.responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

/** Started once by the server entry; stops before the database closes at shutdown. */
export function startMailWorker() {
  void holder.__prooftrackMailWorker?.stop()
  const { SMTP_URL, DATA_DIR } = env()
  const worker = new MailWorker(
    SMTP_URL ? smtpTransport(SMTP_URL) : fileTransport(path.join(DATA_DIR, 'mail')),
  )
  holder.__prooftrackMailWorker = worker
  beforeDatabaseClose('mail queue', () => worker.stop())
  return worker.start()
}
