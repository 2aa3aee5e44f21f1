import { describe, expect, test } from 'vitest'
import { MODES, useBrowser } from './browser'
import { expectSoon, PASSWORD, signIn, signUpAndIn } from './flows'

// Issue 28: the settings a person runs themselves, in a real browser, with JavaScript on and off.
const browser = useBrowser()

describe.each(MODES)('settings with $name', ({ javaScriptEnabled }) => {
  test('from the account menu: the name in Hangul is saved; a second browser is listed and signed out from the first', async () => {
    const laptop = await browser.newPage({ javaScriptEnabled })
    const account = await signUpAndIn(laptop, 'Mina')
    const phone = await browser.newPage({ javaScriptEnabled })
    await signIn(phone, account.username, PASSWORD)

    // The account menu opens without JavaScript too (<details>).
    await laptop.getByTestId('account-menu').locator('summary').click()
    await laptop.getByRole('link', { name: 'Settings' }).click()
    await laptop.waitForURL((url) => url.pathname === '/settings')
    await laptop.getByRole('link', { name: /^Profile/ }).click()
    await laptop.waitForURL((url) => url.pathname === '/settings/profile')
    await laptop.getByLabel('First name').fill('민아')
    await laptop.getByRole('button', { name: 'Save Profile' }).click()
    await expectSoon(laptop, () => laptop.getByLabel('First name').inputValue(), '민아')
    await expectSoon(
      laptop,
      (timeout) => laptop.getByTestId('account-menu').locator('summary').innerText({ timeout }),
      expect.stringContaining('민아'),
    )

    await laptop.goto('/settings/sessions')
    await expectSoon(laptop, () => laptop.getByTestId('session').count(), 2)
    expect(await laptop.getByText('This browser', { exact: true }).count()).toBe(1)
    await laptop.getByRole('button', { name: 'Sign Out This Browser' }).click()
    await expectSoon(laptop, () => laptop.getByTestId('session').count(), 1)

    // The phone's session is gone: its next page asks it to sign in.
    await phone.goto('/settings')
    await phone.waitForURL((url) => url.pathname === '/login')
    await laptop.done()
    await phone.done()
  })
})
