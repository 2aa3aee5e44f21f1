// A document worker thread (decisions 049 and 053): laying out a PDF, writing a proof bundle or
// a page of the catalogue export is CPU work that would hold the event loop for every other
// request, so the server's pool (app/services/platform/document-pool.server.ts) sends each job here. The
// renderers are TypeScript in app/ and are loaded through tsx, as the scripts are, so the same
// file serves `npm start` (the Remix build) and the tests alike.
import { parentPort } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
const { renderDocument, warmDocumentRenderer } =
  await import('../app/services/certificates/documents/document-render.server.ts')
// Fonts decompressed and the layout compiled while the worker waits for its first job (issue
// 37); a job that comes meanwhile is made alongside, as it would have been anyway.
void warmDocumentRenderer().catch((error) => console.warn('[documents] warm-up failed:', error))

parentPort?.on('message', async ({ id, job }) => {
  try {
    // A copy in a buffer of its own, so it can be handed over without copying again.
    const bytes = new Uint8Array(await renderDocument(job))
    parentPort?.postMessage({ id, bytes }, [bytes.buffer])
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) })
  }
})
