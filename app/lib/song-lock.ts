/**
 * A registration that has not failed locks the song: a confirmed one is permanent, and one under
 * way may yet become so. A failed one anchored nothing, so the song can be edited and registered
 * again. The server's checks, the dashboard and the edit page all ask this one rule.
 */
export function locksSong(registration: { status: string } | null | undefined) {
  return registration != null && registration.status !== 'failed'
}

export const LOCKED_MESSAGE =
  'This song has been registered on the blockchain and cannot be edited.'
export const ALREADY_REGISTERED_MESSAGE = 'This song is already registered on the blockchain.'
export const REGISTRATION_IN_PROGRESS_MESSAGE = 'This song’s registration is already in progress.'

/** Why a song's registration cannot start (or be paid for) now; null when nothing holds it. */
export function registrationLockMessage(registration: { status: string } | null | undefined) {
  if (!locksSong(registration)) return null
  return registration?.status === 'confirmed'
    ? ALREADY_REGISTERED_MESSAGE
    : REGISTRATION_IN_PROGRESS_MESSAGE
}
