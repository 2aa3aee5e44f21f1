import { z } from 'zod'
import { blank, plainString } from './text-schemas'

// Issue 28 (decision 064): what the passkey pages and their JSON endpoints accept. The WebAuthn
// answers are checked by @simplewebauthn/server; these schemas only bound their shape and size.

export const PASSKEY_NAME_MAX = 64
const NAME_TOO_LONG = `A passkey name is at most ${PASSKEY_NAME_MAX} characters`

/** A name people type for a passkey ("김민지의 iPhone"): one plain line. */
export const passkeyName = plainString(PASSKEY_NAME_MAX, NAME_TOO_LONG, {
  error: 'Enter a name for the passkey',
}).pipe(z.string().min(1, 'Enter a name for the passkey'))

// base64url as WebAuthn's JSON form carries it; a credential id is at most 1023 bytes.
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'Expected base64url')

const credentialFields = {
  id: b64url(1400).min(1),
  rawId: b64url(1400).min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string().max(64), z.unknown()).default({}),
}

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const

export const RegistrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: b64url(4096).min(1),
    attestationObject: b64url(16384).min(1),
    authenticatorData: b64url(4096).optional(),
    transports: z.array(z.enum(TRANSPORTS)).max(7).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4096).optional(),
  }),
})

export const AuthenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: b64url(4096).min(1),
    authenticatorData: b64url(4096).min(1),
    signature: b64url(1024).min(1),
    userHandle: b64url(256).optional(),
  }),
})

/** POST /api/passkeys/register: the browser's answer and the name (blank: the browser's). */
export const PasskeyRegisterSchema = z.object({
  name: z.preprocess(blank, passkeyName.optional()),
  response: RegistrationResponseSchema,
})

/** POST /api/passkeys/sign-in: the browser's answer and where to go next. */
export const PasskeySignInSchema = z.object({
  response: AuthenticationResponseSchema,
  redirectTo: z.string().max(2048).optional(),
})

/** The option endpoints take an empty JSON object. */
export const EmptyBodySchema = z.object({}).strict()

/** Bodies of the passkey endpoints: a registration answer with its attestation fits in 32 KB. */
export const PASSKEY_JSON_LIMIT = 32 * 1024

const passkeyId = z.coerce
  .number({ error: 'Choose a passkey' })
  .int('Choose a passkey')
  .positive('Choose a passkey')
  .max(2_147_483_647, 'Choose a passkey')

/** The settings page's plain forms: rename or remove one passkey. */
export const PasskeyFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('rename'), id: passkeyId, name: passkeyName }),
  z.object({ intent: z.literal('remove'), id: passkeyId }),
])
export const PASSKEY_FORM_FIELDS = ['intent', 'id', 'name'] as const
