// What receiving servers stated about authentication: Authentication-Results and
// ARC-Authentication-Results (RFC 8601, RFC 8617) and Received-SPF (RFC 7208 §9.1), per server.
import type { AuthStatement } from '../../shared/tools/mail-headers/schema.ts'
import { type HeaderField, stripComments } from './header-fields.ts'

/** Splits at top-level semicolons (outside quotes). */
function splitStatements(text: string): string[] {
  const parts: string[] = []
  let quoted = false
  let current = ''
  for (const c of text) {
    if (c === '"') quoted = !quoted
    if (c === ';' && !quoted) {
      parts.push(current.trim())
      current = ''
    } else current += c
  }
  parts.push(current.trim())
  return parts.filter((p) => p !== '')
}

const RESULT = /^([a-z0-9_-]+)(?:\/\d+)?\s*=\s*([a-z0-9_-]+)\s*(.*)$/i

function readResults(parts: string[]): AuthStatement['results'] {
  return parts.flatMap((part) => {
    const match = RESULT.exec(part)
    if (!match?.[1] || !match[2]) return []
    return [{ method: match[1].toLowerCase(), result: match[2].toLowerCase(), properties: (match[3] ?? '').trim() }]
  })
}

function readAuthenticationResults(value: string, source: AuthStatement['source']): AuthStatement {
  const parts = splitStatements(stripComments(value))
  let instance: number | undefined
  if (source === 'ARC-Authentication-Results' && /^i\s*=\s*\d+$/i.test(parts[0] ?? '')) {
    instance = Number((parts.shift() ?? '').split('=')[1])
  }
  // Microsoft 365 writes no authserv-id: its first part is already a result.
  const first = parts[0] ?? ''
  const authservId = RESULT.test(first) ? '' : (first.split(' ')[0] ?? '')
  if (authservId !== '' || first === '') parts.shift()
  return { source, authservId, instance, results: readResults(parts.filter((p) => p.toLowerCase() !== 'none')) }
}

function readReceivedSpf(value: string): AuthStatement {
  const result = /^\s*([a-z]+)/i.exec(value)?.[1]?.toLowerCase() ?? 'unknown'
  const comment = /\(([^():]+):/.exec(value)?.[1]?.trim()
  const bare = stripComments(value)
  const pairs = [...bare.matchAll(/\b(client-ip|envelope-from|helo|receiver)=("[^"]*"|[^\s;]+)/gi)]
  const get = (key: string) => pairs.find((p) => p[1]?.toLowerCase() === key)?.[2]
  const properties = pairs
    .filter((p) => p[1]?.toLowerCase() !== 'receiver')
    .map((p) => `${p[1]?.toLowerCase()}=${p[2]}`)
    .join(' ')
  return {
    source: 'Received-SPF',
    authservId: get('receiver') ?? comment ?? '',
    results: [{ method: 'spf', result, properties }],
  }
}

const SOURCES: Record<string, AuthStatement['source']> = {
  'authentication-results': 'Authentication-Results',
  'arc-authentication-results': 'ARC-Authentication-Results',
  'received-spf': 'Received-SPF',
}

/** Every statement, in the order of the header section (newest first). */
export function readAuthStatements(fields: readonly HeaderField[]): AuthStatement[] {
  return fields.flatMap((field) => {
    const source = SOURCES[field.name]
    if (!source) return []
    return [source === 'Received-SPF' ? readReceivedSpf(field.value) : readAuthenticationResults(field.value, source)]
  })
}
