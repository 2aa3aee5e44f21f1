import { sha256Hex } from '~/lib/digest.server'
import { keptAnswersOn } from '../../platform/kept-answers.server'
import { checkRecord, type RecordCheck } from './verification.server'

/**
 * The verify page's check of a certificate (the chain of records on the ledger and in storage,
 * and the registered snapshot's RFC 3161 token) kept a short while, per process (issue 53,
 * decision 116). What it reads is outside our database and does not change once written, so a
 * QR code scanned by a crowd need not read the ledger and the store for each of them; the page
 * says when the check was made, and anyone may ask for a fresh one ("Check again now", within
 * the per-address limit).
 *
 * Kept under what the check was given (the registration's transaction and the registered
 * snapshot's token as our database has them now): a token that arrives gives a new check.
 */
export const CHECK_KEPT_MS = 5 * 60_000
// A failed check is shown for less time: a store that did not answer may answer again soon.
export const FAILED_CHECK_KEPT_MS = 30_000
const MAX_CHECKS = 2000

type Checked = Awaited<ReturnType<RecordCheck>>
interface KeptCheck {
  inputs: string
  result: Promise<Checked>
  /** Set once the check is made. */
  checked: Checked | null
}
const checks = new Map<string, KeptCheck>()

const keyOf = (rawId: string | undefined) => (rawId ?? '').toUpperCase()

function fresh(entry: KeptCheck, now: number) {
  if (!entry.checked) return true
  const keptFor = entry.checked.report.ok ? CHECK_KEPT_MS : FAILED_CHECK_KEPT_MS
  return now - entry.checked.checkedAt.getTime() < keptFor
}

/**
 * When the kept check of this certificate was made, while it is still shown; null when there is
 * none, it is being made, or it is too old. Reads nothing but memory (the kept pages' key).
 */
export function keptCheckTime(rawId: string | undefined, now = Date.now()) {
  if (!keptAnswersOn()) return null
  const entry = checks.get(keyOf(rawId))
  return entry?.checked && fresh(entry, now) ? entry.checked.checkedAt.getTime() : null
}

/** Whether a check of this certificate is kept or being made: a request for it checks nothing. */
export function hasKeptCheck(rawId: string | undefined, now = Date.now()) {
  if (!keptAnswersOn()) return false
  const entry = checks.get(keyOf(rawId))
  return entry !== undefined && fresh(entry, now)
}

/**
 * certificateReport's check, answered from the kept one of the same inputs while it is shown,
 * else made now and kept; `fresh` always makes it ("Check again now"). Requests that come while
 * a check is being made wait for it rather than starting their own.
 */
export function keptRecordCheck({ fresh: again = false } = {}): RecordCheck {
  return async (certificateId, signature, registered) => {
    if (!keptAnswersOn()) return checkRecord(certificateId, signature, registered)
    const key = keyOf(certificateId)
    const inputs = sha256Hex(
      JSON.stringify([
        signature,
        registered?.status ?? null,
        registered?.response ? sha256Hex(registered.response) : null,
        registered?.manifest ? sha256Hex(registered.manifest) : null,
      ]),
    )
    const kept = checks.get(key)
    if (!again && kept && kept.inputs === inputs && fresh(kept, Date.now())) {
      checks.delete(key)
      checks.set(key, kept)
      return kept.result
    }
    const entry: KeptCheck = {
      inputs,
      result: checkRecord(certificateId, signature, registered),
      checked: null,
    }
    checks.delete(key)
    checks.set(key, entry)
    while (checks.size > MAX_CHECKS) {
      const oldest = checks.keys().next().value
      if (oldest === undefined) break
      checks.delete(oldest)
    }
    entry.result.then(
      (checked) => (entry.checked = checked),
      // A check that threw is not kept: the next request makes it again.
      () => checks.get(key) === entry && checks.delete(key),
    )
    return entry.result
  }
}

/** Tests: forget every kept check. */
export function forgetKeptChecks() {
  checks.clear()
}
