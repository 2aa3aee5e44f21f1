import { describe, expect, test } from 'vitest'
import * as index from '~/routes/_index'
import * as login from '~/routes/login'
import { getToast } from '~/services/platform/toast.server'
import { drawPage } from '../setup/draw-page'
import { args, cookieFrom, createUser, formRequest, PASSWORD, respond } from '../setup/fixtures'

// Issue 52 (polish): a new account's very first sign-in was greeted "Welcome back!" and its
// dashboard "Welcome back, <name>". The account's count of sign-ins decides: "Welcome" the first
// time, SPEC §8's "Welcome back" from the second on (decision 115).

async function signIn(username: string) {
  const response = await respond(() =>
    login.action(
      args(
        formRequest('http://localhost/login', { usernameOrEmail: username, password: PASSWORD }),
      ),
    ),
  )
  expect(response.status).toBe(302)
  const toast = (await getToast(cookieFrom(response, 'pt_toast')!)).toast
  const session = cookieFrom(response, 'pt_session')!
  return { toast, heading: headingOf(await drawPage(index, '/', '/', session)) }
}

const headingOf = (html: string) =>
  /<h1[^>]*>(.*?)<\/h1>/s
    .exec(html)?.[1]
    ?.replace(/<!-- -->|<\/?bdi>/g, '')
    .trim()

describe('the greeting of a sign-in', () => {
  test('the first sign-in says "Welcome!" and "Welcome, Ana"; the second "Welcome back!" and "Welcome back, Ana"', async () => {
    const user = await createUser({ firstName: 'Ana' })
    const first = await signIn(user.username)
    expect(first.toast).toMatchObject({
      title: 'Welcome!',
      description: 'You have been logged in successfully.',
    })
    expect(first.heading).toBe('Welcome, Ana')

    const second = await signIn(user.username)
    expect(second.toast).toMatchObject({
      title: 'Welcome back!',
      description: 'You have been logged in successfully.',
    })
    expect(second.heading).toBe('Welcome back, Ana')
  })
})
