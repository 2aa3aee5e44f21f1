import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonResponse } from '~/lib/http.server'
import { requireApiUser, requireSongOwner } from '~/services/accounts/auth.server'
import { readBlockchainData } from '~/services/certificates/record/blockchain-data.server'
import { registrationsForSong } from '~/services/registration/registration-done.server'
import { db } from '~/services/platform/db.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request)
  const song = await requireSongOwner(user.id, params.id)
  const rows = await registrationsForSong(db(), user.id, song.id)
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
