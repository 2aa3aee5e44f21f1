import { describe, expect, test } from 'vitest'
import { errorsWhileTyping, revalidateWhileTyping } from '~/lib/form-revalidation'

// Issue 52.1 (decision 113): what a form refused by the server shows while it is typed in.

const refused = {
  status: 'error' as const,
  initialValue: {
    title: '',
    isrc: 'bad',
    contributions: [{ component: 'lyrics', aiPercent: '120' }],
  },
  error: {
    title: ['Song title is required'],
    isrc: ['ISRC must be in format: CCXXXNNNNNNN'],
    'contributions[0].aiPercent': ['Percentages must be between 0 and 100'],
    '': ['Your song could not be saved just now.'],
  },
}
const empty = { title: 'Song title is required', toolsUsed: 'Tools used is required' }

describe('errorsWhileTyping', () => {
  test('a refused field keeps its message while it holds the refused value', () => {
    expect(errorsWhileTyping(refused.initialValue, refused, empty)).toEqual({
      title: ['Song title is required'],
      isrc: ['ISRC must be in format: CCXXXNNNNNNN'],
      'contributions[0].aiPercent': ['Percentages must be between 0 and 100'],
      '': ['Your song could not be saved just now.'],
      toolsUsed: ['Tools used is required'],
    })
  })

  test('a changed value clears it, down to a row’s share; form-wide messages wait for the submit', () => {
    const values = {
      title: '밤하늘',
      isrc: 'us-pm1-25-00042',
      toolsUsed: 'Piano',
      contributions: [{ component: 'lyrics', aiPercent: '20' }],
    }
    expect(errorsWhileTyping(values, refused, empty)).toEqual({
      '': ['Your song could not be saved just now.'],
    })
  })

  test('an empty field that may not be empty says the server’s words for it, refused or not', () => {
    const values = { title: '', isrc: 'us-pm1-25-00042', toolsUsed: '' }
    expect(errorsWhileTyping(values, undefined, empty)).toEqual({
      title: ['Song title is required'],
      toolsUsed: ['Tools used is required'],
    })
    // Spaces are the server's to judge: its fields trim, or not, each its own way.
    expect(errorsWhileTyping({ title: '  ', toolsUsed: 'x' }, undefined, empty)).toEqual({})
  })
})

describe('revalidateWhileTyping', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData()
    for (const [name, value] of Object.entries(fields)) data.set(name, value)
    return data
  }
  const validate = (name: string) => JSON.stringify({ type: 'validate', payload: { name } })

  test('typing answers in the browser; a submit goes to the server', () => {
    const check = revalidateWhileTyping({ refused, emptyMessages: empty })
    const typing = check({
      formData: form({ __intent__: validate('title'), title: 'x', isrc: 'bad', toolsUsed: 'y' }),
    })
    expect(typing.status).toBe(undefined)
    expect(typing.status !== 'success' && typing.error).toEqual({
      isrc: ['ISRC must be in format: CCXXXNNNNNNN'],
      '': ['Your song could not be saved just now.'],
    })
    // `error: null` is conform's "let the post through", whatever the browser thinks.
    const submit = check({ formData: form({ title: '', isrc: 'bad' }) })
    expect(submit.status !== 'success' && submit.error).toBe(null)
  })

  test('a rule the browser checks itself still holds the post back', () => {
    const blocked = { coContributorName: ['Put the name back'] }
    const check = revalidateWhileTyping({
      refused: undefined,
      emptyMessages: {},
      blocking: () => blocked,
    })
    const submit = check({ formData: form({ title: 'x' }) })
    expect(submit.status).toBe('error')
    expect(submit.status !== 'success' && submit.error).toEqual(blocked)
  })
})
