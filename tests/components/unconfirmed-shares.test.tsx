// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { type SlotRow, UnconfirmedShares } from '~/components/co-writers'

// Issue 39 item 7: the register page's warning is about the others, never the submitter's own
// uninvited slot (they cannot invite their own address).
afterEach(cleanup)

const owner = { slot: 'main', name: '田中 美咲', status: 'declared' } as const
const confirmed = {
  slot: 'co-contributor',
  name: 'Иван Петров',
  status: 'confirmed',
  invitationId: 1,
  email: 'ivan@example.com',
  emailSalt: 'salt',
  decidedAt: '2026-11-01T00:00:00.000Z',
  creditedName: 'Иван Петров',
  creditedLatinName: null,
  pro: null,
  ipi: null,
} as const

const warning = (slots: SlotRow[]) =>
  render(<UnconfirmedShares slots={slots} />).container.querySelector(
    '[data-testid="unconfirmed-shares"]',
  )

test('with every co-writer confirmed, no warning names the submitter', () => {
  expect(warning([owner, confirmed])).toBeNull()
})

test('a co-writer not yet invited is named; the submitter is not', () => {
  const waiting = { slot: 'co-contributor-2', name: 'สมชาย ใจดี', status: 'declared' } as const
  const text = warning([owner, confirmed, waiting])?.textContent ?? ''
  expect(text).toContain('สมชาย ใจดี')
  expect(text).not.toContain('田中 美咲')
})

test('a main contributor the submitter invited (someone else) is waited for', () => {
  const invitedMain = {
    slot: 'main',
    name: 'प्रिया शर्मा',
    status: 'invited',
    invitationId: 2,
    email: 'priya@example.com',
    sentAt: '2026-11-01T00:00:00.000Z',
    expiresAt: '2026-11-15T00:00:00.000Z',
    sentCount: 1,
  } as const
  expect(warning([invitedMain, confirmed])?.textContent).toContain('प्रिया शर्मा')
})
