import type { User } from '#db/schema'

/**
 * SPEC §2: first name, else the part of the email before the at-sign, else 'User'. Accounts, co-writers' mails and the page header all say it the same way (issue 27 moved it here,
 * below the domains, so co-writers need not import accounts).
 */
export function displayName(user: Pick<User, 'firstName' | 'email'>) {
  return user.firstName?.trim() || user.email.split('@')[0] || 'User'
}
