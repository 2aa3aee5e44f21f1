import { sql } from 'kysely'

// One background-job loop for every queue kept in a table (decision 068): the mail outbox and
// the snapshot timestamps. Each queue says how to claim one due row and what to do with it; this
// runs them: a pass claims rows one at a time until none is due, a wake-up asks for one more pass
// soon, a timer polls between, and stop waits for the row in hand. Several servers share a queue
// through the claim (FOR UPDATE SKIP LOCKED plus a lease), not through anything here.

/** How long a claimed row is held: a process that dies mid-job leaves it to expire, and it is tried again. */
export const LEASE_SECONDS = 120
const POLL_MS = 5_000
// A row queued inside a transaction becomes visible at commit; the wake-up waits that long.
const WAKE_DELAY_MS = 50

/** The lease's end, for a claim's SET: now plus LEASE_SECONDS, by the database's clock. */
export const leaseEnd = () => sql<Date>`now() + make_interval(secs => ${LEASE_SECONDS})`

/** A retry's time, by the database's clock. */
export const retryAt = (delayMs: number) =>
  sql<Date>`now() + make_interval(secs => ${delayMs / 1000})`

/** 30 s, 2 min, 8 min, 32 min, … (times 4 after each attempt), never more than `ceilingMs`. */
export function backoffMs(attempts: number, ceilingMs: number) {
  return Math.min(30_000 * 4 ** Math.max(0, attempts - 1), ceilingMs)
}

/**
 * A queue's loop. A subclass claims one due row (`claim`, under a lease, or undefined when none
 * is due) and handles it (`handle`, true when it counts as done); `beforePass` runs any work the
 * queue does first on each pass. `drain` resolves with how many rows were done.
 */
export abstract class BackgroundJobRunner<Row> {
  private timer: ReturnType<typeof setTimeout> | null = null
  private running: Promise<number> | null = null
  private pending = false
  private polling = false
  private halted = false

  constructor(
    /** The log prefix: "[mail] the queue could not be read". */
    private readonly label: string,
    private readonly pollMs = POLL_MS,
  ) {}

  protected abstract claim(): Promise<Row | undefined>
  protected abstract handle(row: Row): Promise<boolean>
  protected beforePass(_stopped: () => boolean): Promise<void> {
    return Promise.resolve()
  }

  start() {
    this.polling = true
    this.halted = false
    this.schedule(0)
    return this
  }

  /** Something was queued in this process: look soon rather than at the next poll. */
  wake() {
    if (this.polling) this.schedule(WAKE_DELAY_MS)
  }

  /** Stops claiming and waits for the row in hand; one that takes too long is left to its lease. */
  async stop(maxWaitMs = 2000) {
    this.polling = false
    this.halted = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (!this.running) return
    let timeout: ReturnType<typeof setTimeout> | undefined
    await Promise.race([
      this.running.catch(() => 0),
      new Promise((resolve) => (timeout = setTimeout(resolve, maxWaitMs))),
    ])
    clearTimeout(timeout)
  }

  /** Handles every row due now; resolves with how many were done. */
  drain(): Promise<number> {
    if (this.running) {
      // Asked again mid-drain (a wake-up): one more pass after this one finds the new row.
      this.pending = true
      return this.running
    }
    this.running = (async () => {
      let done = 0
      try {
        do {
          this.pending = false
          if (!this.halted) await this.beforePass(() => this.halted)
          for (let row = await this.next(); row; row = await this.next()) {
            if (await this.handle(row)) done++
          }
        } while (this.pending && !this.halted)
      } finally {
        this.running = null
      }
      return done
    })()
    return this.running
  }

  private schedule(delayMs: number) {
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.tick(), delayMs)
    this.timer.unref()
  }

  private async tick() {
    this.timer = null
    try {
      await this.drain()
    } catch (error) {
      console.warn(`[${this.label}] the queue could not be read`, error)
    }
    if (this.polling && !this.timer) this.schedule(this.pollMs)
  }

  private next() {
    return this.halted ? Promise.resolve(undefined) : this.claim()
  }
}
