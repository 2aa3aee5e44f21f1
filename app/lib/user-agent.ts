/**
 * A browser's User-Agent as a person would name it ("Firefox on Linux"), for the sessions list.
 * Only a name to recognise a session by: the header is whatever the browser chose to send.
 */
export function describeBrowser(userAgent: string | null) {
  const parts = browserParts(userAgent)
  if (!parts) return 'Unknown browser'
  const { browser, system, raw } = parts
  if (!browser && !system) return raw
  return [browser ?? 'A browser', system && `on ${system}`].filter(Boolean).join(' ')
}

/**
 * The browser's and the system's names, for a page that words them in its own language, with the
 * header's first 60 characters to show where neither is known; null without a header.
 */
export function browserParts(userAgent: string | null) {
  if (!userAgent) return null
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : null
  return { browser, system, raw: userAgent.slice(0, 60) }
}
