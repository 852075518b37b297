// The header section as fields (RFC 5322 §2.2): a field starts at "Name:" on a new line and runs over
// its folded continuation lines; the section ends at the first empty line (a pasted body is ignored).

export interface HeaderField {
  /** Lower-case field name. */
  name: string
  /** The value, unfolded (CRLF + whitespace → one space), trimmed. */
  value: string
  /** The field's lines as pasted, joined with CRLF: what DKIM signed. */
  raw: string
}

const FIELD_START = /^([!-9;-~]+):/

/** True when text follows the header section (the body, or more than the headers was pasted). */
export function hasBody(text: string): boolean {
  return /\S\r?\n[ \t]*\r?\n[\s\S]*\S/.test(text)
}

export function splitHeaderFields(text: string): HeaderField[] {
  const fields: { name: string; lines: string[] }[] = []
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') {
      if (fields.length > 0) break
      continue
    }
    const start = FIELD_START.exec(line)
    const last = fields.at(-1)
    if (/^[ \t]/.test(line) && last) last.lines.push(line)
    else if (start?.[1]) fields.push({ name: start[1].toLowerCase(), lines: [line] })
    // A line that is neither a field nor a continuation (pasted noise) is skipped.
  }
  return fields.map(({ name, lines }) => {
    const raw = lines.join('\r\n')
    const value = lines
      .join(' ')
      .slice(name.length + 1)
      .replace(/\s+/g, ' ')
      .trim()
    return { name, value, raw }
  })
}

/** The value of the first field of that name. */
export function firstValue(fields: readonly HeaderField[], name: string): string | undefined {
  return fields.find((f) => f.name === name)?.value
}

/** The text with its (possibly nested) comments removed (RFC 5322 §3.2.2); quoted strings kept. */
export function stripComments(text: string): string {
  let depth = 0
  let quoted = false
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === '\\' && i + 1 < text.length) {
      if (depth === 0) out += c + text[i + 1]
      i++
      continue
    }
    if (c === '"' && depth === 0) quoted = !quoted
    if (!quoted && c === '(') depth++
    else if (!quoted && c === ')' && depth > 0) depth--
    else if (depth === 0) out += c
  }
  return out.replace(/\s+/g, ' ').trim()
}
