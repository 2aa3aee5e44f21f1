import { z } from 'zod'
import { CHECK_AGAIN } from './checked-ago'

/** The verify page's "Check again now" form (decision 116): one button, one intent. */
export const CheckAgainSchema = z.object({ intent: z.literal(CHECK_AGAIN) })
