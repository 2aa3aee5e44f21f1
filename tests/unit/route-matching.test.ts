import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { UNSAFE_flatRoutes as flatRoutes } from '@remix-run/dev'
import { describe, expect, it } from 'vitest'

// server/route-matching.mjs patches @remix-run/router as the server loads it (issue 16). These
// tests fail when the patch no longer applies (another router version, changed source), when the
// server entry stops installing it first, or when it changes what any URL of the app matches.
const root = path.resolve(__dirname, '../..')

interface RouteNode {
  id: string
  path?: string
  index?: boolean
  caseSensitive?: boolean
  children?: RouteNode[]
}

/** The app's real route table, nested as Remix gives it to the router. */
function appRoutes(): RouteNode[] {
  // Pages and resource routes, as remix.config.js reads them.
  const ignored = ['**/.*', '**/*.test.{ts,tsx}']
  const manifest = {
    ...flatRoutes(path.join(root, 'app'), ignored),
    ...flatRoutes(path.join(root, 'app'), ignored, 'resource-routes'),
  }
  const nodes = new Map<string, RouteNode & { parentId?: string }>()
  nodes.set('root', { id: 'root', path: '', children: [] })
  for (const route of Object.values(manifest))
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      parentId: route.parentId ?? 'root',
    })
  for (const node of nodes.values()) {
    if (!node.parentId) continue
    const parent = nodes.get(node.parentId)
    if (!parent) throw new Error(`no parent for ${node.id}`)
    parent.children = [...(parent.children ?? []), node]
    delete node.parentId
  }
  return [nodes.get('root') as RouteNode]
}

/** Every route's own URL with its parameters filled in, plus near misses and unknown paths. */
function probePaths(routes: RouteNode[]) {
  const paths = new Set(['/', '/nope', '/nope/nothing/here', '/SONGS', '/songs/', '//x'])
  const walk = (nodes: RouteNode[], prefix: string) => {
    for (const node of nodes) {
      const full = node.path ? `${prefix}/${node.path}` : prefix
      const url = full.replace(/:[\w-]+\??/g, '42').replace(/\*$/, 'a/b') || '/'
      paths.add(url)
      paths.add(`${url}/`)
      paths.add(`${url}/extra`)
      if (node.children) walk(node.children, full)
    }
  }
  walk(routes, '')
  return [...paths]
}

// Runs in a fresh Node process (the patch works on Node's own module loader): matches every path
// three times, so the later answers come from the caches, and reports what matched.
const PROBE = `
const [routesFile, patched] = process.argv.slice(1)
let status = null
if (patched === 'patched') status = (await import(${JSON.stringify(path.join(root, 'server/route-matching.mjs'))})).status
const { createRequire } = await import('node:module')
const require = createRequire(${JSON.stringify(path.join(root, 'server/app.mjs'))})
const router = require('@remix-run/router')
const { routes, paths } = JSON.parse(require('node:fs').readFileSync(routesFile, 'utf8'))
const dataRoutes = router.UNSAFE_convertRoutesToDataRoutes(routes, (route) => ({}))
const show = (matches) => matches && matches.map((m) => [m.route.id, m.params, m.pathname, m.pathnameBase])
// A caller changing what it got must not change the next answer for the same path.
const change = (matches) => {
  if (!matches) return
  matches[0].params.changedByCaller = 'yes'
  matches[0].pathname = '/changed'
}
const results = paths.map((p) => {
  const answers = []
  for (let i = 0; i < 3; i++) {
    const matches = router.matchRoutes(dataRoutes, p)
    answers.push(show(matches))
    change(matches)
  }
  return [p, ...answers]
})
const hook = router.__prooftrackRouteMatching
console.log(JSON.stringify({
  status,
  results,
  branchesKept: hook ? hook.rankedBranches(dataRoutes) === hook.rankedBranches(dataRoutes) : false,
  compiledPaths: hook ? hook.compiledPaths.size : 0,
}))
`

function probe(file: string, mode: 'patched' | 'plain') {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', PROBE, file, mode], {
    cwd: root,
    encoding: 'utf8',
  })
  if (run.status !== 0) throw new Error(run.stderr)
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '')
}

describe('route matching cache (server/route-matching.mjs)', () => {
  it('applies to the installed router and matches every URL of the app exactly as the unpatched router', () => {
    const routes = appRoutes()
    const paths = probePaths(routes)
    expect(paths.length).toBeGreaterThan(100)
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'route-matching-')), 'routes.json')
    try {
      fs.writeFileSync(file, JSON.stringify({ routes, paths }))
      const patched = probe(file, 'patched')
      const plain = probe(file, 'plain')
      expect(patched.status).toEqual({ applied: true, reason: '' })
      expect(patched.branchesKept).toBe(true)
      expect(patched.compiledPaths).toBeGreaterThan(0)
      expect(plain.branchesKept).toBe(false)
      expect(patched.results).toEqual(plain.results)
      // The probe paths really exercise matching: most match a route, some match none.
      const matched = plain.results.filter((result: unknown[]) => result[1] !== null).length
      expect(matched).toBeGreaterThan(paths.length / 2)
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true })
    }
  })

  it('is installed by the server entry before anything loads Remix', () => {
    const source = fs.readFileSync(path.join(root, 'server/app.mjs'), 'utf8')
    const imports = [...source.matchAll(/^import\s+(?:[^'"]*?from\s+)?['"]([^'"]+)['"]/gm)].map(
      (match) => match[1],
    )
    expect(imports[0]).toBe('./route-matching.mjs')
  })

  it('keeps the server routes Remix renders with, and makes them again for another build', () => {
    // Issue 41: made afresh per page, they made every later step's route table new as well.
    const probe = `
const rm = await import(${JSON.stringify(path.join(root, 'server/route-matching.mjs'))})
const { createRequire } = await import('node:module')
const require = createRequire(import.meta.url)
const routes = require(require.resolve('@remix-run/react').replace(/index\\.js$/, 'routes.js'))
const router = require('@remix-run/router')
const { UNSAFE_mapRouteProperties } = require('react-router')
const manifest = {
  root: { id: 'root', path: '', hasLoader: true },
  'routes/songs': { id: 'routes/songs', parentId: 'root', path: 'songs' },
}
const modules = { root: { default: () => null }, 'routes/songs': { default: () => null } }
const future = {}
const first = routes.createServerRoutes(manifest, { ...modules }, future, false)
const again = routes.createServerRoutes(manifest, { ...modules }, future, false)
const rebuilt = routes.createServerRoutes(manifest, { ...modules, 'routes/songs': { default: () => 1 } }, future, false)
const ids = [{}, {}]
const data = ids.map((manifest) => router.UNSAFE_convertRoutesToDataRoutes(first, UNSAFE_mapRouteProperties, undefined, manifest))
console.log(JSON.stringify({
  status: rm.serverRoutesStatus,
  kept: first === again,
  rebuilt: first !== rebuilt && rebuilt[0].children[0].Component !== first[0].children[0].Component,
  dataKept: data[0] === data[1],
  ids: ids.map((manifest) => Object.keys(manifest).sort()),
  matched: router.matchRoutes(data[1], '/songs').map((match) => match.route.id),
}))
`
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
      cwd: root,
      encoding: 'utf8',
    })
    expect(run.stderr).toBe('')
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '')
    expect(result).toEqual({
      status: { applied: true, reason: '' },
      kept: true,
      rebuilt: true,
      dataKept: true,
      ids: [
        ['root', 'routes/songs'],
        ['root', 'routes/songs'],
      ],
      matched: ['root', 'routes/songs'],
    })
  })
})
