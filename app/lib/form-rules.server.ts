import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import type { EmptyFieldMessages } from './form-revalidation'

/**
 * What each field of a form says when it is left empty, in the schema's own words, for the
 * browser to say it again as the form is typed in (decision 113); zod stays on the server. Found
 * by parsing the form as it would be posted empty, so the answer is the schema's, not a copy:
 * conform's derived `constraint` would call a percentage (blank is 0) or a checkbox required.
 * `given` are the fields the form always posts (a hidden intent).
 */
export function emptyFieldMessages(
  schema: z.ZodType,
  given: Record<string, string> = {},
): EmptyFieldMessages {
  const form = new FormData()
  for (const [name, value] of Object.entries(given)) form.set(name, value)
  const submission = parseWithZod(form, { schema })
  if (submission.status === 'success') return {}
  const messages: EmptyFieldMessages = {}
  for (const [name, errors] of Object.entries(submission.error ?? {}))
    if (name !== '' && !(name in given) && errors?.[0]) messages[name] = errors[0]
  return messages
}
