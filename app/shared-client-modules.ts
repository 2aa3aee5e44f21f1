/**
 * The modules most pages share, bundled into one chunk (issue 53, decision 116). remix.config.js
 * has every page's browser module reach this one, so esbuild, which puts a module in a chunk by
 * the set of pages that reach it, gives all of these one chunk instead of one small file per
 * different set of pages: over HTTP/1.1 a browser fetches six files at a time, and on a slow
 * network each round trip cost two seconds. Listed here: what the root route draws (needed by
 * every page anyway), and the small modules the pages of a new user's path share (landing, sign-up,
 * verify email, the song form, registration), each under 3 KB. Not the larger ones only a few
 * pages use (the certificate's words, the registration network's): every page loads this chunk.
 * `tests/e2e/new-user-chunks.test.ts` holds the number of files those pages need.
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
export * as confirmationSummary from './lib/confirmation-summary'
export * as confirmations from './lib/confirmations'
export * as songConstants from './lib/song-constants'
export * as appName from './components/app-name'
export * as forms from './components/forms'
export * as authCard from './components/auth-card'
export * as shares from './components/shares'
export * as ipi from './lib/glossary/ipi'
export * as pro from './lib/glossary/pro'
export * as sha256 from './lib/glossary/sha-256'
export * as focusTrap from './lib/focus-trap'
export * as googleButton from './components/google-button'
export * as passwordField from './components/password-field'
export * as tooltip from './components/ui/tooltip'
export * as registrationComplete from './components/registration-complete'
