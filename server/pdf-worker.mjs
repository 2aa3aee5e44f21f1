// A PDF worker thread (decision 049): laying out and drawing a PDF is CPU work that would hold
// the event loop for every other request, so the server's pool (app/services/pdf-pool.server.ts)
// sends each job here. The renderers are TypeScript in app/ and are loaded through tsx, as the
// scripts are, so the same file serves `npm start` (the Remix build) and the tests alike.
import { parentPort } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
const { renderPdf } = await import('../app/services/pdf-render.server.ts')

parentPort?.on('message', async ({ id, job }) => {
  try {
    // A copy in a buffer of its own, so it can be handed over without copying again.
    const pdf = new Uint8Array(await renderPdf(job))
    parentPort?.postMessage({ id, pdf }, [pdf.buffer])
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
  }
})
