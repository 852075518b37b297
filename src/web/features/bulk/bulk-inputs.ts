// The inputs of a bulk run from pasted lines or a CSV file: the first column of each line, quotes
// removed, blank lines skipped, and a header row ("input", "ip", "domain"...) left out.

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

export function parseBulkInputs(text: string): string[] {
  const inputs = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map(firstField)
    .filter((field) => field !== '')
  if (inputs.length > 0 && HEADER_NAMES.has((inputs[0] ?? '').toLowerCase())) inputs.shift()
  return inputs
}
