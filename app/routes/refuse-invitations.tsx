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
import { parseQuery, readBodyBytes, tooLargeMessage } from '~/lib/http.server'
import { useIsPending } from '~/lib/hooks'
import { RefusalQuerySchema } from '~/lib/refuse-invitations-schema'
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
  const found = keyFrom(request)
  if (!found) return json({ page: { state: 'invalid' } as RefusalPage }, { status: 404 })
  return json({ page: { state: 'ask', token: found.token } as RefusalPage })
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
  if (page.state === 'invalid')
    return (
      <StatusPage title="Link not valid" role="alert">
        This link is not valid. Check that you opened the whole link from the invitation mail.
      </StatusPage>
    )
  if (page.state === 'refused')
    return (
      <StatusPage title="No more invitations">
        Done: ProofTrack will send no more invitations to this address, whoever asks. Links in
        invitations you already have still work.
      </StatusPage>
    )
  return (
    <StatusPage
      title="Stop invitations to this address?"
      actions={
        <Form method="post" action={`/refuse-invitations?token=${page.token}`}>
          <Button type="submit" disabled={pending}>
            {pending ? 'Stopping invitations...' : 'Stop all invitations'}
          </Button>
        </Form>
      }
    >
      Someone named you as a co-writer of a song on ProofTrack and asked us to mail you an
      invitation to confirm your share. If you want none of these, from anyone, confirm below:
      ProofTrack will then send no invitation to this address again.
    </StatusPage>
  )
}

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

export const meta: MetaFunction = () => [{ title: 'Stop invitations' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
