import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonError } from '~/lib/http.server'
import { applySecurityHeaders } from '~/lib/security-headers.server'
import { getStorage } from '~/storage/index.server'
import { isStorageId } from '~/storage/local.server'

const NOT_FOUND = 'Nothing is stored under this id.'
const ON_ARWEAVE = 'Stored objects are on Arweave: follow the link to the Arweave gateway.'

// Stored objects are data, never pages: sandboxed and without resources whatever their type.
const OBJECT_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox"
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
const PLAIN_VALUE = /^[\x21-\x7E](?:[\x20-\x7E]*[\x21-\x7E])?$/

/** The embedded store's gateway: the stored bytes, with their tags as `X-Tag-<Name>` headers. */
export async function loader({ params }: LoaderFunctionArgs) {
  const storage = getStorage()
  if (storage.kind !== 'local') return jsonError(404, ON_ARWEAVE)
  const id = params.id ?? ''
  if (!isStorageId(id)) return jsonError(404, NOT_FOUND)
  const object = await storage.get(id)
  if (!object) return jsonError(404, NOT_FOUND)

  const headers = applySecurityHeaders(new Headers(), OBJECT_CSP)
  const contentType = object.tags['Content-Type']
  headers.set(
    'Content-Type',
    contentType && PLAIN_VALUE.test(contentType) ? contentType : 'application/octet-stream',
  )
  headers.set('Content-Length', String(object.data.byteLength))
  headers.set('Cache-Control', 'public, max-age=31536000, immutable')
  headers.set('ETag', `"${id}"`)
  headers.set('X-Storage', 'local')
  for (const [name, value] of Object.entries(object.tags)) {
    if (HEADER_NAME.test(name)) headers.set(`X-Tag-${name}`, headerValue(value))
  }
  // Copied into an ArrayBuffer-backed array, the body type fetch accepts.
  return new Response(new Uint8Array(object.data), { status: 200, headers })
}

/**
 * Header values are Latin-1 without line breaks, and tags are any UTF-8: values that are not plain
 * printable ASCII (or contain '%') are percent-encoded, so decodeURIComponent always gives the tag.
 */
function headerValue(value: string) {
  return PLAIN_VALUE.test(value) && !value.includes('%') ? value : encodeURIComponent(value)
}
