import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, test } from 'vitest'
import { column, type Part, startPdf } from '~/services/certificates/documents/pdf-document.server'
import { Flow } from '~/services/certificates/documents/pdf-flow.server'
import { prepareFonts } from '~/services/certificates/documents/pdf-text.server'

// Decision 106: blocks go down the page, whole to the next page when they fit on one, cut
// between lines when they do not; a heading goes with what it heads. Drawn by the real layout,
// read back with pdftotext -bbox as any reader of the file sees it.
const run = promisify(execFile)

const TOP = 40
const FIRST_BOTTOM = 400
const BOTTOM = 800

interface Word {
  page: number
  text: string
  yMin: number
  yMax: number
}

/** A document drawn by `draw` on a flow (page 1 ends at FIRST_BOTTOM, the others at BOTTOM). */
async function drawn(draw: (doc: PDFKit.PDFDocument, flow: Flow) => void) {
  await prepareFonts('Line 0123456789 FACT HEADING')
  const { doc, end } = startPdf({ Title: 'flow' })
  const flow = new Flow(doc, TOP, FIRST_BOTTOM, () => ({ top: TOP, bottom: BOTTOM }))
  draw(doc, flow)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-flow-'))
  const file = path.join(dir, 'out.pdf')
  fs.writeFileSync(file, await end('flow'))
  const { stdout } = await run('pdftotext', ['-bbox', '-enc', 'UTF-8', file, '-'])
  const words: Word[] = []
  let page = 0
  for (const match of stdout.matchAll(
    /<page [^>]*>|<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    if (match[0].startsWith('<page')) page++
    else words.push({ page, text: match[3]!, yMin: Number(match[1]), yMax: Number(match[2]) })
  }
  return { words, pages: page }
}

const lines = (count: number, prefix = 'Line'): Part[] =>
  Array.from({ length: count }, (_, i) => ({ kind: 'text', text: `${prefix} ${i + 1}` }))

/** Every word between its page's top and foot. */
function outside(words: Word[]) {
  return words.filter((word) => {
    const bottom = word.page === 1 ? FIRST_BOTTOM : BOTTOM
    // A line's box reaches a little above its top (the font's ascent is not its line height).
    return word.yMin < TOP - 2 || word.yMax > bottom
  })
}

describe('the PDFs’ flow (decision 106)', () => {
  test('two columns taller than a page are cut between lines over the pages they need, side by side, nothing past a foot', async () => {
    const { words, pages } = await drawn((doc, flow) => {
      flow.y = 300
      flow.row([
        [52, column(doc, [{ kind: 'heading', title: 'Left' }, ...lines(150, 'Left')], 233)],
        [309, column(doc, [{ kind: 'heading', title: 'Right' }, ...lines(60, 'Right')], 233)],
      ])
      flow.text('After', 52, 490)
    })
    expect(outside(words)).toEqual([])
    // Started where the flow was (a page would not hold them whole), and every line printed, in
    // order: 150 lines of about 11 pt over the rest of page 1 and two more.
    const left = words.filter((word) => /^\d+$/.test(word.text) && word.yMin > 0)
    expect(words.find((word) => word.text === 'LEFT')?.page).toBe(1)
    const numbers = words
      .filter((word, i) => words[i - 1]?.text === 'Left' && word.text !== 'LEFT')
      .map((word) => Number(word.text))
    expect(numbers).toEqual(Array.from({ length: 150 }, (_, i) => i + 1))
    expect(left.length).toBe(150 + 60)
    expect(pages).toBe(3)
    expect(words.find((word) => word.text === 'After')?.page).toBe(3)
  })

  test('a row that fits on a page goes to the next whole, and its heading with it', async () => {
    const { words } = await drawn((doc, flow) => {
      flow.y = 330
      const title = column(doc, [{ kind: 'heading', title: 'Blockchain record' }], 490)
      const facts = column(
        doc,
        Array.from({ length: 4 }, (_, i): Part => ({ kind: 'fact', label: 'Fact', value: `${i}` })),
        233,
      )
      flow.keep(title.height, facts.height)
      flow.row([[52, title]])
      flow.row([
        [52, facts],
        [309, facts],
      ])
    })
    expect(outside(words)).toEqual([])
    expect(words.find((word) => word.text === 'BLOCKCHAIN')?.page).toBe(2)
    expect(words.filter((word) => word.text === 'FACT').every((word) => word.page === 2)).toBe(true)
  })

  test('a label is never the last line of a page: it goes on with its value', async () => {
    const { words } = await drawn((doc, flow) => {
      // Taller than a page, so cut from where it starts: three lines, then the label, on page 1.
      const before = lines(3)
      const fact: Part = { kind: 'fact', label: 'Fact', value: 'Value' }
      flow.y = FIRST_BOTTOM - column(doc, before, 233).height - 10
      flow.row([[52, column(doc, [...before, fact, ...lines(100, 'After')], 233)]])
    })
    expect(outside(words)).toEqual([])
    expect(words.find((word) => word.text === '3')?.page).toBe(1)
    const label = words.find((word) => word.text === 'FACT')
    expect(label?.page).toBe(2)
    expect(words.find((word) => word.text === 'Value')?.page).toBe(2)
  })

  test('a block cut where only the space after its last line is left starts no page for it', async () => {
    const { pages, words } = await drawn((doc, flow) => {
      const text = lines(30)
      text.push({ kind: 'text', text: 'Last', gap: 100 })
      flow.row([[52, column(doc, text, 233)]])
    })
    expect(outside(words)).toEqual([])
    expect(words.at(-1)?.text).toBe('Last')
    expect(pages).toBe(1)
  })
})
