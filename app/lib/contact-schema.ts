import { z } from 'zod'

/** SPEC §5 Contact. `website` is a honeypot: people never see it, bots fill it in. */
export const ContactSchema = z.object({
  name: z
    .string({ error: 'Name must be at least 2 characters' })
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(100, 'Name must be at most 100 characters'),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(255, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
  subject: z
    .string({ error: 'Subject must be at least 5 characters' })
    .trim()
    .min(5, 'Subject must be at least 5 characters')
    .max(200, 'Subject must be at most 200 characters'),
  message: z
    .string({ error: 'Message must be at least 10 characters' })
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(5000, 'Message must be at most 5000 characters'),
  website: z.string().optional(),
})
export type ContactInput = z.infer<typeof ContactSchema>
