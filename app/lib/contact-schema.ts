import { z } from 'zod'
import { plainString } from './text-schemas'

/** SPEC §5 Contact. `website` is a honeypot: people never see it, bots fill it in. */
export const ContactSchema = z.object({
  name: plainString(100, 'Name must be at most 100 characters', {
    error: 'Name must be at least 2 characters',
  }).min(2, 'Name must be at least 2 characters'),
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(255, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
  subject: plainString(200, 'Subject must be at most 200 characters', {
    error: 'Subject must be at least 5 characters',
  }).min(5, 'Subject must be at least 5 characters'),
  message: plainString(5000, 'Message must be at most 5000 characters', {
    lines: true,
    error: 'Message must be at least 10 characters',
  }).min(10, 'Message must be at least 10 characters'),
  website: z.string().optional(),
})
export type ContactInput = z.infer<typeof ContactSchema>
