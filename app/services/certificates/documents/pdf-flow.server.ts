import { drawLines, type Laid, layout, type TextStyle } from './pdf-text.server'

// How the PDFs' blocks go down the page and on to the next (decisions 049 and 106): measured
// first, then drawn where they fit. A block taller than a page is cut between its lines and goes
// on over the pages it needs, so nothing is drawn past a page's foot (issue 49.3: a column of long
// facts ran off the page and out of the certificate's frame).

type Doc = PDFKit.PDFDocument

/** A block laid out once: its height is known before it is drawn. */
export interface Block {
  height: number
  draw(x: number, y: number): void
  /**
   * The block cut to `room`: the lines that fit (`head`, null when not even its first does) and
   * the rest. A block without it is kept whole.
   */
  cut?(room: number): { head: Block | null; rest: Block }
  /** A heading: never the last thing above a cut. */
  keepWithNext?: boolean
}

/** What of `block` fits in `room`, and what is left for the next page (null: nothing). */
export function cutBlock(block: Block, room: number): { head: Block | null; rest: Block | null } {
  if (block.height <= room) return { head: block, rest: null }
  return block.cut ? block.cut(room) : { head: null, rest: block }
}

/** Laid-out lines, then `gap`: cut between lines. */
export function linesBlock(
  doc: Doc,
  laid: Laid,
  width: number,
  style: TextStyle = {},
  gap = 0,
): Block {
  const { lines, lineHeight } = laid
  return {
    height: lines.length * lineHeight + gap,
    draw: (x, y) => drawLines(doc, lines, x, y, width, style),
    cut: (room) => {
      const fit = Math.floor(room / lineHeight)
      if (fit <= 0) return { head: null, rest: linesBlock(doc, laid, width, style, gap) }
      const part = (from: number, to?: number, after = 0) =>
        linesBlock(doc, { ...laid, lines: lines.slice(from, to) }, width, style, after)
      // Every line fits, not the space after them: that space is the page break.
      if (fit >= lines.length) return { head: part(0), rest: stack([]) }
      return { head: part(0, fit), rest: part(fit, undefined, gap) }
    },
  }
}

/** Text wrapped to `width`, then `gap`. */
export const textBlock = (doc: Doc, text: string, width: number, style: TextStyle = {}, gap = 0) =>
  linesBlock(doc, layout(doc, text, width, style), width, style, gap)

/** Blocks one under another: cut between them, or inside the one the cut falls in. */
export function stack(blocks: Block[]): Block {
  return {
    height: blocks.reduce((sum, block) => sum + block.height, 0),
    draw: (x, y) => {
      let top = y
      for (const block of blocks) {
        block.draw(x, top)
        top += block.height
      }
    },
    cut: (room) => {
      const head: Block[] = []
      let left = room
      let index = 0
      for (; index < blocks.length; index++) {
        const block = blocks[index]!
        const { head: fits, rest } = cutBlock(block, left)
        if (fits) head.push(fits)
        if (rest) {
          const remaining = [rest, ...blocks.slice(index + 1)]
          // A heading goes on with what it heads.
          while (head.at(-1)?.keepWithNext) remaining.unshift(head.pop()!)
          return { head: head.length > 0 ? stack(head) : null, rest: stack(remaining) }
        }
        left -= block.height
      }
      return { head: stack(head), rest: stack([]) }
    },
  }
}

/** What of a row cut over pages goes on with its heading at least: a few lines. */
const KEPT_WITH_HEADING = 40

/**
 * The place the next block goes: when it does not fit above `bottom`, a new page is started
 * (its running head drawn by `onNewPage`, which returns where the text starts).
 */
export class Flow {
  private top: number
  constructor(
    private doc: Doc,
    public y: number,
    public bottom: number,
    private onNewPage: () => { top: number; bottom: number },
  ) {
    this.top = y
  }

  newPage() {
    this.doc.addPage({ size: 'A4', margin: 0 })
    const { top, bottom } = this.onNewPage()
    this.y = this.top = top
    this.bottom = bottom
  }

  /**
   * Starts a new page unless a heading (`height`) fits here with what it heads (`next`, the
   * height of the row after it): all of that row when it would go to the next page whole, its
   * first lines when it is taller than a page and is cut from here on.
   */
  keep(height: number, next: number) {
    const first = next <= this.bottom - this.top ? next : Math.min(next, KEPT_WITH_HEADING)
    if (this.y + height + first > this.bottom && this.y > this.top) this.newPage()
  }

  /**
   * Blocks side by side at the given x positions: on a new page when they do not fit here, and
   * cut between lines over as many pages as they need when they do not fit on a page at all.
   */
  row(blocks: [number, Block][], gapAfter = 0) {
    const tallest = (list: [number, Block][]) => Math.max(0, ...list.map(([, b]) => b.height))
    // Whole on the next page, unless even a whole page could not hold it.
    if (this.y + tallest(blocks) > this.bottom && tallest(blocks) <= this.bottom - this.top)
      this.newPage()
    let pending = blocks
    while (this.y + tallest(pending) > this.bottom) {
      const cuts = pending.map(([x, block]) => [x, cutBlock(block, this.bottom - this.y)] as const)
      // Not a line of it fits on a page of its own: drawn whole rather than never.
      if (this.y === this.top && cuts.every(([, cut]) => cut.head === null)) break
      for (const [x, cut] of cuts) cut.head?.draw(x, this.y)
      pending = cuts.flatMap(([x, cut]): [number, Block][] =>
        cut.rest && cut.rest.height > 0 ? [[x, cut.rest]] : [],
      )
      // All of it drawn but the space after it: no page for nothing.
      if (pending.length === 0) {
        this.y += Math.max(0, ...cuts.map(([, cut]) => cut.head?.height ?? 0))
        return
      }
      this.newPage()
    }
    for (const [x, block] of pending) block.draw(x, this.y)
    this.y += tallest(pending) + gapAfter
  }

  /** Text line by line, over as many pages as it needs: nothing is cut. */
  text(text: string, x: number, width: number, style: TextStyle = {}, gapAfter = 0) {
    const laid = layout(this.doc, text, width, style)
    for (const line of laid.lines) {
      if (this.y + laid.lineHeight > this.bottom) this.newPage()
      drawLines(this.doc, [line], x, this.y, width, style)
      this.y += laid.lineHeight
    }
    this.y += gapAfter
  }
}
