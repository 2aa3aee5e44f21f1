import { createRequestHandler, type ServerBuild } from '@remix-run/node'
import { afterEach, expect, test, vi } from 'vitest'
import { logRequestError } from '~/lib/request-errors.server'

// Issue 38.8: a POST to a page without an action is the client's mistake. Remix answers it 405
// itself and hands the error to the entry's handleError: one warning line, not a stack.

// The smallest build Remix's own request handler serves: a root and a page with a loader only.
// The document is not our renderer's (that is the e2e tests'): only what is logged is asked here.
const build = {
  mode: 'production',
  basename: '/',
  publicPath: '/build/',
  assetsBuildDirectory: 'public/build',
  future: {},
  isSpaMode: false,
  entry: {
    module: {
      default: (_request: Request, status: number) => new Response('page', { status }),
      // As app/entry.server.tsx's handleError, which passes each error on to it.
      handleError: (error: unknown, { request }: { request: Request }) =>
        logRequestError(error, request),
    },
  },
  routes: {
    root: { id: 'root', path: '', module: { default: () => null } },
    'routes/songs': {
      id: 'routes/songs',
      parentId: 'root',
      path: 'lyrics',
      module: { default: () => null, loader: () => ({ title: 'さくら' }) },
    },
  },
  assets: {
    url: '/build/manifest.js',
    version: 'test',
    entry: { module: '/build/entry.js', imports: [] },
    routes: {
      root: { id: 'root', path: '', module: '/build/root.js', hasLoader: false },
      'routes/songs': {
        id: 'routes/songs',
        parentId: 'root',
        path: 'lyrics',
        module: '/build/songs.js',
        hasLoader: true,
      },
    },
  },
} as unknown as ServerBuild

afterEach(() => vi.restoreAllMocks())

test('an anonymous POST to a page without an action: 405 and one warning line, nothing in the error log', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const response = await createRequestHandler(
    build,
    'production',
  )(
    new Request('http://localhost/lyrics', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Request-Id': 'req-41',
      },
      body: new URLSearchParams({ title: 'שיר' }),
    }),
  )
  expect(response.status).toBe(405)
  expect(errors).not.toHaveBeenCalled()
  expect(warnings).toHaveBeenCalledTimes(1)
  const line = warnings.mock.calls[0]!.map(String).join(' ')
  expect(line).toBe('[http] req-41 refused (405): POST Method Not Allowed')
  expect(line).not.toContain('\n')
})

test('a refused path is not logged: an invitation link carries its token in its path', async () => {
  const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const response = await createRequestHandler(
    build,
    'production',
  )(new Request('http://localhost/invitations/0f3a9c2e7b41d8e5a6c0/extra', { method: 'GET' }))
  expect(response.status).toBe(404)
  const line = warnings.mock.calls.map((call) => call.map(String).join(' ')).join('\n')
  expect(line).toContain('refused (404)')
  expect(line).not.toContain('0f3a9c2e7b41d8e5a6c0')
})

test('a server fault is still logged in full', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  const fault = new Error('データベースが応答しません')
  logRequestError(fault, new Request('http://localhost/lyrics'))
  expect(errors).toHaveBeenCalledWith('[error] request -', fault)
})
