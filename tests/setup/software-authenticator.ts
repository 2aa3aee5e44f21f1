import crypto from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

// A passkey authenticator in software (issue 28): a real P-256 key, real CBOR, real signatures,
// answering the options our endpoints send as a browser's authenticator would. Only what the
// test changes on purpose (origin, flags, counter, challenge) differs from a device's answer.

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest()

const UP = 0x01
const UV = 0x04
const AT = 0x40

export interface CeremonyTweaks {
  origin?: string
  /** Sign another challenge than the one the server sent (a client that makes up its own). */
  challenge?: string
  userVerified?: boolean
  counter?: number
  rpId?: string
}

export function softwareAuthenticator(defaults: { origin: string }) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const credentialId = crypto.randomBytes(16)
  let userHandle = ''
  let counter = 0

  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  )

  const authData = (rpId: string, flags: number, count: number, attested?: Buffer) => {
    const head = Buffer.alloc(37)
    sha256(rpId).copy(head, 0)
    head[32] = flags
    head.writeUInt32BE(count, 33)
    return attested ? Buffer.concat([head, attested]) : head
  }

  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))

  return {
    credentialId: b64url(credentialId),
    /** Answers registration options (RegistrationResponseJSON). */
    register(
      options: { challenge: string; rp: { id?: string }; user: { id: string } },
      tweaks: CeremonyTweaks = {},
    ) {
      userHandle = options.user.id
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(credentialId.length)
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, Buffer.from(cose)])
      const flags = UP | AT | (tweaks.userVerified === false ? 0 : UV)
      const data = authData(tweaks.rpId ?? options.rp.id!, flags, counter, attested)
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(data)],
        ]) as never,
      )
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
        response: {
          clientDataJSON: b64url(
            clientData(
              'webauthn.create',
              tweaks.challenge ?? options.challenge,
              tweaks.origin ?? defaults.origin,
            ),
          ),
          attestationObject: b64url(attestationObject),
          transports: ['internal' as const],
        },
      }
    },
    /** Answers sign-in options (AuthenticationResponseJSON), the counter moving on by one. */
    authenticate(options: { challenge: string; rpId?: string }, tweaks: CeremonyTweaks = {}) {
      counter = tweaks.counter ?? counter + 1
      const flags = UP | (tweaks.userVerified === false ? 0 : UV)
      const data = authData(tweaks.rpId ?? options.rpId!, flags, counter)
      const client = clientData(
        'webauthn.get',
        tweaks.challenge ?? options.challenge,
        tweaks.origin ?? defaults.origin,
      )
      const signature = crypto.sign('sha256', Buffer.concat([data, sha256(client)]), privateKey)
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key' as const,
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
        response: {
          clientDataJSON: b64url(client),
          authenticatorData: b64url(data),
          signature: b64url(signature),
          userHandle,
        },
      }
    },
  }
}
