import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { openDatabase } from '../../db/client'
import { adminSession, startServer, startServerWithAdmin } from './server'

const root = path.resolve(__dirname, '../..')
const embedded = !process.env.DATABASE_URL

test(
  'the server keeps its state in DATA_DIR, locks it against a second process, and exits promptly on SIGTERM',
  { timeout: 180_000 },
  async () => {
    const server = await startServer()
    // A visitor without JavaScript (a real browser's user agent, not a bot) and a contact post.
    const headers = {
      'User-Agent':
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    }
    expect((await fetch(`${server.baseUrl}/faq`, { headers })).status).toBe(200)
    const posted = await fetch(`${server.baseUrl}/contact`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        name: 'Lifecycle',
        email: 'life@example.com',
        subject: 'Kept on disk',
        message: 'This message must survive a restart.',
      }),
      redirect: 'manual',
    })
    expect(posted.status).toBe(302)
    // The mail worker in the server delivers it (without SMTP, to a file under DATA_DIR/mail).
    const mailbox = path.join(server.dataDir, 'mail')
    await expect
      .poll(() => (fs.existsSync(mailbox) ? fs.readdirSync(mailbox) : []), { timeout: 10_000 })
      .toHaveLength(1)

    if (embedded) {
      const script = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: server.dataDir },
        encoding: 'utf8',
      })
      expect(script.status).toBe(1)
      expect(script.stderr).toContain(`is in use by process ${server.process.pid}`)
    }

    const started = Date.now()
    const code = await server.stop('SIGTERM')
    expect(code).toBe(0)
    expect(Date.now() - started).toBeLessThan(5000)
    if (!embedded) return

    expect(fs.existsSync(path.join(server.dataDir, 'pglite.lock'))).toBe(false)
    const handle = await openDatabase({ dataDir: server.dataDir })
    try {
      const views = await handle.db
        .selectFrom('analyticsEvents')
        .select(['pagePath', 'eventType'])
        .where('pagePath', '=', '/faq')
        .execute()
      expect(views).toEqual([{ pagePath: '/faq', eventType: 'page_view' }])
      const messages = await handle.db.selectFrom('contactMessages').select('subject').execute()
      expect(messages).toEqual([{ subject: 'Kept on disk' }])
      const mail = await handle.db
        .selectFrom('mailOutbox')
        .select(['toAddress', 'status', 'deliveredVia', 'sealedBody'])
        .execute()
      expect(mail).toEqual([
        {
          toAddress: 'support@prooftrack.test',
          status: 'sent',
          deliveredVia: 'file',
          sealedBody: null,
        },
      ])
    } finally {
      await handle.close()
    }
  },
)

test(
  'on SIGTERM a response in flight is finished before the server exits 0',
  { timeout: 180_000 },
  async () => {
    const server = await startServerWithAdmin()
    const cookie = await adminSession(server.baseUrl, '198.51.100.88')
    // Larger than the socket buffers, so the download is still running when the signal comes.
    const video = crypto.randomBytes(16 * 1024 * 1024)
    const body = new FormData()
    body.set('video', new Blob([video], { type: 'video/mp4' }), 'drain.mp4')
    const upload = await fetch(`${server.baseUrl}/api/admin/upload-video`, {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest', Cookie: cookie },
      body,
    })
    expect(upload.status).toBe(201)

    const download = await fetch(`${server.baseUrl}/media/landing-video`)
    const reader = download.body!.getReader()
    const first = await reader.read()
    const chunks = [first.value!]
    const exited = server.stop('SIGTERM')
    // The listener closes on the signal: a new connection is refused while the download goes on.
    // Polled, not slept on: on a loaded machine the signal can take longer than any fixed wait.
    await expect
      .poll(() =>
        fetch(`${server.baseUrl}/healthz`).then(
          () => 'answered',
          () => 'refused',
        ),
      )
      .toBe('refused')
    for (let next = await reader.read(); !next.done; next = await reader.read())
      chunks.push(next.value)
    expect(Buffer.concat(chunks).equals(video)).toBe(true)
    expect(await exited).toBe(0)
  },
)

test('in production the server refuses to start without SESSION_SECRET, naming it', async () => {
  await expect(
    startServer({ APP_ENV: 'production', SESSION_SECRET: '', APP_URL: 'https://pt.example' }),
  ).rejects.toThrow(/SESSION_SECRET is required in production/)
})

test('a database that cannot be reached stops start-up with its error', async () => {
  await expect(startServer({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toThrow(
    /exited during start-up[\s\S]*ECONNREFUSED/,
  )
})

test('a server whose port another process holds is not taken for started, though the other answers /healthz', async () => {
  // Issue 36: the race behind the backup-while-serving failure, made certain.
  const stranger = http.createServer((_request, response) => response.end('ok'))
  await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve))
  const { port } = stranger.address() as AddressInfo
  try {
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)
    await expect(startServer({ PORT: String(port) })).rejects.toThrow(/EADDRINUSE/)
  } finally {
    stranger.close()
  }
})
