import { useRouteLoaderData } from '@remix-run/react'
import type { loader as rootLoader } from '~/root'

/** The product's configured name (APP_NAME), for copy inside components. */
export function useAppName() {
  return useRouteLoaderData<typeof rootLoader>('root')?.env.APP_NAME ?? 'ProofTrack'
}
