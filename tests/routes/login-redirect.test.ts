import { expect, test } from 'vitest'
import * as login from '~/routes/login'
import { args, createUser, formRequest, PASSWORD, respond } from '../setup/fixtures'

// Issue 11 item 3: after signing in, no spelling of redirectTo leads off our origin.
test('signing in with a redirectTo that normalises to another host lands on our home page', async () => {
  const user = await createUser()
  const signIn = async (redirectTo: string) => {
    const response = await respond(() =>
      login.action(
        args(
          formRequest('http://localhost/login', {
            usernameOrEmail: user.username,
            password: PASSWORD,
            redirectTo,
          }),
        ),
      ),
    )
    expect(response.status, redirectTo).toBe(302)
    return response.headers.get('Location')
  }
  for (const redirectTo of [
    '/.//evil.test/phish',
    '/..//evil.test',
    '/a/..//evil.test',
    '/%2e//evil.test',
    '/./\\evil.test',
    '/%2F/evil.test',
    '/\t/evil.test',
  ]) {
    expect(await signIn(redirectTo), redirectTo).toBe('/')
  }
  expect(await signIn('/songs?page=2')).toBe('/songs?page=2')
})
