// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { Isolated, WithIsolates } from '~/components/bidi'
import { isolate } from '~/lib/bidi'
import { escapeControls } from '~/lib/plain-text'

// Issue 26: a typed value inside our sentence, on a page (<bdi>) and in plain text (FSI…PDI).
afterEach(cleanup)

const bdis = (element: Element) => [...element.querySelectorAll('bdi')].map((b) => b.textContent)

describe('isolation of typed values', () => {
  test('a sentence quoting an Arabic name followed by a figure sets the name alone apart', () => {
    const { container } = render(
      <p>
        <Isolated text="نادية الخطيب 30%, Ann 70%" values={['نادية الخطيب', 'Ann']} />
      </p>,
    )
    expect(container.textContent).toBe('نادية الخطيب 30%, Ann 70%')
    expect(bdis(container)).toEqual(['نادية الخطيب', 'Ann'])
  })

  test('the longest value wins, so a name holding another is set apart whole', () => {
    const { container } = render(
      <Isolated
        text="Confirmed as نادية الخطيب (Nadia)"
        values={['نادية', 'نادية الخطيب', 'Nadia']}
      />,
    )
    expect(bdis(container)).toEqual(['نادية الخطيب', 'Nadia'])
  })

  test('a toast text with isolates shows each as a <bdi>, the marks gone', () => {
    const { container } = render(
      <WithIsolates text={`${isolate('نادية')} confirmed their share of “${isolate('봄날')}”.`} />,
    )
    expect(container.textContent).toBe('نادية confirmed their share of “봄날”.')
    expect(bdis(container)).toEqual(['نادية', '봄날'])
  })

  test('a mail value is wrapped in FSI…PDI; a control it held is written out, and the mail keeps only our isolates', () => {
    expect(isolate('نادية 30')).toBe('\u2068نادية 30\u2069')
    expect(isolate('')).toBe('')
    const hostile = isolate('Eve\u202Egnp.exe\u2069')
    expect(hostile).toBe('\u2068Eve\\u202egnp.exe\\u2069\u2069')
    expect(escapeControls(`Hello ${hostile}`, { keepIsolates: true })).toBe(`Hello ${hostile}`)
    expect(escapeControls(`Hello ${hostile}`)).not.toContain('\u2068')
  })
})
