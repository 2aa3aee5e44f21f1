import { setImmediate as nextTurn } from 'node:timers/promises'
import { describe, expect, test } from 'vitest'
import { withoutNulBytes } from '~/lib/html-stream.server'

// The document's stream (app/entry.server.tsx): React's NUL bytes dropped, and the 2 KB pieces of
// one render passed on together, once its turn of the event loop ends (issue 53).
describe('the rendered document’s stream', () => {
  test('one turn’s pieces go on as one chunk, a later turn’s as another, no NUL byte in either', async () => {
    const stream = withoutNulBytes()
    const out: Buffer[] = []
    stream.on('data', (chunk: Buffer) => out.push(chunk))
    const ended = new Promise((resolve) => stream.on('end', resolve))
    stream.write(Buffer.from('<html><body>'))
    stream.write(Buffer.from([0xe3, 0x81, 0x82, 0, 0, 0x3c]))
    stream.write(Buffer.from('p>'))
    await nextTurn()
    expect(out.map((chunk) => chunk.toString())).toEqual(['<html><body>あ<p>'])
    stream.write(Buffer.from('later</p>'))
    stream.end(Buffer.from('</body></html>'))
    await ended
    expect(out.map((chunk) => chunk.toString())).toEqual([
      '<html><body>あ<p>',
      'later</p></body></html>',
    ])
    expect(Buffer.concat(out).includes(0)).toBe(false)
  })
})
