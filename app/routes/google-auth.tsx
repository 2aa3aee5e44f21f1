import { json, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Button, ButtonLink, buttonClass } from '~/components/ui/button'
import { googleConfig } from '~/services/accounts/google-config.server'

export function loader() {
  return json({ configured: googleConfig().configured })
}

export default function GoogleAuthPage() {
  const { configured } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">Sign in with Google</h1>
        <p className="mt-2 text-sm text-slate-600">
          Use your Google account to sign in or create an account.
        </p>

        <div className="mt-6 flex flex-col gap-3">
          {configured ? (
            <>
              {/* Plain links: both routes redirect to Google, so they need a full navigation. */}
              <a href="/api/auth/google" className={buttonClass('primary', 'w-full')}>
                Sign in with Google
              </a>
              <a href="/api/auth/google-alternative" className={buttonClass('secondary', 'w-full')}>
                Alternative Google sign-in
              </a>
            </>
          ) : (
            <>
              <p
                id="google-not-configured"
                className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
              >
                Google sign-in is not configured on this server.
              </p>
              <Button disabled aria-describedby="google-not-configured" className="w-full">
                Sign in with Google
              </Button>
              <Button
                disabled
                aria-describedby="google-not-configured"
                variant="secondary"
                className="w-full"
              >
                Alternative Google sign-in
              </Button>
            </>
          )}
        </div>

        <div className="mt-6 border-t border-slate-200 pt-6">
          <ButtonLink to="/login" variant="secondary" className="w-full">
            Sign in with email
          </ButtonLink>
          <p className="mt-4 text-center text-sm text-slate-600">
            New here?{' '}
            <Link
              to="/register"
              className="font-semibold text-brand-700 hover:text-brand-600 hover:underline"
            >
              Create an account
            </Link>
          </p>
        </div>
      </div>
    </div>
  )
}

export const meta: MetaFunction = () => [
  { title: 'Google Sign-In' },
  {
    name: 'description',
    content: 'Sign in with your Google account, or use your email and password instead.',
  },
]
