// The terms of an SPF record (RFC 7208 §4.6.1): mechanisms with their qualifier, and modifiers.
import type { SpfRecord } from '../../shared/tools/mail/schema.ts'

export type SpfTerm = SpfRecord['terms'][number]

const MECHANISMS = new Set(['all', 'include', 'a', 'mx', 'ptr', 'ip4', 'ip6', 'exists'])

export function isSpfRecord(text: string): boolean {
  return /^v=spf1(\s|$)/i.test(text.trim())
}

/** "v=spf1 ip4:198.51.100.0/24 include:_spf.example.com ~all" → terms, version left out. */
export function parseSpfTerms(record: string): SpfTerm[] {
  return record
    .trim()
    .split(/\s+/)
    .slice(1)
    .filter(Boolean)
    .map((term) => {
      const modifier = /^([a-zA-Z][\w.-]*)=(.*)$/.exec(term)
      if (modifier) return { qualifier: '', mechanism: (modifier[1] ?? '').toLowerCase(), value: modifier[2] ?? '' }
      const explicit = /^[+\-~?]/.test(term)
      const qualifier = explicit ? term.charAt(0) : '+'
      const body = explicit ? term.slice(1) : term
      const split = /^([a-zA-Z0-9]+)([:/].*)?$/.exec(body)
      const name = (split?.[1] ?? body).toLowerCase()
      const value = (split?.[2] ?? '').replace(/^:/, '')
      return { qualifier, mechanism: MECHANISMS.has(name) ? name : `unknown:${name}`, value }
    })
}
