// Music identifiers: ISRC (recordings), ISWC (works), UPC (products), IPI name numbers (people).
// Shared with the browser.

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

/**
 * An IPI name number as people write it: spaces, dots and dashes dropped (as printed on a
 * membership card), leading zeros optional (a number assigned early, 00014107338, is often
 * written 14107338). Returns the 11-digit form, or null for anything that is not 8 to 11 digits.
 */
export function normalizeIpi(value: string) {
  const digits = value.replace(/[\s.-]/g, '')
  return /^\d{8,11}$/.test(digits) ? digits.padStart(11, '0') : null
}

/**
 * The two check digits an 11-digit IPI name number ends with (CISAC; `check_ipi_digit` in
 * django-music-publisher): the first nine weighted 10 down to 2, summed, taken mod 101; the pair
 * is (101 - r) mod 100, or 00 when r is 0.
 */
export function ipiCheckDigits(ipi: string) {
  const sum = ipi
    .slice(0, 9)
    .split('')
    .reduce((acc, digit, index) => acc + Number(digit) * (10 - index), 0)
  const r = sum % 101
  return String(r === 0 ? 0 : (101 - r) % 100).padStart(2, '0')
}

export const IPI_LENGTH_MESSAGE = 'An IPI number has 8 to 11 digits'

/**
 * What is wrong with an IPI name number, in words for the field; null when it is one. A wrong
 * pair is named as typed, never the pair that would fit: telling it would let anyone make up a
 * number that passes (issue 39 item 15).
 */
export function ipiProblem(value: string) {
  const ipi = normalizeIpi(value)
  if (!ipi) return IPI_LENGTH_MESSAGE
  const typed = ipi.slice(9)
  return typed === ipiCheckDigits(ipi)
    ? null
    : `The last two digits of this IPI number (${typed}) do not match the nine before them: please check the number`
}

/** A ProofTrack certificate id, 'PT-XXXX-XXXX' (the source, so the memo's grammar can embed it). */
export const CERTIFICATE_ID_SOURCE = 'PT-[0-9A-Z]{4}-[0-9A-Z]{4}'
export const CERTIFICATE_ID_PATTERN = new RegExp(`^${CERTIFICATE_ID_SOURCE}$`)
