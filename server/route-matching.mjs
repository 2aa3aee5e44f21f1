// Remix 2 matches routes with @remix-run/router 1.23 (React Router 6), whose matchRoutes
// re-flattens and re-ranks the whole route table and compiles a regular expression per route
// segment on every call, three calls per document request; the profile put 16–21 % of a static
// page's busy time there (issue 16). React Router 7 caches the branches upstream; trigger.dev
// patches the package. This module is that patch without a new package and without touching
// node_modules: it rewrites the router's CommonJS build as this process loads it, so it must be
// imported before anything that loads Remix. The patch is pinned to one version and to the exact
// source it replaces; anything else loads the router unchanged with a warning, and
// tests/unit/route-matching.test.ts fails (docs/decisions/036-speed-near-the-framework.md).
import fs from 'node:fs'
import Module, { createRequire } from 'node:module'

export const PINNED_VERSION = '1.23.3'

const require = createRequire(import.meta.url)
const routerFile = fs.realpathSync(require.resolve('@remix-run/router'))
const routerVersion = require('@remix-run/router/package.json').version

/**
 * Each edit replaces text that must occur exactly once. The flattened, ranked branches are kept
 * per route array (the server's tables are built once per build), and the matches per pathname
 * with them; patching routes in, which only a browser-style router does, forgets them all.
 * Compiled path patterns are kept per pattern: their regular expressions have no global flag, so
 * sharing them keeps no state between calls.
 */
const EDITS = [
  {
    find: '  let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);\n',
    replace: `  let branches = rankedBranches(routes);
  let known = knownMatches(branches);
  let key = (allowPartial ? "1" : "0") + pathname;
  let found = known.get(key);
  if (found !== undefined) return copyMatches(found);
`,
  },
  {
    find: '    matches = matchRouteBranch(branches[i], decoded, allowPartial);\n  }\n  return matches;\n}\n',
    replace: `    matches = matchRouteBranch(branches[i], decoded, allowPartial);
  }
  if (known.size >= 1000) known.clear();
  known.set(key, matches);
  return copyMatches(matches);
}
`,
  },
  {
    find: 'function flattenRoutes(routes, branches, parentsMeta, parentPath) {\n',
    replace: `// [prooftrack] server/route-matching.mjs: branches kept per route array.
let rankedBranchesCache = new WeakMap();
function rankedBranches(routes) {
  let branches = rankedBranchesCache.get(routes);
  if (branches === undefined) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    rankedBranchesCache.set(routes, branches);
  }
  return branches;
}
// The matches found per pathname (at most 1,000 per table); callers get copies, since they own
// what matchRoutes returns. Every match of one result shares one params object, as here.
const matchesByBranches = new WeakMap();
function knownMatches(branches) {
  let known = matchesByBranches.get(branches);
  if (known === undefined) {
    known = new Map();
    matchesByBranches.set(branches, known);
  }
  return known;
}
function copyMatches(matches) {
  if (matches === null || matches.length === 0) return matches && [];
  let params = Object.assign({}, matches[0].params);
  return matches.map((match) => ({
    params,
    pathname: match.pathname,
    pathnameBase: match.pathnameBase,
    route: match.route,
  }));
}
function flattenRoutes(routes, branches, parentsMeta, parentPath) {
`,
  },
  {
    find: '  childrenToPatch.push(...newRoutes);\n}\n',
    replace: '  childrenToPatch.push(...newRoutes);\n  rankedBranchesCache = new WeakMap();\n}\n',
  },
  {
    find: 'function compilePath(path, caseSensitive, end) {\n',
    replace: `// [prooftrack] server/route-matching.mjs: compiled patterns kept per pattern (bounded).
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  let key = (caseSensitive ? "1" : "0") + (end === undefined || end ? "1" : "0") + path;
  let compiled = compiledPaths.get(key);
  if (compiled === undefined) {
    if (compiledPaths.size >= 1000) compiledPaths.clear();
    compiled = compilePathUncached(path, caseSensitive, end);
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
function compilePathUncached(path, caseSensitive, end) {
`,
  },
  {
    // Issue 41: Remix makes the server's data routes afresh for every page it renders, so the
    // branches above were flattened and ranked again per page (getPartialManifest matches on
    // them). Converted once per route array, kept with the ids it filled in.
    find: 'function convertRoutesToDataRoutes(routes, mapRouteProperties, parentPath, manifest) {\n',
    replace: `// [prooftrack] server/route-matching.mjs: data routes kept per route array (top level only).
const dataRoutesCache = new WeakMap();
function convertRoutesToDataRoutes(routes, mapRouteProperties, parentPath, manifest) {
  if (parentPath !== void 0 || manifest === void 0 || Object.keys(manifest).length > 0)
    return convertRoutesToDataRoutesUncached(routes, mapRouteProperties, parentPath, manifest);
  let kept = dataRoutesCache.get(routes);
  if (kept === undefined || kept.mapRouteProperties !== mapRouteProperties) {
    let ids = {};
    kept = { mapRouteProperties, ids, dataRoutes: convertRoutesToDataRoutesUncached(routes, mapRouteProperties, undefined, ids) };
    dataRoutesCache.set(routes, kept);
  }
  Object.assign(manifest, kept.ids);
  return kept.dataRoutes;
}
function convertRoutesToDataRoutesUncached(routes, mapRouteProperties, parentPath, manifest) {
`,
  },
  {
    find: '        pathOrLayoutRoute.children = convertRoutesToDataRoutes(route.children, mapRouteProperties, treePath, manifest);\n',
    replace:
      '        pathOrLayoutRoute.children = convertRoutesToDataRoutesUncached(route.children, mapRouteProperties, treePath, manifest);\n',
  },
  {
    find: 'exports.matchRoutes = matchRoutes;\n',
    replace: `exports.matchRoutes = matchRoutes;
exports.__prooftrackRouteMatching = { rankedBranches: (routes) => rankedBranches(routes), compiledPaths };
`,
  },
]

export const PINNED_REMIX_REACT_VERSION = '2.17.5'
const serverRoutesFile = fs.realpathSync(
  require.resolve('@remix-run/react').replace(/index\.js$/, 'routes.js'),
)
const remixReactVersion = require('@remix-run/react/package.json').version

/**
 * Issue 41: RemixServer builds the server routes from the manifest for every page it renders
 * (about 100 routes here), which also made every later step's route array new. They depend only
 * on the build (the manifest and the route modules), so they are kept per manifest and made
 * again when any route module differs (SPA mode is left as it is).
 */
const REMIX_REACT_EDITS = [
  {
    find: 'function createServerRoutes(manifest, routeModules, future, isSpaMode, parentId = "", ',
    replace: `// [prooftrack] server/route-matching.mjs: server routes kept per manifest and route modules.
const serverRoutesCache = new WeakMap();
function createServerRoutes(manifest, routeModules, future, isSpaMode, ...rest) {
  if (rest.length > 0 || isSpaMode) return createServerRoutesUncached(manifest, routeModules, future, isSpaMode, ...rest);
  let kept = serverRoutesCache.get(manifest);
  if (kept === undefined || kept.future !== future || Object.keys(manifest).some((id) => kept.modules[id] !== routeModules[id])) {
    kept = { future, modules: { ...routeModules }, routes: createServerRoutesUncached(manifest, routeModules, future, isSpaMode) };
    serverRoutesCache.set(manifest, kept);
  }
  return kept.routes;
}
function createServerRoutesUncached(manifest, routeModules, future, isSpaMode, parentId = "", `,
  },
  {
    find: '    let children = createServerRoutes(manifest, routeModules, future, isSpaMode, route.id, routesByParentId, spaModeLazyPromise);\n',
    replace:
      '    let children = createServerRoutesUncached(manifest, routeModules, future, isSpaMode, route.id, routesByParentId, spaModeLazyPromise);\n',
  },
]

/** Remix's server routes module, patched, or the reason it cannot be. */
export function patchServerRoutesSource(source, version) {
  if (version !== PINNED_REMIX_REACT_VERSION)
    return {
      ok: false,
      reason: `@remix-run/react is ${version}, the patch is for ${PINNED_REMIX_REACT_VERSION}`,
    }
  return applyEdits(source, REMIX_REACT_EDITS)
}

/** The patched source, or the reason it cannot be patched. */
export function patchRouterSource(source, version) {
  if (version !== PINNED_VERSION)
    return {
      ok: false,
      reason: `@remix-run/router is ${version}, the patch is for ${PINNED_VERSION}`,
    }
  return applyEdits(source, EDITS)
}

function applyEdits(source, edits) {
  let patched = source
  for (const edit of edits) {
    const first = patched.indexOf(edit.find)
    if (first === -1 || patched.indexOf(edit.find, first + 1) !== -1)
      return { ok: false, reason: `the text to replace is not there once: ${edit.find.trim()}` }
    patched = patched.replace(edit.find, () => edit.replace)
  }
  return { ok: true, source: patched }
}

export const status = { applied: false, reason: 'not loaded yet' }
export const serverRoutesStatus = { applied: false, reason: 'not loaded yet' }

if (require.cache[routerFile]) {
  status.reason = '@remix-run/router was loaded before the patch could be installed'
  console.warn(`[server] route matching is not cached: ${status.reason}`)
} else {
  const loadJs = Module._extensions['.js']
  Module._extensions['.js'] = function loadPatched(module, filename) {
    if (filename === serverRoutesFile) {
      const result = patchServerRoutesSource(fs.readFileSync(filename, 'utf8'), remixReactVersion)
      if (!result.ok) {
        serverRoutesStatus.reason = result.reason
        console.warn(`[server] server routes are not kept: ${result.reason}`)
        return loadJs.call(this, module, filename)
      }
      serverRoutesStatus.applied = true
      serverRoutesStatus.reason = ''
      return module._compile(result.source, filename)
    }
    if (filename !== routerFile) return loadJs.call(this, module, filename)
    const result = patchRouterSource(fs.readFileSync(filename, 'utf8'), routerVersion)
    if (!result.ok) {
      status.reason = result.reason
      console.warn(`[server] route matching is not cached: ${result.reason}`)
      return loadJs.call(this, module, filename)
    }
    status.applied = true
    status.reason = ''
    module._compile(result.source, filename)
  }
}
