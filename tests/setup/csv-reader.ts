/**
 * An RFC 4180 reader as a spreadsheet reads a file: quoted cells may hold commas, doubled quotes
 * and line breaks; rows end with CR LF. The byte-order mark is returned apart.
 */
export function readCsv(text: string) {
  const bom = text.startsWith('\uFEFF')
  const body = bom ? text.slice(1) : text
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(cell)
      cell = ''
    } else if (ch === '\r' && body[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += ch
  }
  if (cell !== '' || row.length > 0) throw new Error('the last row does not end with CR LF')
  return { bom, rows }
}

/** The rows as objects by the header's names. */
export function csvRecords(text: string) {
  const { bom, rows } = readCsv(text)
  const [header = [], ...data] = rows
  return {
    bom,
    header,
    records: data.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]]))),
  }
}
