import type { MetaFunction } from '@remix-run/node'
import { GeneralErrorBoundary, NotFound } from '~/components/error-boundary'
import { translatorOf } from '~/i18n/react'

// Any path no other route claims answers 404 with the 404 page.
// Its page is the shell's 404, translated with the shell (the root's messages).
export const handle = { i18n: true }

export function loader() {
  throw new Response('Not Found', { status: 404 })
}

export function action() {
  throw new Response('Not Found', { status: 404 })
}

export const meta: MetaFunction = ({ matches }) => [
  { title: translatorOf(matches).t('shell.notFound.title') },
]

export default function CatchAll() {
  return <NotFound />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
