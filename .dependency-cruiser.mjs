// The import graph's two rules (issue 27, docs/decisions/065): no circle anywhere in app/ (type-only
// imports included), and the domains of app/services import one way only. `npm run lint` runs it;
// tests/unit/import-rules.test.ts shows each rule refusing a file that breaks it.

// Each domain, the files that make it, and the domains it may import (besides itself and
// `platform`, which every domain may use). Read from the bottom up: a domain imports only
// the ones listed after it, never one above it.
// (Until the files move into one folder per domain, a domain is a list of file names.)
export const DOMAINS = {
  admin: {
    files: [
      'admin-analytics',
      'contact',
      'housekeeping',
      'landing-video',
      'record-audit',
      'video-upload',
    ],
    mayImport: ['payments', 'registration', 'certificates', 'accounts', 'co-writers', 'songs'],
  },
  payments: {
    files: ['payments', 'payment-provider', 'payment-webhook'],
    mayImport: ['registration', 'certificates', 'co-writers', 'songs'],
  },
  registration: {
    files: ['registration', 'registration-done'],
    mayImport: ['certificates', 'co-writers', 'songs'],
  },
  certificates: {
    files: [
      'catalogue-export',
      'catalogue-export-format',
      'certificate',
      'certificate-pdf',
      'document-pool',
      'document-render',
      'manifest',
      'pdf-document',
      'pdf-glyph-encoder',
      'pdf-pool',
      'pdf-render',
      'pdf-text',
      'proof-bundle',
      'snapshot-timestamps',
      'split-sheet',
      'split-sheet-pdf',
      'verification',
    ],
    mayImport: ['co-writers', 'songs'],
  },
  accounts: {
    files: [
      'account',
      'auth',
      'email-verification',
      'google-auth',
      'google-config',
      'login-throttle',
      'password',
      'password-reset',
      'session',
      'users',
    ],
    mayImport: ['co-writers', 'songs'],
  },
  'co-writers': {
    files: ['decision-notices', 'invitation-addresses', 'song-edits', 'split-confirmations'],
    mayImport: ['songs'],
  },
  songs: {
    files: ['dashboard', 'recording-fingerprint', 'songs', 'versions'],
    mayImport: [],
  },
  platform: {
    files: [
      'analytics',
      'anonymous-pages',
      'db',
      'mail',
      'multipart',
      'operations',
      'rate-limit',
      'time-zone',
      'toast',
    ],
    mayImport: [],
  },
}

const pathOf = (domain) => `^app/services/(?:${DOMAINS[domain].files.join('|')})\\.server\\.ts$`

/** A path that belongs to the domain in this layout (the lint test writes probe files there). */
export const probePath = (domain) => `app/services/${DOMAINS[domain].files[0]}.server.ts`

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
        'A file in app/services belongs to a domain: add it to one in .dependency-cruiser.mjs.',
      severity: 'error',
      from: {
        path: '^app/services/',
        pathNot: [...Object.keys(DOMAINS).map(pathOf), '\\.d\\.ts$'],
      },
      to: {},
    },
    ...domainRules,
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
