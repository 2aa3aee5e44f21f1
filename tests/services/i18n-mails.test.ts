import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DecisionSchema } from '~/lib/co-writers-schema'
import { setAccountLocale } from '~/i18n/account-locale.server'
import {
  mailVerificationCode,
  verifyEmailByCode,
  createSupportCode,
} from '~/services/accounts/email-verification.server'
import {
  processResetRequests,
  requestPasswordReset,
} from '~/services/accounts/password-reset.server'
import { changePassword, deleteAccount } from '~/services/accounts/account.server'
import { confirmEmailChange, requestEmailChange } from '~/services/accounts/email-change.server'
import { mailSignInLink } from '~/services/accounts/google-link.server'
import { createLocalUser, signInWithGoogle } from '~/services/accounts/users.server'
import { decideInvitation } from '~/services/co-writers/invitation-answers.server'
import {
  answerMail,
  invitationMail,
  type InvitationOccasion,
} from '~/services/co-writers/invitation-mails.server'
import { sendInvitation } from '~/services/co-writers/invitations.server'
import { MailWorker, smtpTransport } from '~/services/platform/mail.server'
import { db } from '../setup/db'
import { createTestSong, createUser, PASSWORD } from '../setup/fixtures'
import { lastMailTo, mailTo } from '../setup/mail'

// Issue 54: each mail in its recipient's language, through the real path (the service queues
// it, the worker hands it to an SMTP server, the server parses what arrived). An invitation goes
// in the inviter's language with one line of English above it; a recipient whose language is
// unknown reads English. The pseudo-language (en-XA) shows that no English sentence of a mail
// skipped the catalogue.

interface Received {
  to: string[]
  subject: string
  text: string
}
const received: Received[] = []
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    simpleParser(stream).then((mail) => {
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        subject: mail.subject ?? '',
        text: mail.text ?? '',
      })
      callback()
    }, callback)
  },
})
let smtpUrl = ''
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** Delivers everything queued over SMTP and returns what the server received for `address`. */
async function delivered(address: string) {
  await new MailWorker(smtpTransport(smtpUrl)).drain()
  const mail = received.filter((m) => m.to.includes(address)).at(-1)
  expect(mail, `a mail to ${address}`).toBeDefined()
  return mail!
}

async function userIn(
  locale: string | null,
  extra: { timeZone?: string; emailVerified?: boolean } = {},
) {
  const user = await createUser({
    emailVerified: extra.emailVerified ?? true,
    firstName: '美咲',
    lastName: '佐藤',
  })
  return db()
    .updateTable('users')
    .set({ locale, timeZone: extra.timeZone ?? null })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow()
}

const SPLIT = {
  title: 'ฤดูฝน (Rainy Season)',
  contributorName: '佐藤 美咲',
  coContributorName: 'Иван Петров',
  contributions: [
    {
      component: 'lyrics' as const,
      contributorPercent: 70,
      coContributorPercent: 30,
      coContributor2Percent: 0,
      aiPercent: 0,
    },
  ],
}
const invitee = () => `ivan-${Math.random().toString(36).slice(2)}@example.com`

describe('a mail in its recipient’s language, over SMTP', () => {
  test('a German account gets its verification code in German', async () => {
    const user = await userIn(null)
    await setAccountLocale(db(), user.id, 'de')
    await mailVerificationCode(db(), user.id, user.email)
    const mail = await delivered(user.email)
    expect(mail.subject).toBe('Dein Bestätigungscode für ProofTrack')
    expect(mail.text).toMatch(
      /^Dein Code zur Bestätigung deiner E-Mail-Adresse lautet \d{6}\.\n\nGib ihn innerhalb von 24 Stunden auf http:\/\/localhost:3000\/verify-email ein, um deine E-Mail-Adresse zu bestätigen\.\n$/,
    )
  })

  test('the account’s choice wins over the language of the page that asked', async () => {
    const user = await userIn('de')
    await mailVerificationCode(db(), user.id, user.email, 'fr')
    expect((await delivered(user.email)).subject).toBe('Dein Bestätigungscode für ProofTrack')
  })

  test('without a choice on the account, the language of the page that asked', async () => {
    const user = await userIn(null)
    await mailVerificationCode(db(), user.id, user.email, 'fr')
    const mail = await delivered(user.email)
    expect(mail.subject).toBe('Votre code de vérification ProofTrack')
    expect(mail.text).toMatch(/^Votre code de vérification d’adresse e-mail est \d{6}\./)
  })

  test('with no language known at all, the mail is English, word for word as before', async () => {
    const user = await userIn(null)
    await mailVerificationCode(db(), user.id, user.email)
    const mail = await delivered(user.email)
    expect(mail.subject).toBe('Your ProofTrack verification code')
    expect(mail.text).toMatch(
      /^Your email verification code is \d{6}\.\n\nEnter it on http:\/\/localhost:3000\/verify-email within 24 hours to verify your email address\.\n$/,
    )
  })

  test('a Brazilian account’s reset link comes in Portuguese', async () => {
    const user = await userIn('pt-BR')
    await requestPasswordReset(db(), user.email)
    await processResetRequests(db())
    const mail = await delivered(user.email)
    expect(mail.subject).toBe('Redefina sua senha do ProofTrack')
    expect(mail.text).toContain(
      'Para escolher uma nova senha, abra este link em até uma hora:\nhttp://localhost:3000/reset-password?token=',
    )
  })

  test('a Japanese inviter’s invitation is Japanese under one English line, its date in Japanese; the inviter hears of the dispute in Japanese', async () => {
    const owner = await userIn('ja', { timeZone: 'Asia/Tokyo' })
    const song = await createTestSong(owner.id, SPLIT)
    const email = invitee()
    expect(await sendInvitation(db(), owner, song.id, 'co-contributor', email)).toMatchObject({
      ok: true,
    })
    const mail = await delivered(email)
    expect(mail.subject).toBe('ProofTrack：楽曲の持ち分を承認してください')
    const [english, ...rest] = mail.text.split('\n\n')
    expect(english).toBe(
      'You are invited to confirm your share of a song on ProofTrack. This message is in Japanese, the language of the person who invited you.',
    )
    expect(rest.join('\n\n')).toMatch(
      /^ProofTrack のユーザーがあなたを楽曲の参加者として登録し、.*以下はオーナーが入力した内容で、ProofTrack によるものではありません。/,
    )
    expect(mail.text).toContain('  名前：\n    “\u2068佐藤 美咲\u2069”')
    expect(mail.text).toMatch(
      /リンクは \d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2} \(UTC\+09:00, Asia\/Tokyo\) まで、1 回だけ使えます。\nhttp:\/\/localhost:3000\/invitations\/[A-Za-z0-9_-]{43}\n/,
    )
    // Below the English line, no English sentence: only names, links and identifiers.
    expect(englishWordsIn(rest.join('\n\n'), [song.title, SPLIT.contributorName])).toEqual([])

    const token = /\/invitations\/([A-Za-z0-9_-]{43})/.exec(mail.text)![1]!
    const dispute = DecisionSchema.parse({ intent: 'dispute', disputeReason: 'I wrote half' })
    expect(await decideInvitation(db(), token, dispute)).toEqual({ ok: true })
    const told = await delivered(owner.email)
    expect(told.subject).toBe(
      `ProofTrack：共作者が「\u2068${song.title}\u2069」の持ち分に異議を申し立てました`,
    )
    expect(told.text).toMatch(
      new RegExp(
        `^共同参加者 \u2068Иван Петров\u2069（${email} に招待）が、\\d{4}年\\d{1,2}月\\d{1,2}日 \\(UTC\\+09:00, Asia/Tokyo\\) に「`,
      ),
    )
  })

  test('an English inviter’s invitation has no line about its language', async () => {
    const owner = await userIn(null)
    const song = await createTestSong(owner.id, SPLIT)
    const email = invitee()
    await sendInvitation(db(), owner, song.id, 'co-contributor', email)
    const mail = await delivered(email)
    expect(mail.subject).toBe('ProofTrack: confirm your share of a song')
    expect(mail.text).toMatch(/^A ProofTrack user named you as a contributor to a song/)
  })
})

// The mail's words that are plain ASCII and neither a name, an identifier written in capitals
// (UTC, PRO) nor a number: in the pseudo-language, each is an English word that skipped the
// catalogue (the idea of tests/e2e/i18n-english.ts, on a mail's text). What the mail quotes
// (names, titles, links, addresses) and the dates, which the pseudo-language writes as English
// does, are not the mail's words and are taken out first.
const NAMES = ['ProofTrack', 'PT']
const MONTH =
  /(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}( at \d{2}:\d{2})?/g
function englishWordsIn(text: string, quoted: string[] = []) {
  let ours = text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\S+@\S+/g, ' ')
    .replace(/“[^”]*”/g, ' ')
    .replace(MONTH, ' ')
    .replace(/Asia\/\w+/g, ' ')
  for (const words of quoted) ours = ours.split(words).join(' ')
  return (ours.match(/[A-Za-z]+/g) ?? []).filter(
    (word) => !NAMES.includes(word) && !/^[A-Z0-9][A-Z0-9-]*$/.test(word),
  )
}

describe('the pseudo-language: no English sentence in any translated mail', () => {
  const owner = {
    firstName: 'Ann',
    lastName: 'Writer',
    email: 'ann@example.com',
    deletedAt: null,
    timeZone: 'Asia/Seoul',
  }
  const occasions: InvitationOccasion[] = [
    { kind: 'first' },
    { kind: 'reminder' },
    { kind: 'split-changed' },
    { kind: 'after-dispute', disputedAt: new Date(), reason: 'I wrote half' },
    { kind: 'after-dispute', disputedAt: new Date(), reason: null },
  ]
  const quoted = ['Ann Writer', 'Rainy Season', 'Ivan']

  function invitations(locale: string | null) {
    return occasions.map((occasion) =>
      invitationMail(
        { title: 'Rainy Season' },
        { ...owner, locale },
        'ivan@example.com',
        'x'.repeat(43),
        new Date(),
        occasion,
      ),
    )
  }
  function answers(locale: string | null) {
    const who = { name: 'Ivan', email: 'ivan@example.com', decidedAt: new Date() }
    const to = { email: owner.email, timeZone: owner.timeZone, locale }
    const song = { id: 1, title: 'Rainy Season' }
    return [
      answerMail(song, to, { ...who, slot: 'main', intent: 'confirm', creditedName: 'Ivan' }),
      answerMail(song, to, {
        ...who,
        slot: 'co-contributor',
        intent: 'confirm',
        creditedName: 'Иван',
        creditedLatinName: 'Ivan',
      }),
      answerMail(song, to, {
        ...who,
        slot: 'co-contributor-2',
        intent: 'dispute',
        disputeReason: 'No',
      }),
      answerMail(
        song,
        { ...to, email: 'nameless@example.com' },
        { ...who, name: '', slot: 'co-contributor', intent: 'dispute', disputeReason: 'No' },
      ),
    ]
  }

  test('the check finds the English it is there to find (its control)', () => {
    for (const mail of [...invitations(null), ...answers(null)])
      expect(englishWordsIn(`${mail.subject}\n${mail.text}`, quoted).length).toBeGreaterThan(5)
  })

  test('every invitation and every answer to the owner', () => {
    for (const mail of invitations('en-XA')) {
      const [english, ...rest] = mail.text.split('\n\n')
      // The one English line, on purpose: the invitee's language is not known.
      expect(english).toBe(
        'You are invited to confirm your share of a song on ProofTrack. This message is in pseudo-English, the language of the person who invited you.',
      )
      expect(englishWordsIn(`${mail.subject}\n${rest.join('\n\n')}`, quoted)).toEqual([])
    }
    for (const mail of answers('en-XA'))
      expect(englishWordsIn(`${mail.subject}\n${mail.text}`, quoted)).toEqual([])
  })

  test('the account mails, each through its real path', async () => {
    const user = await userIn('en-XA', { emailVerified: false })
    await mailVerificationCode(db(), user.id, user.email)
    const code = await lastMailTo(user.email)
    await requestPasswordReset(db(), user.email)
    await processResetRequests(db())
    const reset = await lastMailTo(user.email)
    const { code: shown } = await createSupportCode(db(), user.id)
    expect(await verifyEmailByCode(db(), shown)).toMatchObject({ ok: true })
    const verified = await lastMailTo(user.email)
    const mails = [code, reset, verified]
    expect(new Set(mails.map((mail) => mail?.id)).size).toBe(3)
    for (const mail of mails) {
      expect(mail?.text).toBeTruthy()
      expect(englishWordsIn(`${mail!.subject}\n${mail!.text}`, ['美咲', '佐藤'])).toEqual([])
    }
  })
  test('the address, password and account mails, each through its real path', async () => {
    const user = await userIn('en-XA')
    const other = await userIn('en-XA')
    // Someone else signs up with this account's address: its holder is told.
    expect(
      await createLocalUser(db(), {
        firstName: 'Eve',
        lastName: 'Else',
        username: `eve_${Math.random().toString(36).slice(2, 8)}`,
        email: user.email,
        password: PASSWORD,
        timeZone: null,
      }),
    ).toEqual({ kind: 'address-taken' })
    // A move to an address that has its account, then to a free one, then the link opened.
    expect(await requestEmailChange(db(), user, other.email)).toMatchObject({ ok: true })
    const free = `free-${Math.random().toString(36).slice(2)}@example.com`
    expect(await requestEmailChange(db(), user, free)).toMatchObject({ ok: true })
    const link = (await lastMailTo(free))!
    const token = /token=([A-Za-z0-9_-]+)/.exec(link.text!)![1]!
    expect(await confirmEmailChange(db(), user, token)).toMatchObject({ ok: true })
    const moved = { ...user, email: free }
    expect(
      await changePassword(
        db(),
        moved,
        {
          currentPassword: PASSWORD,
          newPassword: 'An0ther-Secret!',
          confirmPassword: 'An0ther-Secret!',
        },
        null,
      ),
    ).toEqual({ ok: true })
    // Taken before the deletion, which forgets the mails still queued to its address.
    const before = await mailTo(free)
    await deleteAccount(db(), moved)
    const mails = [
      ...(await mailTo(user.email)),
      ...(await mailTo(other.email)),
      ...before,
      ...(await mailTo(free)).slice(0, 1),
    ]
    const subjects = mails.map((mail) => mail.subject)
    // The taken-address note, the move asked, the move done, the other account's note, the
    // link, the password changed, the account deleted.
    expect(new Set(subjects).size).toBe(7)
    for (const mail of mails)
      expect(
        englishWordsIn(`${mail.subject}\n${mail.text ?? ''}`, ['美咲', '佐藤', user.username]),
        mail.subject,
      ).toEqual([])
  })
  test('the Google mails: a takeover of an unverified account, and the link that continues a sign-in', async () => {
    const user = await userIn('en-XA', { emailVerified: false })
    const google = { name: 'Eve Google', idEnding: '4821' }
    await signInWithGoogle(db(), {
      id: `google-${String(Math.random()).slice(2)}`,
      email: user.email,
      emailVerified: true,
      displayName: google.name,
    })
    const takeover = (await lastMailTo(user.email))!
    expect(takeover.text).toMatch(/^- /m)
    expect(await mailSignInLink(db(), user, google)).toMatchObject({ sent: true })
    const link = (await lastMailTo(user.email))!
    expect(link.id).not.toBe(takeover.id)
    for (const mail of [takeover, link])
      expect(
        englishWordsIn(`${mail.subject}\n${mail.text}`, [
          '美咲',
          '佐藤',
          user.username,
          'Eve Google',
          'Google',
        ]),
        mail.subject,
      ).toEqual([])
  })
})
