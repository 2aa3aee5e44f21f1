import { readBlockchainData } from '../certificates/record/blockchain-data.server'

/**
 * A registration's steps as the page shows them while it runs (issue 53, decision 116), read from
 * what the registration saves before each next step (registration.server.ts): claimed (queued),
 * the manifest stored (its storage id saved), the memo signed and sent, confirmed. In that order:
 * the memo names the stored copy, so the copy is made first. A step is done only once its row
 * says so; the first one not done is the one running, or the one that failed.
 */
export const REGISTRATION_STEPS = [
  { key: 'queued', label: 'Queued' },
  { key: 'store', label: 'Copying the record to the store' },
  { key: 'ledger', label: 'Writing it to the ledger' },
  { key: 'done', label: 'Done' },
] as const

export type StepState = 'done' | 'running' | 'failed' | 'waiting'

export function registrationProgress(
  registration: { status: string; blockchainData: unknown } | null | undefined,
) {
  if (!registration) return null
  const data = readBlockchainData(registration.blockchainData)
  const confirmed = registration.status === 'confirmed'
  const failed = registration.status === 'failed'
  const done = {
    queued: true,
    // A failure keeps what was saved before it: a stored copy's id says that step was done.
    store: confirmed || data.storageId !== undefined,
    ledger: confirmed,
    done: confirmed,
  }
  let reached = false
  const steps = REGISTRATION_STEPS.map(({ key, label }) => {
    if (done[key]) return { key, label, state: 'done' as StepState }
    const state: StepState = reached ? 'waiting' : failed ? 'failed' : 'running'
    reached = true
    return { key, label, state }
  })
  return { status: registration.status, steps }
}
export type RegistrationProgress = NonNullable<ReturnType<typeof registrationProgress>>
