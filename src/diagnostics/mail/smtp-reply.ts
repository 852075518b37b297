// SMTP replies (RFC 5321 §4.2): "250-first", "250-more", "250 last"; a reply ends at the line
// whose code is followed by a space (or nothing).
export interface SmtpReply {
  code: number
  /** The lines as received, code included, without line endings. */
  lines: string[]
}

export interface ReplySplit {
  replies: SmtpReply[]
  /** Unfinished text: a partial line, or the lines of a reply still being continued. */
  rest: string
  /** Set when the server sent something that is not an SMTP reply. */
  error?: string
}

const REPLY_LINE = /^([2-5]\d\d)([ -]|$)/
const MAX_LINES_PER_REPLY = 200

/** Splits received text into complete replies; continuation lines must carry the same code. */
export function splitReplies(text: string): ReplySplit {
  const replies: SmtpReply[] = []
  let pending: string[] = []
  let consumed = 0
  let at = 0
  while (true) {
    const end = text.indexOf('\n', at)
    if (end === -1) break
    const line = text.slice(at, end).replace(/\r$/, '')
    at = end + 1
    const match = REPLY_LINE.exec(line)
    const first = pending[0]
    if (!match || (first !== undefined && !first.startsWith(match[1] ?? ''))) {
      return { replies, rest: text.slice(consumed), error: `not an SMTP reply: ${line.slice(0, 120)}` }
    }
    pending.push(line)
    if (pending.length > MAX_LINES_PER_REPLY) {
      return { replies, rest: text.slice(consumed), error: `reply longer than ${MAX_LINES_PER_REPLY} lines` }
    }
    if (match[2] !== '-') {
      replies.push({ code: Number(match[1]), lines: pending })
      pending = []
      consumed = at
    }
  }
  return { replies, rest: text.slice(consumed) }
}

/** The text of a reply without its codes, lines joined by spaces. */
export function replyText(reply: SmtpReply): string {
  return reply.lines
    .map((line) => line.slice(4))
    .join(' ')
    .trim()
}

/** "250 2.1.0 Ok" as one short line for reasons. */
export function replySummary(reply: SmtpReply): string {
  const last = reply.lines.at(-1) ?? String(reply.code)
  return last.replace(/^(\d{3})-/, '$1 ').slice(0, 200)
}
