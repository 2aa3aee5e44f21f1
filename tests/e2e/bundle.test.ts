import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { expect, test } from 'vitest'
import { z } from 'zod'

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

// Single fetch is off: remix.config.js leaves its decoder (turbo-stream), which @remix-run/react
// imports whatever the flag, out of the browser build: 2.5 KB gzip on every page (decision 116's
// "Page JavaScript").
test('no browser bundle carries single fetch’s decoder', () => {
  const scripts = files(buildDir).filter((file) => file.endsWith('.js'))
  const offenders = scripts.filter((file) =>
    /Unable to decode turbo-stream/.test(fs.readFileSync(file, 'utf8')),
  )
  expect(offenders.map((file) => path.relative(buildDir, file))).toEqual([])
})

// The second shared list (app/shared-client-modules-lighter-pages.ts) is one chunk, which the
// song form, edit, details and verify pages do not load. A module one of them imports would be
// split out of it into a chunk of its own, and the four pages would carry the rest again.
test('the sign-in and landing pieces are one chunk the form and certificate pages do not name', () => {
  const metafile = z
    .object({
      outputs: z.record(
        z.string(),
        z.object({
          inputs: z.record(z.string(), z.unknown()),
          imports: z.array(z.object({ path: z.string(), kind: z.string() })),
        }),
      ),
    })
    .parse(
      JSON.parse(fs.readFileSync(path.resolve(buildDir, '../../build/metafile.js.json'), 'utf8')),
    )
  const list = path.resolve(__dirname, '../../app/shared-client-modules-lighter-pages.ts')
  const listed = [...fs.readFileSync(list, 'utf8').matchAll(/from '\.\/([^']+)'/g)].map(
    (match) => match[1]!,
  )
  expect(listed.length).toBeGreaterThan(5)
  const holding = (module: string) =>
    Object.keys(metafile.outputs).filter((output) =>
      Object.keys(metafile.outputs[output]!.inputs).some((input) =>
        new RegExp(`(^|/)app/${module}\\.tsx?$`).test(input),
      ),
    )
  const chunk = holding('shared-client-modules-lighter-pages')
  expect(chunk).toHaveLength(1)
  expect(Object.fromEntries(listed.map((module) => [module, holding(module)]))).toEqual(
    Object.fromEntries(listed.map((module) => [module, chunk])),
  )
  // Every file a page loads before it runs: its route's output and what that imports, in turn.
  const loaded = (output: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(output)) return seen
    seen.add(output)
    for (const found of metafile.outputs[output]?.imports ?? [])
      if (found.kind !== 'dynamic-import') loaded(found.path, seen)
    return seen
  }
  for (const page of ['submit', 'edit.$id', 'songs.$id.details', 'verify.$certificateId']) {
    const output = Object.keys(metafile.outputs).find((key) =>
      key.startsWith(`public/build/routes/${page}-`),
    )
    expect(output, page).toBeDefined()
    expect([...loaded(output!)], page).not.toContain(chunk[0])
  }
})

// Issue 16's JavaScript budgets, weighed as `npm run bench` weighs them (its section 3): every
// script a page's HTML names (entry.client, the root route and the page's route, with their
// listed imports) and every file those import statically, each gzipped at zlib's default level.
// Code a page loads later with import() (the admin panel, the Register dialog) is not counted.
// The edit page weighed 121.4 KB after issue 26 and was won back to 116.3 KB by importing the
// file-size words and the edit notice from small modules instead of the whole certificate and
// co-writers components.
test('no page but the payment step ships more than 120 KB of JavaScript; the landing page ≤ 1.15 × the baseline', () => {
  const manifestFile = fs.readdirSync(buildDir).find((file) => /^manifest-.*\.js$/.test(file))
  expect(manifestFile).toBeDefined()
  const manifest = JSON.parse(
    fs
      .readFileSync(path.join(buildDir, manifestFile!), 'utf8')
      .replace(/^window\.__remixManifest=/, '')
      .replace(/;\s*$/, ''),
  ) as {
    entry: { module: string; imports: string[] }
    routes: Record<string, { module: string; imports?: string[] }>
  }
  const publicDir = path.dirname(buildDir)
  const gzipped = new Map<string, { bytes: number; imports: string[] }>()
  const file = (href: string) => {
    if (!gzipped.has(href)) {
      const code = fs.readFileSync(path.join(publicDir, href))
      const imports = [
        ...code
          .toString('utf8')
          .matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js|\/[^"']+\.js)["']/g),
      ].map((match) => new URL(match[1]!, `http://x${href}`).pathname)
      gzipped.set(href, { bytes: zlib.gzipSync(code).length, imports })
    }
    return gzipped.get(href)!
  }
  const kb = (hrefs: string[]) => {
    const seen = new Set<string>()
    const queue = [...hrefs]
    while (queue.length > 0) {
      const href = queue.shift()!
      if (seen.has(href)) continue
      seen.add(href)
      queue.push(...file(href).imports)
    }
    return [...seen].reduce((total, href) => total + file(href).bytes, 0) / 1024
  }
  const routeFiles = (id: string) => {
    const route = manifest.routes[id]!
    return [route.module, ...(route.imports ?? [])]
  }
  const baseline = [manifest.entry.module, ...manifest.entry.imports, ...routeFiles('root')]
  const pages = Object.keys(manifest.routes).filter((id) => id.startsWith('routes/'))
  expect(pages.length).toBeGreaterThan(10)
  const over = pages
    .filter((id) => id !== 'routes/songs.$id.register')
    .map((id) => ({ id, kb: Math.round(kb([...baseline, ...routeFiles(id)]) * 10) / 10 }))
    // Decision 044's 120 KB. Held at 124 KB in session 9 (the error summary and revalidation of
    // decision 113, the one shared chunk of decision 116); won back in session 10 (decision 116's
    // "Page JavaScript"): single fetch's unused decoder left out of the framework chunk, the
    // sign-in and landing pieces in a second shared chunk the four form and certificate pages do
    // not load, and the hashing code loaded when a recording is chosen.
    .filter((page) => page.kb > 120)
  expect(over).toEqual([])
  const landing = kb([...baseline, ...routeFiles('routes/_index')]) / kb(baseline)
  // Its notes on PRO and SHA-256 (issue 39.13) come as its loader's data, not as script: the
  // glossary's one file of every sentence put it at 1.152 (decision 093).
  expect(landing).toBeLessThanOrEqual(1.15)
})
