import { type ComponentType, createElement } from 'react'

/**
 * A view whose code the browser fetches only when the view is shown (the admin panel on `/`,
 * which visitors and users never see), kept out of the route's bundle (issue 16's JavaScript
 * budget, docs/decisions/044-javascript-budget.md). Render it inside a `<Suspense>`.
 *
 * Unlike React.lazy, the server never suspends on it: the server build bundles the module, so
 * loading it at start-up settles before the first request, and every server render is complete
 * HTML. That matters because browsers get the shell as soon as it is ready: a suspended view
 * would arrive later as a hidden block that only JavaScript reveals, so with JavaScript off the
 * page would stay empty. In the browser, hydration keeps the server's HTML (links and plain
 * forms work) until the code arrives.
 */
export function lazyView<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> & { preload: () => Promise<void> } {
  let loaded: ComponentType<Props> | undefined
  let failed: { error: unknown } | undefined
  let loading: Promise<void> | undefined
  const start = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component
      },
      // Kept, then thrown from render so the error boundary shows it, instead of a promise that
      // would make Suspense wait for ever.
      (error: unknown) => {
        failed = { error }
      },
    ))
  if (typeof document === 'undefined') void start()

  function LazyView(props: Props) {
    if (loaded) return createElement(loaded, props)
    if (failed) throw failed.error
    throw start()
  }
  // Fetches the code ahead of the first render (a pointer over the button that opens the view).
  LazyView.preload = start
  return LazyView
}
