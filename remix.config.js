import { UNSAFE_flatRoutes as flatRoutes } from '@remix-run/dev'

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
    v3_singleFetch: false,
  },
}
