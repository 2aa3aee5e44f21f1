import fs from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import type { TestPage } from './browser'

const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)
type AxeResults = {
  violations: { id: string; impact: string | null; nodes: { target: unknown }[] }[]
}

/**
 * axe's serious and critical findings on a page. axe is a script with timers, and a page without
 * JavaScript runs none, not even for a test driver. So the no-JavaScript page is judged as it was
 * rendered: its DOM (the server's HTML as parsed, scripts never run), without its script tags,
 * served at the same address to a page of `judgeWith`'s context (JavaScript on), where axe can
 * run. React cannot hydrate it, so that page shows exactly the no-JavaScript view.
 */
export async function seriousAxeViolations(
  page: TestPage,
  javaScriptEnabled: boolean,
  judgeWith: () => Promise<TestPage>,
) {
  let target: Page = page
  if (!javaScriptEnabled) {
    const html = (await page.content()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    target = await (await judgeWith()).context().newPage()
    await target.route(page.url(), (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
    )
    await target.goto(page.url())
  }
  await target.evaluate(axeSource)
  const results = await target.evaluate(() =>
    (
      window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }
    ).axe.run(document, { resultTypes: ['violations'] }),
  )
  if (target !== page) await target.close()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`)
}
