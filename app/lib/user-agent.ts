/**
 * A browser's User-Agent as a person would name it ("Firefox on Linux"), for the sessions list.
 * Only a name to recognise a session by: the header is whatever the browser chose to send.
 */
export function describeBrowser(userAgent: string | null) {
  if (!userAgent) return 'Unknown browser'
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
  if (!browser && !system) return userAgent.slice(0, 60)
  return [browser ?? 'A browser', system && `on ${system}`].filter(Boolean).join(' ')
}
