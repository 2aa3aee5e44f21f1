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
  return personalName(user.firstName, user.lastName) || displayName(user)
}

/** Written in Chinese characters, kana or Hangul only (with the kana's long-vowel mark and dot). */
const EAST_ASIAN_SCRIPTS =
  /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fb\u30fc\s]+$/u
/** A family name in Chinese characters or Hangul; one in katakana alone is most often foreign. */
const EAST_ASIAN_FAMILY_NAME = /[\p{Script=Han}\p{Script=Hangul}]/u

/**
 * The first and last name in the order their script writes them (decision 101): Chinese,
 * Japanese and Korean names put the family name first (佐藤 美咲, 김민지), so a name whose two
 * parts are both in those scripts, with the last name in Chinese characters or Hangul, is said
 * last name first. Any other is said as the form asks for it, first name first: a foreign name
 * in katakana (ジョン スミス) is written that way in Japanese too, and in Latin script the order
 * cannot be told from the letters (a Hungarian or Vietnamese name).
 */
export function personalName(firstName: string | null, lastName: string | null) {
  const first = firstName?.trim() ?? ''
  const last = lastName?.trim() ?? ''
  const familyNameFirst =
    EAST_ASIAN_SCRIPTS.test(first) &&
    EAST_ASIAN_SCRIPTS.test(last) &&
    EAST_ASIAN_FAMILY_NAME.test(last)
  const parts = (familyNameFirst ? [last, first] : [first, last]).filter(Boolean)
  // A Korean family and given name are written together (김민지, issue 52.14): the song's
  // own field says "김민지", so "김 민지" read as a different spelling of the person.
  return parts.join(familyNameFirst && HANGUL_ONLY.test(first + last) ? '' : ' ')
}

const HANGUL_ONLY = /^[\p{Script=Hangul}]+$/u
