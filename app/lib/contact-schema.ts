import { z } from 'zod'
import { plainStringAtLeast } from './text-schemas'

/** SPEC §5 Contact; minimum lengths count letters the way decision 080 says. `website` is a honeypot: people never see it, bots fill it in. */
export const ContactSchema = z.object({
  name: plainStringAtLeast(
    2,
    'Name must be at least 2 characters',
    100,
    'Name must be at most 100 characters',
  ),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(255, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
  subject: plainStringAtLeast(
    5,
    'Subject must be at least 5 characters',
    200,
    'Subject must be at most 200 characters',
  ),
  message: plainStringAtLeast(
    10,
    'Message must be at least 10 characters',
    5000,
    'Message must be at most 5000 characters',
    { lines: true },
  ),
  website: z.string().optional(),
})
export type ContactInput = z.infer<typeof ContactSchema>
