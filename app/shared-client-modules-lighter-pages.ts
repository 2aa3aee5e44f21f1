/**
 * The second shared chunk (decision 116's session 10 addendum, "Page JavaScript"): the small
 * modules the sign-in, settings, landing and registration pages share, which the song form, edit,
 * details and verify pages never draw. remix.config.js has every page but those four (and the
 * root) reach this list, so esbuild gives it one chunk of its own, and those four pages, the ones
 * nearest decision 044's 120 KB, no longer load 2 KB of code they do not run. A module one of the
 * four pages imports must not be listed here: it would be split from the rest into a chunk of its
 * own. Of the password rule only the hint under the field: its schema messages are not for the
 * browser.
 */
export * as googleButton from './components/google-button'
export * as passwordField from './components/password-field'
export * as authCard from './components/auth-card'
export * as appName from './components/app-name'
export * as tooltip from './components/ui/tooltip'
export * as registrationComplete from './components/registration-complete'
export * as confirmationSummary from './lib/confirmation-summary'
export { PASSWORD_RULE } from './lib/password-rule'
