import type { ContributorSlot } from './song-constants'

// Issue 38 (decision 087): a dispute belongs to the person who raised it, not to the slot they
// were named in. An invitation remembers the name its slot held when it was sent; a dispute
// speaks for whichever slot names that person now, and for nobody while no slot does. Shared by
// the co-writers' statuses and the dashboard's counts (which run in another domain), so it lives
// here once.

/**
 * A name as a person is told apart: the same letters in any Unicode composition, case or
 * spacing are the same person ("Ａｎｎ  Lee" is "ann lee"), so a cosmetic edit of the name does
 * not let a dispute go quiet.
 */
export function personKey(name: string) {
  // Invisible format characters (a zero-width space, a bidi mark) are dropped, so pasting one in
  // does not make someone else of the same person.
  return name
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
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
