// `npm start`'s server entry. One process serves by default; WEB_CONCURRENCY=N on PostgreSQL runs
// N (Node's cluster: they share the port). The embedded database belongs to one process, so
// there it is refused. Each process is server/app.mjs.
import cluster from 'node:cluster'
import { runPrimary, webConcurrency } from './cluster.mjs'

const size = webConcurrency(process.env)
if (!size.ok) {
  console.error(`[server] ${size.message}`)
  process.exit(1)
}
if (cluster.isPrimary && size.workers > 1) runPrimary(size.workers)
else await import('./app.mjs')
