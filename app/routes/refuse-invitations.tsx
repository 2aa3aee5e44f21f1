import {
  type ActionFunctionArgs,
  type HeadersFunction,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { StatusPage } from '~/components/status-page'
import { Button } from '~/components/ui/button'
import { requestLocale } from '~/i18n/locale.server'
import { translatorOf, useT } from '~/i18n/react'
import { parseQuery, readBodyBytes, tooLargeMessage } from '~/lib/http.server'
import { useIsPending } from '~/lib/hooks'
import { RefusalQuerySchema } from '~/lib/refuse-invitations-schema'
import { getUser } from '~/services/accounts/auth.server'
import { refusalPageMessages } from '~/services/co-writers/co-writers-text.server'
import { db } from '~/services/platform/db.server'
import {
  keyOfRefusalToken,
  refuseInvitations,
} from '~/services/co-writers/invitation-addresses.server'

// Issue 24 (decision 047): the link in every invitation mail. A GET only asks (mail scanners
// open links), the button's POST refuses; a mail client's one-click POST (RFC 8058, the
// List-Unsubscribe-Post header) reaches the same action, so it needs no form field.

const BODY_LIMIT = 4 * 1024

type RefusalPage = { state: 'invalid' } | { state: 'ask'; token: string } | { state: 'refused' }

function keyFrom(request: Request) {
  const query = parseQuery(request, RefusalQuerySchema)
  if (!query.ok) return null
  const key = keyOfRefusalToken(query.data.token)
  return key ? { key, token: query.data.token } : null
}

export async function loader({ request }: LoaderFunctionArgs) {
  // The visitor's language: whoever the mail reached, signed in or not (decision 120).
  const i18n = refusalPageMessages(requestLocale(request, await getUser(request)))
  const found = keyFrom(request)
  if (!found) return json({ page: { state: 'invalid' } as RefusalPage, i18n }, { status: 404 })
  return json({ page: { state: 'ask', token: found.token } as RefusalPage, i18n })
}

export async function action({ request }: ActionFunctionArgs) {
  // The body says nothing we need ("List-Unsubscribe=One-Click", or the button's empty form),
  // in whatever type the mail client chose; it is only bounded.
  const body = await readBodyBytes(request, BODY_LIMIT)
  if (!body.ok) throw new Response(tooLargeMessage(BODY_LIMIT), { status: 413 })
  const found = keyFrom(request)
  if (!found) return json({ page: { state: 'invalid' } as RefusalPage }, { status: 404 })
  await refuseInvitations(db(), found.key)
  return json({ page: { state: 'refused' } as RefusalPage })
}

export default function RefuseInvitationsPage() {
  const loaded = useLoaderData<typeof loader>()
  const acted = useActionData<typeof action>()
  const page = acted?.page ?? loaded.page
  const pending = useIsPending()
  const t = useT()
  if (page.state === 'invalid')
    return (
      <StatusPage title={t('cowriters.refuse.invalid.title')} role="alert">
        {t('cowriters.refuse.invalid.text')}
      </StatusPage>
    )
  if (page.state === 'refused')
    return (
      <StatusPage title={t('cowriters.refuse.done.title')}>
        {t('cowriters.refuse.done.text')}
      </StatusPage>
    )
  return (
    <StatusPage
      title={t('cowriters.refuse.ask.title')}
      actions={
        <Form method="post" action={`/refuse-invitations?token=${page.token}`}>
          <Button type="submit" disabled={pending}>
            {pending ? t('cowriters.refuse.stopping') : t('cowriters.refuse.stop')}
          </Button>
        </Form>
      }
    >
      {t('cowriters.refuse.ask.text')}
    </StatusPage>
  )
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

export const meta: MetaFunction = ({ matches }) => [
  { title: translatorOf(matches).t('cowriters.refuse.meta.title') },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
