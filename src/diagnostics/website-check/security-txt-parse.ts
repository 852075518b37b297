// security.txt as RFC 9116 §2.3-2.5 writes it: "Field-Name: value" lines, "#" comments and blank
// lines, optionally wrapped in an OpenPGP cleartext signature (RFC 4880 §7: armour header lines, a
// blank line, the dash-escaped text, then the signature block). Pure: text in, fields out.

export interface SecurityTxtField {
  /** The field name as written ("Contact", "expires"...). */
  name: string
  value: string
  /** 1-based line number in the file. */
  line: number
}

export interface ParsedSecurityTxt {
  /** The text starts with an OpenPGP cleartext-signed message header. */
  signed: boolean
  /** The signed text is followed by a complete "BEGIN/END PGP SIGNATURE" block. */
  signatureBlock: boolean
  fields: SecurityTxtField[]
  /** Lines that are neither a field, a comment nor blank, in words. */
  problems: string[]
}

const SIGNED_HEADER = '-----BEGIN PGP SIGNED MESSAGE-----'
const SIGNATURE_BEGIN = '-----BEGIN PGP SIGNATURE-----'
const SIGNATURE_END = '-----END PGP SIGNATURE-----'
/** RFC 5322 field-name characters (printable ASCII but ":"), as RFC 9116 §4 uses them. */
const FIELD_LINE = /^([!-9;-~]+):[ \t]*(.*?)[ \t]*$/

/** The signed text of a cleartext-signed message (dash-escaping undone), its first line's number, and whether a signature block follows. */
function unwrapSigned(lines: string[]): { body: string[]; firstLine: number; signatureBlock: boolean } {
  let index = 1
  while (index < lines.length && lines[index] !== '') index += 1 // armour headers ("Hash: SHA256")
  const start = index + 1
  const body: string[] = []
  let end = start
  while (end < lines.length && lines[end] !== SIGNATURE_BEGIN) {
    const line = lines[end] ?? ''
    body.push(line.startsWith('- ') ? line.slice(2) : line)
    end += 1
  }
  const signatureBlock = end < lines.length && lines.slice(end + 1).includes(SIGNATURE_END)
  return { body, firstLine: start + 1, signatureBlock }
}

export function parseSecurityTxt(text: string): ParsedSecurityTxt {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  const signed = lines[0]?.trim() === SIGNED_HEADER
  const { body, firstLine, signatureBlock } = signed
    ? unwrapSigned(lines)
    : { body: lines, firstLine: 1, signatureBlock: false }
  const fields: SecurityTxtField[] = []
  const problems: string[] = []
  body.forEach((raw, offset) => {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) return
    const match = FIELD_LINE.exec(raw)
    if (!match?.[1]) {
      problems.push(`line ${firstLine + offset} is not "Field: value": ${line.slice(0, 80)}`)
      return
    }
    fields.push({ name: match[1], value: match[2] ?? '', line: firstLine + offset })
  })
  return { signed, signatureBlock, fields, problems }
}

/** Every value of a field, matched case-insensitively as RFC 9116 §2.5 asks. */
export function fieldValues(parsed: ParsedSecurityTxt, name: string): string[] {
  const wanted = name.toLowerCase()
  return parsed.fields.filter((f) => f.name.toLowerCase() === wanted).map((f) => f.value)
}

/** An RFC 3339 date-time ("2021-12-31T18:37:07.000Z"), as Expires must be; null when it is not one. */
export function parseRfc3339(value: string): Date | null {
  const match = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.exec(value)
  if (!match) return null
  const date = new Date(value.replace(' ', 'T'))
  return Number.isNaN(date.getTime()) ? null : date
}
