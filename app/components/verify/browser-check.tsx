import { useEffect, useState } from 'react'
import { useT } from '~/i18n/react'
import type { VerifyReport } from './report'
import { Around, GAP } from './words'

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
  const t = useT()
  const [state, setState] = useState<BrowserState>({ status: 'idle' })
  const url = check?.url
  useEffect(() => {
    if (!url) return
    if (!window.crypto?.subtle) {
      setState({
        status: 'error',
        message: t('verify.browser.noCrypto'),
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
            message: t('verify.browser.fetchFailed', {
              reason: error instanceof Error ? error.message : String(error),
            }),
          })
      })
    return () => {
      cancelled = true
    }
    // The messages are the page's data, the same for as long as the page shows them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url])

  if (!check) return null
  const matches = state.status === 'done' && state.sha256 === check.memoSha256
  return (
    <section
      aria-labelledby="browser-check"
      className="mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="browser-check" className="text-lg font-semibold text-slate-900">
        {t('verify.browser.heading')}
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        <Around
          text={t('verify.browser.hashes', { memo: GAP, stored: GAP })}
          parts={[
            <span key="memo" className="break-all font-mono">
              {check.memoSha256}
            </span>,
            <span key="stored" className="break-all font-mono">
              {check.storedSha256}
            </span>,
          ]}
        />
      </p>
      <div role="status" className="mt-3 text-sm" data-testid="browser-check">
        {state.status === 'idle' ? (
          <p>
            <Around
              text={t('verify.browser.withoutJs', { command: GAP })}
              parts={[
                <code key="command" className="break-all font-mono">
                  curl -s {check.url} | sha256sum
                </code>,
              ]}
            />
          </p>
        ) : state.status === 'working' ? (
          <p>{t('verify.browser.working')}</p>
        ) : state.status === 'error' ? (
          <p className="text-red-800">{state.message}</p>
        ) : (
          <p className={matches ? 'font-semibold text-green-800' : 'font-semibold text-red-800'}>
            {matches ? '✓' : '✗'}{' '}
            <Around
              text={t('verify.browser.computed', {
                sha256: GAP,
                bytes: state.bytes,
                server: state.sha256 === check.storedSha256 ? 'agrees' : 'differs',
                memo: matches ? 'matches' : 'differs',
              })}
              parts={[
                <span key="sha256" className="break-all font-mono">
                  {state.sha256}
                </span>,
              ]}
            />
          </p>
        )}
      </div>
    </section>
  )
}
