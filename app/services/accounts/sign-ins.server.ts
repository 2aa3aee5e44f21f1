import type { ToastInput } from '../platform/toast.server'
import type { Executor } from '../platform/db.server'

// Issue 52 (polish, decision 115): the very first sign-in was greeted "Welcome back". The greeting
// is decided from what the server knows, the account's count of sign-ins, never from the browser.

/** Counts one more sign-in of the account and returns the count, this one included. */
export async function countSignIn(database: Executor, userId: string) {
  const row = await database
    .updateTable('users')
    .set((eb) => ({ signIns: eb('signIns', '+', 1) }))
    .where('id', '=', userId)
    .returning('signIns')
    .executeTakeFirst()
  return row?.signIns ?? 0
}

/** Whether the account is in its first signed-in visit: greeted "Welcome", not "Welcome back". */
export const isFirstSignIn = (user: { signIns: number }) => user.signIns <= 1

/** SPEC §8's sign-in toast, except on the account's very first sign-in. */
export function signInToast(signIns: number): ToastInput {
  return {
    type: 'success',
    title: signIns <= 1 ? 'Welcome!' : 'Welcome back!',
    description: 'You have been logged in successfully.',
  }
}
