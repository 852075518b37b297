// Reads a raw RFC 822 mail (single text part, as nodemailer writes it): headers and decoded body.
export interface ParsedMail {
  to: string
  subject: string
  text: string
  /** Every http(s) link of the body. */
  links: string[]
}

function decodeQuotedPrintable(body: string): string {
  const bytes = Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  )
  return bytes.toString('utf8')
}

export function parseMail(raw: string): ParsedMail {
  const split = raw.search(/\r?\n\r?\n/)
  const head = raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ')
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '')
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? ''
  const encoding = header('Content-Transfer-Encoding').toLowerCase()
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body
  return { to: header('To'), subject: header('Subject'), text, links: text.match(/https?:\/\/\S+/g) ?? [] }
}
