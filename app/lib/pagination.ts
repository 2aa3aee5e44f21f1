import { z } from 'zod'

/** `?page=N`: a whole number from 1; anything else is page 1. */
export const PageSchema = z
  .string()
  .regex(/^\d{1,6}$/)
  .transform(Number)
  .pipe(z.number().int().min(1))
  .catch(1)
