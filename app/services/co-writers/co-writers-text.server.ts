import { pageMessages, translate } from '~/i18n/catalogs.server'
import { pageMessagesWithFormErrors, translateFormError } from '~/i18n/form-errors.server'
import type { RenderLocale } from '~/i18n/locales'
import type { MessageId } from '~/i18n/react'
import { INVITATIONS_FINAL_MESSAGE } from '~/lib/page-messages'
import { INVITATION_NOT_MAILED } from './invitation-addresses.server'
import {
  ADDRESS_ON_ANOTHER_SLOT,
  ALREADY_INVITED,
  DECIDED_CANNOT_RESEND,
  DISPUTE_NOT_REVOCABLE,
  MAX_SENDS,
  OWN_ADDRESS,
  SLOT_NOT_NAMED,
  TOO_MANY_SENDS,
  VERIFY_TO_INVITE,
} from './invitations.server'

// The invitation services refuse in English (their JSON API's words, decision 041), kept there.
// The owner's page says each refusal in the page's language (decision 120): a fixed one by its
// English, a rate limit by its wait. One the catalogue does not know stays English.

/** Only the parts of the cowriters area a page shows (`cowriters.<part>.*`); other areas' all. */
function onlyParts<Page extends { messages: Record<string, unknown> }>(
  page: Page,
  parts: readonly string[],
): Page {
  const shown = (id: string) =>
    !id.startsWith('cowriters.') || parts.some((part) => id.startsWith(`cowriters.${part}.`))
  return {
    ...page,
    messages: Object.fromEntries(Object.entries(page.messages).filter(([id]) => shown(id))),
  }
}

/**
 * What the co-writers and invitation pages send as `i18n`: the shared words, the parts of the
 * area the page shows with the area's form errors, and the error summary's title, which is the
 * auth area's (its one message, not the area: the summary is shared with the sign-in forms).
 * The owner's page carries none of the invitee's sentences, nor theirs the owner's.
 */
export function coWritersPageMessages(locale: RenderLocale, parts: readonly string[]) {
  const page = onlyParts(pageMessagesWithFormErrors(locale, ['words', 'cowriters']), parts)
  const summary = pageMessages(locale, ['auth']).messages['auth.errorSummary.title']
  return summary
    ? { ...page, messages: { ...page.messages, 'auth.errorSummary.title': summary } }
    : page
}

/** The refusal page's own sentences only. */
export const refusalPageMessages = (locale: RenderLocale) =>
  onlyParts(pageMessages(locale, ['cowriters']), ['refuse'])

export const coWritersText = (
  locale: RenderLocale,
  id: MessageId,
  values?: Record<string, string | number>,
) => translate(locale, 'cowriters', id, values)

const REFUSALS: Record<string, MessageId> = {
  'Song not found': 'cowriters.refusal.songNotFound',
  [SLOT_NOT_NAMED]: 'cowriters.refusal.notNamed',
  [ALREADY_INVITED]: 'cowriters.refusal.alreadyInvited',
  [DECIDED_CANNOT_RESEND]: 'cowriters.refusal.decidedCannotResend',
  [DISPUTE_NOT_REVOCABLE]: 'cowriters.refusal.disputeNotRevocable',
  [VERIFY_TO_INVITE]: 'cowriters.refusal.verifyToInvite',
  [OWN_ADDRESS]: 'cowriters.refusal.ownAddress',
  [ADDRESS_ON_ANOTHER_SLOT]: 'cowriters.refusal.addressOnAnotherSlot',
  [INVITATION_NOT_MAILED]: 'cowriters.refusal.notMailed',
  [INVITATIONS_FINAL_MESSAGE]: 'cowriters.refusal.final',
}

/** A refusal of sendInvitation, resendInvitation or revokeInvitation, in `locale`. */
export function refusalText(
  locale: RenderLocale,
  failure: { status: number; message: string; retryAfterSeconds?: number },
) {
  if (failure.retryAfterSeconds !== undefined)
    return coWritersText(locale, 'cowriters.refusal.tooManyRequests', {
      minutes: Math.max(1, Math.ceil(failure.retryAfterSeconds / 60)),
    })
  if (failure.message === TOO_MANY_SENDS)
    return coWritersText(locale, 'cowriters.refusal.tooManySends', { count: MAX_SENDS })
  const id = REFUSALS[failure.message]
  return id ? coWritersText(locale, id) : translateFormError(locale, 'cowriters', failure.message)
}

// The one refusal with a value inside (app/lib/identifiers.ts' `ipiProblem`, the check digits as
// typed): no page's data can hold it keyed by its English, so the action says it in the page's
// language where it makes its answer; every other message stays the schema's English, looked up
// where it is shown.
const IPI_CHECK_DIGITS =
  /^The last two digits of this IPI number \((\d+)\) do not match the nine before them: please check the number$/

/** A refused answer's field errors, the IPI's check digits said in `locale`. */
export function decisionErrorsIn<Reply extends { error?: Record<string, string[] | null> }>(
  locale: RenderLocale,
  reply: Reply,
): Reply {
  if (!reply.error) return reply
  const error = Object.fromEntries(
    Object.entries(reply.error).map(([field, messages]) => [
      field,
      messages?.map((message) => {
        const digits = IPI_CHECK_DIGITS.exec(message)?.[1]
        return digits === undefined
          ? message
          : coWritersText(locale, 'cowriters.ipiCheckDigits', { digits })
      }) ?? null,
    ]),
  )
  return { ...reply, error }
}
