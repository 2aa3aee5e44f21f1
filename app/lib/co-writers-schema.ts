import { z } from 'zod'

// Issue 13 (decision 041): the owner's invitation forms, the invitee's two decisions, and the
// JSON bodies of the invitations API. One schema per form; the messages are the ones users see.

export const SLOTS = ['main', 'co-contributor', 'co-contributor-2'] as const

const email = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .max(255, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'))

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

export const IPI_MESSAGE = 'An IPI number has 9 to 11 digits'

// What an invitee types reaches the owner's mail subject, the certificate, its PDF and the
// terminal of whoever runs `npm run verify`: no control characters (terminal escapes) and no
// bidirectional overrides (text that reads differently from what it is). A reason may have lines
// (tab, line feed and the carriage return browsers send with them).
const UNSAFE_IN_LINE = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u
export const PLAIN_TEXT_MESSAGE = 'Use letters, digits and punctuation only'

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine((value) => !UNSAFE_IN_LINE.test(value), PLAIN_TEXT_MESSAGE)
    .optional()
    .transform((value) => (value ? value : null))

/** The invitee's decision: confirm with the name to credit, or dispute with a reason. */
export const DecisionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('confirm'),
    creditedName: z
      .string({ error: 'Enter your name as you want it credited' })
      .trim()
      .min(1, 'Enter your name as you want it credited')
      .max(100, 'Your name must be at most 100 characters')
      .refine((value) => !UNSAFE_IN_LINE.test(value), PLAIN_TEXT_MESSAGE),
    pro: optionalText(100, 'The PRO must be at most 100 characters'),
    // Spaces, dots and dashes as printed on a membership card are dropped before the check.
    ipi: z
      .string()
      .max(40, IPI_MESSAGE)
      .optional()
      .transform((value) => (value ?? '').replace(/[\s.-]/g, ''))
      .pipe(z.union([z.literal(''), z.string().regex(/^\d{9,11}$/, IPI_MESSAGE)]))
      .transform((value) => (value === '' ? null : value)),
  }),
  z.object({
    intent: z.literal('dispute'),
    disputeReason: z
      .string({ error: 'Say briefly why you dispute this split' })
      .trim()
      .min(1, 'Say briefly why you dispute this split')
      .max(500, 'The reason must be at most 500 characters')
      .refine((value) => !UNSAFE_IN_LINE.test(value.replace(/[\t\n\r]/g, '')), PLAIN_TEXT_MESSAGE),
  }),
])
export const DECISION_FORM = { fields: ['intent', 'creditedName', 'pro', 'ipi', 'disputeReason'] }
export type DecisionInput = z.output<typeof DecisionSchema>
