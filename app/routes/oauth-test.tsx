import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useRevalidator } from '@remix-run/react'
import { type MouseEvent, useEffect, useRef, useState } from 'react'
import { Button, buttonClass } from '~/components/ui/button'
import {
  type PublicGoogleConfig,
  publicGoogleConfig,
} from '~/services/accounts/google-config.server'

const GOOGLE_SIGN_IN_URL = '/api/auth/google'
const NOT_CONFIGURED = 'Google sign-in is not configured on this server.'
// SPEC §9: the popup is 500x600 and polled every second until it closes.
const POPUP_FEATURES = 'width=500,height=600'
const POPUP_POLL_MS = 1000

// A literal list rather than a zod enum: a schema built at module level would pull zod into
// this page's browser bundle (docs/decisions/002).
const OAUTH_TESTS = ['config', 'direct', 'popup'] as const
type OAuthTest = (typeof OAUTH_TESTS)[number]

/** Each button submits `?test=…`, so every test also runs on the server without JavaScript. */
export function loader({ request }: LoaderFunctionArgs) {
  const requested = new URL(request.url).searchParams.get('test')
  const test = OAUTH_TESTS.find((name) => name === requested) ?? null
  const config = publicGoogleConfig()
  return json({
    configured: config.configured,
    test,
    output: test ? serverOutput(test, config) : null,
  })
}

function serverOutput(test: OAuthTest, config: PublicGoogleConfig) {
  const status = config.configured ? 'Google sign-in is configured.' : NOT_CONFIGURED
  switch (test) {
    case 'config':
      return JSON.stringify(config, null, 2)
    case 'direct':
      return `OAuth URL: ${GOOGLE_SIGN_IN_URL}\n${status}`
    case 'popup':
      return `A popup window needs JavaScript, which is not running on this page.\nUse the direct link instead: ${GOOGLE_SIGN_IN_URL}\n${status}`
  }
}

export default function OAuthTestPage() {
  const { configured, test, output } = useLoaderData<typeof loader>()
  const revalidator = useRevalidator()
  const [clientOutput, setClientOutput] = useState<string | null>(null)
  const popupTimer = useRef<ReturnType<typeof setInterval>>()

  useEffect(() => () => clearInterval(popupTimer.current), [])

  async function testServerConfig(event: MouseEvent) {
    event.preventDefault()
    setClientOutput('Fetching /api/auth/google/config...')
    try {
      const response = await fetch('/api/auth/google/config', { credentials: 'include' })
      const body = await response.text()
      // SPEC §8: a failed response reads as the status code, ': ', then the body or status text.
      setClientOutput(
        response.ok ? prettyJson(body) : `${response.status}: ${body || response.statusText}`,
      )
    } catch (error) {
      setClientOutput(`Request failed: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  function testDirect(event: MouseEvent) {
    event.preventDefault()
    if (!configured) return setClientOutput(`OAuth URL: ${GOOGLE_SIGN_IN_URL}\n${NOT_CONFIGURED}`)
    setClientOutput(`OAuth URL: ${GOOGLE_SIGN_IN_URL}\nRedirecting...`)
    window.location.assign(GOOGLE_SIGN_IN_URL)
  }

  function testPopup(event: MouseEvent) {
    event.preventDefault()
    if (!configured) return setClientOutput(NOT_CONFIGURED)
    const popup = window.open(GOOGLE_SIGN_IN_URL, 'google-oauth', POPUP_FEATURES)
    if (!popup)
      return setClientOutput(
        'The popup was blocked by the browser. Allow popups for this site, or use the direct link.',
      )
    setClientOutput(`Popup opened at ${GOOGLE_SIGN_IN_URL}. Waiting for it to close...`)
    clearInterval(popupTimer.current)
    popupTimer.current = setInterval(() => {
      if (!popup.closed) return
      clearInterval(popupTimer.current)
      setClientOutput('Popup closed')
      // Signing in happened in the popup; fetch this page's data again to reflect it.
      revalidator.revalidate()
    }, POPUP_POLL_MS)
  }

  const shown = clientOutput ?? output ?? 'Choose a test to run. The result appears here.'
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold text-slate-900">OAuth Test</h1>
      <p className="mt-2 text-slate-600">
        Check the Google sign-in set-up of this server. No secret is ever shown here.
      </p>
      {!configured && (
        <p className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {NOT_CONFIGURED}
        </p>
      )}

      <Form
        method="get"
        className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap"
        aria-label="OAuth tests"
      >
        <Button type="submit" name="test" value="config" onClick={testServerConfig}>
          Test Server Config
        </Button>
        <Button type="submit" name="test" value="direct" variant="secondary" onClick={testDirect}>
          Test Direct OAuth URL
        </Button>
        <Button type="submit" name="test" value="popup" variant="secondary" onClick={testPopup}>
          Test Popup OAuth
        </Button>
      </Form>

      <h2 id="oauth-output-label" className="mt-8 text-sm font-semibold text-slate-700">
        Output
      </h2>
      <pre
        aria-live="polite"
        aria-labelledby="oauth-output-label"
        data-testid="oauth-output"
        className="mt-2 min-h-[8rem] overflow-x-auto whitespace-pre-wrap break-all rounded-lg bg-slate-900 p-4 font-mono text-sm text-slate-100"
      >
        {shown}
      </pre>
      {clientOutput === null && configured && (test === 'direct' || test === 'popup') && (
        <a href={GOOGLE_SIGN_IN_URL} className={buttonClass('primary', 'mt-4')}>
          Follow {GOOGLE_SIGN_IN_URL}
        </a>
      )}
    </div>
  )
}

export const meta: MetaFunction = () => [
  { title: 'OAuth Test' },
  {
    name: 'description',
    content:
      'Test the Google sign-in configuration, the direct sign-in URL and the popup sign-in flow.',
  },
]

function prettyJson(text: string) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}
