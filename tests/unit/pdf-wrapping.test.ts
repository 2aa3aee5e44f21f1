import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import { startPdf } from '~/services/certificates/documents/pdf-document.server'
import {
  prepareFonts,
  type TextStyle,
  write,
} from '~/services/certificates/documents/pdf-text.server'

// Issue 37 (decision 082's known gap): text in a complex script is measured as it is drawn, so a
// line wraps where the printed words end and right-aligned text meets its edge. Positions are
// read back from the PDF with pdftotext -bbox, as any reader of the file sees them.
const run = promisify(execFile)

interface Word {
  text: string
  xMin: number
  xMax: number
  yMin: number
}

/** Draws each block on page 1 and reads back every word's box. */
async function drawn(blocks: { text: string; width: number; style?: TextStyle }[]) {
  await prepareFonts(blocks.map((block) => block.text).join(' '))
  const { doc, end } = startPdf({ Title: 'wrapping' })
  const tops: number[] = []
  let y = 40
  for (const block of blocks) {
    tops.push(y)
    y += write(doc, block.text, 50, y, block.width, { size: 12, ...block.style }) + 30
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-wrapping-'))
  const file = path.join(dir, 'out.pdf')
  fs.writeFileSync(file, await end('wrapping'))
  const { stdout } = await run('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'])
  const words: Word[] = [
    ...stdout.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({ text: m[4]!, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]) }))
  // Each block's words, by line (a line is the words whose tops are within 3 pt).
  return tops.map((top, index) => {
    const bottom = tops[index + 1] ?? Infinity
    const mine = words.filter((word) => word.yMin >= top - 15 && word.yMin < bottom - 15)
    const lines: Word[][] = []
    for (const word of mine) {
      const line = lines.find((l) => Math.abs((l[0]?.yMin ?? 0) - word.yMin) < 3)
      if (line) line.push(word)
      else lines.push([word])
    }
    return lines
  })
}

const extent = (words: Word[]) => ({
  left: Math.min(...words.map((w) => w.xMin)),
  right: Math.max(...words.map((w) => w.xMax)),
})

const NAMES = {
  Hindi: 'प्रिया शर्मा',
  Arabic: 'نادية الخطيب',
  Thai: 'สมชาย ใจดี',
  Hebrew: 'דוד כהן',
}

describe('complex scripts are measured as they are drawn', () => {
  for (const [script, name] of Object.entries(NAMES))
    test(`a name in ${script} at the wrapping limit wraps where the drawn text does; right-aligned, it meets the edge`, async () => {
      for (const style of [{}, { font: 'Helvetica-Bold' }] as TextStyle[]) {
        // The name once, on a line of its own: how wide it is printed.
        const [[alone = []] = []] = await drawn([{ text: name, width: 1000, style }])
        const { left, right } = extent(alone)
        expect(left).toBeCloseTo(50, 0)
        const printed = right - left
        // Twice, in a box as wide as the name (and a hair): one name to a line, each whole,
        // neither broken inside; and right-aligned, the name ends at the box's right edge.
        const [wrapped = [], aligned = []] = await drawn([
          { text: `${name} ${name}`, width: printed + 0.5, style },
          { text: name, width: 300, style: { ...style, align: 'right' } },
        ])
        expect(wrapped, `${script} ${style.font ?? ''}`).toHaveLength(2)
        for (const line of wrapped) {
          expect(line.map((w) => w.text).join(' ')).toBe(alone.map((w) => w.text).join(' '))
          expect(extent(line).right).toBeLessThanOrEqual(50 + printed + 0.5)
        }
        expect(aligned).toHaveLength(1)
        expect(extent(aligned[0]!).right, `${script} right edge`).toBeCloseTo(350, 0)
        expect(extent(aligned[0]!).left, `${script} left`).toBeCloseTo(350 - printed, 0)
      }
    })
})
