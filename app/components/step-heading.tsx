import { type ReactNode, useEffect, useRef } from 'react'

/**
 * The heading of a step a form leads to, which takes focus when it appears, so reading (and
 * Tab) go on from the new step instead of from <body> (issue 52.7). Without JavaScript the
 * server's `autofocus` does it; with JavaScript React only honours autoFocus on form controls,
 * so the heading focuses itself once mounted.
 */
export function StepHeading({ children, className }: { children: ReactNode; className: string }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    // eslint-disable-next-line jsx-a11y/no-autofocus
    <h1 ref={heading} tabIndex={-1} autoFocus className={`${className} outline-none`}>
      {children}
    </h1>
  )
}
