import fs from 'node:fs'
import path from 'node:path'
import { type ParsedMail, simpleParser } from 'mailparser'

/**
 * The newest mail a server without SMTP wrote to `address` under its DATA_DIR/mail (one
 * `<id>.eml` file per message, as a developer would open it), with `subject` when given;
 * waited for up to `timeout` ms, since the mail worker delivers after the request that queued
 * it. Read from the files, not the server's log, so it works for the run's shared server too,
 * whose log lives in another process (decision 099).
 */
export async function mailTo(
  dataDir: string,
  address: string,
  { subject, timeout = 15_000 }: { subject?: string; timeout?: number } = {},
): Promise<ParsedMail> {
  const mailbox = path.join(dataDir, 'mail')
  // Headers end in CRLF or LF, as the message was composed.
  const recipient = [`To: ${address}\r\n`, `To: ${address}\n`]
  for (const deadline = Date.now() + timeout; ;) {
    const files = fs.existsSync(mailbox)
      ? fs
          .readdirSync(mailbox)
          .filter((name) => /^\d+\.eml$/.test(name))
          .sort((a, b) => Number.parseInt(b) - Number.parseInt(a))
      : []
    for (const name of files) {
      const raw = fs.readFileSync(path.join(mailbox, name))
      if (!recipient.some((line) => raw.includes(line))) continue
      const mail = await simpleParser(raw)
      if (subject === undefined || mail.subject === subject) return mail
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${address} under ${mailbox}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The invitation link (its full address) in the newest mail to `address`. */
export async function invitationLinkTo(dataDir: string, address: string) {
  const mail = await mailTo(dataDir, address)
  const link = /http:\/\/127\.0\.0\.1:\d+\/invitations\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')
  if (!link) throw new Error(`The newest mail to ${address} holds no invitation link`)
  return link[0]
}
