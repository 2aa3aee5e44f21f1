/**
 * Answers kept per signed-in owner (decision 089). A signed-in page or API answer is the same for
 * as long as the owner's data version (a counter moved by database triggers with every change to
 * what it shows, co-writers' answers and registrations included) stays the same; the session
 * look-up reads that version with the user, so a kept answer costs no statement of its own.
 *
 * The version is read before the answer is built, and the answer's statements run after: a kept
 * answer is never older than its version. One entry per owner and kind of answer (a newer version
 * replaces it), least recently used dropped first, bounded in entries and in characters.
 */
export interface KeptAnswers<T> {
  /** The kept answer for this owner, key and version, else `build()`'s, kept. */
  get(owner: string, key: string, version: string, build: () => Promise<T>): Promise<T>
  clear(): void
}

export function keptAnswers<T>({
  maxEntries,
  maxChars,
  sizeOf,
}: {
  maxEntries: number
  maxChars: number
  sizeOf: (value: T) => number
}): KeptAnswers<T> {
  const entries = new Map<string, { version: string; value: Promise<T>; size: number }>()
  let chars = 0
  const drop = (id: string) => {
    const entry = entries.get(id)
    if (!entry) return
    entries.delete(id)
    chars -= entry.size
  }
  return {
    get(owner, key, version, build) {
      const id = `${owner}\u0000${key}`
      const kept = entries.get(id)
      if (kept && kept.version === version) {
        // Most recently used last: Map keeps insertion order.
        entries.delete(id)
        entries.set(id, kept)
        return kept.value
      }
      drop(id)
      const entry = { version, value: build(), size: 0 }
      entries.set(id, entry)
      entry.value.then(
        (value) => {
          if (entries.get(id) !== entry) return
          entry.size = sizeOf(value)
          chars += entry.size
          while (entries.size > maxEntries || chars > maxChars) {
            const oldest = entries.keys().next().value
            if (oldest === undefined) break
            drop(oldest)
          }
        },
        // A failed build is not kept: the next request tries again.
        () => {
          if (entries.get(id) === entry) drop(id)
        },
      )
      return entry.value
    },
    clear() {
      entries.clear()
      chars = 0
    },
  }
}
