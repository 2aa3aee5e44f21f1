/**
 * Only same-origin paths are ever redirected to: '/x' yes; '//evil', '/\\evil',
 * 'https://evil' or anything with control characters fall back to the default.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/') {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(to)) return fallback
  try {
    const url = new URL(to, 'http://same.origin')
    if (url.origin !== 'http://same.origin') return fallback
    return `${url.pathname}${url.search}${url.hash}`
  } catch {
    return fallback
  }
}
