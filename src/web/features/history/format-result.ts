// How a saved result is shown: strings as they are, arrays one element per line, anything else as
// indented JSON.
function formatValue(value: unknown): string {
  if (typeof value === 'string') return value
  return JSON.stringify(value, null, 2) ?? String(value)
}

export function formatResult(data: unknown): string {
  if (Array.isArray(data)) return data.map(formatValue).join('\n')
  return formatValue(data)
}
