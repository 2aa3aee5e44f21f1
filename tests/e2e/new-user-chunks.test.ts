import { describe, expect, test } from 'vitest'
import { newUserChunks, readManifest } from '../../bench/chunks.mjs'
import { sharedServer } from './server'

// Issue 53, item 4 (decision 116): the JavaScript a page of a new user's path needs comes in few
// files. Before, the landing page named 37, the song form 45 (a hundred-byte empty module for each
// server module a route imported, and a chunk for each different set of pages sharing a small
// module); over HTTP/1.1 a browser fetches six at a time, and on Slow 3G each round trip took two
// seconds. The bounds are today's counts: a new split shows here first.
const MOST_FILES: Record<string, number> = {
  'routes/_index': 11,
  'routes/register': 11,
  'routes/verify-email': 7,
  'routes/submit': 12,
  'routes/songs.$id.register': 9,
}

describe('the new user’s pages need few JavaScript files', () => {
  test('each page of the path needs at most its bound of files, and none is an empty module', () => {
    const { pages } = newUserChunks()
    expect(
      Object.fromEntries(pages.map((page) => [page.route, page.files > MOST_FILES[page.route]!])),
    ).toEqual(Object.fromEntries(pages.map((page) => [page.route, false])))
    // Every file holds code: the empty modules the browser build made for each server module are
    // gone (one is left while a page's script still uses a value of a server module).
    for (const page of pages) expect(page.smallest).toBeGreaterThanOrEqual(100)
  })

  test('every file a page needs is still announced in its HTML', async () => {
    const manifest = readManifest()
    const html = await (await fetch(`${sharedServer().baseUrl}/`)).text()
    const announced = new Set(
      [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]),
    )
    const needed = [
      manifest.entry.module,
      ...manifest.entry.imports,
      manifest.routes.root.module,
      ...manifest.routes.root.imports,
      manifest.routes['routes/_index'].module,
      ...manifest.routes['routes/_index'].imports,
    ]
    expect(needed.filter((file: string) => !announced.has(file))).toEqual([])
  })
})
