import { env } from '~/env.server'

/**
 * The operator's switch for every answer kept in memory (KEPT_ANSWERS=off, decision 116): the
 * owners' pages and lists of decision 089, the visitors' certificate and verify pages and the
 * verify page's check. Off, each answer is made for its request; nothing is held between them.
 */
export function keptAnswersOn() {
  return env().KEPT_ANSWERS === 'on'
}

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
  /** The kept answer for this owner, key and version, if it is made; nothing is built. */
  peek(owner: string, key: string, version: string): T | undefined
  /** Keeps an answer made elsewhere (a download Remix answered) for this owner, key and version. */
  put(owner: string, key: string, version: string, value: T): void
  /** Drops the answer kept for this owner and key, if any. */
  forget(owner: string, key: string): void
  clear(): void
  /** How many answers are kept now. */
  readonly size: number
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
  const entries = new Map<string, { version: string; value: Promise<T>; made?: T; size: number }>()
  let chars = 0
  const drop = (id: string) => {
    const entry = entries.get(id)
    if (!entry) return
    entries.delete(id)
    chars -= entry.size
  }
  const bound = () => {
    while (entries.size > maxEntries || chars > maxChars) {
      const oldest = entries.keys().next().value
      if (oldest === undefined) break
      drop(oldest)
    }
  }
  return {
    get(owner, key, version, build) {
      if (!keptAnswersOn()) return build()
      const id = `${owner}\u0000${key}`
      const kept = entries.get(id)
      if (kept && kept.version === version) {
        // Most recently used last: Map keeps insertion order.
        entries.delete(id)
        entries.set(id, kept)
        return kept.value
      }
      drop(id)
      const entry: { version: string; value: Promise<T>; made?: T; size: number } = {
        version,
        value: build(),
        size: 0,
      }
      entries.set(id, entry)
      entry.value.then(
        (value) => {
          if (entries.get(id) !== entry) return
          entry.made = value
          entry.size = sizeOf(value)
          chars += entry.size
          bound()
        },
        // A failed build is not kept: the next request tries again.
        () => {
          if (entries.get(id) === entry) drop(id)
        },
      )
      return entry.value
    },
    peek(owner, key, version) {
      if (!keptAnswersOn()) return undefined
      const id = `${owner}\u0000${key}`
      const kept = entries.get(id)
      if (kept?.version !== version || kept.made === undefined) return undefined
      entries.delete(id)
      entries.set(id, kept)
      return kept.made
    },
    put(owner, key, version, value) {
      if (!keptAnswersOn()) return
      const id = `${owner}\u0000${key}`
      drop(id)
      const size = sizeOf(value)
      entries.set(id, { version, value: Promise.resolve(value), made: value, size })
      chars += size
      bound()
    },
    forget(owner, key) {
      drop(`${owner}\u0000${key}`)
    },
    clear() {
      entries.clear()
      chars = 0
    },
    get size() {
      return entries.size
    },
  }
}
