// Splits a whois answer into key/value entries, whatever layout the registry uses:
// "Key: value", "key:value", dot-padded "created............: value", JPRS's "[Name Server]  value",
// headings followed by an indented block ("Registrar:\n  Name: …", .it's "Registrar\n  Organization: …"),
// and Taiwan's "Record expires on 2020-11-30".

export interface WhoisEntry {
  /** Lower case, single-spaced, without padding dots. */
  key: string
  value: string
  /** The heading of the indented block the entry sits in ("registrar" for "Registrar:\n  Name: x"). */
  parent?: string
  /** Paragraph number: entries between two blank lines share one. */
  paragraph: number
}

const COMMENT = /^\s*(%|#|>>>|;|--|\[\s)/
// JPRS writes "[Key]  value", its Japanese-language answers "a. [Key]  value".
const BRACKETED = /^\s*(?:[a-z]\.\s*)?\[([^\]\s][^\]]{0,40})\]\s*(.*)$/
// A key starts with a letter, holds no comma, and ends at the first colon not opening a URL.
const KEYED = /^\s*([A-Za-z][\w /().'&-]{0,50}?)[\s.]*:(?!\/\/)\s*(.*)$/
const RECORD_DATE = /^\s*Record (expires|created|last updated) on\s+(.+)$/i

const indentOf = (line: string) => /^\s*/.exec(line)?.[0].length ?? 0
const normaliseKey = (key: string) => key.toLowerCase().replace(/\.+$/, '').replace(/\s+/g, ' ').trim()

function splitLine(line: string): { key: string; value: string } | undefined {
  const record = RECORD_DATE.exec(line)
  if (record) return { key: `record ${record[1]?.toLowerCase()} on`, value: (record[2] ?? '').trim() }
  const match = BRACKETED.exec(line) ?? KEYED.exec(line)
  if (!match) return undefined
  return { key: normaliseKey(match[1] ?? ''), value: (match[2] ?? '').trim() }
}

/** Whether a line without a colon is a heading: short, not indented, and the next line is indented. */
function isBareHeading(line: string, next: string | undefined): boolean {
  return (
    /^[A-Za-z][\w /()'&-]{0,40}$/.test(line.trimEnd()) &&
    indentOf(line) === 0 &&
    next !== undefined &&
    next.trim() !== '' &&
    indentOf(next) > 0
  )
}

export function readWhoisEntries(text: string): WhoisEntry[] {
  const entries: WhoisEntry[] = []
  const lines = text.split(/\r?\n/)
  let paragraph = 0
  // The open block: its key and the indent of the heading line.
  let block: { key: string; indent: number } | undefined
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') {
      paragraph++
      block = undefined
      continue
    }
    if (COMMENT.test(line)) continue
    const indent = indentOf(line)
    if (block && indent <= block.indent) block = undefined
    const pair = splitLine(line)
    if (pair && (pair.value !== '' || !block)) {
      if (pair.value !== '') entries.push({ ...pair, ...(block ? { parent: block.key } : {}), paragraph })
      else block = { key: pair.key, indent }
      continue
    }
    if (pair && block) {
      // "Registrar:\n  Billing:\n    Name: x": a heading inside a block starts a nested block.
      block = { key: pair.key, indent }
      continue
    }
    if (block) {
      entries.push({ key: block.key, value: line.trim(), paragraph })
      continue
    }
    const next = lines[index + 1]
    if (isBareHeading(line, next)) block = { key: normaliseKey(line), indent }
    else if (indent > 0) {
      // An indented line after a "Key: value" line continues that value list (e.g. more name servers).
      const previous = entries.at(-1)
      if (previous && previous.paragraph === paragraph) entries.push({ ...previous, value: line.trim() })
    }
  }
  return entries
}
