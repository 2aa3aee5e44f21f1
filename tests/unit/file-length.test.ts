import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// Issue 36: a file over 500 lines is one a reader loses; split it by what a reader looks for.
const LIMIT = 500

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [full] : []
  })
}

test(`no file in app/ or server/ is longer than ${LIMIT} lines`, () => {
  const root = path.resolve(__dirname, '../..')
  const long = ['app', 'server']
    .flatMap((dir) => sources(path.join(root, dir)))
    .map((file) => ({
      file: path.relative(root, file),
      lines: fs.readFileSync(file, 'utf8').split('\n').length,
    }))
    .filter(({ lines }) => lines > LIMIT)
    .map(({ file, lines }) => `${file}: ${lines} lines`)
  expect(long).toEqual([])
})
