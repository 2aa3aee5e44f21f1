import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

const buildDir = path.resolve(__dirname, '../../public/build')

function files(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    )
}

// zod would add ~100 KB gzip to every form page: schemas must stay on the server.
test('no browser bundle carries zod or a form schema', () => {
  const scripts = files(buildDir).filter((file) => file.endsWith('.js'))
  expect(scripts.length).toBeGreaterThan(5)
  const offenders = scripts.filter((file) =>
    /ZodError|Password must contain at least one uppercase letter/.test(
      fs.readFileSync(file, 'utf8'),
    ),
  )
  expect(offenders.map((file) => path.relative(buildDir, file))).toEqual([])
})

test('no browser bundle carries server secrets or server-only modules', () => {
  const scripts = files(buildDir).filter((file) => file.endsWith('.js'))
  const offenders = scripts.filter((file) =>
    /SESSION_SECRET|STRIPE_SECRET_KEY|GOOGLE_CLIENT_SECRET|argon2|@electric-sql\/pglite/.test(
      fs.readFileSync(file, 'utf8'),
    ),
  )
  expect(offenders.map((file) => path.relative(buildDir, file))).toEqual([])
})

// remix-auth is CommonJS: one import of it in a route module (an error class its action checks)
// pulled the whole of Remix's server runtime into the framework chunk every page loads, about
// 15 KB gzip. package.json's "browser" field maps it to nothing in the browser build.
test('no browser bundle carries remix-auth or Remix’s server runtime', () => {
  const scripts = files(buildDir).filter((file) => file.endsWith('.js'))
  const offenders = scripts.filter((file) =>
    /Expected a Response to be returned from queryRoute|Strategy \$\{\w+\} not found/.test(
      fs.readFileSync(file, 'utf8'),
    ),
  )
  expect(offenders.map((file) => path.relative(buildDir, file))).toEqual([])
})
