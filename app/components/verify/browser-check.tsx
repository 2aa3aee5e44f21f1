import { useEffect, useState } from 'react'
import type { VerifyReport } from './report'

type BrowserState =
  | { status: 'idle' }
  | { status: 'working' }
  | { status: 'done'; sha256: string; bytes: number }
  | { status: 'error'; message: string }

/**
 * With JavaScript, the browser fetches the stored bytes from the storage address itself and hashes
 * them with Web Crypto, so the result does not rest on our server's word. Without it, the page
 * gives the command that does the same.
 */
export function BrowserCheck({ check }: { check: VerifyReport['browserCheck'] }) {
  const [state, setState] = useState<BrowserState>({ status: 'idle' })
  const url = check?.url
  useEffect(() => {
    if (!url) return
    if (!window.crypto?.subtle) {
      setState({
        status: 'error',
        message: 'This browser offers no Web Crypto on this page (it needs a secure, https page).',
      })
      return
    }
    let cancelled = false
    setState({ status: 'working' })
    fetch(url, { cache: 'no-store', credentials: 'omit' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`the storage answered ${response.status}`)
        const bytes = await response.arrayBuffer()
        const digest = new Uint8Array(await window.crypto.subtle.digest('SHA-256', bytes))
        if (!cancelled)
          setState({
            status: 'done',
            sha256: Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join(''),
            bytes: bytes.byteLength,
          })
      })
      .catch((error: unknown) => {
        if (!cancelled)
          setState({
            status: 'error',
            message: `Your browser could not fetch the stored manifest (${error instanceof Error ? error.message : String(error)}).`,
          })
      })
    return () => {
      cancelled = true
    }
  }, [url])

  if (!check) return null
  const matches = state.status === 'done' && state.sha256 === check.memoSha256
  return (
    <section
      aria-labelledby="browser-check"
      className="mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="browser-check" className="text-lg font-semibold text-slate-900">
        Check it in your browser
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        The memo names SHA-256 <span className="break-all font-mono">{check.memoSha256}</span>; the
        server computed <span className="break-all font-mono">{check.storedSha256}</span> from the
        stored bytes.
      </p>
      <div role="status" className="mt-3 text-sm" data-testid="browser-check">
        {state.status === 'idle' ? (
          <p>
            Without JavaScript, repeat it yourself:{' '}
            <code className="break-all font-mono">curl -s {check.url} | sha256sum</code> must print
            the memo’s hash.
          </p>
        ) : state.status === 'working' ? (
          <p>Your browser is fetching the stored manifest and hashing it…</p>
        ) : state.status === 'error' ? (
          <p className="text-red-800">{state.message}</p>
        ) : (
          <p className={matches ? 'font-semibold text-green-800' : 'font-semibold text-red-800'}>
            {matches ? '✓' : '✗'} Your browser computed SHA-256{' '}
            <span className="break-all font-mono">{state.sha256}</span> from the {state.bytes} bytes
            at the storage address:{' '}
            {state.sha256 === check.storedSha256
              ? 'it agrees with the server'
              : 'it does not agree with the server'}
            , and {matches ? 'it matches the memo.' : 'it does not match the memo.'}
          </p>
        )}
      </div>
    </section>
  )
}
