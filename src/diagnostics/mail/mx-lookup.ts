// The domain's MX set (RFC 5321 §5.1), with null MX (RFC 7505) told apart from "no MX at all".
import type { RecordResolver } from '../net/record-resolver.ts'

export interface MxName {
  name: string
  preference: number
}

export type MxLookup =
  | { kind: 'mx'; hosts: MxName[]; withNullMx: boolean }
  | { kind: 'null-mx' }
  | { kind: 'no-mx' }
  | { kind: 'nxdomain' }
  | { kind: 'error'; error: string }

export const MAX_MX_HOSTS = 10

const isNull = (mx: MxName) => mx.name === '' || mx.name === '.'

export async function lookupMx(domain: string, resolve: RecordResolver): Promise<MxLookup> {
  let records: MxName[]
  try {
    const answers = (await resolve(domain, 'MX')) as { exchange: string; priority: number }[]
    records = answers.map((a) => ({ name: a.exchange.toLowerCase(), preference: a.priority }))
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'ENODATA') return { kind: 'no-mx' }
    if (code === 'ENOTFOUND') return { kind: 'nxdomain' }
    if (code === 'ETIMEOUT') {
      return { kind: 'error', error: `This server's resolver did not answer for the MX records of ${domain}` }
    }
    return {
      kind: 'error',
      error: `This server's resolver could not look up the MX records of ${domain} (${code ?? 'error'})`,
    }
  }
  const hosts = records
    .filter((mx) => !isNull(mx))
    .sort((a, b) => a.preference - b.preference || a.name.localeCompare(b.name))
  if (hosts.length === 0) return { kind: 'null-mx' }
  return { kind: 'mx', hosts, withNullMx: hosts.length !== records.length }
}
