import { useEffect, useState } from 'react'
import { useHydrated } from '~/lib/hooks'

/** Text that copies itself on click with JavaScript; without it, the text is easy to select. */
export function CopyField({
  label,
  value,
  multiline = false,
}: {
  label: string
  value: string
  multiline?: boolean
}) {
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = () =>
    navigator.clipboard?.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  const text = (
    <span
      className={`block select-all break-words font-mono text-sm text-slate-900 ${multiline ? 'whitespace-pre-wrap' : ''}`}
    >
      {value}
    </span>
  )
  return (
    <div>
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</p>
      {hydrated ? (
        <button
          type="button"
          onClick={copy}
          className="mt-1 w-full rounded-md border border-slate-300 bg-slate-50 p-3 text-left hover:border-brand-500"
          aria-label={`${label}: ${value}. Click to copy`}
        >
          {text}
          <span className="mt-1 block text-xs text-brand-700" aria-live="polite">
            {copied ? 'Copied!' : 'Click to copy'}
          </span>
        </button>
      ) : (
        <div className="mt-1 rounded-md border border-slate-300 bg-slate-50 p-3">{text}</div>
      )}
    </div>
  )
}
