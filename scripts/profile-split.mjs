// Splits a .cpuprofile (BENCH_PROFILE_DIR keeps them) into issue 41's categories, by each sample's
// stack: SQL and driver, React rendering, loaders, serialisation into the page, the framework, the
// server entry, node. Usage: node scripts/profile-split.mjs file.cpuprofile [last-seconds]
import fs from 'node:fs'
const [file, secondsArg] = process.argv.slice(2)
const p = JSON.parse(fs.readFileSync(file, 'utf8'))
const byId = new Map(p.nodes.map((n) => [n.id, n]))
const parent = new Map()
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
const end = p.endTime
const from = secondsArg ? end - Number(secondsArg) * 1e6 - 5e5 : -Infinity
const self = new Map()
let at = p.startTime
for (let i = 0; i < p.samples.length; i++) {
  at += p.timeDeltas[i] ?? 0
  if (at < from) continue
  self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0))
}
const nm = (u) => {
  const i = u.lastIndexOf('node_modules/')
  if (i < 0) return null
  const s = u.slice(i + 13).split('/')
  return s[0].startsWith('@') ? s[0] + '/' + s[1] : s[0]
}
function category(id) {
  const stack = []
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) stack.push(byId.get(cur).callFrame)
  const leaf = stack[0]
  if (leaf.functionName === '(idle)') return null
  if (leaf.functionName === '(garbage collector)') return 'GC'
  if (leaf.functionName === '(program)') return 'runtime (program)'
  const names = stack.map((f) => f.functionName)
  const pkgs = stack.map((f) => nm(f.url))
  const leafPkg = pkgs[0]
  if (
    [
      'pg',
      'pg-protocol',
      'pg-pool',
      'pg-types',
      'postgres-date',
      'kysely',
      'postgres-array',
      'pg-connection-string',
    ].includes(leafPkg)
  )
    return 'SQL and driver'
  if (leafPkg === 'react-dom' || leafPkg === 'react') return 'React rendering'
  // anything under the data-into-page serialisation
  if (
    names.some((n) =>
      /createServerHandoffString|serializeData|escapeHtml|getDeferred|createDeferredReadableStream/.test(
        n,
      ),
    )
  )
    return 'serialising loader data into the page'
  if (pkgs.slice(0, 12).some((x) => ['pg', 'pg-protocol', 'pg-pool', 'kysely'].includes(x)))
    return 'SQL and driver'
  if (pkgs.slice(0, 30).some((x) => x === 'react-dom')) return 'React rendering'
  if (stack.some((f) => f.url.includes('/build/index.js') && /loader|action/i.test(f.functionName)))
    return 'loaders (app code)'
  if (leaf.url.includes('/build/index.js')) return 'app code (render / other)'
  if (leafPkg && leafPkg.startsWith('@remix-run')) return 'framework (Remix)'
  if (leafPkg === 'react-router' || leafPkg === 'react-router-dom') return 'framework (Remix)'
  if (leaf.url.includes('/server/')) return 'server entry (express side)'
  if (
    [
      'express',
      'compression',
      'on-finished',
      'finalhandler',
      'send',
      'serve-static',
      'morgan',
      'body-parser',
      'router',
    ].includes(leafPkg)
  )
    return 'server entry (express side)'
  if (leafPkg) return 'other package: ' + leafPkg
  if (leaf.url.startsWith('node:')) {
    // attribute node internals to the nearest project frame
    for (let i = 1; i < stack.length; i++) {
      const pk = pkgs[i]
      if (['pg', 'pg-protocol', 'pg-pool', 'kysely'].includes(pk)) return 'SQL and driver'
      if (pk === 'react-dom') return 'React rendering'
      if (pk && pk.startsWith('@remix-run')) return 'framework (Remix)'
      if (stack[i].url.includes('/server/') || ['express', 'compression'].includes(pk))
        return 'server entry (express side)'
      if (stack[i].url.includes('/build/index.js')) return 'app code (render / other)'
    }
    return 'node internals (sockets, http)'
  }
  if (leaf.functionName === 'stringify' || leaf.functionName === 'parse') {
    for (let i = 1; i < stack.length; i++) {
      if (stack[i].url.includes('/build/index.js'))
        return /loader/i.test(stack[i].functionName)
          ? 'loaders (app code)'
          : 'app code (render / other)'
      const pk = pkgs[i]
      if (pk && pk.startsWith('@remix-run')) return 'serialising loader data into the page'
      if (['pg', 'pg-protocol', 'kysely'].includes(pk)) return 'SQL and driver'
    }
  }
  for (let i = 1; i < stack.length; i++) {
    const pk = pkgs[i]
    if (['pg', 'pg-protocol', 'pg-pool', 'kysely'].includes(pk)) return 'SQL and driver'
    if (pk === 'react-dom') return 'React rendering'
    if (stack[i].url.includes('/build/index.js')) return 'app code (render / other)'
    if (pk && pk.startsWith('@remix-run')) return 'framework (Remix)'
  }
  return 'native/other: ' + leaf.functionName
}
const cats = new Map()
let busy = 0
for (const [id, us] of self) {
  const c = category(id)
  if (!c) continue
  busy += us
  cats.set(c, (cats.get(c) ?? 0) + us)
}
console.log(`busy ${Math.round(busy / 1000)} ms`)
for (const [c, us] of [...cats].sort((a, b) => b[1] - a[1]).slice(0, 16))
  console.log(`${((100 * us) / busy).toFixed(1).padStart(5)} %  ${c}`)
