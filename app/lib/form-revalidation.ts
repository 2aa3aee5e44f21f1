import { parse, type SubmissionResult } from '@conform-to/react'

// Issue 52.1 (decision 113): a field refused by the server is checked again as it is typed in,
// so its message goes once it is fixed. zod stays on the server (decision 044); what the browser
// knows of the schema comes as the loader's data (`emptyFieldMessages`, form-rules.server.ts).
// No zod here: this module reaches the browser.

/** What each field that may not be left empty says when it is, by field name. */
export type EmptyFieldMessages = Record<string, string>

type Errors = Record<string, string[]>

// A field name as conform writes it, `contributions[0].aiPercent`, as the steps to its value.
function pathOf(name: string) {
  return Array.from(name.matchAll(/([^.[\]]+)|\[(\d+)\]/g), (match) =>
    match[2] === undefined ? match[1]! : Number(match[2]),
  )
}

function valueAt(values: unknown, name: string): unknown {
  let value = values
  for (const step of pathOf(name)) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string | number, unknown>)[step]
  }
  return value
}

// What conform posts as no value: the server reads both as missing, so its message is the one
// `emptyFieldMessages` found. Spaces are left to the server, whose fields trim differently.
const isEmpty = (value: unknown) => value === undefined || value === ''

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? '') === JSON.stringify(b ?? '')

/**
 * The errors a form shows while it is typed in after a refusal: an empty field that may not be
 * empty says so; a field the server refused keeps its message while it still holds the value
 * the server refused; any other value clears it, and the server has the last word on the next
 * submit. Form-wide messages stay until then.
 */
export function errorsWhileTyping(
  values: Record<string, unknown>,
  refused: SubmissionResult | undefined,
  emptyMessages: EmptyFieldMessages,
): Errors {
  const errors: Errors = {}
  for (const [name, messages] of Object.entries(refused?.error ?? {})) {
    if (!messages?.length) continue
    if (name === '' || sameValue(valueAt(values, name), valueAt(refused?.initialValue, name)))
      errors[name] = messages
  }
  for (const [name, message] of Object.entries(emptyMessages))
    if (isEmpty(valueAt(values, name))) errors[name] = [message]
  return errors
}

/**
 * conform's `onValidate` for a form whose schema stays on the server: while typing, the errors of
 * `errorsWhileTyping` (conform shows those of the fields already submitted); on submit, the
 * server decides, unless `blocking` (a rule the browser can check itself) refuses the post.
 */
export function revalidateWhileTyping({
  refused,
  emptyMessages,
  blocking,
}: {
  refused: SubmissionResult | undefined
  emptyMessages: EmptyFieldMessages
  blocking?: (formData: FormData) => Errors
}) {
  // The browser's check yields no value of its own (`never`): the server parses the post.
  return ({ formData }: { formData: FormData }) =>
    parse<never, string[]>(formData, {
      resolve(values, intent) {
        const blocked = blocking?.(formData) ?? {}
        if (intent === null)
          // `error: null` hands the post to the server, which parses it with the schema itself.
          return Object.keys(blocked).length > 0 ? { error: blocked } : { error: null }
        return { error: { ...errorsWhileTyping(values, refused, emptyMessages), ...blocked } }
      },
    })
}
