import { generateSync } from 'otplib'
import {
  confirmEnrolment,
  pendingEnrolment,
  startEnrolment,
  TOTP_OPTIONS,
} from '~/services/accounts/two-factor.server'
import { db } from '~/services/platform/db.server'

/**
 * A code the account will take now: the authenticator app's, computed by otplib from the key. A
 * code is taken once (its time step is stored), so after one was used in this 30-second step the
 * next step's code is given (accepted: ±1 step); past that, it waits for the clock.
 */
export async function freshCode(userId: string, secret: string) {
  for (;;) {
    const row = await db()
      .selectFrom('userTwoFactors')
      .select('lastUsedStep')
      .where('userId', '=', userId)
      .executeTakeFirst()
    const now = Math.floor(Date.now() / 1000 / TOTP_OPTIONS.period)
    const step = Math.max(now, (row?.lastUsedStep ?? 0) + 1)
    if (step <= now + 1)
      return generateSync({ ...TOTP_OPTIONS, secret, epoch: step * TOTP_OPTIONS.period })
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}

/** Turns two-factor on for the user as the settings page does; returns the key and recovery codes. */
export async function enrolTwoFactor(user: { id: string; email: string }) {
  await startEnrolment(db(), user.id)
  const { secret } = (await pendingEnrolment(db(), user))!
  const outcome = await confirmEnrolment(db(), user.id, await freshCode(user.id, secret))
  if (!outcome.ok) throw new Error('enrolment was refused')
  return { secret, codes: outcome.codes }
}
