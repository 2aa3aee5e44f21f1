import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { ComponentType } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Outlet } from 'react-router-dom'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from 'react-router-dom/server'
import { getPublicEnv } from '~/env.server'
import { resolveTimeZone } from '~/services/platform/time-zone.server'
import { respond } from './fixtures'

/** A page's route module: its loader and its component. */
export interface PageModule {
  default: ComponentType
  loader: (args: LoaderFunctionArgs) => unknown
  action?: (args: ActionFunctionArgs) => unknown
}

/**
 * The page's HTML as the server sends it before any script runs: its real loader's data drawn by
 * its real component, at `path` (matched by the route's `pattern`), under a root that holds what
 * the real root loads. `cookie` signs the request in. With `post`, the page as it answers that
 * post: its action's answer drawn by the page, as after a form post without JavaScript.
 */
export async function drawPage(...args: Parameters<typeof drawPageWithData>) {
  return (await drawPageWithData(...args)).html
}

/** drawPage's HTML with the page loader's data it was drawn from. */
export async function drawPageWithData(
  page: PageModule,
  pattern: string,
  path: string,
  cookie: string | null = null,
  post: { body: ArrayBuffer; contentType: string } | null = null,
) {
  const Page = page.default
  const handler = createStaticHandler([
    {
      id: 'root',
      path: '/',
      loader: () => ({
        env: getPublicEnv(),
        toast: null,
        user: null,
        analyticsSessionId: null,
        timeZone: resolveTimeZone(cookie, null),
      }),
      element: <Outlet />,
      children: [
        {
          id: 'page',
          path: pattern,
          loader: async ({ request, params }) =>
            (await page.loader({ request, params, context: {} })) as Response,
          element: <Page />,
        },
      ],
    },
  ])
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {}
  const context = await handler.query(new Request(`http://localhost${path}`, { headers }))
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`)
  if (context.errors) throw new Error(`${path} failed`, { cause: context.errors })
  if (post) {
    // The action's own answer (the loader has run again by then, as after a real post).
    const answer = await respond(() =>
      page.action!({
        request: new Request(`http://localhost${path}`, {
          method: 'POST',
          headers: { ...headers, 'Content-Type': post.contentType },
          body: post.body,
        }),
        params: context.matches.at(-1)!.params,
        context: {},
      }),
    )
    context.actionData = { page: await answer.json() }
  }
  const html = renderToStaticMarkup(
    <StaticRouterProvider
      router={createStaticRouter(handler.dataRoutes, context)}
      context={context}
    />,
  )
  return { html, loaderData: context.loaderData.page as unknown }
}
