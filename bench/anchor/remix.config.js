// The bench's anchor: the smallest Remix 2 app, built with the project's own @remix-run/dev and
// the same future flags, so every page of ProofTrack is compared with what the framework alone
// costs on the same machine in the same run (issue 16). scripts/bench.mjs copies this folder,
// builds it and serves it with remix-serve.
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  serverModuleFormat: 'esm',
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
}
