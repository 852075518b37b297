// The inputs of a bulk run. Typed or pasted text is one input per line, each line whole (trimmed):
// a comma or a space inside a line is part of that input, so "@SUM(1,2)" is one input with its own
// error row. A CSV file gives the first column of each record, quotes removed, and a header row
// ("input", "ip", "domain"...) left out; it fills the text area one input per line. Blank lines are
// skipped; repeated inputs are kept, each a row of its own.

const HEADER_NAMES = new Set([
  'input',
  'inputs',
  'ip',
  'ips',
  'address',
  'domain',
  'host',
  'hostname',
  'name',
  'target',
])

const lines = (text: string) => text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)

/** The inputs of typed or pasted text: every non-blank line, trimmed, never split further. */
export function parseBulkLines(text: string): string[] {
  return lines(text)
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

/** The first field of a CSV line: a quoted field may hold commas and doubled quotes. */
function firstField(line: string): string {
  const text = line.trim()
  if (!text.startsWith('"')) return (text.split(/[,;\t]/)[0] ?? '').trim()
  let field = ''
  for (let i = 1; i < text.length; i++) {
    const char = text[i]
    if (char === '"' && text[i + 1] === '"') {
      field += '"'
      i++
    } else if (char === '"') break
    else field += char
  }
  return field.trim()
}

/** The first column of a CSV file, without its header row. */
export function readCsvFirstColumn(text: string): string[] {
  const inputs = lines(text)
    .map(firstField)
    .filter((field) => field !== '')
  if (inputs.length > 0 && HEADER_NAMES.has((inputs[0] ?? '').toLowerCase())) inputs.shift()
  return inputs
}
