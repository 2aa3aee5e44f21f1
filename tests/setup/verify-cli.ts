import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
const root = path.resolve(__dirname, '../..')

/** `npm run verify` as a user runs it, with this process's environment (its data directory). */
export async function verifyCli(...cliArgs: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/verify-certificate.ts', ...cliArgs],
      { cwd: root, env: process.env, timeout: 60_000 },
    )
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` }
  }
}
