import crypto from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { z } from 'zod'
import { env } from '~/env.server'
import {
  clear,
  forgive,
  hit,
  type Limit,
  LIMITS,
  type LimitResult,
} from '../platform/rate-limit.server'
import { findLoginAccountId } from './users.server'
import { db } from '../platform/db.server'
import { cookieSecrets } from '../platform/cookie-keys.server'

/**
 * Sign-in throttling (decision 016). Guesses are counted against the account the name
 * resolves to (username and email share one count), per address: an attacker spends only their
 * own address's allowance, never the owner's. Guessing from many addresses meets a ceiling for
 * the account, but that ceiling binds only browsers that have never signed into it: a browser
 * that has (it holds a signed device cookie naming the account) keeps its own allowance, so the
 * owner still gets in. Names that match no account share one count per address.
 */
export async function startSignIn(attempt: {
  usernameOrEmail: string
  address: string | null
  cookie: string | null
}) {
  const address = attempt.address ?? 'unknown'
  const [userId, device] = await Promise.all([
    findLoginAccountId(db(), attempt.usernameOrEmail),
    readDevice(attempt.cookie),
  ])
  let own: Limit | null = null
  const limits = [LIMITS.loginPerAddress(address)]
  if (!userId) limits.push(LIMITS.loginUnknownAccountPerAddress(address))
  else if (device?.accounts.includes(userId))
    limits.push((own = LIMITS.loginPerAccountDevice(userId, device.id)))
  else
    limits.push(
      (own = LIMITS.loginPerAccountAddress(userId, address)),
      LIMITS.loginPerAccountFromNewDevices(userId),
    )
  const limit: LimitResult = await hit(...limits)
  return {
    allowed: limit.allowed,
    limit,
    /** After the right password: this client's count starts over and the browser becomes known. */
    async succeeded(signedIn: string) {
      if (own && signedIn === userId) await clear(own)
      // The shared ceilings count guesses: a right password was none, so it takes no room from
      // the address (an office behind one NAT) or from the account's new browsers.
      if (signedIn === userId)
        await Promise.all(limits.filter((limit) => limit !== own).map(forgive))
      return rememberDevice(device, signedIn)
    },
  }
}

/** A password reset proves the mailbox: that browser becomes known to the account too. */
export async function trustDevice(cookie: string | null, userId: string) {
  return rememberDevice(await readDevice(cookie), userId)
}

const DEVICE_MAX_ACCOUNTS = 5
const Device = z.object({
  id: z.string().min(16).max(64),
  accounts: z.array(z.string().uuid()).max(DEVICE_MAX_ACCOUNTS),
})
type Device = z.infer<typeof Device>

// Signed, so a client cannot claim to know an account; it holds no secret and grants no access.
let cookie: ReturnType<typeof createCookie> | undefined
function deviceCookie() {
  const e = env()
  cookie ??= createCookie('pt_device', {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: e.isProduction,
    secrets: cookieSecrets('sign-in-device'),
    maxAge: 365 * 24 * 60 * 60,
  })
  return cookie
}

async function readDevice(header: string | null): Promise<Device | null> {
  const parsed = Device.safeParse(await deviceCookie().parse(header))
  return parsed.success ? parsed.data : null
}

function rememberDevice(device: Device | null, userId: string) {
  const id = device?.id ?? crypto.randomBytes(16).toString('base64url')
  const accounts = [
    userId,
    ...(device?.accounts ?? []).filter((account) => account !== userId),
  ].slice(0, DEVICE_MAX_ACCOUNTS)
  return deviceCookie().serialize({ id, accounts })
}
