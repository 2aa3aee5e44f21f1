// Texts a page shows that the server also says. They live here, not in a .server module: the
// browser build empties .server modules, so a page that read one after a client-side navigation
// or on hydration met `undefined` and fell to the generic error screen (issue 25.2).

export const CHECK_EMAIL_MESSAGE =
  "If an account with that email exists, you'll receive a password reset link shortly."

export const NOT_REGISTERED = 'No blockchain registration found for this certificate'

export const INVITATIONS_FINAL_MESSAGE =
  'This song is registered, or being registered, on the blockchain: its confirmations are final.'

/** Why an invitation link opens no form, as the invitee reads it. */
export const INVITATION_CLOSED = {
  unknown: 'This invitation link is not valid. Check that you copied the whole link.',
  // A resend mails a new link and closes the old one (issue 52.12): the old mail is not wrong.
  replaced:
    'A newer invitation was sent to you since this one, and this link no longer works. Use the link in the latest invitation mail.',
  expired: 'This invitation has expired. Ask the person who invited you to send it again.',
  revoked: 'This invitation was withdrawn by the person who sent it.',
  // Not "a new one was mailed": an edit that removed this contributor, or a third send, mails none.
  voided:
    'The split changed after this invitation was sent, so it no longer applies. If you are still named on the song, look for a newer invitation.',
  // A registration under way locks the song as a finished one does.
  final:
    'This song is registered, or being registered, on the blockchain; its confirmations are final.',
} as const
export type ClosedReason = keyof typeof INVITATION_CLOSED

/** Said on the edit and details pages while co-writers hold invitations. */
export const EDIT_VOIDS_NOTICE =
  'Contributors have been invited to confirm this split. Saving a change to the names or shares voids their confirmations and mails each of them a new invitation.'
