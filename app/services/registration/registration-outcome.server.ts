import type { Network } from '~/lib/registration-network'

/** What registering a song answers the page: the anchored record, or why not and what to do next. */
export type RegistrationOutcome =
  | {
      ok: true
      transactionSignature: string
      explorerUrl: string
      storageId: string
      storageUrl: string
      network: Network
    }
  | {
      ok: false
      status: number
      message: string
      requiresEmailVerification?: boolean
      requiresPayment?: boolean
      pending?: boolean
      editUrl?: string
    }

type FailureExtra = {
  requiresEmailVerification?: boolean
  requiresPayment?: boolean
  pending?: boolean
  editUrl?: string
}

export const fail = (status: number, message: string, extra: FailureExtra = {}) =>
  ({ ok: false, status, message, ...extra }) as const
