import { expect, test } from 'vitest'
import { DecisionSchema } from '~/lib/co-writers-schema'
import { PLAIN_TEXT_MESSAGE } from '~/lib/plain-text'

// What an invitee types goes into mail subjects, the certificate, its PDF and `npm run verify`'s
// terminal output: terminal escapes and bidirectional overrides are refused with a message.
const errors = (input: Record<string, string>) => {
  const parsed = DecisionSchema.safeParse(input)
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)
}

test('a credited name, PRO or reason with control or bidi-override characters is refused', () => {
  expect(errors({ intent: 'confirm', creditedName: 'Bea\u001b[2J' })).toEqual([PLAIN_TEXT_MESSAGE])
  expect(errors({ intent: 'confirm', creditedName: 'Bea', pro: 'AS\u202ECAP' })).toEqual([
    PLAIN_TEXT_MESSAGE,
  ])
  expect(errors({ intent: 'confirm', creditedName: 'Bea\nLee' })).toEqual([PLAIN_TEXT_MESSAGE])
  expect(errors({ intent: 'dispute', disputeReason: 'wrong\u0007 split' })).toEqual([
    PLAIN_TEXT_MESSAGE,
  ])
})

test('ordinary names, accents and a reason over several lines (as browsers send them) pass', () => {
  expect(errors({ intent: 'confirm', creditedName: 'Beatriz Núñez-O’Brien', pro: 'SGAE' })).toEqual(
    [],
  )
  expect(
    errors({ intent: 'dispute', disputeReason: 'I wrote\r\nhalf the lyrics.\r\n\tSee notes.' }),
  ).toEqual([])
})
