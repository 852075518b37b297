// TXT records of a name, each joined from its character-strings, with "none" told apart from errors.
import type { RecordResolver } from '../net/record-resolver.ts'
import { describeLookupError } from './lookup-error.ts'

export type TxtLookup = { ok: true; records: string[] } | { ok: false; error: string }

const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA'])

export async function lookupTxt(resolve: RecordResolver, name: string): Promise<TxtLookup> {
  try {
    const rows = (await resolve(name, 'TXT')) as string[][]
    return { ok: true, records: rows.map((row) => row.join('')) }
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'error'
    if (NO_RECORD.has(code)) return { ok: true, records: [] }
    return { ok: false, error: describeLookupError(error, name, 'TXT') }
  }
}

/** "a=1; b = 2" → { a: '1', b: '2' } (DKIM-style tag lists, RFC 6376 §3.2). */
export function parseTagList(record: string): Record<string, string> {
  const tags: Record<string, string> = {}
  for (const part of record.split(';')) {
    const at = part.indexOf('=')
    if (at <= 0) continue
    const name = part.slice(0, at).trim().toLowerCase()
    if (!Object.hasOwn(tags, name)) tags[name] = part.slice(at + 1).trim()
  }
  return tags
}
