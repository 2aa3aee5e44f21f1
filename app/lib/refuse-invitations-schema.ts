import { z } from 'zod'

// Issue 24: the link in every invitation mail that refuses all further invitations to its
// address (decision 047). The token is 48 bytes in base64url: the address's key and its MAC.
export const RefusalQuerySchema = z.object({
  token: z
    .string({ error: 'This link is not valid' })
    .regex(/^[A-Za-z0-9_-]{64}$/, 'This link is not valid'),
})
