// What `npm run backup` and `npm run restore` share: where the data lives, read with the server's
// own schema. Only DATA_DIR and DATABASE_URL: loadEnv() would generate a session secret into an
// empty DATA_DIR, which a restore must fill from the archive instead.
import { EnvSchema } from '../../app/env.server'

export function dataLocation() {
  const parsed = EnvSchema.pick({ DATA_DIR: true, DATABASE_URL: true }).safeParse(process.env)
  if (!parsed.success) {
    console.error(parsed.error.issues.map((issue) => issue.message).join('\n'))
    process.exit(1)
  }
  return parsed.data
}

/** Prints a usage line and exits 2 when the arguments are not as the script takes them. */
export function usageUnless(ok: boolean, usage: string) {
  if (ok) return
  console.error(`Usage: ${usage}`)
  process.exit(2)
}
