import { AppLink, type AppLinkProps } from '~/components/app-link'
import type { ButtonHTMLAttributes } from 'react'

const base =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60'
const variants = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  inverse: 'bg-white text-brand-700 hover:bg-brand-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
}
export type ButtonVariant = keyof typeof variants

/**
 * A link or button that stands on its own, not a link inside a sentence, is at least 24 × 24 px to
 * tap (WCAG 2.2, 2.5.8; issue 39.9): text-sized controls add one of these. TAP_TARGET sits in
 * the line; TAP_TARGET_LINE takes a line of its own. A <summary> keeps its marker with
 * TAP_TARGET_SUMMARY.
 */
export const TAP_TARGET = 'inline-flex min-h-6 min-w-6 items-center'
export const TAP_TARGET_LINE = 'flex min-h-6 items-center'
export const TAP_TARGET_SUMMARY = 'min-h-6 py-0.5'
/**
 * A checkbox or radio button drawn 24 × 24 px (issue 52.16): the browser's own is 13 px, and a
 * finger meets the box, not the sentence beside it. `shrink-0`: a long label must not narrow it.
 */
export const CHECKBOX = 'h-6 w-6 shrink-0 accent-brand-600'

export function buttonClass(variant: ButtonVariant = 'primary', extra = '') {
  return `${base} ${variants[variant]} ${extra}`.trim()
}

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />
}

export function ButtonLink({
  variant = 'primary',
  className = '',
  ...props
}: AppLinkProps & { variant?: ButtonVariant }) {
  return <AppLink className={buttonClass(variant, className)} {...props} />
}
