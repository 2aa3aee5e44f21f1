import type { AiDisclosure } from '~/services/certificates/record/ai-disclosure'

/**
 * Where AI took part (issue 40), as the domain words it (services/certificates/ai-disclosure):
 * the recording as a whole, each component, and whose word it is. Plain text that wraps at
 * 320 px; the same on the certificate and the verify page.
 */
export function AiDisclosureText({ disclosure }: { disclosure: AiDisclosure }) {
  return (
    <div className="space-y-1.5 text-sm" data-testid="ai-disclosure">
      <p className="break-words" data-testid="ai-disclosure-recording">
        {disclosure.recording}
      </p>
      {disclosure.components.length > 0 ? (
        <ul className="list-disc space-y-0.5 pl-5">
          {disclosure.components.map((c) => (
            <li key={c.component} data-testid={`ai-disclosure-${c.component}`}>
              {c.text}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs text-slate-600">{disclosure.basis}</p>
    </div>
  )
}
