import { expect, test } from 'vitest'
import { sharedServer } from './server'

// Through the real server: documents and `?_data` requests pass entry.server's handlers, which
// route tests that call a loader directly never reach.
const server = sharedServer()
const session = server.adminSession

const get = (path: string, cookie?: string) =>
  fetch(`${server.baseUrl}${path}`, {
    redirect: 'manual',
    headers: cookie ? { Cookie: cookie } : {},
  })

test('signed-in documents and their ?_data requests are never stored by a cache; a visitor’s public pages need not be', async () => {
  for (const path of [
    '/',
    '/faq',
    '/?_data=routes%2F_index',
    '/?_data=root',
    '/faq?_data=routes%2Ffaq',
  ]) {
    const response = await get(path, session)
    expect(response.status, path).toBe(200)
    expect(response.headers.get('Cache-Control'), path).toBe('no-store')
  }
  for (const path of ['/', '/faq', '/?_data=root']) {
    const response = await get(path)
    expect(response.status, path).toBe(200)
    expect(response.headers.get('Cache-Control') ?? '', path).not.toContain('no-store')
  }
})
