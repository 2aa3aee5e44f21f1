import { describe, expect, test } from 'vitest'
import * as apiRegister from '~/resource-routes/api.auth.register'
import * as apiReset from '~/resource-routes/api.auth.reset-password'
import * as register from '~/routes/register'
import * as reset from '~/routes/reset-password'
import * as passwordRoute from '~/routes/settings_.password'
import {
  args,
  authedRequest,
  createUser,
  formRequest,
  jsonRequest,
  respond,
} from '../setup/fixtures'

// Issue 39 item 3: one password rule (registration's 8 characters, decision 080) for every form
// and API that sets a password.

const SHORT = 'Ab1' // the spec's reset minimum was 6: this was refused with "at least 6"
const SEVEN = 'Пар0льA' // 7 characters, every kind: passed a 6-character rule
const TOO_SHORT = 'Password must be at least 8 characters'

const errorsOf = async (response: Response) => {
  expect(response.status).toBe(400)
  const body = await response.json()
  return (body.result?.error ?? body.errors ?? body) as Record<string, string[]>
}

describe('one password rule', () => {
  test('register, reset and change refuse a short password with the same 8-character message', async () => {
    for (const password of [SHORT, SEVEN]) {
      const registered = await respond(() =>
        register.action(
          args(
            formRequest('http://localhost/register', {
              firstName: '佐藤',
              lastName: 'शर्मा',
              username: 'sato_sharma',
              email: 'sato@example.com',
              password,
            }),
          ),
        ),
      )
      expect((await errorsOf(registered)).password).toEqual([TOO_SHORT])

      const resetForm = await respond(() =>
        reset.action(
          args(
            formRequest('http://localhost/reset-password', {
              token: 'x',
              password,
              confirmPassword: password,
            }),
          ),
        ),
      )
      expect((await errorsOf(resetForm)).password).toEqual([TOO_SHORT])

      const user = await createUser({ firstName: 'ใจดี' })
      const changed = await respond(async () =>
        passwordRoute.action(
          args(
            await authedRequest('http://localhost/settings/password', user.id, {
              method: 'POST',
              body: new URLSearchParams({
                currentPassword: 'Sup3rSecret!',
                newPassword: password,
                confirmPassword: password,
              }),
            }),
          ),
        ),
      )
      expect((await errorsOf(changed)).newPassword).toEqual([TOO_SHORT])
    }
  })

  test('the JSON APIs answer the same message', async () => {
    const resetApi = await respond(() =>
      apiReset.action(
        args(
          jsonRequest('http://localhost/api/auth/reset-password', {
            token: 'x',
            password: SHORT,
            confirmPassword: SHORT,
          }),
        ),
      ),
    )
    expect(resetApi.status).toBe(400)
    expect(JSON.stringify(await resetApi.json())).toContain(TOO_SHORT)
    const registerApi = await respond(() =>
      apiRegister.action(
        args(
          jsonRequest('http://localhost/api/auth/register', {
            firstName: 'Иван',
            lastName: 'כהן',
            username: 'ivan_cohen',
            email: 'ivan@example.com',
            password: SEVEN,
          }),
        ),
      ),
    )
    expect(registerApi.status).toBe(400)
    expect(JSON.stringify(await registerApi.json())).toContain(TOO_SHORT)
  })

  test('upper and lower case count in any cased script', async () => {
    const response = await respond(() =>
      register.action(
        args(
          formRequest('http://localhost/register', {
            firstName: 'Иван',
            lastName: 'Петров',
            username: 'ivan_petrov',
            email: 'ivan.petrov@example.com',
            password: 'Пароль2024',
          }),
        ),
      ),
    )
    expect(response.status).toBe(302)
  })
})
