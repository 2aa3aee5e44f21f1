import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonError, jsonResponse } from '~/lib/http.server'
import { getUser } from '~/services/auth.server'
import { readBlockchainData } from '~/services/manifest.server'
import { registrationsForSong } from '~/services/registration.server'
import { getOwnedSong, parseSongId } from '~/services/songs.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getUser(request)
  if (!user) return jsonError(401, 'Unauthorized')
  const id = parseSongId(params.id)
  if (id === null || !(await getOwnedSong(user.id, id))) return jsonError(404, 'Song not found')
  const rows = await registrationsForSong(user.id, id)
  return jsonResponse(
    rows.map((row) => {
      const data = readBlockchainData(row.blockchainData)
      return {
        transactionSignature: row.transactionSignature,
        walletAddress: row.walletAddress,
        registrationFee: row.registrationFee,
        createdAt: row.createdAt.toISOString(),
        blockTime: row.blockTime === null ? null : Number(row.blockTime),
        explorerUrl: data.explorerUrl ?? null,
        storageId: data.storageId ?? null,
        storageUrl: data.storageUrl ?? null,
        // Where it went, as recorded (decision 019).
        network: row.network,
        storageKind: row.storageKind,
        storageGateway: row.storageGateway,
      }
    }),
  )
}
