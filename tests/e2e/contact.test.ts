import { describe, expect, test } from 'vitest'
import { MODES, useBrowser } from './browser'

const browser = useBrowser()

describe.each(MODES)('contact form with $name', ({ javaScriptEnabled }) => {
  test('bad fields show the spec messages next to the fields and keep what was typed', async () => {
    const page = await browser.newPage({ javaScriptEnabled })
    await page.goto('/contact')
    await page.getByLabel('Name').fill('A')
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByLabel('Subject').fill('Hi')
    await page.getByLabel('Message').fill('short')
    await page.getByRole('button', { name: 'Send Message' }).click()
    // Each under its field and in the error summary (issue 52.2).
    await expect.poll(() => page.getByText('Name must be at least 2 characters').count()).toBe(2)
    for (const message of [
      'Please enter a valid email address',
      'Subject must be at least 5 characters',
      'Message must be at least 10 characters',
    ]) {
      // Polled: without JavaScript the fields below can still be arriving after the summary.
      await expect.poll(() => page.getByText(message).count()).toBe(2)
    }
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true')
    expect(await page.getByLabel('Email').inputValue()).toBe('not-an-email')
    await page.done()
  })

  test('a good message shows the success view and a toast; Send Another Message gives an empty form', async () => {
    const page = await browser.newPage({ javaScriptEnabled })
    await page.goto('/contact')
    await page.getByLabel('Name').fill('Ann Writer')
    await page.getByLabel('Email').fill('ann@example.com')
    await page.getByLabel('Subject').fill('Question about splits')
    await page.getByLabel('Message').fill('Can I list an AI tool as a contributor?')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect
      .poll(() => page.getByRole('heading', { name: 'Message Sent Successfully!' }).count())
      .toBe(1)
    expect(await page.getByTestId('toast').textContent()).toContain('Message sent successfully!')
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')
    await page.getByRole('link', { name: 'Send Another Message' }).click()
    await expect.poll(() => page.getByLabel('Name').count()).toBe(1)
    expect(await page.getByLabel('Name').inputValue()).toBe('')
    expect(await page.getByLabel('Message').inputValue()).toBe('')
    await page.done()
  })
})
