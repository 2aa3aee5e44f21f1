import { beforeAll, describe, expect, test } from 'vitest'
import { useBrowser, type TestPage } from './browser'
import { expectSoon, PASSWORD, signIn, signUpAndIn } from './flows'
import { freePort, useServer } from './server'

// Issue 28 (decision 064): passkeys in a real browser. Chromium's virtual authenticator (DevTools
// protocol) stands in for the device's. WebAuthn takes no IP address as relying party, so this
// file's server is reached, and configured (APP_URL), as http://localhost:<port>.
const browser = useBrowser()
let port = 0
beforeAll(async () => {
  port = await freePort()
})
useServer({
  admin: true,
  env: () => ({ PORT: String(port), APP_URL: `http://localhost:${port}`, DATABASE_URL: '' }),
})
const baseUrl = () => `http://localhost:${port}`

/** A platform authenticator that keeps passkeys and verifies its user (fingerprint, PIN). */
async function virtualAuthenticator(page: TestPage) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, authenticatorId }
}

describe('passkeys with JavaScript on', () => {
  test('a passkey named in Hangul is added in settings, then signs in alone on /login in a fresh browser', async () => {
    const laptop = await browser.newPage({ javaScriptEnabled: true, baseUrl: baseUrl() })
    const device = await virtualAuthenticator(laptop)
    await signUpAndIn(laptop, 'Minji')
    await laptop.goto('/settings')
    await laptop.getByRole('link', { name: /^Passkeys/ }).click()
    await laptop.waitForURL((url) => url.pathname === '/settings/passkeys')
    await expectSoon(laptop, () => laptop.getByText('You have no passkeys yet.').count(), 1)
    await laptop.getByLabel('Name for the new passkey').fill('김민지의 iPhone')
    await laptop.getByRole('button', { name: 'Add a Passkey' }).click()
    await expectSoon(laptop, () => laptop.getByTestId('passkey-name').allInnerTexts(), [
      '김민지의 iPhone',
    ])
    expect(await laptop.getByTestId('passkey-last-used').innerText()).toBe('Never')
    const { credentials } = await device.cdp.send('WebAuthn.getCredentials', {
      authenticatorId: device.authenticatorId,
    })
    expect(credentials).toHaveLength(1)
    expect(credentials[0]!.isResidentCredential).toBe(true)
    await laptop.done()

    // The same passkey on a fresh browser (no cookies): no username is typed.
    const phone = await browser.newPage({ javaScriptEnabled: true, baseUrl: baseUrl() })
    const phoneDevice = await virtualAuthenticator(phone)
    await phoneDevice.cdp.send('WebAuthn.addCredential', {
      authenticatorId: phoneDevice.authenticatorId,
      credential: credentials[0]!,
    })
    await phone.goto('/login')
    await phone.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await phone.waitForURL((url) => url.pathname === '/')
    await phone.goto('/settings/passkeys')
    await expectSoon(
      phone,
      () => phone.getByTestId('passkey-last-used').innerText(),
      expect.not.stringMatching(/^Never$/),
    )

    // Renamed with the plain form, in Arabic.
    await phone.getByLabel('Name', { exact: true }).fill('هاتف نادية')
    await phone.getByRole('button', { name: 'Rename' }).click()
    await expectSoon(phone, () => phone.getByTestId('passkey-name').innerText(), 'هاتف نادية')
    await phone.done()
  })

  test('a passkey the site does not know gets a clear message on /login, not an error page', async () => {
    const page = await browser.newPage({ javaScriptEnabled: true, baseUrl: baseUrl() })
    const device = await virtualAuthenticator(page)
    // A passkey for this site made by the authenticator itself, never registered with us.
    await device.cdp.send('WebAuthn.addCredential', {
      authenticatorId: device.authenticatorId,
      credential: {
        credentialId: Buffer.from('unknown-passkey-0001').toString('base64'),
        isResidentCredential: true,
        rpId: 'localhost',
        privateKey: await pkcs8Key(),
        userHandle: Buffer.from('someone').toString('base64'),
        signCount: 0,
      },
    })
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expectSoon(
      page,
      () => page.locator('#passkey-sign-in-error').innerText(),
      expect.stringContaining('not registered'),
    )
    expect(new URL(page.url()).pathname).toBe('/login')
    await page.done()
  })
})

describe('passkeys with JavaScript off', () => {
  test('settings say passkeys need JavaScript; /login offers none and the password still signs in', async () => {
    const page = await browser.newPage({ javaScriptEnabled: false, baseUrl: baseUrl() })
    const account = await signUpAndIn(page, 'Nadia')
    await page.goto('/settings/passkeys')
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Passkeys')
    expect(await page.getByTestId('passkeys-need-js').innerText()).toContain(
      'Adding a passkey needs JavaScript',
    )
    expect(await page.getByTestId('passkeys-need-js').innerText()).toContain(
      'You can still sign in with your password or with Google',
    )
    expect(await page.getByRole('button', { name: 'Add a Passkey' }).count()).toBe(0)
    await page.done()

    const fresh = await browser.newPage({ javaScriptEnabled: false, baseUrl: baseUrl() })
    await fresh.goto('/login')
    expect(await fresh.getByRole('button', { name: 'Sign in with a passkey' }).count()).toBe(0)
    await signIn(fresh, account.username, PASSWORD)
    await fresh.done()
  })
})

/** A P-256 private key in PKCS#8, base64, as the DevTools protocol takes one. */
async function pkcs8Key() {
  const { generateKeyPairSync } = await import('node:crypto')
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  return privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64')
}
