import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { knownFilesOnly } from '../../server/public-files.mjs'

// The production server lists public/ once; a page request must not reach the file server (a
// file-system lookup per request), while every public file still does.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'public-files-'))
fs.mkdirSync(path.join(dir, 'docs'))
fs.mkdirSync(path.join(dir, 'build'))
fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>')
fs.writeFileSync(path.join(dir, 'docs', 'index.html'), '<p>docs</p>')
fs.writeFileSync(path.join(dir, 'docs', 'a b.txt'), 'a b')
fs.writeFileSync(path.join(dir, 'build', 'entry.client-ABC.js'), '')
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

function route(urlPath: string) {
  const served: string[] = []
  const middleware = knownFilesOnly(dir, path.join(dir, 'build'), (req: { path: string }) => {
    served.push(req.path)
  })
  let passed = false
  middleware({ path: urlPath }, {}, () => (passed = true))
  return served.length === 1 ? 'file server' : passed ? 'next' : 'nothing'
}

describe('public files (server/public-files.mjs)', () => {
  test.each(['/favicon.svg', '/docs', '/docs/', '/docs/a%20b.txt', '/%E0%A4%A'])(
    '%s goes to the file server',
    (urlPath) => expect(route(urlPath)).toBe('file server'),
  )

  test.each([
    '/',
    '/privacy-policy',
    '/favicon.svg/x',
    '/docs/index',
    '/build/entry.client-ABC.js',
  ])('%s goes on to the app without a file-system lookup', (urlPath) =>
    expect(route(urlPath)).toBe('next'),
  )
})
