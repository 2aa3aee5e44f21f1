/** "2 of 3 confirmed, 1 disputed": a songs table's status of a song's co-writers (text, not colour). */
export function confirmationSummary(counts: {
  named: number
  confirmed: number
  disputed: number
}) {
  const parts = [`${counts.confirmed} of ${counts.named} confirmed`]
  if (counts.disputed > 0) parts.push(`${counts.disputed} disputed`)
  return parts.join(', ')
}

/**
 * Whether a named slot is someone whose confirmation is awaited (issue 39 item 7): every
 * co-contributor, and the main contributor only once invited. Uninvited, the main contributor is
 * the submitter themself, who cannot invite their own address, so counting them as unconfirmed
 * ("1 of 2 confirmed", "Not everyone has confirmed (<your own name>)") was about nobody else.
 * The one rule behind every count and warning of confirmations.
 */
export function awaitsConfirmation(slot: { slot: string; status: string }) {
  return slot.slot !== 'main' || slot.status !== 'declared'
}
