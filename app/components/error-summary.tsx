import type { SubmissionResult } from '@conform-to/react'
import { type MouseEvent, useEffect, useRef, useState } from 'react'
import { useFormErrorText, useTextOr } from '~/i18n/form-errors'

// Issue 52.2 (decision 113): GOV.UK's error summary. At the top of a form that can refuse more
// than one field, a box titled "There is a problem" links to each field with its message.

type FieldErrors = Record<string, string[] | null | undefined>

export interface SummaryEntry {
  name: string
  /** The id of the control the link moves to. */
  target: string
  message: string
}

/** Whether this answer is a submit the server refused, not a check while typing. */
export const isRefusal = (result: SubmissionResult | undefined | null) =>
  result?.status === 'error' && !result.intent

/**
 * The fields the latest refused submit named that still have an error now, in the refusal's
 * order (the schema's, the form's), each with its message now. A field's control is conform's
 * `${formId}-${name}` unless `targets` names another. Form-wide messages are the form's own
 * alert's; an error that appears while typing shows under its field only, as GOV.UK's do.
 */
export function summaryEntries(
  refusal: SubmissionResult | null,
  errors: FieldErrors,
  formId: string,
  targets: (name: string) => string | undefined = () => undefined,
): SummaryEntry[] {
  return Object.keys(refusal?.error ?? {}).flatMap((name) => {
    const message = errors[name]?.find(Boolean)
    if (name === '' || !message) return []
    return [{ name, target: targets(name) ?? `${formId}-${name}`, message }]
  })
}

/**
 * The latest refused submit among conform's answers: with JavaScript a check while typing
 * (server-side, on the forms whose schema answers it) answers too, and must not replace it.
 */
function useLatestRefusal(lastResult: SubmissionResult | undefined) {
  const [refusal, setRefusal] = useState(() => (isRefusal(lastResult) ? lastResult! : null))
  if (isRefusal(lastResult) && lastResult !== refusal) setRefusal(lastResult!)
  return refusal
}

/**
 * The summary of a conform form (`form`: its id and errors now) after the submit `lastResult`
 * answered. With JavaScript, focus moves to the summary when a refusal arrives; without it the
 * refusal is a new page, and `autofocus` does the same. It goes once every field it names is
 * fixed.
 */
export function ErrorSummary({
  form,
  lastResult,
  id,
  targets,
  className = '',
}: {
  form: { id: string; allErrors: FieldErrors }
  lastResult: SubmissionResult | undefined
  id: string
  targets?: (name: string) => string | undefined
  className?: string
}) {
  const refusal = useLatestRefusal(lastResult)
  const textOr = useTextOr()
  const shown = useFormErrorText()
  const entries = summaryEntries(refusal, form.allErrors, form.id, targets)
  const box = useRef<HTMLDivElement>(null)
  // The refusal arrives before conform has drawn its errors: the focus waits for the box.
  const unfocused = useRef<unknown>(null)
  useEffect(() => {
    unfocused.current = refusal
  }, [refusal])
  useEffect(() => {
    if (!unfocused.current || !box.current) return
    unfocused.current = null
    box.current.focus()
  })

  if (entries.length === 0) return null
  return (
    <div
      ref={box}
      id={id}
      tabIndex={-1}
      // A refused post without JavaScript is a new page: the summary is what to read first.
      // eslint-disable-next-line jsx-a11y/no-autofocus
      autoFocus
      data-testid="error-summary"
      className={`rounded-md border-2 border-red-700 bg-white p-4 focus:outline-none focus:ring-4 focus:ring-amber-400 ${className}`}
    >
      <div role="alert">
        <h2 className="text-lg font-bold text-slate-900">
          {textOr('auth.errorSummary.title', 'There is a problem')}
        </h2>
        <ul className="mt-2 space-y-1">
          {entries.map((entry) => (
            <li key={entry.name}>
              <a
                href={`#${entry.target}`}
                onClick={(event) => moveToField(event, entry.target)}
                className="inline-block py-0.5 font-semibold text-red-700 underline"
              >
                {shown(entry.message)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}

/**
 * The link alone moves focus to the field (the browser follows the fragment); with JavaScript the
 * field's label comes into view with it, as GOV.UK's script does, not just the box's top edge.
 */
function moveToField(event: MouseEvent<HTMLAnchorElement>, target: string) {
  const field = document.getElementById(target)
  if (!field) return
  event.preventDefault()
  const label = field.id ? document.querySelector(`label[for="${CSS.escape(field.id)}"]`) : null
  ;(label ?? field).scrollIntoView({ block: 'start' })
  field.focus({ preventScroll: true })
}
