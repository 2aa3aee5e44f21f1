import { createCookieSessionStorage, redirect } from '@remix-run/node'
import { env } from '~/env.server'
import { z } from 'zod'
import { cookieSecrets } from './cookie-keys.server'

const ToastSchema = z.object({
  id: z.string().default(() => Math.random().toString(36).slice(2)),
  title: z.string(),
  description: z.string().optional(),
  type: z.enum(['message', 'success', 'error']).default('message'),
})
export type ToastInput = z.input<typeof ToastSchema>

// Toasts travel in a flash cookie so they survive a redirect and work with JavaScript off.
type ToastFlash = { toast: z.output<typeof ToastSchema> }
let storage:
  ReturnType<typeof createCookieSessionStorage<Record<string, never>, ToastFlash>> | undefined
function toastStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, ToastFlash>({
    cookie: {
      name: 'pt_toast',
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: env().isProduction,
      secrets: cookieSecrets('toast'),
    },
  })
  return storage
}

async function toastCookie(toast: ToastInput) {
  const session = await toastStorage().getSession()
  session.flash('toast', ToastSchema.parse(toast))
  return toastStorage().commitSession(session)
}

export async function createToastHeaders(toast: ToastInput) {
  return new Headers({ 'Set-Cookie': await toastCookie(toast) })
}

export async function redirectWithToast(url: string, toast: ToastInput, init: ResponseInit = {}) {
  const headers = new Headers(init.headers)
  headers.append('Set-Cookie', await toastCookie(toast))
  return redirect(url, { ...init, headers })
}

/** Reads and clears the pending toast (one at a time: a newer flash replaces an older one). */
export async function getToast(cookieHeader: string | null) {
  const session = await toastStorage().getSession(cookieHeader)
  const parsed = ToastSchema.safeParse(session.get('toast'))
  const toast = parsed.success ? parsed.data : null
  const headers = toast
    ? new Headers({ 'Set-Cookie': await toastStorage().destroySession(session) })
    : null
  return { toast, headers }
}
