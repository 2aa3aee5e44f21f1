import { z } from 'zod'
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_NEEDS_KINDS,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
} from './password-rule'
import { isBlankText } from './plain-text'
import { plainString } from './text-schemas'
import { timeZoneField } from './time-zone-schema'

// SPEC §5. One schema per form; the spec's messages are the schemas' messages. A field left empty
// says what is missing, GOV.UK's way ("Enter a username"), unless the spec words that case
// itself ('Reset token is required'); the spec's words for a value that breaks its rule stay
// (decision 113). `abort` keeps an empty field to that one message.

const INVALID_EMAIL = 'Please enter a valid email address'
// Invisible only is empty (decision 108), as in every typed field.
const emptyIfBlank = (value: string) => (isBlankText(value) ? '' : value)

/** An email address someone types; `missing` is what an empty field says. */
export const emailAddress = (missing = 'Enter your email address') =>
  z
    .string({ error: missing })
    .trim()
    .overwrite(emptyIfBlank)
    .min(1, { message: missing, abort: true })
    .max(255, INVALID_EMAIL)
    .pipe(z.email(INVALID_EMAIL))

export const email = emailAddress()

/** Every new password, whatever the form or API (decision 080). */
export const newPassword = (missing: string) =>
  z
    .string({ error: missing })
    .min(1, { message: missing, abort: true })
    .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
    .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG)
    // Upper and lower case in any cased script: 'Пароль2024' has both.
    .regex(/(?=.*\p{Ll})(?=.*\p{Lu})(?=.*\p{Nd})/u, PASSWORD_NEEDS_KINDS)
export const strongPassword = newPassword('Enter a password')

/** A first or last name: `missing` says which ("Enter your first name"). */
export const name = (label: string, missing: string) =>
  plainString(50, `${label} must be at most 50 characters`, { error: missing }).min(1, missing)

const USERNAME_MISSING = 'Enter a username'

/** Sign-up's rule for a username, which the profile form keeps (issue 28). */
export const username = z
  .string({ error: USERNAME_MISSING })
  .trim()
  .overwrite(emptyIfBlank)
  .min(1, { message: USERNAME_MISSING, abort: true })
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(/^[A-Za-z0-9_]+$/, 'Username can only contain letters, numbers, and underscores')

export const FIRST_NAME = name('First name', 'Enter your first name')
export const LAST_NAME = name('Last name', 'Enter your last name')

export const RegisterSchema = z.object({
  firstName: FIRST_NAME,
  lastName: LAST_NAME,
  username,
  email,
  password: strongPassword,
  // Asked at sign-up, so a page drawn without JavaScript shows Tokyo's date in Tokyo (issue
  // 39.14); optional, for the JSON API and for a form posted before the field existed.
  timeZone: timeZoneField,
})
export type RegisterInput = z.infer<typeof RegisterSchema>

export const LoginSchema = z.object({
  usernameOrEmail: z
    .string({ error: 'Enter your username or email address' })
    .trim()
    .min(1, 'Enter your username or email address')
    .max(255),
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(128),
  redirectTo: z.string().optional(),
})
export type LoginInput = z.infer<typeof LoginSchema>

/** The JSON sign-in: an account with two-factor on adds its TOTP or recovery code. */
export const ApiLoginSchema = LoginSchema.extend({ code: z.string().max(32).optional() })

/** The second step of a sign-in, and the confirm page: a TOTP code or a recovery code. */
export const TwoFactorCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the code from your authenticator app' })
    .trim()
    .min(1, 'Enter the code from your authenticator app')
    .max(32, 'That code is too long'),
})

export const ForgotPasswordSchema = z.object({ email })

/**
 * The spec's 'Passwords don't match', with registration's password rule instead of the spec's 6
 * characters: a reset must not be the way to a weaker password than sign-up allows (decision 080).
 */
export const ResetPasswordSchema = z
  .object({
    token: z
      .string({ error: 'Reset token is required' })
      .min(1, 'Reset token is required')
      .max(200),
    password: newPassword('Enter a new password'),
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(1, 'Please confirm your password')
      .max(PASSWORD_MAX_LENGTH),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  })

export const VerificationCodeSchema = z.object({
  token: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'The code must be exactly 6 digits'),
})

/** 'generate' mails the user's own code, 'support' shows the code to send support (decision 080). */
export const VerifyEmailIntentSchema = z.object({
  intent: z.enum(['generate', 'support', 'verify']),
})
