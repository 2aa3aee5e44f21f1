import { z } from 'zod'

const songIdMessage = 'songId must be the id of one of your songs'

/** SPEC §7 POST /api/subscription/create-payment-intent. */
export const CreatePaymentIntentSchema = z.object({
  songId: z.union(
    [
      z.number({ error: songIdMessage }).int(songIdMessage).positive(songIdMessage),
      z
        .string()
        .regex(/^\d{1,9}$/, songIdMessage)
        .transform(Number),
    ],
    { error: songIdMessage },
  ),
})

/** SPEC §7 POST /api/subscription/verify-payment. */
export const VerifyPaymentSchema = z.object({
  paymentIntentId: z
    .string({ error: 'paymentIntentId is required' })
    .regex(/^pi_[A-Za-z0-9_]{1,250}$/, 'paymentIntentId must be a Stripe PaymentIntent id'),
})

/** The Checkout return address carries the session id Stripe filled in. */
export const CheckoutSessionIdSchema = z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/)
