import { formatLongDate } from './dates'
import type { Toast } from './toast'

// Shapes and formatting of the admin console, shared by the server and the browser.

export const ADMIN_TABS = ['email', 'video', 'records'] as const
export type AdminTab = (typeof ADMIN_TABS)[number]

/** `?tab=` of the admin panel; anything else is the default, Email Verification. */
export function adminTab(value: string | null): AdminTab {
  return value === 'video' || value === 'records' ? value : 'email'
}

/** A registered certificate whose latest audit check failed (app/services/admin/record-audit.server.ts). */
export interface AuditFailure {
  certificateId: string
  reason: string
  checkedAt: string
}

/** The record audit, as the admin panel's Records tab shows it. */
export interface AuditSummary {
  /** ISO time of the latest check, or null before the first. */
  lastCheckedAt: string | null
  holding: number
  failing: number
  /** Registered certificates never checked yet. */
  unchecked: number
  /** The failing records, most recently checked first (at most 100). */
  failures: AuditFailure[]
}

export interface PeriodCounts {
  total: number
  today: number
  thisMonth: number
}

/** SPEC §3 admin analytics. Revenue is in dollars; timestamps are ISO strings. */
export interface AdminAnalytics {
  websiteVisits: PeriodCounts
  userSignups: PeriodCounts
  certificatesGenerated: PeriodCounts
  blockchainRegistrations: PeriodCounts
  stripeRevenue: { total: number; today: number; thisWeek: number; thisMonth: number }
  /** unverifiedViews: how many of the views an anonymous visitor sent to the track endpoint. */
  topPages: { path: string; views: number; unverifiedViews: number }[]
  /** unverified: sent to the track endpoint by an anonymous visitor; its text is theirs. */
  recentActivity: { description: string; timestamp: string; unverified: boolean }[]
}

/** One UTC day of the admin's 30-day chart; revenue in dollars. */
export interface DailyFigures {
  /** YYYY-MM-DD, UTC. */
  day: string
  visits: number
  signups: number
  certificates: number
  registrations: number
  revenue: number
}

/** How the admin panel marks analytics text that nobody signed in vouches for. */
export const UNVERIFIED_LABEL = 'unverified — sent by an anonymous visitor'

export const PAYMENT_VOID_STATUSES = ['refunded', 'disputed'] as const
export type PaymentVoidStatus = (typeof PAYMENT_VOID_STATUSES)[number]

/** A payment a refund or dispute took back, for the admin panel. */
export interface VoidedPayment {
  id: number
  status: PaymentVoidStatus
  amount: number
  voidedAt: string
  paidAt: string
  email: string | null
  /** The song it was bought for. */
  boughtFor: { title: string; certificateId: string } | null
  /** The registration it paid for, when it was spent (or held by one in progress) before the refund. */
  spentOn: { title: string; certificateId: string; status: string } | null
}

export interface PendingVerification {
  id: number
  token: string
  userId: string
  email: string
  expiresAt: string
}

export interface LandingVideoInfo {
  uploadedAt: string
  size: number
}

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
})

export function formatDollars(amount: number) {
  return dollars.format(amount)
}

/**
 * 'March 1, 2025, 3:04 PM UTC'. Built by hand rather than with Intl's dateStyle/timeStyle, whose
 * joining words differ between ICU versions, so the server and the browser render the same text.
 */
export function formatDateTimeUtc(value: string | Date) {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return 'Invalid date'
  const hours = date.getUTCHours()
  const minutes = String(date.getUTCMinutes()).padStart(2, '0')
  return `${formatLongDate(date)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'} UTC`
}

export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

/**
 * What /admin/verify's action answers a code with: the code form shows the message and the toast.
 * Here, not as the route's `typeof action`, so the form (shown on the admin panel too) does not
 * import the route that imports the panel (issue 27).
 */
export type VerificationCodeResult = { message: string | null; toast: Toast | null }
