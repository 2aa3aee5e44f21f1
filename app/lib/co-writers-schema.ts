import { z } from 'zod'
import { emailAddress } from './auth-schemas'
import { blank, optionalIpi, optionalLatinName, plainString } from './text-schemas'

// Issue 13 (decision 041): the owner's invitation forms, the invitee's two decisions, and the
// JSON bodies of the invitations API. One schema per form; the messages are the ones users see.

export const SLOTS = ['main', 'co-contributor', 'co-contributor-2'] as const

const email = emailAddress('Enter your co-writer’s email address')

const slot = z.enum(SLOTS, { error: 'Choose a contributor to invite' })

/** An invitation id from a form field or a path: a positive int4. */
export const InvitationIdSchema = z
  .string({ error: 'Invitation not found' })
  .regex(/^[1-9]\d{0,8}$/, 'Invitation not found')
  .transform(Number)

/** The owner's co-writers page: one form per slot (invite) or per invitation (resend, revoke). */
export const CoWritersFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('invite'), slot, email }),
  z.object({ intent: z.literal('resend'), invitationId: InvitationIdSchema }),
  z.object({ intent: z.literal('revoke'), invitationId: InvitationIdSchema }),
])
export const CO_WRITERS_FORM = { fields: ['intent', 'slot', 'email', 'invitationId'] }

/** POST /api/songs/:id/invitations */
export const InviteJsonSchema = z.object({ slot, email })

// A token is 32 random bytes in base64url: exactly 43 characters. Anything else is no invitation.
export const InvitationTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/)

// What an invitee types reaches the owner's mail subject, the certificate, its PDF and the
// terminal of whoever runs `npm run verify`: the one rule for typed text (app/lib/plain-text.ts).
const optionalText = (max: number, message: string) =>
  z.preprocess(blank, plainString(max, message).optional()).transform((value) => value ?? null)

/** The invitee's decision: confirm with the name to credit, or dispute with a reason. */
export const DecisionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('confirm'),
    creditedName: z.preprocess(
      blank,
      plainString(100, 'Your name must be at most 100 characters', {
        error: 'Enter your name as you want it credited',
      }).min(1, 'Enter your name as you want it credited'),
    ),
    // Issue 26: the same name in Latin script, as PROs file it, when it is written in another.
    creditedLatinName: optionalLatinName(100, 'Your name in Latin script').transform(
      (value) => value ?? null,
    ),
    pro: optionalText(100, 'The PRO must be at most 100 characters'),
    // Most independent writers have none (issue 25 item 1): left empty, it is no IPI.
    ipi: optionalIpi.transform((value) => value ?? null),
  }),
  z.object({
    intent: z.literal('dispute'),
    disputeReason: z.preprocess(
      blank,
      plainString(500, 'The reason must be at most 500 characters', {
        lines: true,
        error: 'Enter why you dispute this split',
      }).min(1, 'Enter why you dispute this split'),
    ),
  }),
])
export const DECISION_FORM = {
  fields: ['intent', 'creditedName', 'creditedLatinName', 'pro', 'ipi', 'disputeReason'],
}
export type DecisionInput = z.output<typeof DecisionSchema>
