import type { Font } from 'fontkit'

// fontkit 2.0.4 subsets an instance of a variable font by re-encoding each outline, and its
// encoder is broken there: it hands restructure 3 a byte count where a buffer is wanted (a
// TypeError at `doc.end()`), and writes the instance's fractional coordinates through integer
// fields, so the error adds up along a contour. This is the same TrueType simple-glyph
// encoding with whole coordinates and a buffer of its own, set on the encoder's prototype once. (It writes every on-curve point, implied ones too: the
// same outline, a few bytes longer.)

interface PathCommand {
  command: string
  args: number[]
}
interface GlyphPath {
  commands: PathCommand[]
  bbox: { minX: number; minY: number; maxX: number; maxY: number }
}

const ON_CURVE = 1
const X_SHORT = 2
const Y_SHORT = 4
const SAME_X = 16
const SAME_Y = 32

function encodeSimple(path: GlyphPath, instructions: number[] = []) {
  const ends: number[] = []
  const flags: number[] = []
  const xs: number[] = []
  const ys: number[] = []
  let lastX = 0
  let lastY = 0
  let count = 0
  // One coordinate as a delta: 0 bytes when unchanged, 1 byte (sign in the flag) or 2 bytes.
  const delta = (value: number, last: number, bytes: number[], short: number, same: number) => {
    const diff = value - last
    if (diff === 0) return same
    if (diff >= -255 && diff <= 255) {
      bytes.push(Math.abs(diff))
      return short | (diff > 0 ? same : 0)
    }
    bytes.push((diff >> 8) & 0xff, diff & 0xff)
    return 0
  }
  for (const command of path.commands) {
    for (let j = 0; j < command.args.length; j += 2) {
      const x = Math.round(command.args[j] ?? 0)
      const y = Math.round(command.args[j + 1] ?? 0)
      let flag = command.command === 'quadraticCurveTo' && j === 0 ? 0 : ON_CURVE
      flag |= delta(x, lastX, xs, X_SHORT, SAME_X)
      flag |= delta(y, lastY, ys, Y_SHORT, SAME_Y)
      flags.push(flag)
      lastX = x
      lastY = y
      count++
    }
    if (command.command === 'closePath') ends.push(count - 1)
  }
  if (path.commands.length > 1 && path.commands.at(-1)?.command !== 'closePath')
    ends.push(count - 1)

  const size = 10 + ends.length * 2 + 2 + instructions.length + flags.length + xs.length + ys.length
  const bytes = new Uint8Array(size + ((4 - (size % 4)) % 4))
  const view = new DataView(bytes.buffer)
  let at = 0
  const int16 = (value: number) => {
    view.setInt16(at, value)
    at += 2
  }
  int16(ends.length)
  int16(Math.floor(path.bbox.minX))
  int16(Math.floor(path.bbox.minY))
  int16(Math.ceil(path.bbox.maxX))
  int16(Math.ceil(path.bbox.maxY))
  for (const end of ends) int16(end)
  int16(instructions.length)
  for (const byte of [...instructions, ...flags, ...xs, ...ys]) bytes[at++] = byte
  return bytes
}

let patched = false
/** Installs the encoder on fontkit's TrueType glyph encoder, through any variable font's subset. */
export function fixVariableGlyphEncoding(font: Font) {
  if (patched) return
  const subset = (font as unknown as { createSubset(): { glyphEncoder?: object } }).createSubset()
  if (!subset.glyphEncoder) return
  Object.assign(Object.getPrototypeOf(subset.glyphEncoder) as object, { encodeSimple })
  patched = true
}

// pdfkit writes each glyph's text (the ToUnicode map copy and search read) once per glyph, from
// its first use, and fontkit caches each glyph with the characters of its first use too. Fonts
// share glyphs between characters: Noto Sans Arabic draws ب and ن (and ح and خ) on one
// skeleton and adds the dots as marks, so "مرحبا بالعالم" came back as "مرخبا نالعالم". So
// each run is shaped afresh, and a glyph that stands for another text than its first use is
// drawn from a copy of itself in the subset, with that text of its own. A text drawn as one
// glyph (an emoji with a skin tone: fontkit keeps the first character only) is that glyph's
// text, whole.
interface Glyph {
  id: number
  codePoints: number[] | undefined
  advanceWidth: number
}
interface EmbeddedFont {
  font: { _glyphs: Record<number, unknown> }
  layoutRun(text: string, features: unknown): { glyphs: Glyph[]; positions: unknown[] }
  subset: { glyphs: number[]; includeGlyph(id: number): number }
  widths: number[]
  unicode: number[][]
  scale: number
  copies?: Map<string, number>
}

function encode(this: EmbeddedFont, text: string, features: unknown) {
  this.font._glyphs = {}
  const { glyphs, positions } = this.layoutRun(text, features)
  const whole = glyphs.length === 1 ? Array.from(text, (char) => char.codePointAt(0) ?? 0) : null
  const encoded = glyphs.map((glyph) => {
    const codePoints = whole ?? glyph.codePoints ?? []
    let gid = this.subset.includeGlyph(glyph.id)
    const first = this.unicode[gid]
    if (first && first.join(',') !== codePoints.join(',')) {
      this.copies ??= new Map()
      const key = `${glyph.id}:${codePoints.join(',')}`
      let copy = this.copies.get(key)
      if (copy === undefined) {
        copy = this.subset.glyphs.push(glyph.id) - 1
        this.copies.set(key, copy)
      }
      gid = copy
    }
    this.widths[gid] ??= glyph.advanceWidth * this.scale
    this.unicode[gid] ??= codePoints
    return `0000${gid.toString(16)}`.slice(-4)
  })
  return [encoded, positions]
}

const textPatched = new WeakSet<object>()
/** Gives pdfkit's embedded fonts a glyph per text (above); `font` is any embedded font. */
export function distinctGlyphText(font: object) {
  const prototype = Object.getPrototypeOf(font) as object
  if (textPatched.has(prototype)) return
  Object.assign(prototype, { encode })
  textPatched.add(prototype)
}
