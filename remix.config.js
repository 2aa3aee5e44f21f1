import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { UNSAFE_flatRoutes as flatRoutes } from '@remix-run/dev'

// Issue 53 (decision 116): the browser build replaces each `*.server` module a route imports with
// an empty CommonJS module, and esbuild kept every such import (it cannot know that an empty
// module has no side effects): each distinct one became a chunk of its own, a 100-byte file a
// page had to fetch for nothing. Said to have no side effects, an import whose names are unused
// (all of them, once the loaders and actions are gone) is dropped with its module. Pinned to the
// version read; another one fails the build here rather than build without it.
const require = createRequire(import.meta.url)
const REMIX_DEV = require('@remix-run/dev/package.json').version
if (REMIX_DEV !== '2.17.5')
  throw new Error(`remix.config.js patches @remix-run/dev 2.17.5's empty modules, not ${REMIX_DEV}`)
const emptyModules = require('@remix-run/dev/dist/compiler/plugins/emptyModules.js')
const emptyModulesPlugin = emptyModules.emptyModulesPlugin
emptyModules.emptyModulesPlugin = (...args) => {
  const plugin = emptyModulesPlugin(...args)
  return {
    ...plugin,
    setup(build) {
      plugin.setup({
        ...build,
        onResolve: (options, resolve) =>
          build.onResolve(options, async (found) => {
            const result = await resolve(found)
            return result && result.namespace === 'empty-module'
              ? { ...result, sideEffects: false }
              : result
          }),
        onLoad: (options, load) => build.onLoad(options, load),
      })
    },
  }
}

// The same, for the small modules pages share (app/shared-client-modules.ts): every page's browser
// module, and every module a page loads later with import() (each is an entry of its own to
// esbuild), also re-exports that list, so all of it lands in one chunk rather than in as many as
// there are different sets of entries using each piece.
const SHARED_CLIENT_MODULES = fileURLToPath(
  new URL('./app/shared-client-modules.ts', import.meta.url),
)
const SHARED_EXPORT = `\nexport * as __shared from ${JSON.stringify(SHARED_CLIENT_MODULES)};`
// A second list, which the four pages nearest decision 044's 120 KB (the song form, edit, details,
// verify) do not draw and do not reach: it is one more chunk for the other pages, 2 KB less for
// these four (decision 116's session 10 addendum, "Page JavaScript").
const LIGHTER_PAGES_EXPORT = `\nexport * as __sharedLighterPages from ${JSON.stringify(
  fileURLToPath(new URL('./app/shared-client-modules-lighter-pages.ts', import.meta.url)),
)};`
const NOT_LIGHTER =
  /^(root|routes\/(submit|edit\.\$id|songs\.\$id\.details|verify\.\$certificateId))\.tsx\?browser$/
const routeModules = require('@remix-run/dev/dist/compiler/js/plugins/routes.js')
const browserRouteModulesPlugin = routeModules.browserRouteModulesPlugin
routeModules.browserRouteModulesPlugin = (...args) => {
  const plugin = browserRouteModulesPlugin(...args)
  const loadedLater = new Set()
  const appDirectory = path.dirname(SHARED_CLIENT_MODULES)
  return {
    ...plugin,
    setup(build) {
      // This plugin is the browser build's first, so the browser build is where this one runs.
      if (!SINGLE_FETCH) singleFetchOffPlugin.setup(build)
      build.onResolve({ filter: /.*/ }, async (found) => {
        if (found.kind !== 'dynamic-import' || !found.importer.startsWith(appDirectory)) return
        const resolved = await build.resolve(found.path, {
          kind: 'import-statement',
          importer: found.importer,
          resolveDir: found.resolveDir,
        })
        // A view loaded later draws shared modules; a plain module (the hashing code) reaches none,
        // and with the lists it would fetch them too.
        if (resolved.path.startsWith(appDirectory) && resolved.path.endsWith('.tsx'))
          loadedLater.add(resolved.path)
      })
      build.onLoad({ filter: /\.tsx?$/ }, async (found) => {
        if (!loadedLater.has(found.path)) return
        const source = await fs.promises.readFile(found.path, 'utf8')
        return {
          contents: source + SHARED_EXPORT + LIGHTER_PAGES_EXPORT,
          loader: found.path.endsWith('x') ? 'tsx' : 'ts',
        }
      })
      return plugin.setup({
        ...build,
        onLoad: (options, load) =>
          build.onLoad(options, async (found) => {
            const result = await load(found)
            // A resource route has no browser module ("module.exports = {}"): nothing to share.
            if (!result?.contents?.startsWith('export ')) return result
            const lighter = NOT_LIGHTER.test(found.path) ? '' : LIGHTER_PAGES_EXPORT
            return { ...result, contents: result.contents + SHARED_EXPORT + lighter }
          }),
      })
    },
  }
}

const SINGLE_FETCH = false
// Single fetch is off (`future.v3_singleFetch` below), yet @remix-run/react's browser code imports
// its single-fetch module, and with it the turbo-stream decoder, into the framework chunk every
// page loads: about 2.5 KB gzip read by no page, each use of it guarded by the flag. The browser
// build gets in its place the same names, each failing loudly if it is ever called.
const SINGLE_FETCH_OFF = [
  'StreamTransfer',
  'decodeViaTurboStream',
  'getSingleFetchDataStrategy',
  'singleFetchUrl',
]
  .map(
    (name) =>
      `export function ${name}() { throw new Error('Single fetch is off (remix.config.js): ${name}') }`,
  )
  .join('\n')
const singleFetchOffPlugin = {
  name: 'single-fetch-off',
  setup(build) {
    build.onResolve({ filter: /^\.\/single-fetch\.js$/ }, (found) =>
      /[\\/]@remix-run[\\/]react[\\/]dist[\\/]esm[\\/]/.test(found.importer)
        ? { path: 'single-fetch.js', namespace: 'single-fetch-off' }
        : undefined,
    )
    build.onLoad({ filter: /.*/, namespace: 'single-fetch-off' }, () => ({
      contents: SINGLE_FETCH_OFF,
      loader: 'js',
    }))
  },
}

const ignoredRouteFiles = ['**/.*', '**/*.test.{ts,tsx}']

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles,
  // Pages (a module with a component) live in app/routes; resource routes (JSON, files,
  // redirects: no component) in app/resource-routes, named by the same flat-route convention.
  // Remix's own flatRoutes reads the second folder (docs/decisions/039-routes-folders.md).
  routes: async () => flatRoutes('app', ignoredRouteFiles, 'resource-routes'),
  serverModuleFormat: 'esm',
  tailwind: true,
  postcss: true,
  // Server-only packages stay external: PGlite loads its WASM from its own folder.
  serverDependenciesToBundle: [],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: SINGLE_FETCH,
  },
}
