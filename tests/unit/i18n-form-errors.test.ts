import { expect, test } from 'vitest'
import { formatMessage } from '~/i18n/format-message'
import { FORM_ERROR_KEY } from '~/i18n/form-errors'
import { pageMessagesWithFormErrors, translateFormError } from '~/i18n/form-errors.server'
import {
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  TwoFactorCodeSchema,
  VerificationCodeSchema,
} from '~/lib/auth-schemas'
import { TIME_ZONE_MESSAGE } from '~/lib/time-zone-schema'
import { LOGIN_FAILED_MESSAGE, LOGIN_NO_MESSAGE } from '~/services/accounts/auth.server'
import {
  INVALID_CODE_MESSAGE,
  SUPPORT_CODE_TYPED_MESSAGE,
  VOID_CODE_MESSAGE,
} from '~/services/accounts/email-verification.server'
import { INVALID_RESET_MESSAGE } from '~/services/accounts/password-reset.server'
import {
  NOT_ENROLLED_MESSAGE,
  RECOVERY_CODE_REFUSED_MESSAGE,
  UNREADABLE_KEY_MESSAGE,
  USED_CODE_MESSAGE,
  WRONG_CODE_MESSAGE,
} from '~/services/accounts/two-factor.server'
import { RESERVED_EMAIL_MESSAGE, USERNAME_TAKEN } from '~/services/accounts/users.server'

// Decision 120, "Form errors": the auth forms' schemas and services speak English to the server
// and the browser alike; each message they can give must have its translation in the auth
// area, keyed by that English in the pages' data, or a German page would show it in English.

const long = 'x'.repeat(300)
const refusals: [
  { safeParse: (value: unknown) => { error?: { issues: { message: string }[] } } },
  unknown,
][] = [
  [RegisterSchema, {}],
  [RegisterSchema, { firstName: ' ', lastName: '', username: '', email: '', password: '' }],
  [
    RegisterSchema,
    { firstName: long, lastName: long, username: 'ab', email: 'not-an-address', password: 'short' },
  ],
  [
    RegisterSchema,
    { username: 'a'.repeat(31), email: `${long}@example.com`, password: 'a'.repeat(200) },
  ],
  [RegisterSchema, { username: '김민지', password: 'alllowercase1', timeZone: 'Mars/Base' }],
  [LoginSchema, {}],
  [LoginSchema, { usernameOrEmail: '', password: '' }],
  [ForgotPasswordSchema, { email: '' }],
  [ResetPasswordSchema, {}],
  [ResetPasswordSchema, { token: 't', password: 'N3wMelody', confirmPassword: 'N3wMelodyX' }],
  [ResetPasswordSchema, { token: 't', password: '', confirmPassword: '' }],
  [TwoFactorCodeSchema, {}],
  [TwoFactorCodeSchema, { code: 'x'.repeat(40) }],
  [VerificationCodeSchema, {}],
  [VerificationCodeSchema, { token: '12a' }],
]
const SERVICES = [
  INVALID_CODE_MESSAGE,
  SUPPORT_CODE_TYPED_MESSAGE,
  VOID_CODE_MESSAGE,
  'Unknown action',
  'Failed to generate verification code',
  TIME_ZONE_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  LOGIN_NO_MESSAGE,
  INVALID_RESET_MESSAGE,
  NOT_ENROLLED_MESSAGE,
  RECOVERY_CODE_REFUSED_MESSAGE,
  UNREADABLE_KEY_MESSAGE,
  USED_CODE_MESSAGE,
  WRONG_CODE_MESSAGE,
  RESERVED_EMAIL_MESSAGE,
  USERNAME_TAKEN,
]

const messages = new Set([
  ...refusals.flatMap(([schema, value]) =>
    (schema.safeParse(value).error?.issues ?? []).map((issue) => issue.message),
  ),
  ...SERVICES,
])

test('every message the auth forms can refuse with is translated, keyed by its English', () => {
  expect(messages.size).toBeGreaterThan(20)
  const german = pageMessagesWithFormErrors('de', ['auth']).messages
  for (const message of messages) {
    const compiled = german[`${FORM_ERROR_KEY}${message}`]
    expect(compiled, message).toBeDefined()
    expect(formatMessage(compiled!, {}, 'de'), message).not.toBe(message)
  }
})

test('a toast’s form error is translated on the server; one no area has stays as it was', () => {
  expect(translateFormError('ja', 'auth', USERNAME_TAKEN)).toBe(
    'このユーザー名はすでに使われています',
  )
  expect(translateFormError('en', 'auth', USERNAME_TAKEN)).toBe(USERNAME_TAKEN)
  expect(translateFormError('de', 'auth', 'A message of another area')).toBe(
    'A message of another area',
  )
})
