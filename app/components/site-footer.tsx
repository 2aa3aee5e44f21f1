import { Link } from '@remix-run/react'
import { TAP_TARGET } from './ui/button'

const linkClass = `${TAP_TARGET} text-sm text-slate-600 hover:text-brand-700 hover:underline`

export function SiteFooter({
  appName,
  signedIn,
  year,
}: {
  appName: string
  signedIn: boolean
  year: number
}) {
  return (
    <footer className="no-print mt-16 border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-semibold text-slate-900">{appName}</p>
          <p className="mt-2 text-sm text-slate-600">
            Lock in who made your song — every person and every AI tool.
          </p>
          {!signedIn && (
            <ul className="mt-3 flex gap-4">
              <li>
                <Link to="/register" className={linkClass}>
                  Get Started
                </Link>
              </li>
              <li>
                <Link to="/login" className={linkClass}>
                  Sign In
                </Link>
              </li>
            </ul>
          )}
        </div>
        <nav aria-label="Support">
          <h2 className="text-sm font-semibold text-slate-900">Support</h2>
          <ul className="mt-2 space-y-1">
            <li>
              <Link to="/faq" className={linkClass}>
                Help / FAQ
              </Link>
            </li>
            <li>
              <Link to="/contact" className={linkClass}>
                Contact Us
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="text-sm font-semibold text-slate-900">Legal</h2>
          <ul className="mt-2 space-y-1">
            <li>
              <Link to="/terms-of-service" className={linkClass}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-200 py-4 text-center text-xs text-slate-500">
        © {year} {appName}. All rights reserved.
      </p>
    </footer>
  )
}
