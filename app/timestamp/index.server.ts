import { type Env, env } from '~/env.server'
import { keptPerConfiguration } from '~/lib/kept-per-configuration.server'
import { HttpTsa } from './http.server'
import { LocalTsa, tsaDir } from './local.server'
import type { TimestampAuthority } from './types'

export { TimestampRefused } from './types'
export type { StampedToken, TimestampAuthority } from './types'

/** The configured TSA: the one at TSA_URL when set, else this server's development TSA. */
export function getTimestampAuthority(): TimestampAuthority {
  const { TSA_URL, TSA_CA_FILE, TSA_NAME, DATA_DIR } = env()
  const config = { TSA_URL, TSA_CA_FILE, TSA_NAME, DATA_DIR }
  return keptPerConfiguration('timestamp authority', config, () => createTimestampAuthority(config))
}

/** Builds the authority a configuration asks for; tests call it with their own configuration. */
export function createTimestampAuthority(
  config: Pick<Env, 'TSA_URL' | 'TSA_CA_FILE' | 'TSA_NAME' | 'DATA_DIR'>,
): TimestampAuthority {
  if (config.TSA_URL && config.TSA_CA_FILE) {
    return new HttpTsa({ url: config.TSA_URL, caFile: config.TSA_CA_FILE, name: config.TSA_NAME })
  }
  return new LocalTsa({ dir: tsaDir(config.DATA_DIR) })
}
