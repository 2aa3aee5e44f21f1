// The JavaScript files and bytes each page of the new user's path needs, read from the build's
// manifest (issue 53, item 4): entry.client, the root route and the page's route, each with the
// chunks it imports, all of them announced in the page's HTML (modulepreload). Run after a build:
//   node bench/chunks.mjs
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { pages, path: walk } = newUserChunks()
  for (const page of pages)
    console.log(
      `${page.name}: ${page.files} files, ${page.raw} bytes, ${page.gzip} gzip (smallest ${page.smallest})`,
    )
  console.log(`the whole path: ${walk.files} files, ${walk.raw} bytes, ${walk.gzip} gzip`)
}
