import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import {
  type ActionFunctionArgs,
  type HeadersFunction,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { SplitTable } from '~/components/co-writers'
import { ROLE_LABELS } from '~/lib/confirmations'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorSummary } from '~/components/error-summary'
import { Field, TextareaField } from '~/components/forms'
import { StatusPage } from '~/components/status-page'
import { useTimeZone } from '~/components/time-zone'
import { Button } from '~/components/ui/button'
import { DECISION_FORM, DecisionSchema, InvitationTokenSchema } from '~/lib/co-writers-schema'
import { formatDayInZone } from '~/lib/dates'
import { readForm } from '~/lib/form.server'
import { INVITATION_CLOSED } from '~/lib/page-messages'
import { useIsPending } from '~/lib/hooks'
import { db } from '~/services/platform/db.server'
import { destinationFacts } from '~/services/registration/registration-target.server'
import { TermNote } from '~/components/term'
import { PRO } from '~/lib/glossary/pro'
import { IPI } from '~/lib/glossary/ipi'
import {
  closedStatus,
  decideInvitation,
  type InvitationPage,
  invitationByToken,
} from '~/services/co-writers/invitation-answers.server'

// Issue 13: the page a mailed invitation opens; no account needed, the token is the key
// (decision 041). It shows only this invitation's song: its title, the split, who invited.

async function pageFor(param: string | undefined): Promise<InvitationPage> {
  const token = InvitationTokenSchema.safeParse(param)
  if (!token.success) return { state: 'closed', reason: 'unknown' }
  return invitationByToken(db(), token.data)
}

export async function loader({ params }: LoaderFunctionArgs) {
  const page = await pageFor(params.token)
  // "Permanent public record" only where it is: Solana mainnet with Arweave (issue 39.12).
  return json({ page, permanent: destinationFacts().permanent }, { status: closedStatus(page) })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = InvitationTokenSchema.safeParse(params.token)
  if (!token.success)
    return json(
      { page: { state: 'closed', reason: 'unknown' } as InvitationPage, errors: null },
      {
        status: 404,
      },
    )
  const submission = parseWithZod(await readForm(request, DECISION_FORM), {
    schema: DecisionSchema,
  })
  if (submission.status !== 'success') {
    const page = await invitationByToken(db(), token.data)
    return json(
      { page, errors: submission.reply(), intent: submission.payload.intent },
      // An answered link takes no second answer: a conflict, not a success.
      { status: page.state === 'open' ? 400 : page.state === 'decided' ? 409 : closedStatus(page) },
    )
  }
  const outcome = await decideInvitation(db(), token.data, submission.value)
  if (!outcome.ok) return json({ page: outcome.page, errors: null }, { status: outcome.status })
  // Rendered in place rather than redirected: the decided link shows what was recorded anyway.
  return json({ page: await invitationByToken(db(), token.data), errors: null, recorded: true })
}

export default function InvitationPage() {
  const loaded = useLoaderData<typeof loader>()
  const acted = useActionData<typeof action>()
  const page = (acted?.page ?? loaded.page) as InvitationPage
  if (page.state === 'closed') {
    const titles = {
      unknown: 'Invitation not found',
      replaced: 'A newer invitation was sent',
      expired: 'Invitation expired',
      revoked: 'Invitation withdrawn',
      voided: 'The split has changed',
      final: 'Confirmations are final',
    } as const
    return (
      <StatusPage title={titles[page.reason]} role="alert">
        {INVITATION_CLOSED[page.reason]}
      </StatusPage>
    )
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm font-semibold text-brand-600">
        {page.state === 'decided' ? 'Your answer' : 'Confirm your share'}
      </p>
      <h1 dir="auto" className="mt-1 break-words text-3xl font-bold text-slate-900">
        {page.song.title}
      </h1>
      <p className="mt-2 text-slate-600">
        {page.inviter === null ? (
          'The song’s owner, whose account has since been deleted,'
        ) : (
          <bdi>{page.inviter}</bdi>
        )}{' '}
        listed you as {ROLE_LABELS[page.song.slot].toLowerCase()} “<bdi>{page.name}</bdi>”
        {page.state === 'decided'
          ? ' and asked you to confirm the split below, or to dispute it.'
          : ' and asks you to confirm the split below, or to dispute it.'}
      </p>
      <section className="mt-6 rounded-xl border border-slate-200 p-5">
        <h2 className="text-lg font-semibold text-slate-900">The split</h2>
        <div className="mt-3">
          <SplitTable split={page.song} highlight={page.song.slot} />
        </div>
      </section>
      {page.state === 'decided' && page.decision ? (
        <Recorded decision={page.decision} justNow={Boolean(acted && 'recorded' in acted)} />
      ) : (
        <DecisionForms
          errors={acted && 'errors' in acted ? acted.errors : null}
          intent={acted && 'intent' in acted ? acted.intent : undefined}
          expiresAt={page.expiresAt}
          permanent={loaded.permanent}
          declared={page.declared}
        />
      )}
    </div>
  )
}

function Recorded({
  decision,
  justNow,
}: {
  decision: NonNullable<Extract<InvitationPage, { state: 'decided' | 'open' }>['decision']>
  justNow: boolean
}) {
  const { timeZone } = useTimeZone()
  const day = formatDayInZone(decision.decidedAt, timeZone)
  return (
    <section
      role="status"
      // The forms post to #confirm or #dispute: the page that answers opens here (issue 39.5).
      id={decision.decision === 'confirmed' ? ANSWER_ID.confirm : ANSWER_ID.dispute}
      className="mt-6 scroll-mt-4 rounded-xl border border-slate-200 bg-slate-50 p-5"
    >
      <h2 className="text-lg font-semibold text-slate-900">
        {decision.decision === 'confirmed' ? 'You confirmed your share' : 'You disputed this split'}
      </h2>
      {decision.decision === 'confirmed' ? (
        <>
          <p className="mt-2 text-slate-700">
            Recorded on {day}: credited as “<bdi>{decision.creditedName}</bdi>”
            {decision.creditedLatinName ? (
              <>
                {' '}
                (in Latin script “<bdi>{decision.creditedLatinName}</bdi>”)
              </>
            ) : null}
            {decision.pro ? (
              <>
                , PRO <bdi>{decision.pro}</bdi>
              </>
            ) : null}
            {decision.ipi ? `, IPI ${decision.ipi}` : ''}.
          </p>
          {decision.emailSalt && (
            // The salt and the shell command are for whoever checks the record one day: under a
            // disclosure, with its purpose said plainly first (issue 25.9).
            <details className="mt-2 text-sm text-slate-700" data-testid="record-check">
              <summary className="cursor-pointer font-semibold">
                Technical details: how to prove the record’s entry is yours
              </summary>
              <p className="mt-2">
                Your record check: salt{' '}
                <code className="break-all font-mono">{decision.emailSalt}</code>. Once the song is
                registered, its record lists your confirmation under a salted fingerprint of your
                email address, never the address itself. Keep this salt (nobody else is given it):
                with it, anyone you show it to can see that the entry is yours —
              </p>
              <pre className="mt-1 overflow-x-auto rounded bg-white p-2 font-mono text-xs">
                {`{ printf '%s\\0' '${decision.emailSalt}'; printf '%s' 'your address, lower-case'; } | sha256sum`}
              </pre>
              <p className="mt-1">
                prints the <code>email.value</code> of your entry in the record’s
                <code> confirmations</code>.
              </p>
            </details>
          )}
        </>
      ) : (
        <p className="mt-2 text-slate-700">
          Recorded on {day}, with your reason: “<bdi>{decision.disputeReason}</bdi>”. The song
          cannot be registered until its owner edits the split; you will then be invited again.
        </p>
      )}
      <p className="mt-2 text-sm text-slate-600">
        {justNow ? 'The person who invited you has been told. ' : ''}This link has been used: an
        answer cannot be changed here.
      </p>
    </section>
  )
}

type Reply = SubmissionResult<string[]>

/**
 * Without JavaScript a post answers with a new page, read from its top, while the answer sits
 * below the split (1,100–2,500 px down on a phone). Each form posts to the page's address with a
 * fragment naming where its answer is drawn (its own box when refused, the record when taken),
 * so the browser opens the answer at the top of the window; with JavaScript, Remix's scroll
 * restoration follows the same fragment.
 */
const ANSWER_ID = { confirm: 'confirm', dispute: 'dispute' } as const

function DecisionForms({
  errors,
  intent,
  expiresAt,
  permanent,
  declared,
}: {
  errors: Reply | null | undefined
  intent?: unknown
  expiresAt: string
  permanent: boolean
  declared: { creditedName: string; creditedLatinName: string; pro: string; ipi: string }
}) {
  const { timeZone } = useTimeZone()
  const confirming = useIsPending({ intent: 'confirm' })
  const disputing = useIsPending({ intent: 'dispute' })
  const [confirmForm, confirm] = useForm<{
    creditedName: string
    creditedLatinName: string
    pro: string
    ipi: string
  }>({
    id: 'confirm-share',
    // Started from what the owner declared (issue 52.13): most co-writers only check and confirm.
    defaultValue: declared,
    lastResult: intent === 'confirm' ? errors : undefined,
  })
  const [disputeForm, dispute] = useForm<{ disputeReason: string }>({
    id: 'dispute-share',
    lastResult: intent === 'dispute' ? errors : undefined,
  })
  const { pathname } = useLocation()
  return (
    <div className="mt-6 grid gap-6 md:grid-cols-2">
      <div id={ANSWER_ID.confirm} className="scroll-mt-4">
        <Form
          method="post"
          action={`${pathname}#${ANSWER_ID.confirm}`}
          {...getFormProps(confirmForm)}
          className="rounded-xl border p-5"
        >
          <h2 className="text-lg font-semibold text-slate-900">Confirm</h2>
          <ErrorSummary
            id="confirm-share-error-summary"
            className="mt-3"
            form={confirmForm}
            lastResult={intent === 'confirm' ? (errors ?? undefined) : undefined}
          />
          <input type="hidden" name="intent" value="confirm" />
          <TermNote note={PRO} className="mt-2" />
          <TermNote note={IPI} className="mt-1" />
          <div className="mt-3 space-y-3">
            <Field
              label="Your name as you want it credited *"
              errors={confirm.creditedName.errors}
              maxLength={100}
              required
              {...getInputProps(confirm.creditedName, { type: 'text' })}
            />
            <Field
              label="The same name in Latin script (optional)"
              hint="If your name is written in another script, as PROs file it: 김민지 → Kim Minji"
              errors={confirm.creditedLatinName.errors}
              maxLength={100}
              {...getInputProps(confirm.creditedLatinName, { type: 'text' })}
            />
            <Field
              label="Your PRO (optional)"
              errors={confirm.pro.errors}
              maxLength={100}
              {...getInputProps(confirm.pro, { type: 'text' })}
            />
            <Field
              label="Your IPI number (optional)"
              hint="8 to 11 digits"
              inputMode="numeric"
              errors={confirm.ipi.errors}
              maxLength={40}
              {...getInputProps(confirm.ipi, { type: 'text' })}
            />
          </div>
          <Button type="submit" className="mt-4" disabled={confirming || disputing}>
            {confirming ? 'Confirming...' : 'Confirm my share'}
          </Button>
        </Form>
      </div>
      <div id={ANSWER_ID.dispute} className="scroll-mt-4">
        <Form
          method="post"
          action={`${pathname}#${ANSWER_ID.dispute}`}
          {...getFormProps(disputeForm)}
          className="rounded-xl border p-5"
        >
          <h2 className="text-lg font-semibold text-slate-900">Dispute</h2>
          <input type="hidden" name="intent" value="dispute" />
          <div className="mt-3">
            <TextareaField
              label="Why is this split wrong? *"
              errors={dispute.disputeReason.errors}
              rows={4}
              maxLength={500}
              required
              {...getTextareaProps(dispute.disputeReason)}
            />
          </div>
          <Button
            type="submit"
            variant="secondary"
            className="mt-4"
            disabled={confirming || disputing}
          >
            {disputing ? 'Sending...' : 'Dispute this split'}
          </Button>
        </Form>
      </div>
      <p className="text-sm text-slate-500 md:col-span-2">
        If you confirm, the name you want credited, your PRO and IPI (if you give them) and the date
        become part of the song’s{' '}
        {permanent
          ? 'permanent public record when it is registered'
          : 'record when it is registered, kept by this server (not a permanent public record)'}
        ; your email address does not. You can answer once; this link works until{' '}
        {formatDayInZone(expiresAt, timeZone)}.
      </p>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title:
      data?.page.state === 'open' || data?.page.state === 'decided'
        ? // Not the song's title: a visitor's page titles reach the admin's analytics, and an
          // unregistered song's title is the owner's private business.
          'Confirm your share'
        : 'Invitation',
  },
  // The token is in this page's address: a Referer from here names the origin only. Not
  // 'no-referrer', which makes the browser send `Origin: null` with the form posts (refused).
  { name: 'referrer', content: 'origin' },
]

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
