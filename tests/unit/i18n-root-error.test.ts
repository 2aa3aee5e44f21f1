import { expect, test } from 'vitest'
import { shell } from '~/i18n/messages/shell.server'
import { rootErrorEnglish } from '~/i18n/react'

// The error page drawn when the root loader failed has no messages from any loader: the browser
// falls back to these few English strings, which must be the shell's own English, word for word.
test('the root error page’s English fallback is the shell’s English', () => {
  const english: Record<string, string> = shell
  for (const [id, text] of Object.entries(rootErrorEnglish)) expect(text, id).toBe(english[id])
  expect(Object.keys(rootErrorEnglish).length).toBeGreaterThan(5)
})
