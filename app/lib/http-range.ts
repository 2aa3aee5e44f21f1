export type ByteRange = { start: number; end: number }

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/i

/**
 * Reads a `Range` header against a resource of `size` bytes (RFC 9110 §14).
 * Returns the inclusive byte range to send, 'unsatisfiable' for a 416, or null to send the whole
 * resource. Headers we do not honour (other units, several ranges, bad syntax) give null, because
 * the RFC lets a server ignore a Range header rather than fail the request.
 */
export function parseRange(
  header: string | null,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null
  const match = SINGLE_RANGE.exec(header.trim())
  if (!match) return null
  const [, first = '', last = ''] = match

  if (first === '') {
    if (last === '') return null
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }

  const start = Number(first)
  const end = last === '' ? Infinity : Number(last)
  if (end < start) return null
  if (start >= size) return 'unsatisfiable'
  return { start, end: Math.min(end, size - 1) }
}
