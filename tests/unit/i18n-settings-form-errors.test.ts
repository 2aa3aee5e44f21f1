import { expect, test } from 'vitest'
import { formatMessage } from '~/i18n/format-message'
import { FORM_ERROR_KEY } from '~/i18n/form-errors'
import {
  EmailChangeSchema,
  PasswordChangeSchema,
  ProfileSchema,
  TwoFactorSchema,
} from '~/lib/account-schemas'
import { ipiProblem } from '~/lib/identifiers'
import { WRONG_CURRENT_PASSWORD } from '~/services/accounts/account.server'
import {
  ADDRESS_NOW_TAKEN,
  INVALID_CHANGE_LINK,
  SAME_ADDRESS,
} from '~/services/accounts/email-change.server'
import { settingsFieldErrors, settingsPageMessages } from '~/services/accounts/settings-text.server'
import {
  NOT_ENROLLED_MESSAGE,
  RECOVERY_CODE_REFUSED_MESSAGE,
  UNREADABLE_KEY_MESSAGE,
  USED_CODE_MESSAGE,
  WRONG_CODE_MESSAGE,
} from '~/services/accounts/two-factor.server'
import { RESERVED_EMAIL_MESSAGE, USERNAME_TAKEN } from '~/services/accounts/users.server'

// Decision 120, "Form errors", for the profile, email, password and two-factor forms: every
// message their schemas and services can refuse with reaches a German page translated, keyed by
// its English (the settings area's own, or the auth area's for the rules shared with sign-up),
// and the IPI's message with its check digits inside is said in German by the action.

const long = 'x'.repeat(300)
const pasted = 'Zo\u0007é'
const refusals: [
  { safeParse: (value: unknown) => { error?: { issues: { message: string }[] } } },
  unknown,
][] = [
  [ProfileSchema, {}],
  [ProfileSchema, { firstName: ' ', lastName: '', username: '', pro: '', proNumber: '' }],
  [ProfileSchema, { firstName: long, lastName: long, username: 'ab', pro: long, proNumber: long }],
  [ProfileSchema, { firstName: pasted, lastName: pasted, username: '김민지', pro: pasted }],
  [ProfileSchema, { username: 'a'.repeat(31), proNumber: pasted }],
  [EmailChangeSchema, { intent: 'request' }],
  [EmailChangeSchema, { intent: 'request', email: 'not-an-address' }],
  [EmailChangeSchema, { intent: 'confirm' }],
  [EmailChangeSchema, { intent: 'confirm', token: long }],
  [PasswordChangeSchema, {}],
  [PasswordChangeSchema, { currentPassword: long, newPassword: 'short', confirmPassword: '' }],
  [PasswordChangeSchema, { newPassword: 'alllowercase1', confirmPassword: 'x' }],
  [PasswordChangeSchema, { newPassword: 'a'.repeat(200), confirmPassword: 'N3wMelody' }],
  [TwoFactorSchema, { intent: 'confirm' }],
  [TwoFactorSchema, { intent: 'disable', code: '' }],
  [TwoFactorSchema, { intent: 'regenerate', code: 'x'.repeat(40) }],
]
const SERVICES = [
  WRONG_CURRENT_PASSWORD,
  SAME_ADDRESS,
  INVALID_CHANGE_LINK,
  ADDRESS_NOW_TAKEN,
  RESERVED_EMAIL_MESSAGE,
  USERNAME_TAKEN,
  WRONG_CODE_MESSAGE,
  USED_CODE_MESSAGE,
  RECOVERY_CODE_REFUSED_MESSAGE,
  NOT_ENROLLED_MESSAGE,
  UNREADABLE_KEY_MESSAGE,
]

const messages = new Set([
  ...refusals.flatMap(([schema, value]) =>
    (schema.safeParse(value).error?.issues ?? []).map((issue) => issue.message),
  ),
  ...SERVICES,
])

test('every message the settings forms can refuse with is translated, keyed by its English', () => {
  expect(messages.size).toBeGreaterThan(25)
  const german = settingsPageMessages('de').messages
  for (const message of messages) {
    const compiled = german[`${FORM_ERROR_KEY}${message}`]
    expect(compiled, message).toBeDefined()
    expect(formatMessage(compiled!, {}, 'de'), message).not.toBe(message)
  }
})

test('the shared parts the settings forms draw come with the page, and no more of the auth area', () => {
  const { messages: japanese } = settingsPageMessages('ja')
  expect(formatMessage(japanese['auth.register.firstName']!, {}, 'ja')).toBe('名')
  expect(japanese['auth.errorSummary.title']).toBeDefined()
  expect(japanese['auth.login.title']).toBeUndefined()
  expect(japanese['settings.profile.title']).toBeDefined()
})

test('the IPI refused for its check digits is said in the page’s language, its digits as typed', () => {
  const english = ipiProblem('00123456799')!
  expect(english).toContain('(99)')
  const said = settingsFieldErrors('de', { proNumber: [english], username: null })
  expect(said).toEqual({
    proNumber: [
      'Die letzten beiden Ziffern dieser IPI-Nummer (99) passen nicht zu den neun davor – bitte prüfe die Nummer',
    ],
  })
  expect(settingsFieldErrors('en', { proNumber: [english] })).toEqual({ proNumber: [english] })
  expect(settingsFieldErrors('de', { username: [USERNAME_TAKEN] })).toEqual({})
})
