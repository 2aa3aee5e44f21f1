/**
 * How many variants of one record a store keeps (decision 121). A stranger's certificate page,
 * verify page and PDF are kept once per time zone, and the zone is whatever the visitor's cookie
 * says: without a bound per record, one visitor sending every zone there is (about 400) fills a
 * store shared by every certificate and pushes out everyone else's answers. Here each record keeps
 * at most `perRecord` variants, the least recently used one giving way to a new one, so a visitor
 * can only churn the variants of the record they ask for.
 */
export interface KeptVariants {
  /**
   * Notes `variant` of `record` as used now (kept, or answered from the store); returns the
   * variants that must be forgotten so the record holds no more than its bound.
   */
  use(record: string, variant: string): { record: string; variant: string }[]
  clear(): void
}

export function keptVariants({
  perRecord,
  maxRecords,
}: {
  perRecord: number
  maxRecords: number
}): KeptVariants {
  // Each record's variants, least recently used first; the records in the same order.
  const records = new Map<string, string[]>()
  return {
    use(record, variant) {
      const variants = (records.get(record) ?? []).filter((kept) => kept !== variant)
      variants.push(variant)
      records.delete(record)
      records.set(record, variants)
      const dropped = variants
        .splice(0, Math.max(0, variants.length - perRecord))
        .map((old) => ({ record, variant: old }))
      // A record no longer followed has its variants forgotten too: followed or not, no record
      // ever holds more than its bound.
      while (records.size > maxRecords) {
        const oldest = records.keys().next().value
        if (oldest === undefined) break
        dropped.push(...records.get(oldest)!.map((old) => ({ record: oldest, variant: old })))
        records.delete(oldest)
      }
      return dropped
    },
    clear() {
      records.clear()
    },
  }
}
