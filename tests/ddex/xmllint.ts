import { execFileSync } from 'node:child_process'
import path from 'node:path'

/** DDEX's ERN 4.3.2 schema, kept as DDEX publishes it (docs/THIRD_PARTY.md). */
export const DDEX_SCHEMA = path.resolve(__dirname, 'xsd/ern432/release-notification.xsd')

/**
 * libxml2's validator on several files in one run, so the 3 MB value sets load once: its standard
 * output ('' when every file validates); its complaints as the error when one does not.
 */
export function xmllint(files: string[]) {
  try {
    return execFileSync('xmllint', ['--noout', '--schema', DDEX_SCHEMA, ...files], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
  } catch (error) {
    const failed = error as { stderr?: string }
    throw new Error(`xmllint refused: ${failed.stderr ?? String(error)}`)
  }
}
