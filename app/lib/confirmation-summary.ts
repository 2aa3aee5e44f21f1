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
