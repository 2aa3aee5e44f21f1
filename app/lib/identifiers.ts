// Music identifiers: ISRC (recordings), ISWC (works), UPC (products). Shared with the browser.

/** Accepts hyphens, spaces and lower case ('us-abc-24-00001'); returns the 12-character form. */
export function normalizeIsrc(value: string) {
  return value.replace(/[\s-]/g, '').toUpperCase()
}
export const ISRC_PATTERN = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/

/** ISWC 'T-123.456.789-C': T, nine digits, a check digit. Accepts any punctuation and case. */
export function normalizeIswc(value: string) {
  return value.replace(/[\s.-]/g, '').toUpperCase()
}
export const ISWC_PATTERN = /^T\d{10}$/

export function iswcCheckDigitOk(compact: string) {
  const digits = compact.slice(1).split('').map(Number)
  const sum = 1 + digits.slice(0, 9).reduce((acc, digit, index) => acc + digit * (index + 1), 0)
  return (10 - (sum % 10)) % 10 === digits[9]
}

export function formatIswc(compact: string) {
  return `T-${compact.slice(1, 4)}.${compact.slice(4, 7)}.${compact.slice(7, 10)}-${compact.slice(10)}`
}

export function normalizeUpc(value: string) {
  return value.replace(/[\s-]/g, '')
}
export const UPC_PATTERN = /^\d{12}$/

/** UPC-A: three times the odd positions plus the even ones, and the check digit makes it a multiple of 10. */
export function upcCheckDigitOk(upc: string) {
  const digits = upc.split('').map(Number)
  const sum = digits
    .slice(0, 11)
    .reduce((acc, digit, index) => acc + digit * (index % 2 === 0 ? 3 : 1), 0)
  return (10 - (sum % 10)) % 10 === digits[11]
}

/** A ProofTrack certificate id, 'PT-XXXX-XXXX' (the source, so the memo's grammar can embed it). */
export const CERTIFICATE_ID_SOURCE = 'PT-[0-9A-Z]{4}-[0-9A-Z]{4}'
export const CERTIFICATE_ID_PATTERN = new RegExp(`^${CERTIFICATE_ID_SOURCE}$`)
