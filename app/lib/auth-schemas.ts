import { z } from 'zod'
import { plainString } from './text-schemas'

// SPEC §5. One schema per form; the spec's messages are the schemas' messages.

export const email = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(255, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'))

export const strongPassword = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters')
  .regex(
    /(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/,
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  )

export const name = (label: string) =>
  plainString(50, `${label} must be at most 50 characters`, { error: `${label} is required` }).min(
    1,
    `${label} is required`,
  )

/** Sign-up's rule for a username, which the profile form keeps (issue 28). */
export const username = z
  .string({ error: 'Username must be at least 3 characters' })
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(30, 'Username must be at most 30 characters')
  .regex(/^[A-Za-z0-9_]+$/, 'Username can only contain letters, numbers, and underscores')

export const RegisterSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  username,
  email,
  password: strongPassword,
})
export type RegisterInput = z.infer<typeof RegisterSchema>

export const LoginSchema = z.object({
  usernameOrEmail: z
    .string({ error: 'Username or email is required' })
    .trim()
    .min(1, 'Username or email is required')
    .max(255),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
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
 * The spec's reset rules (6 characters, 'Passwords don't match'), plus the strength asked at
 * registration: a reset must not be the way to a weaker password than sign-up allows.
 */
export const ResetPasswordSchema = z
  .object({
    token: z
      .string({ error: 'Reset token is required' })
      .min(1, 'Reset token is required')
      .max(200),
    password: z
      .string({ error: 'Password must be at least 6 characters' })
      .min(6, 'Password must be at least 6 characters')
      .pipe(strongPassword),
    confirmPassword: z
      .string({ error: 'Please confirm your password' })
      .min(6, 'Please confirm your password'),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  })

export const VerificationCodeSchema = z.object({
  token: z
    .string({ error: 'Please enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'The code must be exactly 6 digits'),
})

export const VerifyEmailIntentSchema = z.object({ intent: z.enum(['generate', 'verify']) })
