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
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { ErrorSummary } from '~/components/error-summary'
import { Field, TextareaField } from '~/components/forms'
import { StatusPage } from '~/components/status-page'
import { useTimeZone } from '~/components/time-zone'
import { Button } from '~/components/ui/button'
import { intlLocale } from '~/i18n/format'
import { withParts } from '~/i18n/form-errors'
import { requestLocale } from '~/i18n/locale.server'
import { type MessageId, translatorOf, useLocale, useT } from '~/i18n/react'
import { useTermNotes } from '~/i18n/words'
import { DECISION_FORM, DecisionSchema, InvitationTokenSchema } from '~/lib/co-writers-schema'
import { formatDayInZone } from '~/lib/dates'
import { readForm } from '~/lib/form.server'
import type { ClosedReason } from '~/lib/page-messages'
import type { ContributorSlot } from '~/lib/song-constants'
import { useIsPending } from '~/lib/hooks'
import { getUser } from '~/services/accounts/auth.server'
import { db } from '~/services/platform/db.server'
import { destinationFacts } from '~/services/registration/registration-target.server'
import { TermNote } from '~/components/term'
import {
  coWritersPageMessages,
  decisionErrorsIn,
} from '~/services/co-writers/co-writers-text.server'
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

/** Why a link opens no form: its title and its sentence, as the invitee reads them. */
const CLOSED: Record<ClosedReason, { title: MessageId; text: MessageId }> = {
  unknown: { title: 'cowriters.closed.unknown.title', text: 'cowriters.closed.unknown.text' },
  replaced: { title: 'cowriters.closed.replaced.title', text: 'cowriters.closed.replaced.text' },
  expired: { title: 'cowriters.closed.expired.title', text: 'cowriters.closed.expired.text' },
  revoked: { title: 'cowriters.closed.revoked.title', text: 'cowriters.closed.revoked.text' },
  voided: { title: 'cowriters.closed.voided.title', text: 'cowriters.closed.voided.text' },
  final: { title: 'cowriters.closed.final.title', text: 'cowriters.closed.final.text' },
}

/**
 * An invitee is often not signed in, and their language is theirs, not the inviter's: the
 * visitor's account, cookie or browser says it (decision 120). A closed link gets only its own
 * title and sentence: its page shows nothing else, and names no other reason.
 */
async function pageMessagesFor(request: Request, page: InvitationPage) {
  const all = coWritersPageMessages(requestLocale(request, await getUser(request)), [
    'roleInSentence',
    'split',
    'invitation',
    'recorded',
    'decide',
    'closed',
  ])
  if (page.state !== 'closed') return all
  const ids: MessageId[] = [
    ...Object.values(CLOSED[page.reason]),
    'cowriters.invitation.meta.title',
  ]
  return { ...all, messages: Object.fromEntries(ids.map((id) => [id, all.messages[id]!])) }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await pageFor(params.token)
  // "Permanent public record" only where it is: Solana mainnet with Arweave (issue 39.12).
  return json(
    { page, permanent: destinationFacts().permanent, i18n: await pageMessagesFor(request, page) },
    { status: closedStatus(page) },
  )
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
      {
        page,
        errors: decisionErrorsIn(
          requestLocale(request, await getUser(request)),
          submission.reply(),
        ),
        intent: submission.payload.intent,
      },
      // An answered link takes no second answer: a conflict, not a success.
      { status: page.state === 'open' ? 400 : page.state === 'decided' ? 409 : closedStatus(page) },
    )
  }
  const outcome = await decideInvitation(db(), token.data, submission.value)
  if (!outcome.ok) return json({ page: outcome.page, errors: null }, { status: outcome.status })
  // Rendered in place rather than redirected: the decided link shows what was recorded anyway.
  return json({ page: await invitationByToken(db(), token.data), errors: null, recorded: true })
}

// The role inside the invitee's sentence: its own message, since a language may not lower-case it.
const ROLE_IN_SENTENCE: Record<ContributorSlot, MessageId> = {
  main: 'cowriters.roleInSentence.main',
  'co-contributor': 'cowriters.roleInSentence.coContributor',
  'co-contributor-2': 'cowriters.roleInSentence.coContributor2',
}

export default function InvitationPage() {
  const loaded = useLoaderData<typeof loader>()
  const acted = useActionData<typeof action>()
  const t = useT()
  const page = (acted?.page ?? loaded.page) as InvitationPage
  if (page.state === 'closed') {
    const closed = CLOSED[page.reason]
    return (
      <StatusPage title={t(closed.title)} role="alert">
        {t(closed.text)}
      </StatusPage>
    )
  }
  const decided = page.state === 'decided'
  const listed: MessageId =
    page.inviter === null
      ? decided
        ? 'cowriters.invitation.listedByDeleted.asked'
        : 'cowriters.invitation.listedByDeleted.asks'
      : decided
        ? 'cowriters.invitation.listed.asked'
        : 'cowriters.invitation.listed.asks'
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <p className="text-sm font-semibold text-brand-600">
        {decided
          ? t('cowriters.invitation.yourAnswer')
          : t('cowriters.invitation.confirmYourShare')}
      </p>
      <h1 dir="auto" className="mt-1 break-words text-3xl font-bold text-slate-900">
        {page.song.title}
      </h1>
      <p className="mt-2 text-slate-600">
        {withParts((marks) => t(listed, { ...marks, role: t(ROLE_IN_SENTENCE[page.song.slot]) }), {
          inviter: <bdi key="inviter">{page.inviter}</bdi>,
          name: <bdi key="name">{page.name}</bdi>,
        })}
      </p>
      <section className="mt-6 rounded-xl border border-slate-200 p-5">
        <h2 className="text-lg font-semibold text-slate-900">{t('cowriters.split.title')}</h2>
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
  const t = useT()
  const day = formatDayInZone(decision.decidedAt, timeZone, intlLocale(useLocale()))
  return (
    <section
      role="status"
      // The forms post to #confirm or #dispute: the page that answers opens here (issue 39.5).
      id={decision.decision === 'confirmed' ? ANSWER_ID.confirm : ANSWER_ID.dispute}
      className="mt-6 scroll-mt-4 rounded-xl border border-slate-200 bg-slate-50 p-5"
    >
      <h2 className="text-lg font-semibold text-slate-900">
        {decision.decision === 'confirmed'
          ? t('cowriters.recorded.confirmed.title')
          : t('cowriters.recorded.disputed.title')}
      </h2>
      {decision.decision === 'confirmed' ? (
        <>
          <p className="mt-2 text-slate-700">
            {withParts(
              (marks) =>
                t('cowriters.recorded.confirmed.text', {
                  ...marks,
                  day,
                  withLatin: decision.creditedLatinName ? 'yes' : 'no',
                  withPro: decision.pro ? 'yes' : 'no',
                  withIpi: decision.ipi ? 'yes' : 'no',
                  ipi: decision.ipi,
                }),
              {
                name: <bdi key="name">{decision.creditedName}</bdi>,
                latinName: <bdi key="latinName">{decision.creditedLatinName}</bdi>,
                pro: <bdi key="pro">{decision.pro}</bdi>,
              },
            )}
          </p>
          {decision.emailSalt && (
            // The salt and the shell command are for whoever checks the record one day: under a
            // disclosure, with its purpose said plainly first (issue 25.9).
            <details className="mt-2 text-sm text-slate-700" data-testid="record-check">
              <summary className="cursor-pointer font-semibold">
                {t('cowriters.recorded.details')}
              </summary>
              <p className="mt-2">
                {withParts((marks) => t('cowriters.recorded.salt', marks), {
                  salt: (
                    <code key="salt" className="break-all font-mono">
                      {decision.emailSalt}
                    </code>
                  ),
                })}
              </p>
              <pre className="mt-1 overflow-x-auto rounded bg-white p-2 font-mono text-xs">
                {`{ printf '%s\\0' '${decision.emailSalt}'; printf '%s' '${t('cowriters.recorded.addressPlaceholder')}'; } | sha256sum`}
              </pre>
              <p className="mt-1">
                {withParts((marks) => t('cowriters.recorded.prints', marks), {
                  field: <code key="field">email.value</code>,
                  list: <code key="list">confirmations</code>,
                })}
              </p>
            </details>
          )}
        </>
      ) : (
        <p className="mt-2 text-slate-700">
          {withParts((marks) => t('cowriters.recorded.disputed.text', { ...marks, day }), {
            reason: <bdi key="reason">{decision.disputeReason}</bdi>,
          })}
        </p>
      )}
      <p className="mt-2 text-sm text-slate-600">
        {justNow ? t('cowriters.recorded.usedTold') : t('cowriters.recorded.used')}
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
  const t = useT()
  const locale = useLocale()
  const notes = useTermNotes()
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
          <h2 className="text-lg font-semibold text-slate-900">{t('cowriters.decide.confirm')}</h2>
          <ErrorSummary
            id="confirm-share-error-summary"
            className="mt-3"
            form={confirmForm}
            lastResult={intent === 'confirm' ? (errors ?? undefined) : undefined}
          />
          <input type="hidden" name="intent" value="confirm" />
          <TermNote note={notes.PRO} className="mt-2" />
          <TermNote note={notes.IPI} className="mt-1" />
          <div className="mt-3 space-y-3">
            <Field
              label={t('cowriters.decide.creditedName')}
              errors={confirm.creditedName.errors}
              maxLength={100}
              required
              {...getInputProps(confirm.creditedName, { type: 'text' })}
            />
            <Field
              label={t('cowriters.decide.latinName')}
              hint={t('cowriters.decide.latinNameHint')}
              errors={confirm.creditedLatinName.errors}
              maxLength={100}
              {...getInputProps(confirm.creditedLatinName, { type: 'text' })}
            />
            <Field
              label={t('cowriters.decide.pro')}
              errors={confirm.pro.errors}
              maxLength={100}
              {...getInputProps(confirm.pro, { type: 'text' })}
            />
            <Field
              label={t('cowriters.decide.ipi')}
              hint={t('cowriters.decide.ipiHint')}
              inputMode="numeric"
              errors={confirm.ipi.errors}
              maxLength={40}
              {...getInputProps(confirm.ipi, { type: 'text' })}
            />
          </div>
          <Button type="submit" className="mt-4" disabled={confirming || disputing}>
            {confirming ? t('cowriters.decide.confirming') : t('cowriters.decide.confirmMyShare')}
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
          <h2 className="text-lg font-semibold text-slate-900">{t('cowriters.decide.dispute')}</h2>
          <input type="hidden" name="intent" value="dispute" />
          <div className="mt-3">
            <TextareaField
              label={t('cowriters.decide.reason')}
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
            {disputing ? t('cowriters.decide.sending') : t('cowriters.decide.disputeSplit')}
          </Button>
        </Form>
      </div>
      <p className="text-sm text-slate-500 md:col-span-2">
        {t('cowriters.decide.privacy', {
          permanent: permanent ? 'yes' : 'no',
          until: formatDayInZone(expiresAt, timeZone, intlLocale(locale)),
        })}
      </p>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  {
    title:
      data?.page.state === 'open' || data?.page.state === 'decided'
        ? // Not the song's title: a visitor's page titles reach the admin's analytics, and an
          // unregistered song's title is the owner's private business.
          translatorOf(matches).t('cowriters.invitation.confirmYourShare')
        : translatorOf(matches).t('cowriters.invitation.meta.title'),
  },
  // The token is in this page's address: a Referer from here names the origin only. Not
  // 'no-referrer', which makes the browser send `Origin: null` with the form posts (refused).
  { name: 'referrer', content: 'origin' },
]

export const headers: HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
