import { beforeDatabaseClose } from './db.server'

// The hourly jobs every server starts (housekeeping, decision 025; the record audit, decision
// 060): one schedule and one way to stop. Which server does the work is each job's own claim
// (an advisory lock, or leases on the rows it takes), so every server may run the schedule.

export interface RecurringJob {
  /** Stops the schedule and waits for a pass under way. */
  stop(): Promise<void>
}

const holder = globalThis as typeof globalThis & {
  __prooftrackRecurringJobs?: Map<string, RecurringJob>
}
// On globalThis: a module rebuilt in development replaces its job (by name) instead of adding one.
const jobs = (holder.__prooftrackRecurringJobs ??= new Map())

/**
 * Runs `pass` `firstRunMs` after start-up and then `intervalMs` after each pass ends (never two at
 * once), until stopped; stopped, waiting for a pass under way, before the database closes. `pass`
 * gets `stopped()` to end a long pass early. A pass must not throw: it logs its own failures.
 */
export function startRecurringJob(
  name: string,
  {
    firstRunMs,
    intervalMs,
    pass,
  }: { firstRunMs: number; intervalMs: number; pass: (stopped: () => boolean) => Promise<void> },
): RecurringJob {
  void jobs.get(name)?.stop()
  let timer: ReturnType<typeof setTimeout> | null = null
  let running: Promise<void> | null = null
  let stopped = false
  const run = () => {
    running = pass(() => stopped)
      .catch((error: unknown) => console.warn(`[${name}] the pass failed`, error))
      .finally(() => {
        running = null
        if (!stopped) schedule(intervalMs)
      })
  }
  const schedule = (delay: number) => {
    timer = setTimeout(run, delay)
    timer.unref()
  }
  schedule(firstRunMs)
  const job: RecurringJob = {
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
  jobs.set(name, job)
  beforeDatabaseClose(name, () => job.stop())
  return job
}
