// CSV as spreadsheets read it (RFC 4180, CRLF rows), shared by the catalogue export and the
// data download.

// OWASP CSV injection: a cell a spreadsheet would read as a formula is prefixed with a quote.
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: unknown) {
  let text = value === null || value === undefined ? '' : String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export function csvRow(cells: unknown[]) {
  return `${cells.map(csvCell).join(',')}\r\n`
}
