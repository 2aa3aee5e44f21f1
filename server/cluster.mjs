import cluster from 'node:cluster'
import { serveClusterMetrics } from './metrics.mjs'

/** WEB_CONCURRENCY: how many server processes, 1 by default; more than one needs PostgreSQL. */
export function webConcurrency(env) {
  const raw = (env.WEB_CONCURRENCY ?? '').trim()
  if (raw === '') return { ok: true, workers: 1 }
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1 || Number(raw) > 64) {
    return {
      ok: false,
      message: `WEB_CONCURRENCY must be a whole number from 1 to 64 (got "${raw.slice(0, 40)}").`,
    }
  }
  const workers = Number(raw)
  if (workers > 1 && !env.DATABASE_URL) {
    return {
      ok: false,
      message: `WEB_CONCURRENCY=${workers} needs PostgreSQL: the embedded database (no DATABASE_URL) can be opened by one process only. Set DATABASE_URL, or leave WEB_CONCURRENCY unset.`,
    }
  }
  return { ok: true, workers }
}

/**
 * The cluster's primary serves nothing: it forks the workers, replaces one that dies (a crash
 * or kill -9) once the cluster has started, and on SIGTERM/SIGINT passes SIGTERM to each and
 * exits when all have finished (0 when every one exited cleanly). A worker failing before it
 * listens is a start-up failure (bad configuration, unreachable database): the cluster stops.
 */
export function runPrimary(workers) {
  let stopping = false
  let failed = false
  const alive = new Set()
  console.log(`[server] starting ${workers} processes (WEB_CONCURRENCY)`)
  // GET /metrics on any worker shows every worker's process figures, gathered here.
  serveClusterMetrics()
  const fork = () => {
    const worker = cluster.fork()
    alive.add(worker)
    worker.once('listening', () => (worker.listened = true))
    return worker
  }
  for (let i = 0; i < workers; i++) fork()
  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker)
    if (stopping) {
      if (code !== 0) failed = true
      if (alive.size === 0) process.exit(failed ? 1 : 0)
      return
    }
    if (!worker.listened) {
      failed = true
      console.error(
        `[server] process ${worker.process.pid} failed during start-up (${signal ?? `exit ${code}`}); stopping`,
      )
      stopAll()
      return
    }
    console.warn(
      `[server] process ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another`,
    )
    fork()
  })
  const stopAll = () => {
    if (stopping) return
    stopping = true
    if (alive.size === 0) process.exit(failed ? 1 : 0)
    for (const worker of alive) worker.process.kill('SIGTERM')
  }
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, stopAll)
}
