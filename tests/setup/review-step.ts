import * as submit from '~/routes/submit'
import { args, respond } from './fixtures'

/**
 * The song form's review answers its post with a redirect to its own page, /submit?review=<id>
 * (issue 52.9, decision 114). This follows it as a browser does, with the same session, and
 * answers the review page's step as the post itself answered it before: status 200 and
 * `{ step: 'summary', values, … }`. Any other answer (a refused form) is returned as it came.
 */
export async function followReview(answer: Response, cookie: string) {
  const location = answer.headers.get('Location')
  if (answer.status !== 302 || !location?.startsWith('/submit?review=')) return answer
  const page = await respond(() =>
    submit.loader(
      args(new Request(`http://localhost${location}`, { headers: { Cookie: cookie } })),
    ),
  )
  const data = (await page.json()) as { review: unknown }
  return Response.json(data.review, { status: page.status })
}
