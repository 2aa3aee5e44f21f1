import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'

/**
 * Returns a maker of temporary directories (under the system's temp folder, named by `prefix`),
 * all removed after the file's tests. Call it at the top of a test file or in a describe block.
 */
export function useTempDirs() {
  const dirs: string[] = []
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
  })
  return (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
    dirs.push(dir)
    return dir
  }
}
