import { useNavigate } from '@remix-run/react'
import {
  type AnchorHTMLAttributes,
  createElement,
  forwardRef,
  type MouseEvent,
  useEffect,
} from 'react'

/**
 * A link to a page of this app: an <a> that, once the app runs in the browser, goes there through
 * Remix's router as its <Link> does. Remix's <Link> reads the router's location, navigation and
 * route context and resolves and parses its path while it is drawn, for every link on every page
 * the server draws: on the dashboard its sixteen links were a sixth of a request's time with kept
 * answers off (issue 53, decision 116). Every path here is written from the app's root, so there
 * is nothing to resolve; the click, where the router is needed, finds it below.
 */
export interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path of this app, from its root: `/songs?page=2`. */
  to: `/${string}`
  /** A whole page load, not the router's (a download, a page that must be asked for anew). */
  reloadDocument?: boolean
  /** Keeps the scroll position, as a tab within one page does. */
  preventScrollReset?: boolean
}

type Navigate = (to: string, options: { replace: boolean; preventScrollReset: boolean }) => void

// Set by the root's useAppLinkNavigation once the app has started in the browser; until then
// (and on the server, and without JavaScript) a click is the browser's own.
let navigateInApp: Navigate | null = null

/** Called once, by the root: from then on a click on an AppLink is the router's. */
export function useAppLinkNavigation() {
  const navigate = useNavigate()
  useEffect(() => {
    navigateInApp = (to, options) => void navigate(to, options)
    return () => {
      navigateInApp = null
    }
  }, [navigate])
}

// The link's own props; every other one is the anchor's.
const OWN: Record<string, true> = {
  to: true,
  reloadDocument: true,
  preventScrollReset: true,
  onClick: true,
  children: true,
}

export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink(props, ref) {
  const { to, reloadDocument = false, preventScrollReset = false, onClick } = props
  // One object, its keys set in turn: written as `<a {...rest} href={to} …>` the same link took
  // five times as long to draw (20 links: 116 against 21 µs, renderToString, Node 20).
  const attributes: Record<string, unknown> = {
    ref,
    href: to,
    // Remix finds the routes of the links on a page by this attribute and asks for them early.
    'data-discover': reloadDocument ? undefined : 'true',
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event)
      if (!reloadDocument) follow(event, to, preventScrollReset)
    },
  }
  for (const key in props) if (OWN[key] !== true) attributes[key] = props[key as keyof AppLinkProps]
  return createElement('a', attributes, props.children)
})

/** As Remix's link: a plain left click in this tab; a modified click opens what the browser opens. */
function follow(event: MouseEvent<HTMLAnchorElement>, to: string, preventScrollReset: boolean) {
  const target = event.currentTarget.getAttribute('target')
  if (
    !navigateInApp ||
    // Only a path of this app goes through the router: `//host`, `/\host` and a path with a tab
    // in it are other sites to a browser, which is left to open them.
    new URL(to, window.location.href).origin !== window.location.origin ||
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (target && target !== '_self')
  )
    return
  event.preventDefault()
  const { pathname, search, hash } = window.location
  // A link to the page already shown replaces its history entry, as Remix's does.
  navigateInApp(to, { replace: `${pathname}${search}${hash}` === to, preventScrollReset })
}
