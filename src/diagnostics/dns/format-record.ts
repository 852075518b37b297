// Turns decoded dns-packet answers into the record rows users see (presentation format, like dig).
import type { Answer } from 'dns-packet'
import type { DnsRecord } from '../../shared/tools/dns.ts'
import { formatNsec3, formatNsec3Param, formatNsecTypes, formatSignatureTime } from './dnssec-values.ts'

const fqdn = (name: string) => (name === '' || name === '.' ? '.' : `${name.replace(/\.$/, '')}.`)
const quote = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`
const base64 = (data: unknown) => (Buffer.isBuffer(data) ? data.toString('base64') : '')
const hex = (data: unknown) => (Buffer.isBuffer(data) ? data.toString('hex').toUpperCase() : '')

function txtValue(data: unknown): string {
  const parts = Array.isArray(data) ? data : [data]
  return parts.map((part) => quote(Buffer.isBuffer(part) ? part.toString('utf8') : String(part))).join(' ')
}

function recordValue(answer: Answer): string {
  // biome-ignore lint/suspicious/noExplicitAny: dns-packet's data differs by type; each branch reads its own fields.
  const d = (answer as { data?: any }).data
  switch (answer.type) {
    case 'A':
    case 'AAAA':
      return String(d)
    case 'NS':
    case 'CNAME':
    case 'PTR':
    case 'DNAME':
      return fqdn(String(d))
    case 'MX':
      return `${d.preference} ${fqdn(d.exchange)}`
    case 'TXT':
      return txtValue(d)
    case 'SOA':
      return `${fqdn(d.mname)} ${fqdn(d.rname)} ${d.serial} ${d.refresh} ${d.retry} ${d.expire} ${d.minimum}`
    case 'CAA':
      return `${d.flags ?? 0} ${d.tag} ${quote(String(d.value))}`
    case 'SRV':
      return `${d.priority} ${d.weight} ${d.port} ${fqdn(d.target)}`
    case 'DS':
      return `${d.keyTag} ${d.algorithm} ${d.digestType} ${hex(d.digest)}`
    case 'DNSKEY':
      return `${d.flags} 3 ${d.algorithm} ${base64(d.key)}`
    case 'RRSIG':
      return `${d.typeCovered} ${d.algorithm} ${d.labels} ${d.originalTTL} ${formatSignatureTime(d.expiration)} ${formatSignatureTime(d.inception)} ${d.keyTag} ${fqdn(d.signersName)} ${base64(d.signature)}`
    case 'NSEC':
      return `${fqdn(d.nextDomain)} ${formatNsecTypes(d.rrtypes)}`
    case 'NSEC3':
      return formatNsec3(d)
    case 'NSEC3PARAM':
      return Buffer.isBuffer(d) ? formatNsec3Param(d) : JSON.stringify(d ?? null)
    default:
      return Buffer.isBuffer(d) ? `\\# ${d.length} ${d.toString('hex')}` : JSON.stringify(d ?? null)
  }
}

/** Records of a section, without the EDNS OPT pseudo-record. */
export function formatRecords(answers: Answer[] | undefined): DnsRecord[] {
  return (answers ?? [])
    .filter((a) => a.type !== 'OPT')
    .map((a) => ({
      name: a.name.replace(/\.$/, ''),
      type: a.type,
      class: 'class' in a && typeof a.class === 'string' ? a.class : 'IN',
      ttl: 'ttl' in a && typeof a.ttl === 'number' ? a.ttl : 0,
      value: recordValue(a),
    }))
}
