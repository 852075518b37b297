// What the email header analyzer accepts: the pasted header section of one message, as text.
import { z } from 'zod'

/** Characters of pasted headers accepted; the request body limit (64 KiB of JSON) leaves room for escapes. */
export const MAX_HEADERS_CHARS = 48 * 1024

export const headerMessages = {
  blank: 'Paste the headers of a message',
  tooLong: `The headers are too long: paste at most ${MAX_HEADERS_CHARS / 1024} KiB (the header section only, not the body)`,
  noHeaders: 'No header lines found: paste the header section of a message (lines such as "Received: …" and "From: …")',
} as const

/** Fields a message header section nearly always has; any of them marks the text as headers. */
const KNOWN_FIELDS = new Set([
  'received',
  'from',
  'to',
  'cc',
  'subject',
  'date',
  'message-id',
  'return-path',
  'delivered-to',
  'reply-to',
  'sender',
  'mime-version',
  'content-type',
  'authentication-results',
  'arc-authentication-results',
  'received-spf',
  'dkim-signature',
])

/** "Name: value" with RFC 5322 field-name characters; "https://…" and "mailto:…" are not header lines. */
const FIELD_LINE = /^([!-9;-~]+):([ \t]|$)?/

/** True when some line of the text is a header field: a known name, or any name followed by a space. */
export function hasHeaderLines(text: string): boolean {
  return text.split(/\r?\n/).some((line) => {
    const match = FIELD_LINE.exec(line)
    if (!match?.[1]) return false
    return KNOWN_FIELDS.has(match[1].toLowerCase()) || match[2] !== undefined
  })
}

export const headersInput = z
  .string()
  .trim()
  .min(1, headerMessages.blank)
  .max(MAX_HEADERS_CHARS, headerMessages.tooLong)
  .refine(hasHeaderLines, headerMessages.noHeaders)
