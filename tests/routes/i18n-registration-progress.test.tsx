import { renderToStaticMarkup } from 'react-dom/server'
import { Outlet } from 'react-router-dom'
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from 'react-router-dom/server'
import { expect, test } from 'vitest'
import { I18nProvider } from '~/i18n/react'
import { pseudoText } from '~/i18n/pseudo.server'
import RegisterSongPage, { loader } from '~/routes/songs.$id.register'
import { claimRegistration } from '~/services/registration/registration.server'
import { resolveTimeZone } from '~/services/platform/time-zone.server'
import { createTestSong, createUser, sessionCookie } from '../setup/fixtures'

// Issue 54: a registration's steps while it runs (decision 116) are in the owner's language. The
// state is one the browser tests cannot hold still (the local ledger finishes in a moment): a
// real claim leaves the registration queued, and the register page is drawn from its real loader
// in the pseudo-language, as the server draws it for a page without JavaScript.

async function drawInLanguage(path: string, cookie: string) {
  const handler = createStaticHandler([
    {
      id: 'root',
      path: '/',
      loader: () => ({ timeZone: resolveTimeZone(cookie, null) }),
      // The root's provider, as app/root.tsx's Layout gives it.
      element: (
        <I18nProvider>
          <Outlet />
        </I18nProvider>
      ),
      children: [
        {
          id: 'page',
          path: '/songs/:id/register',
          loader: ({ request, params }) => loader({ request, params, context: {} }),
          element: <RegisterSongPage />,
        },
      ],
    },
  ])
  const context = await handler.query(
    new Request(`http://localhost${path}`, { headers: { Cookie: cookie } }),
  )
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`)
  // The page as drawn, without the data it hands to the browser (which keeps the service's labels).
  return renderToStaticMarkup(
    <StaticRouterProvider
      router={createStaticRouter(handler.dataRoutes, context)}
      context={context}
    />,
  ).split('<script>')[0]!
}

const STEPS = ['Queued', 'Copying the record to the store', 'Writing it to the ledger', 'Done']

test('a running registration shows its steps in the owner’s language, none in English', async () => {
  const user = await createUser({ emailVerified: true })
  const song = await createTestSong(user.id, { title: 'Été' })
  const claimed = await claimRegistration(user.id, song.id, { confirmed: true })
  if ('ok' in claimed) throw new Error(claimed.message)

  const session = await sessionCookie(user.id)
  const path = `/songs/${song.id}/register?registering=1`
  const pseudo = await drawInLanguage(path, `${session}; lang=en-XA`)
  const english = await drawInLanguage(path, `${session}; lang=en`)

  // The same steps in the same states, each named in the page's language.
  const steps = (html: string) =>
    [...html.matchAll(/data-registration-step="(\w+)" data-state="(\w+)"/g)].map((m) => m[1])
  expect(steps(pseudo)).toEqual(['queued', 'store', 'ledger', 'done'])
  for (const label of STEPS) {
    expect(english).toContain(label)
    expect(pseudo).not.toContain(label)
    expect(pseudo).toContain(pseudoText(label))
  }
  expect(pseudo).toContain(pseudoText('This song’s registration is running:'))
  expect(pseudo).toContain(pseudoText('Registration progress'))
  expect(pseudo).toContain(pseudoText('(in progress)'))
})
