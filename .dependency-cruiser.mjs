// The import graph's two rules (issue 27, docs/decisions/065): no circle anywhere in app/ (type-only
// imports included), and the domains of app/services import one way only. `npm run lint` runs it;
// tests/unit/import-rules.test.ts shows each rule refusing a file that breaks it.

// Each domain is a folder of app/services, listed with the domains it may import (besides
// itself and `platform`, which every domain may use). Read from the bottom up: a domain imports
// only the ones listed after it, never one above it.
export const DOMAINS = {
  admin: {
    mayImport: ['payments', 'registration', 'certificates', 'accounts', 'co-writers', 'songs'],
  },
  payments: { mayImport: ['registration', 'certificates', 'co-writers', 'songs'] },
  registration: { mayImport: ['certificates', 'co-writers', 'songs'] },
  certificates: { mayImport: ['co-writers', 'songs'] },
  accounts: { mayImport: ['co-writers', 'songs'] },
  'co-writers': { mayImport: ['songs'] },
  songs: { mayImport: [] },
  platform: { mayImport: [] },
}

const pathOf = (domain) => `^app/services/${domain}/`

// The certificates domain in three rooms (issue 49.6): the record (manifest, timestamps, proof
// bundle, verification, versions), the documents made from it (PDFs, fonts, split sheet,
// signing) and the exports (DDEX, catalogue). Documents and exports read the record; the record
// never reads them, so a change to how a PDF looks can never change what the record says.
export const CERTIFICATE_ROOMS = ['record', 'documents', 'exports']
const room = (name) => `^app/services/certificates/${name}/`
/** A path in one of the certificates' rooms (the lint test writes probe files there). */
export const roomProbePath = (name) => `app/services/certificates/${name}/probe.server.ts`

/** A path that belongs to the domain in this layout (the lint test writes probe files there). */
export const probePath = (domain) => `app/services/${domain}/probe.server.ts`

const domainRules = Object.entries(DOMAINS).flatMap(([name, { mayImport }]) => {
  const allowed = new Set([name, 'platform', ...mayImport])
  const forbidden = Object.keys(DOMAINS).filter((other) => !allowed.has(other))
  if (forbidden.length === 0) return []
  return [
    {
      name: `domain-direction: ${name}`,
      comment: `${name} may import ${[...allowed].join(', ')}; ${forbidden.join(', ')} sit above it (docs/architecture.md).`,
      severity: 'error',
      from: { path: pathOf(name) },
      to: { path: forbidden.map(pathOf) },
    },
  ]
})

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'A circle of imports (type-only ones too): break it by moving the shared piece down or the workflow up (docs/architecture.md).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'layer: services below the views',
      comment: 'Services take plain values and return data; pages and components call them.',
      severity: 'error',
      from: { path: '^app/services/' },
      to: { path: '^app/(components|routes|resource-routes)/|^app/(root|entry\\.[a-z]+)\\.tsx$' },
    },
    {
      name: 'domain: every service has one',
      comment:
        'A file in app/services sits in the folder of its domain (docs/architecture.md, "where a new thing goes").',
      severity: 'error',
      from: { path: '^app/services/', pathNot: Object.keys(DOMAINS).map(pathOf) },
      to: {},
    },
    ...domainRules,
    {
      name: 'certificates: the record reads no document or export',
      comment:
        'Documents and exports are made from the record; the record never imports them (issue 49.6).',
      severity: 'error',
      from: { path: room('record') },
      to: { path: [room('documents'), room('exports')] },
    },
    {
      name: 'certificates: every file in a room',
      comment: 'A file of the certificates domain sits in record/, documents/ or exports/.',
      severity: 'error',
      from: { path: '^app/services/certificates/[^/]+$' },
      to: {},
    },
  ],
  options: {
    // Type-only imports are edges too: a circle of types is still a circle for the reader.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|build|public/build)/' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'] },
    moduleSystems: ['es6', 'cjs'],
  },
}
