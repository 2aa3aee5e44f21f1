import { crc32 } from 'node:zlib'

// A ZIP written as its files are read (issue 38.3, decision 079): each file's data is deflated
// piece by piece and followed by a data descriptor, so neither a whole file nor the archive is
// ever held in memory. Pieces are deflated apart (in the document pool), each ending on a byte
// with a sync flush, so they follow one another as one deflate stream (as pigz does); a final
// empty block closes it. No ZIP64: at the song ceiling an account's data is far below 4 GiB.

export interface ZipFile {
  name: string
  /** The file's text or bytes, in pieces; read only when the archive reaches this file. */
  content: () => AsyncIterable<string | Uint8Array>
}

/** Raw deflate of one piece, ending with a sync flush (zlib's Z_SYNC_FLUSH), never final. */
export type DeflatePiece = (bytes: Uint8Array) => Promise<Uint8Array>

const encoder = new TextEncoder()
// A final fixed-Huffman block holding only its end: what closes the pieces' deflate stream.
const FINAL_BLOCK = Uint8Array.of(0x03, 0x00)
const MAX_32 = 0xffffffff
// Bit 3: sizes and CRC follow the data; bit 11: names are UTF-8.
const FLAGS = 0x0808
const DEFLATE = 8
const VERSION = 20
// Made by Unix (3), so unzip gives the files the mode in the external attributes: 0644.
const MADE_BY = (3 << 8) | VERSION
const FILE_MODE = 0o100644 << 16

function dosDateTime(date: Date) {
  const time =
    (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1)
  const day =
    ((Math.max(1980, date.getUTCFullYear()) - 1980) << 9) |
    ((date.getUTCMonth() + 1) << 5) |
    date.getUTCDate()
  return { time, day }
}

function record(size: number, write: (view: DataView) => void) {
  const bytes = new Uint8Array(size)
  write(new DataView(bytes.buffer))
  return bytes
}

function bounded(value: number, what: string) {
  if (value > MAX_32) throw new Error(`${what} is too large for a ZIP without ZIP64`)
  return value
}

export async function* zipStream(
  files: Iterable<ZipFile>,
  { modified, deflate }: { modified: Date; deflate: DeflatePiece },
): AsyncGenerator<Uint8Array> {
  const { time, day } = dosDateTime(modified)
  const central: Uint8Array[] = []
  let offset = 0
  let count = 0
  for (const file of files) {
    const name = encoder.encode(file.name)
    const start = offset
    const local = record(30 + name.length, (v) => {
      v.setUint32(0, 0x04034b50, true)
      v.setUint16(4, VERSION, true)
      v.setUint16(6, FLAGS, true)
      v.setUint16(8, DEFLATE, true)
      v.setUint16(10, time, true)
      v.setUint16(12, day, true)
      // CRC and sizes are 0 here: the data descriptor after the data holds them.
      v.setUint16(26, name.length, true)
    })
    local.set(name, 30)
    yield local
    offset += local.length
    let crc = 0
    let size = 0
    let packed = 0
    for await (const piece of file.content()) {
      const bytes = typeof piece === 'string' ? encoder.encode(piece) : piece
      if (bytes.length === 0) continue
      crc = crc32(bytes, crc)
      size += bytes.length
      const out = await deflate(bytes)
      packed += out.length
      yield out
    }
    yield FINAL_BLOCK
    packed += FINAL_BLOCK.length
    bounded(size, file.name)
    const descriptor = record(16, (v) => {
      v.setUint32(0, 0x08074b50, true)
      v.setUint32(4, crc, true)
      v.setUint32(8, packed, true)
      v.setUint32(12, size, true)
    })
    yield descriptor
    offset = bounded(offset + packed + descriptor.length, 'The archive')
    const entry = record(46 + name.length, (v) => {
      v.setUint32(0, 0x02014b50, true)
      v.setUint16(4, MADE_BY, true)
      v.setUint16(6, VERSION, true)
      v.setUint16(8, FLAGS, true)
      v.setUint16(10, DEFLATE, true)
      v.setUint16(12, time, true)
      v.setUint16(14, day, true)
      v.setUint32(16, crc, true)
      v.setUint32(20, packed, true)
      v.setUint32(24, size, true)
      v.setUint16(28, name.length, true)
      v.setUint32(38, FILE_MODE, true)
      v.setUint32(42, start, true)
    })
    entry.set(name, 46)
    central.push(entry)
    count++
  }
  let directorySize = 0
  for (const entry of central) {
    yield entry
    directorySize += entry.length
  }
  yield record(22, (v) => {
    v.setUint32(0, 0x06054b50, true)
    v.setUint16(8, count, true)
    v.setUint16(10, count, true)
    v.setUint32(12, directorySize, true)
    v.setUint32(16, offset, true)
  })
}
