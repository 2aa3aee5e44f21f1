import { useLocation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

// Generated once per page load, as SPEC §7 says: the server made it for the document it served
// and counted that first view under it; later events of this page load carry the same id.
let pageLoadSessionId: string | null = null

/** Sends a page_view for client-side navigations; the server already counted the first load. */
export function PageViewTracker({ sessionId }: { sessionId: string }) {
  const location = useLocation()
  const previous = useRef<string | null>(null)
  useEffect(() => {
    pageLoadSessionId ??= sessionId
  }, [sessionId])
  useEffect(() => {
    const path = location.pathname
    const last = previous.current
    previous.current = path
    if (last === null || last === path) return
    trackEvent('page_view', { title: document.title, referrer: last })
  }, [location.pathname])
  return null
}

export function trackEvent(
  eventType: 'page_view' | 'user_action' | 'custom',
  metadata: Record<string, unknown>,
) {
  fetch('/api/analytics/track', {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      eventType,
      pagePath: window.location.pathname,
      metadata,
      userAgent: navigator.userAgent,
      sessionId: pageLoadSessionId ?? undefined,
      timestamp: new Date().toISOString(),
    }),
  }).catch((error: unknown) => console.warn('Analytics event not sent', error))
}
