import { z } from 'zod'
import { emailAddress, FIRST_NAME, LAST_NAME, newPassword, username } from './auth-schemas'
import { PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG } from './password-rule'
import { contributorPro } from './song-schema'

// Issue 28: one schema per settings form. Names and usernames follow sign-up's own rules.

/**
 * The account's own PRO and PRO number (issue 51.4) are taken exactly as the song form takes the
 * main contributor's, since a new song starts with them there (decision 118). Blank is none.
 */
export const ProfileSchema = z.object({
  firstName: FIRST_NAME,
  lastName: LAST_NAME,
  username,
  pro: contributorPro.pro,
  proNumber: contributorPro.proNumber,
})
export type ProfileInput = z.infer<typeof ProfileSchema>

/** The current password is asked only of an account that has one (a Google-only account sets one). */
export const PasswordChangeSchema = z
  .object({
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG).optional(),
    newPassword: newPassword('Enter a new password'),
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password')
      .max(PASSWORD_MAX_LENGTH),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  })
export type PasswordChangeInput = z.infer<typeof PasswordChangeSchema>

export const SessionsSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('end'),
    session: z
      .string({ error: 'Choose a session' })
      .regex(/^[A-Za-z0-9_-]{22}$/, 'Choose a session'),
  }),
  z.object({ intent: z.literal('end-others') }),
])
/** Field names the sessions form may send (readForm keeps only these). */
export const SESSIONS_FIELDS = ['intent', 'session'] as const

/** Typing the username is the deliberate step; the fresh sign-in is checked by the route. */
export const DeleteAccountSchema = z.object({
  confirmUsername: z
    .string({ error: 'Enter your username to confirm' })
    .trim()
    .min(1, 'Enter your username to confirm')
    .max(30, 'Type your username exactly as it is shown'),
})

export const DeleteSongSchema = z.object({
  confirm: z.literal('delete', { error: 'Confirm that the song should be deleted' }),
})

/** Where the delete page was opened from, so “Keep it” goes back there. */
export const DeleteSongQuerySchema = z.object({
  from: z.enum(['settings', 'dashboard', 'songs', 'certificate']).optional(),
})
export type DeleteSongQuery = z.infer<typeof DeleteSongQuerySchema>

/** Ask for a link at a new address, or confirm with the link's token (decision 067). */
export const EmailRequestSchema = z.object({
  intent: z.literal('request'),
  email: emailAddress('Enter your new email address'),
})
export type EmailRequestInput = z.infer<typeof EmailRequestSchema>
export const EmailChangeSchema = z.discriminatedUnion('intent', [
  EmailRequestSchema,
  z.object({
    intent: z.literal('confirm'),
    token: z
      .string({ error: 'This link is incomplete' })
      .min(1, 'This link is incomplete')
      .max(200, 'This link is incomplete'),
  }),
])
/** Field names the email form may send (readForm keeps only these). */
export const EMAIL_CHANGE_FIELDS = ['intent', 'email', 'token'] as const

export const GoogleConnectionSchema = z.object({
  intent: z.literal('disconnect', { error: 'Choose what to do' }),
})

const totpCode = z
  .string({ error: 'Enter the code from your authenticator app' })
  .trim()
  .min(1, 'Enter the code from your authenticator app')
  .max(32, 'That code is too long')

/** The two-factor page's forms: set up, confirm with a first code, cancel, turn off, new recovery codes. */
export const TwoFactorSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('start') }),
  z.object({ intent: z.literal('confirm'), code: totpCode }),
  z.object({ intent: z.literal('cancel') }),
  z.object({ intent: z.literal('disable'), code: totpCode }),
  // New codes are a way in: a current code asks for them, not the session alone (issue 38.5).
  z.object({ intent: z.literal('regenerate'), code: totpCode }),
])
/** Field names the two-factor forms may send (readForm keeps only these). */
export const TWO_FACTOR_FIELDS = ['intent', 'code'] as const

/** The confirm page (a fresh sign-in for sensitive changes): the password, or a code. */
export const ConfirmSignInSchema = z.object({
  password: z.string().max(128, 'Password must be at most 128 characters').optional(),
  code: z.string().trim().max(32, 'That code is too long').optional(),
  redirectTo: z.string().max(2048).optional(),
})
