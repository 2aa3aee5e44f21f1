/**
 * One instance per process of something made from the configuration (the chain, storage and TSA
 * adapters), kept on globalThis so a module rebuilt in development reuses it (the embedded
 * ledger's one LiteSVM instance) instead of making a second. It is made again only when the
 * configuration it was made for changes: test files that share one process each bring their own
 * DATA_DIR and settings, and must not get an adapter paired with another file's (issue 36).
 */
export function keptPerConfiguration<T>(name: string, configuration: object, make: () => T): T {
  const holder = globalThis as typeof globalThis & {
    __prooftrackKept?: Map<string, { key: string; value: T }>
  }
  const kept = (holder.__prooftrackKept ??= new Map())
  const key = JSON.stringify(configuration)
  const found = kept.get(name)
  if (found?.key === key) return found.value
  const value = make()
  kept.set(name, { key, value })
  return value
}
