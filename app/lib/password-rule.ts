// The one password rule (decision 080): registration's, which is stronger than the spec's 6
// characters for a reset, so no form is a way to a weaker password. No zod here: the pages show
// the rule before anyone submits, and this module reaches the browser.

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`
export const PASSWORD_NEEDS_KINDS =
  'Password must contain at least one uppercase letter, one lowercase letter, and one number'
/** Shown under every new-password field, before the first submit. */
export const PASSWORD_RULE = `At least ${PASSWORD_MIN_LENGTH} characters, with an uppercase letter, a lowercase letter and a number.`
