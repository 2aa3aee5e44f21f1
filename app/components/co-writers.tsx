import { awaitsConfirmation } from '~/lib/confirmation-summary'
import { useFetcher } from '@remix-run/react'
import { Fragment, useId } from 'react'
import { withParts } from '~/i18n/form-errors'
import { formatPercent, intlLocale } from '~/i18n/format'
import { type MessageId, type Translate, useLocale, useT } from '~/i18n/react'
import { componentLabel } from '~/i18n/words'
import { formatDayInZone } from '~/lib/dates'
import {
  type Component,
  COMPONENTS,
  type ContributorSlot,
  nameWithLatin,
} from '~/lib/song-constants'
import type { publicSlotStatus } from '~/services/co-writers/split-statuses.server'
import { Isolated } from './bidi'
import { Alert, Field } from './forms'
import { useTimeZone } from './time-zone'
import { Button, TAP_TARGET } from './ui/button'

// Issue 13 (decision 041): the owner's list of contributors with where each one's confirmation
// stands, and the split table an invitee is shown. Every form is a plain POST; with JavaScript a
// fetcher sends it, the button says so, and the list updates without a reload.

/** A slot as the owner's pages get it (all strings and numbers, no email salt). */
export type SlotRow = ReturnType<typeof publicSlotStatus>

/** What a slot's status line quotes of what people typed, each to be set apart (issue 26). */
function typedValues(slot: SlotRow) {
  if (slot.status === 'confirmed') return [slot.creditedName, slot.creditedLatinName, slot.pro]
  if (slot.status === 'disputed') return [slot.disputeReason]
  return 'email' in slot ? [slot.email] : []
}

const ROLE_IDS: Record<ContributorSlot, MessageId> = {
  main: 'cowriters.role.main',
  'co-contributor': 'cowriters.role.coContributor',
  'co-contributor-2': 'cowriters.role.coContributor2',
}

/** 'Co-contributor', in the page's language (the page sends the cowriters area). */
export const roleLabel = (t: Translate, slot: ContributorSlot) => t(ROLE_IDS[slot])

/** A slot's standing in words, in the page's language: what the owner reads, never a colour alone. */
export function slotStatusText(
  slot: SlotRow,
  { t, timeZone, locale }: { t: Translate; timeZone: string; locale: string },
) {
  const day = (iso: string) => formatDayInZone(iso, timeZone, intlLocale(locale))
  switch (slot.status) {
    case 'declared':
      return t('cowriters.slot.declared')
    case 'invited':
      return t('cowriters.slot.invited', {
        email: slot.email,
        sentOn: day(slot.sentAt),
        expiresOn: day(slot.expiresAt),
      })
    case 'expired':
      return t('cowriters.slot.expired', { email: slot.email, expiresOn: day(slot.expiresAt) })
    case 'confirmed':
      return t('cowriters.slot.confirmed', {
        decidedOn: day(slot.decidedAt),
        name: nameWithLatin(slot.creditedName, slot.creditedLatinName),
        withPro: slot.pro ? 'yes' : 'no',
        pro: slot.pro,
        withIpi: slot.ipi ? 'yes' : 'no',
        ipi: slot.ipi,
      })
    case 'disputed':
      return slot.reinvitedAt
        ? t('cowriters.slot.disputedReinvited', {
            decidedOn: day(slot.decidedAt),
            reason: slot.disputeReason,
            reinvitedOn: day(slot.reinvitedAt),
          })
        : t('cowriters.slot.disputed', {
            decidedOn: day(slot.decidedAt),
            reason: slot.disputeReason,
          })
  }
}

export function CoWritersList({
  songId,
  slots,
  ownSlot = null,
  final,
  canInvite,
  maxSends,
  errors,
}: {
  songId: number
  slots: SlotRow[]
  /** The slot naming the owner themselves: declared by them, with nobody to invite. */
  ownSlot?: string | null
  final: boolean
  /** Only a verified account invites (issue 24); the page says why and how. */
  canInvite: boolean
  maxSends: number
  /** The no-JavaScript post's answer, for the slot it was about. */
  errors?: { slot?: string; invitationId?: number; message: string; fieldErrors?: string[] } | null
}) {
  const { timeZone } = useTimeZone()
  const t = useT()
  const locale = useLocale()
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {slots.map((slot) => (
        <li key={slot.slot} className="p-5" data-testid={`slot-${slot.slot}`}>
          <p className="text-sm text-slate-500">{roleLabel(t, slot.slot)}</p>
          <p className="font-semibold text-slate-900">
            <bdi>{slot.name}</bdi>
          </p>
          <p className="mt-1 text-slate-700" data-testid={`slot-${slot.slot}-status`}>
            {slot.slot === ownSlot && slot.status === 'declared' ? (
              t('cowriters.slot.you')
            ) : (
              <Isolated
                text={slotStatusText(slot, { t, timeZone, locale })}
                values={typedValues(slot)}
              />
            )}
          </p>
          {slot.status === 'disputed' && (
            <p className="mt-1 text-sm text-slate-600">{t('cowriters.slot.disputeBlocks')}</p>
          )}
          {!final &&
            (canInvite || slot.status !== 'declared') &&
            !(slot.slot === ownSlot && slot.status === 'declared') && (
              <SlotActions
                songId={songId}
                slot={slot}
                maxSends={maxSends}
                error={
                  errors &&
                  (errors.slot === slot.slot ||
                    ('invitationId' in slot && errors.invitationId === slot.invitationId))
                    ? errors
                    : null
                }
              />
            )}
        </li>
      ))}
    </ul>
  )
}

function SlotActions({
  songId,
  slot,
  maxSends,
  error,
}: {
  songId: number
  slot: SlotRow
  maxSends: number
  error: { message: string; fieldErrors?: string[] } | null
}) {
  const fetcher = useFetcher<{ message?: string; fieldErrors?: string[] }>()
  const t = useT()
  const emailId = useId()
  const action = `/songs/${songId}/co-writers`
  const sending = fetcher.state !== 'idle'
  const intent = fetcher.formData?.get('intent')
  // The fetcher's own answer when JavaScript sent the form, else the page's action data.
  const shown = fetcher.data?.message ? fetcher.data : fetcher.state === 'idle' ? error : null
  if (slot.status === 'declared')
    return (
      <fetcher.Form method="post" action={action} className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="invite" />
        <input type="hidden" name="slot" value={slot.slot} />
        <Field
          id={emailId}
          label={t('cowriters.invite.emailLabel', { name: slot.name })}
          name="email"
          type="email"
          required
          maxLength={255}
          autoComplete="off"
          className="min-w-[16rem] flex-1"
          errors={shown?.fieldErrors}
        />
        <Button
          type="submit"
          disabled={sending}
          aria-label={sending ? undefined : t('cowriters.invite.sendTo', { name: slot.name })}
        >
          {sending ? t('cowriters.invite.sending') : t('cowriters.invite.send')}
        </Button>
        {shown?.message && !shown.fieldErrors?.length && (
          <Alert className="w-full">{shown.message}</Alert>
        )}
      </fetcher.Form>
    )
  const canResend =
    (slot.status === 'invited' || slot.status === 'expired') && slot.sentCount < maxSends
  return (
    <fetcher.Form method="post" action={action} className="mt-3 flex flex-wrap gap-3">
      <input type="hidden" name="invitationId" value={slot.invitationId} />
      {canResend && (
        <Button
          type="submit"
          name="intent"
          value="resend"
          variant="secondary"
          disabled={sending}
          aria-label={
            sending && intent === 'resend'
              ? undefined
              : t('cowriters.invite.resendTo', { name: slot.name })
          }
        >
          {sending && intent === 'resend'
            ? t('cowriters.invite.resending')
            : t('cowriters.invite.resend')}
        </Button>
      )}
      {slot.status === 'disputed' && slot.notAsked ? (
        // Named again after a removal: nothing was mailed on its own, the owner asks (decision 087).
        <>
          <input type="hidden" name="slot" value={slot.slot} />
          <input type="hidden" name="email" value={slot.email} />
          <Button
            type="submit"
            name="intent"
            value="invite"
            disabled={sending}
            aria-label={
              sending
                ? undefined
                : t('cowriters.invite.againFor', { email: slot.email, name: slot.name })
            }
          >
            {sending
              ? t('cowriters.invite.sending')
              : t('cowriters.invite.again', { email: slot.email })}
          </Button>
        </>
      ) : slot.status === 'disputed' ? (
        // Withdrawing a dispute would lift the block on the split it contests (decision 041).
        <p className="text-sm text-slate-700">{t('cowriters.invite.answerDispute')}</p>
      ) : (
        <Button
          type="submit"
          name="intent"
          value="revoke"
          variant="ghost"
          disabled={sending}
          aria-label={
            sending && intent === 'revoke'
              ? undefined
              : slot.status === 'confirmed'
                ? t('cowriters.invite.withdrawOf', { name: slot.name })
                : t('cowriters.invite.revokeOf', { name: slot.name })
          }
        >
          {sending && intent === 'revoke'
            ? t('cowriters.invite.revoking')
            : slot.status === 'confirmed'
              ? t('cowriters.invite.withdraw')
              : t('cowriters.invite.revoke')}
        </Button>
      )}
      {shown?.message && <Alert className="w-full">{shown.message}</Alert>}
    </fetcher.Form>
  )
}

export interface SplitView {
  contributors: { slot: ContributorSlot; name: string }[]
  contributions: {
    component: string
    contributorPercent: number
    coContributorPercent: number
    coContributor2Percent: number
    aiPercent: number
  }[]
}

const PERCENT_OF = {
  main: 'contributorPercent',
  'co-contributor': 'coContributorPercent',
  'co-contributor-2': 'coContributor2Percent',
} as const

const isComponent = (value: string): value is Component =>
  (COMPONENTS as readonly string[]).includes(value)

/**
 * The whole split: one row per component, one column per named contributor, and AI. Below 640 px
 * each component is a card listing every share under its name, so nothing scrolls out of a
 * phone's view (issue 25.6).
 */
export function SplitTable({ split, highlight }: { split: SplitView; highlight?: string }) {
  const t = useT()
  const locale = useLocale()
  const you = t('cowriters.split.you')
  const columns = [
    ...split.contributors.map((c) => ({
      key: c.slot,
      name: c.name,
      you: c.slot === highlight,
      percent: (row: SplitView['contributions'][number]) => row[PERCENT_OF[c.slot]],
    })),
    {
      key: 'ai',
      name: t('cowriters.split.ai'),
      you: false,
      percent: (row: SplitView['contributions'][number]) => row.aiPercent,
    },
  ]
  return (
    <table className="block w-full text-left text-sm sm:table">
      <caption className="sr-only">{t('cowriters.split.caption')}</caption>
      <thead className="hidden border-b border-slate-200 text-slate-600 sm:table-header-group">
        <tr>
          <th scope="col" className="px-3 py-2">
            {t('cowriters.split.component')}
          </th>
          {columns.map((c) => (
            <th key={c.key} scope="col" className="break-words px-3 py-2">
              <bdi>{c.name}</bdi>
              {c.you && <span className="block text-xs font-normal">{you}</span>}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block divide-y divide-slate-100 sm:table-row-group">
        {split.contributions.map((row) => (
          <tr key={row.component} className="block py-2 sm:table-row sm:py-0">
            <th
              scope="row"
              className="block font-medium text-slate-900 sm:table-cell sm:px-3 sm:py-2"
            >
              {isComponent(row.component) ? componentLabel(t, row.component) : row.component}
            </th>
            {columns.map((c) => (
              <td key={c.key} className="flex justify-between gap-3 sm:table-cell sm:px-3 sm:py-2">
                <span className="min-w-0 break-words text-slate-600 sm:hidden">
                  <bdi>{c.name}</bdi>
                  {c.you && ` ${you}`}
                </span>
                <span>{formatPercent(locale, c.percent(row) / 100)}</span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * The registration page's summary: who confirmed, and a warning (never a block) when someone has
 * not. A dispute is the page's blocker instead, shown in the registration card's place.
 */
export function ConfirmationsNotice({ songId, slots }: { songId: number; slots: SlotRow[] }) {
  const { timeZone } = useTimeZone()
  const t = useT()
  const locale = useLocale()
  if (slots.length === 0) return null
  return (
    <section className="mt-6 rounded-xl border border-slate-200 p-5" aria-labelledby="co-writers">
      <h2 id="co-writers" className="text-lg font-semibold text-slate-900">
        {t('cowriters.notice.title')}
      </h2>
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        {slots.map((slot) => (
          <li key={slot.slot} data-testid={`confirmation-${slot.slot}`}>
            {withParts((marks) => t('cowriters.notice.line', marks), {
              name: (
                <bdi key="name" className="font-medium text-slate-900">
                  {slot.name}
                </bdi>
              ),
              status: (
                <Isolated
                  key="status"
                  text={slotStatusText(slot, { t, timeZone, locale })}
                  values={typedValues(slot)}
                />
              ),
            })}
          </li>
        ))}
      </ul>
      <a
        href={`/songs/${songId}/co-writers`}
        className={`${TAP_TARGET} mt-3 text-sm font-semibold text-brand-600 underline`}
      >
        {t('cowriters.notice.manage')}
      </a>
    </section>
  )
}

/**
 * Who has not confirmed their share yet, said wherever a registration can start (the register
 * page and the dashboard's dialog both show it inside the registration card, issue 25.4).
 */
export function UnconfirmedShares({ slots }: { slots: SlotRow[] }) {
  const t = useT()
  const waiting = slots.filter(
    (s) => awaitsConfirmation(s) && s.status !== 'confirmed' && s.status !== 'disputed',
  )
  if (waiting.length === 0) return null
  const separator = t('cowriters.unconfirmed.separator')
  const names = waiting.map((slot, index) => (
    <Fragment key={slot.slot}>
      {index > 0 && separator}
      <bdi>{slot.name}</bdi>
    </Fragment>
  ))
  return (
    <p
      role="note"
      data-testid="unconfirmed-shares"
      className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
    >
      {withParts((marks) => t('cowriters.unconfirmed.text', marks), {
        names: <Fragment key="names">{names}</Fragment>,
      })}
    </p>
  )
}
