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
