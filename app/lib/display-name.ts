import type { User } from '#db/schema'

/**
 * SPEC §2: first name, else the part of the email before the at-sign, else 'User'. Accounts, co-writers' mails and the page header all say it the same way (issue 27 moved it here,
 * below the domains, so co-writers need not import accounts).
 */
export function displayName(user: Pick<User, 'firstName' | 'email'>) {
  return user.firstName?.trim() || user.email.split('@')[0] || 'User'
}

/**
 * A person as others read about them (an invitation, a co-writer's page): the first and last name
 * they gave, not the first name alone (issue 39.12); the email's local part when they gave none.
 * Null for a deleted account, whose tombstone address ("deleted-…") is no name (decision 086).
 */
export function fullName(user: Pick<User, 'firstName' | 'lastName' | 'email' | 'deletedAt'>) {
  if (user.deletedAt) return null
  const given = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ')
  return given || displayName(user)
}
