/**
 * The modules most pages share, bundled into one chunk (issue 53, decision 116). remix.config.js
 * has every page's browser module reach this one, so esbuild, which puts a module in a chunk by
 * the set of pages that reach it, gives all of these one chunk instead of one small file per
 * different set of pages: over HTTP/1.1 a browser fetches six files at a time, and on a slow
 * network each round trip cost two seconds. Listed here: what the root route draws (needed by
 * every page anyway), and the small modules most pages share, each under 4 KB. Not the larger
 * ones only a few pages use (the certificate's words): every page loads this chunk. What the song
 * form, edit, details and verify pages never draw (sign-in fields, the landing page's cards) is in
 * `shared-client-modules-lighter-pages.ts`, a second chunk those four pages, the ones nearest
 * decision 044's 120 KB, do not load. Of the registration network only its names and the
 * dashboard's address (registration-network-names.ts): its English facts are the certificate's and
 * the verify page's alone, and travel with their words.
 * `tests/e2e/new-user-chunks.test.ts` holds the number of files the new user's pages need;
 * `tests/e2e/bundle.test.ts` every page's bytes.
 */
export * as errorBoundary from './components/error-boundary'
export * as nonce from './components/nonce'
export * as navigationPending from './components/navigation-pending'
export * as pageViewTracker from './components/page-view-tracker'
export * as timeZone from './components/time-zone'
export * as siteFooter from './components/site-footer'
export * as siteHeader from './components/site-header'
export * as toaster from './components/toaster'
export * as hooks from './lib/hooks'
export * as term from './components/term'
export * as songLock from './lib/song-lock'
export * as confirmations from './lib/confirmations'
export * as registrationNetwork from './lib/registration-network-names'
export * as songConstants from './lib/song-constants'
export * as forms from './components/forms'
export * as shares from './components/shares'
export * as ipi from './lib/glossary/ipi'
export * as pro from './lib/glossary/pro'
export * as sha256 from './lib/glossary/sha-256'
// Issue 54's shared words (components, roles, genres) and the two small modules the song form's
// pages share with the sign-in and certificate pages: each a file of its own otherwise, which
// put the song form at 15 files (3 round trips on a slow network) and registration at 10.
export * as words from './i18n/words'
export * as splitTotals from './lib/split-totals'
export * as errorSummary from './components/error-summary'
