// One Received header (RFC 5321 §4.4) read into its clauses: from, by, via, with, id, for, and the date
// after the last semicolon. Comments belong to the clause they follow, so "(envelope-from <a@b>)"
// never starts a clause, and the sender's address is read from the comment the receiver wrote.
import { isIP } from 'node:net'
import { stripComments } from './header-fields.ts'

export interface ReceivedClauses {
  fromName?: string
  fromHost?: string
  fromAddress?: string
  by?: string
  with?: string
  tls?: string
  /** Epoch milliseconds. */
  time?: number
  dateProblem?: 'missing' | 'unparsable'
}

const KEYWORDS = new Set(['from', 'by', 'via', 'with', 'id', 'for'])

interface Clause {
  words: string[]
  comments: string[]
}

/** Top-level words and comments, grouped under the keyword that precedes them. */
function readClauses(text: string): Map<string, Clause> {
  const clauses = new Map<string, Clause>()
  let current: Clause | undefined
  let i = 0
  while (i < text.length) {
    const c = text[i] ?? ''
    if (/\s/.test(c)) {
      i++
      continue
    }
    if (c === '(') {
      let depth = 0
      let j = i
      for (; j < text.length; j++) {
        if (text[j] === '(') depth++
        else if (text[j] === ')' && --depth === 0) break
      }
      current?.comments.push(text.slice(i + 1, j))
      i = j + 1
      continue
    }
    let j = i
    while (j < text.length && !/[\s(]/.test(text[j] ?? '')) j++
    const word = text.slice(i, j)
    i = j
    const keyword = word.toLowerCase()
    if (KEYWORDS.has(keyword) && !clauses.has(keyword)) {
      current = { words: [], comments: [] }
      clauses.set(keyword, current)
    } else {
      current?.words.push(word)
    }
  }
  return clauses
}

const unbracket = (text: string) => text.replace(/^\[|\]$/g, '').replace(/^IPv6:/i, '')

/** The first IP address written in brackets, else any bare IP address, in the receiver's comments. */
function addressIn(texts: string[]): string | undefined {
  for (const text of texts) {
    for (const match of text.matchAll(/\[([^\]]+)\]/g)) {
      const candidate = unbracket(match[1] ?? '').replace(/%.*$/, '')
      if (isIP(candidate)) return candidate
    }
  }
  for (const text of texts) {
    for (const word of text.split(/[\s,;]+/)) {
      const candidate = word.replace(/^[[(]|[\])]$/g, '').replace(/:\d+$/, '')
      if (isIP(candidate)) return candidate
    }
  }
  return undefined
}

function readFrom(clause: Clause | undefined): Pick<ReceivedClauses, 'fromName' | 'fromHost' | 'fromAddress'> {
  if (!clause) return {}
  const name = clause.words[0]
  const comment = clause.comments.join(' ')
  const helo = /\b(?:HELO|EHLO|helo=)\s*"?([^\s"()]+)/i.exec(comment)?.[1]
  const host = /^\s*([a-z0-9][a-z0-9.-]*[a-z0-9.])\s*[[(]/i.exec(comment)?.[1]?.replace(/\.$/, '')
  // The receiver's comment first: the name and a bracketed literal before it are the sender's claims.
  const address = addressIn(clause.comments) ?? addressIn(clause.words)
  const fromName = name && isIP(unbracket(name)) && helo ? helo : name
  return {
    fromName: fromName ? unbracket(fromName) : undefined,
    fromHost: host && host.toLowerCase() !== 'unknown' && !isIP(host) ? host : undefined,
    fromAddress: address,
  }
}

/** TLS as the receiver stated it, else what the protocol name implies (RFC 3848), else undefined. */
export function readTls(text: string, protocol: string | undefined): string | undefined {
  const version = /\bversion=([A-Za-z0-9_.]+)/.exec(text)?.[1]
  const cipher = /\bcipher=([A-Za-z0-9_-]+)/.exec(text)?.[1]
  if (version && /tls|ssl/i.test(version)) return [version, cipher].filter(Boolean).join(' ')
  const postfix = /\busing (TLSv?[\d.]+|SSLv\d) with cipher ([A-Za-z0-9_-]+)/.exec(text)
  if (postfix) return `${postfix[1]} ${postfix[2]}`
  const exim = /\((TLS[\d.v_]+)(?::([A-Za-z0-9_-]+)(?::\d+)?)?\)/.exec(text)
  if (exim) return [exim[1], exim[2]].filter(Boolean).join(' ')
  const word = protocol?.split(' ')[0]?.toUpperCase()
  if (!word) return undefined
  if (/^(ESMTPS|ESMTPSA|UTF8SMTPS|UTF8SMTPSA|LMTPS|LMTPSA|HTTPS)$/.test(word)) return 'TLS'
  if (/^(SMTP|ESMTP|ESMTPA|UTF8SMTP|UTF8SMTPA|LMTP|LMTPA)$/.test(word)) return 'none'
  return undefined
}

/** A date as mail servers write it ("Wed, 28 Mar 2018 15:01:18 -0700 (PDT)"), in epoch ms. */
export function parseMailDate(text: string): number | undefined {
  const bare = stripComments(text)
  if (!/\d{1,2}\s+[A-Za-z]{3}\s+\d{2,4}\s+\d{1,2}:\d{2}/.test(bare)) return undefined
  const time = Date.parse(bare.replace(/\s+-0000$/, ' +0000'))
  return Number.isNaN(time) ? undefined : time
}

export function parseReceived(value: string): ReceivedClauses {
  const semicolon = lastTopLevelSemicolon(value)
  const body = semicolon < 0 ? value : value.slice(0, semicolon)
  const dateText = semicolon < 0 ? '' : value.slice(semicolon + 1).trim()
  const clauses = readClauses(body)
  const protocol = clauses.get('with')?.words.join(' ') || undefined
  const time = dateText ? parseMailDate(dateText) : undefined
  return {
    ...readFrom(clauses.get('from')),
    by: clauses.get('by')?.words[0],
    with: protocol,
    tls: readTls(value, protocol),
    time,
    dateProblem: dateText === '' ? 'missing' : time === undefined ? 'unparsable' : undefined,
  }
}

function lastTopLevelSemicolon(text: string): number {
  let depth = 0
  let last = -1
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++
    else if (text[i] === ')' && depth > 0) depth--
    else if (text[i] === ';' && depth === 0) last = i
  }
  return last
}
