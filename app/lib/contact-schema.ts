import { z } from 'zod'
import { emailAddress } from './auth-schemas'
import { plainStringAtLeast } from './text-schemas'

/** SPEC §5 Contact (empty fields say what to enter, decision 113); minimum lengths count letters the way decision 080 says. `website` is a honeypot: people never see it, bots fill it in. */
export const ContactSchema = z.object({
  name: plainStringAtLeast(
    { min: 2, minMessage: 'Name must be at least 2 characters', missing: 'Enter your name' },
    100,
    'Name must be at most 100 characters',
  ),
  email: emailAddress(),
  subject: plainStringAtLeast(
    { min: 5, minMessage: 'Subject must be at least 5 characters', missing: 'Enter a subject' },
    200,
    'Subject must be at most 200 characters',
  ),
  message: plainStringAtLeast(
    { min: 10, minMessage: 'Message must be at least 10 characters', missing: 'Enter a message' },
    5000,
    'Message must be at most 5000 characters',
    { lines: true },
  ),
  website: z.string().optional(),
})
export type ContactInput = z.infer<typeof ContactSchema>
