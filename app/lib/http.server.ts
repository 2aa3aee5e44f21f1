import { applySecurityHeaders } from './security-headers.server'

/** JSON answer for API routes, which bypass entry.server and so set their own security headers. */
export function jsonResponse(data: unknown, init: ResponseInit = {}) {
  const headers = applySecurityHeaders(new Headers(init.headers))
  headers.set('Content-Type', 'application/json; charset=utf-8')
  headers.set('Cache-Control', 'no-store')
  return new Response(JSON.stringify(data), { ...init, headers })
}

export function jsonError(status: number, message: string, extra: Record<string, unknown> = {}) {
  return jsonResponse({ message, ...extra }, { status })
}

/** Reads a JSON body without letting a malformed one become a 500. */
export async function readJson(request: Request): Promise<{ ok: true; data: unknown } | { ok: false }> {
  const type = request.headers.get('Content-Type') ?? ''
  if (!type.includes('application/json')) return { ok: false }
  try {
    return { ok: true, data: await request.json() }
  } catch {
    return { ok: false }
  }
}

/** Parses a JSON body with a zod schema; a bad body becomes a 400 `{ message }` answer. */
export async function parseJsonBody<T>(request: Request, schema: { safeParse(data: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string; path: PropertyKey[] }[] } } }) {
  const body = await readJson(request)
  if (!body.ok) return { ok: false as const, response: jsonError(400, 'Expected a JSON body') }
  const parsed = schema.safeParse(body.data)
  if (!parsed.success) {
    const errors: Record<string, string> = {}
    const fieldErrors: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) {
      const key = issue.path.map(String).join('.')
      errors[key] ??= issue.message
      ;(fieldErrors[key] ??= []).push(issue.message)
    }
    return { ok: false as const, response: jsonError(400, parsed.error.issues[0]?.message ?? 'Invalid request', { errors, fieldErrors }) }
  }
  return { ok: true as const, data: parsed.data }
}
