import type { LoaderFunctionArgs } from '@remix-run/node'
import { getTransactionResult } from '~/chain/ledger-rpc.server'
import { ledgerDir, readLedgerEntry } from '~/chain/local.server'
import { isTransactionSignature } from '~/chain/solana.server'
import { configuredTarget, env } from '~/env.server'
import { jsonResponse } from '~/lib/http.server'
import { clientIp } from '~/lib/client-address.server'
import {
  hit,
  LIMITS,
  retryAfterHeaders,
  tooManyRequestsMessage,
} from '~/services/platform/rate-limit.server'

/**
 * GET /ledger/rpc/getTransaction/:signature — the embedded ledger's answer to Solana's JSON-RPC
 * `getTransaction` (jsonParsed), body for body, so docs/verify.md's jq steps apply unchanged.
 * A GET rather than a JSON-RPC POST: it is a read, and every POST to this app goes through the
 * cross-site write check (decision 023); so only the fetching command of docs/verify.md differs (decision 022).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  // Anonymous and public like /verify, so it shares that page's throttle.
  const limited = await hit(LIMITS.certificateVerifyPerAddress(clientIp(request) ?? 'unknown'))
  if (!limited.allowed)
    return jsonResponse(
      { message: tooManyRequestsMessage(limited) },
      { status: 429, headers: retryAfterHeaders(limited) },
    )
  const signature = params.signature ?? ''
  if (!isTransactionSignature(signature))
    return rpcError(400, -32602, 'Invalid param: not a base58-encoded transaction signature')
  let result: ReturnType<typeof getTransactionResult> | null
  try {
    const entry = readLedgerEntry(ledgerDir(env().DATA_DIR), signature)
    result = entry ? getTransactionResult(entry) : null
  } catch {
    return rpcError(
      500,
      -32603,
      'Internal error: the ledger’s record of this transaction is unreadable',
    )
  }
  // A server that registers on a public network keeps no ledger of its own: saying "null" (not on
  // chain) there would mislead; its records are checked against a Solana RPC node instead.
  if (!result && configuredTarget(env()).network !== 'local-ledger') {
    return rpcError(
      404,
      -32001,
      'This server registers on a public Solana network and keeps no local ledger: ask a Solana RPC node (docs/verify.md).',
    )
  }
  // As a node does, an unknown signature is a null result, not an error.
  return jsonResponse({ jsonrpc: '2.0', result, id: 1 })
}

function rpcError(status: number, code: number, message: string) {
  return jsonResponse({ jsonrpc: '2.0', error: { code, message }, id: 1, message }, { status })
}
