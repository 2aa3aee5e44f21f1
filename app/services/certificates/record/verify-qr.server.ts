import QRCode from 'qrcode'

// The QR code of a certificate's verify address for the page that prints it (issue 49.5): the
// same address and error correction the PDFs' QR codes encode (documents/pdf-document.server.ts),
// computed here so the `qrcode` package never reaches the browser. The page draws it as inline
// SVG from these modules; it is about 0.3 ms a code, less than a cache would save.

/** Light modules around the code, as the QR standard asks, so a phone finds its edges on paper. */
const QUIET_ZONE = 4

/**
 * A QR code as one SVG path: each row's runs of dark modules as horizontal strokes one module
 * wide, in module units (`size` modules a side), and the light margin to leave around them.
 */
export function verifyQrCode(address: string) {
  const { modules } = QRCode.create(address, { errorCorrectionLevel: 'M' })
  const size = modules.size
  const runs: string[] = []
  for (let row = 0; row < size; row++) {
    let start = -1
    for (let col = 0; col <= size; col++) {
      const dark = col < size && modules.get(row, col) === 1
      if (dark && start < 0) start = col
      if (!dark && start >= 0) {
        runs.push(`M${start} ${row + 0.5}h${col - start}`)
        start = -1
      }
    }
  }
  return { size, quietZone: QUIET_ZONE, path: runs.join('') }
}
export type VerifyQrCode = ReturnType<typeof verifyQrCode>
