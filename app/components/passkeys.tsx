import { useRevalidator } from '@remix-run/react'
import { useState } from 'react'
import { Alert } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { useHydrated } from '~/lib/hooks'
import { addPasskey, signInWithPasskey, supportsPasskeys } from '~/lib/passkeys.client'
import { useTextOr } from '~/i18n/form-errors'

// Issue 28 (decision 064): the passkey buttons. Both need JavaScript (WebAuthn is a script API),
// so without it the settings page says so and the sign-in page simply does not offer one.

/** Settings: name a new passkey (blank: this browser's name) and run the registration ceremony. */
export function AddPasskey({ defaultName }: { defaultName: string }) {
  const hydrated = useHydrated()
  // The passkeys page sends the settings area (decision 120); English where a page does not.
  const textOr = useTextOr()
  const revalidator = useRevalidator()
  const [name, setName] = useState('')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  if (!hydrated)
    return (
      <p className="mt-2 text-sm text-slate-700" data-testid="passkeys-need-js">
        {textOr(
          'settings.passkeys.needJs',
          'Adding a passkey needs JavaScript, which is off in this browser. You can still sign in with your password or with Google.',
        )}
      </p>
    )
  if (!supportsPasskeys())
    return (
      <p className="mt-2 text-sm text-slate-700" data-testid="passkeys-unsupported">
        {textOr(
          'settings.passkeys.unsupported',
          'This browser cannot make passkeys. You can still sign in with your password or with Google.',
        )}
      </p>
    )
  async function add() {
    setBusy(true)
    setMessage(null)
    const result = await addPasskey(name.trim())
    setBusy(false)
    if (!result.ok) return setMessage(result.message)
    setName('')
    revalidator.revalidate()
  }
  return (
    <div className="mt-3 space-y-3">
      <div>
        <label htmlFor="passkey-name" className="block text-sm font-medium text-slate-800">
          {textOr('settings.passkeys.newName', 'Name for the new passkey')}
        </label>
        <input
          id="passkey-name"
          value={name}
          maxLength={64}
          placeholder={defaultName}
          onChange={(event) => setName(event.target.value)}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-slate-900"
        />
        <p className="mt-1 text-xs text-slate-500">
          {textOr('settings.passkeys.defaultName', `Left empty, it is called “${defaultName}”.`, {
            name: defaultName,
          })}
        </p>
      </div>
      {/* The ceremony's answers are not in the catalogues yet: marked as the English they are. */}
      {message && (
        <Alert id="passkey-add-error">
          <span lang="en">{message}</span>
        </Alert>
      )}
      <Button type="button" onClick={add} disabled={busy}>
        {busy
          ? textOr('settings.passkeys.waiting', 'Waiting for your passkey...')
          : textOr('settings.passkeys.addButton', 'Add a Passkey')}
      </Button>
    </div>
  )
}

/** Sign-in: a passkey alone, usernameless. Rendered only once JavaScript runs. */
export function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const hydrated = useHydrated()
  // The sign-in page sends the auth area (decision 120).
  const textOr = useTextOr()
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  if (!hydrated || !supportsPasskeys()) return null
  async function signIn() {
    setBusy(true)
    setMessage(null)
    const result = await signInWithPasskey(redirectTo)
    if (result.ok) return window.location.assign(result.redirectTo ?? '/')
    setBusy(false)
    setMessage(result.message)
  }
  return (
    <div className="mt-3 space-y-2">
      <Button type="button" variant="secondary" className="w-full" onClick={signIn} disabled={busy}>
        {busy
          ? textOr('auth.login.passkeyWaiting', 'Waiting for your passkey...')
          : textOr('auth.login.passkey', 'Sign in with a passkey')}
      </Button>
      {message && <Alert id="passkey-sign-in-error">{message}</Alert>}
    </div>
  )
}
