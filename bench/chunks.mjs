// The JavaScript files and bytes each page of the new user's path needs, read from the build's
// manifest (issue 53, item 4): entry.client, the root route and the page's route, each with the
// chunks it imports, all of them announced in the page's HTML (modulepreload). Run after a build:
//   node bench/chunks.mjs          the new user's path
//   node bench/chunks.mjs --all    every page's gzip bytes, heaviest first, against decision 044's
//                                  120 KB (as tests/e2e/bundle.test.ts weighs them)
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** The routes a new user walks: landing, sign-up, verify email, the song form (and its review), register. */
export const NEW_USER_ROUTES = [
  { name: 'landing /', route: 'routes/_index' },
  { name: 'sign-up /register', route: 'routes/register' },
  { name: 'verify email /verify-email', route: 'routes/verify-email' },
  { name: 'song form and review /submit', route: 'routes/submit' },
  { name: 'registration /songs/:id/register', route: 'routes/songs.$id.register' },
]

/** The browser manifest of the build in `publicDir` (public/ of the checkout by default). */
export function readManifest(publicDir = path.join(root, 'public')) {
  const dir = path.join(publicDir, 'build')
  const file = fs.readdirSync(dir).find((name) => /^manifest-[A-Z0-9]+\.js$/.test(name))
  if (!file) throw new Error(`No manifest in ${dir}: build the app first`)
  const text = fs.readFileSync(path.join(dir, file), 'utf8')
  return JSON.parse(text.replace(/^window\.__remixManifest=/, '').replace(/;\s*$/, ''))
}

/** Each new-user page's files (what its HTML announces), their bytes raw and gzip, and the path's union. */
export function newUserChunks(publicDir = path.join(root, 'public')) {
  const manifest = readManifest(publicDir)
  const size = (file) => {
    const bytes = fs.readFileSync(path.join(publicDir, file))
    return { raw: bytes.length, gzip: zlib.gzipSync(bytes).length }
  }
  const filesOf = (id) => {
    const route = manifest.routes[id]
    if (!route) throw new Error(`No route ${id} in the manifest`)
    return [route.module, ...(route.imports ?? [])]
  }
  const shared = [manifest.entry.module, ...manifest.entry.imports, ...filesOf('root')]
  const union = new Set()
  const pages = NEW_USER_ROUTES.map(({ name, route }) => {
    const files = [...new Set([...shared, ...filesOf(route)])]
    for (const file of files) union.add(file)
    const sizes = files.map(size)
    return {
      name,
      route,
      files: files.length,
      raw: sizes.reduce((sum, one) => sum + one.raw, 0),
      gzip: sizes.reduce((sum, one) => sum + one.gzip, 0),
      smallest: Math.min(...sizes.map((one) => one.raw)),
    }
  })
  const all = [...union].map(size)
  return {
    pages,
    path: {
      files: union.size,
      raw: all.reduce((sum, one) => sum + one.raw, 0),
      gzip: all.reduce((sum, one) => sum + one.gzip, 0),
    },
  }
}

/**
 * Every page's JavaScript, weighed as tests/e2e/bundle.test.ts weighs it: the baseline's and the
 * route's files and every file those import statically (read from the code, so a chunk a chunk
 * imports counts too), each gzipped on its own. Heaviest first; sizes in bytes.
 */
export function everyPage(publicDir = path.join(root, 'public')) {
  const manifest = readManifest(publicDir)
  const files = new Map()
  const file = (href) => {
    if (!files.has(href)) {
      const code = fs.readFileSync(path.join(publicDir, href))
      const imports = [
        ...code
          .toString('utf8')
          .matchAll(/(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js|\/[^"']+\.js)["']/g),
      ].map((match) => new URL(match[1], `http://x${href}`).pathname)
      files.set(href, { gzip: zlib.gzipSync(code).length, imports })
    }
    return files.get(href)
  }
  const weigh = (hrefs) => {
    const seen = new Set()
    const queue = [...hrefs]
    while (queue.length > 0) {
      const href = queue.shift()
      if (seen.has(href)) continue
      seen.add(href)
      queue.push(...file(href).imports)
    }
    return { files: seen.size, gzip: [...seen].reduce((sum, href) => sum + file(href).gzip, 0) }
  }
  const filesOf = (id) => [manifest.routes[id].module, ...(manifest.routes[id].imports ?? [])]
  const baseline = [manifest.entry.module, ...manifest.entry.imports, ...filesOf('root')]
  return {
    baseline: weigh(baseline),
    pages: Object.keys(manifest.routes)
      .filter((id) => id.startsWith('routes/'))
      .map((route) => ({ route, ...weigh([...baseline, ...filesOf(route)]) }))
      .sort((a, b) => b.gzip - a.gzip),
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--all')) {
  const { baseline, pages } = everyPage()
  const kb = (bytes) => (bytes / 1024).toFixed(1)
  console.log(`baseline (entry, React, Remix, root): ${kb(baseline.gzip)} KB gzip`)
  for (const page of pages)
    console.log(
      `${kb(page.gzip).padStart(6)} KB  ${String(page.files).padStart(2)} files  ${page.route}${page.gzip > 120 * 1024 ? '  over 120 KB' : ''}`,
    )
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { pages, path: walk } = newUserChunks()
  for (const page of pages)
    console.log(
      `${page.name}: ${page.files} files, ${page.raw} bytes, ${page.gzip} gzip (smallest ${page.smallest})`,
    )
  console.log(`the whole path: ${walk.files} files, ${walk.raw} bytes, ${walk.gzip} gzip`)
}
