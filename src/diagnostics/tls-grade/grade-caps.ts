// The caps of the SSL Labs rating guide (2009r) and its published criteria changes, judged on
// every suite the scan found in every version. Each cap names the rule that applied.
import type { CipherSuite, GradeLetter, GradeReason, ProtocolName } from '../../shared/tools/ssl/schema.ts'
import type { GradeFacts } from './grade-facts.ts'

export type SuiteSeen = CipherSuite & { protocol: ProtocolName }

/** Every accepted suite with its version; the modern client's suite alone when the scan found none. */
export function suitesSeen(facts: GradeFacts): SuiteSeen[] {
  const seen = (facts.scan?.protocols ?? []).flatMap((p) => p.suites.map((s) => ({ ...s, protocol: p.protocol })))
  if (seen.length > 0) return seen
  const n = facts.negotiated
  return [
    {
      code: '',
      name: n.cipher,
      keyExchange: n.forwardSecrecy ? 'ECDHE' : 'RSA',
      authentication: 'RSA',
      encryption: n.cipher,
      mac: n.aead ? 'AEAD' : 'HMAC',
      bits: n.bits,
      aead: n.aead,
      forwardSecrecy: n.forwardSecrecy,
      export: false,
      strength: 'strong',
      weakness: null,
      protocol: n.protocol as ProtocolName,
    },
  ]
}

const GUIDE = 'SSL Labs rating guide'
const names = (suites: SuiteSeen[]) => {
  const unique = [...new Set(suites.map((s) => s.name))]
  return unique.length > 3 ? `${unique.slice(0, 3).join(', ')} and ${unique.length - 3} more` : unique.join(', ')
}

export interface VersionCheck {
  accepted(protocol: string): boolean
  untested(protocol: string): boolean
}

export function configurationCaps(facts: GradeFacts, versions: VersionCheck): GradeReason[] {
  const caps: GradeReason[] = []
  const add = (cap: GradeLetter, when: boolean, text: string, rule: string) => {
    if (when) caps.push({ cap, text, rule })
  }
  const suites = suitesSeen(facts)
  const modern = (s: SuiteSeen) => s.protocol === 'TLSv1.1' || s.protocol === 'TLSv1.2' || s.protocol === 'TLSv1.3'
  const anonymous = suites.filter((s) => s.authentication === 'none')
  const cleartext = suites.filter((s) => s.bits === 0)
  const exportable = suites.filter((s) => s.export)
  const rc4 = suites.filter((s) => s.encryption.startsWith('RC4'))
  const block64 = suites.filter((s) => /^(3DES|IDEA)/.test(s.encryption) && modern(s))
  const rsaKey = facts.keyType.startsWith('RSA') || facts.keyType === 'DSA'
  const keyName = `the certificate's ${facts.keyType} key is ${facts.keyBits ?? '?'} bits`
  const dh = facts.scan?.dhBits ?? null
  const md5 = facts.certificate.signatureAlgorithms.find((alg) => /md[25]/i.test(alg))
  const scanned = facts.scan !== null && suites.length > 0 && suites[0]?.code !== ''

  add('F', versions.accepted('SSLv2'), 'Accepts SSL 2.0, which is insecure', `${GUIDE}: SSL 2.0 grades F`)
  add(
    'F',
    versions.accepted('SSLv3'),
    'Accepts SSL 3.0, which is insecure (POODLE)',
    `${GUIDE} (2014): SSL 3.0 grades F`,
  )
  add(
    'F',
    anonymous.length > 0 || cleartext.length > 0 || facts.insecureSuites === true,
    `Accepts cipher suites without encryption or authentication${anonymous.length + cleartext.length ? `: ${names([...anonymous, ...cleartext])}` : ' (NULL/anonymous)'}`,
    `${GUIDE}: anonymous and NULL suites grade F`,
  )
  add(
    'F',
    exportable.length > 0,
    `Accepts export suites: ${names(exportable)}`,
    `${GUIDE} (2015, FREAK): export suites grade F`,
  )
  add('F', facts.keyStrength < 1024, `${keyName}: insecure`, `${GUIDE}: keys under 1024 bits grade F`)
  add(
    'F',
    md5 !== undefined,
    `Certificate is signed with ${md5}, which is insecure`,
    `${GUIDE}: MD2/MD5 signatures grade F`,
  )
  add(
    'F',
    dh !== null && dh < 1024,
    `The server's DH group is ${dh} bits: insecure`,
    `${GUIDE} (2015, Logjam): DH under 1024 bits grades F`,
  )
  add(
    'C',
    !['TLSv1.2', 'TLSv1.3'].some((p) => versions.accepted(p)) &&
      (!['TLSv1.2', 'TLSv1.3'].some((p) => versions.untested(p)) ||
        !['TLSv1.2', 'TLSv1.3'].includes(facts.negotiated.protocol)),
    'Supports neither TLS 1.2 nor TLS 1.3',
    `${GUIDE} (2015): no TLS 1.2 grades C`,
  )
  add(
    'C',
    rc4.some(modern),
    `Uses RC4 with TLS 1.1 or newer: ${names(rc4.filter(modern))}`,
    `${GUIDE} (2015): RC4 with TLS 1.1+ grades C`,
  )
  add(
    'C',
    block64.length > 0,
    `Uses 64-bit block ciphers (Sweet32) with TLS 1.1 or newer: ${names(block64)}`,
    `${GUIDE} (2016): 3DES with TLS 1.1+ grades C`,
  )
  add('B', versions.accepted('TLSv1'), 'Accepts TLS 1.0 (deprecated)', `${GUIDE} (2020): TLS 1.0 grades B`)
  add('B', versions.accepted('TLSv1.1'), 'Accepts TLS 1.1 (deprecated)', `${GUIDE} (2020): TLS 1.1 grades B`)
  add('B', rc4.length > 0 && !rc4.some(modern), `Accepts RC4: ${names(rc4)}`, `${GUIDE} (2013): RC4 grades B`)
  add(
    'B',
    facts.keyStrength >= 1024 && facts.keyStrength < 2048,
    `${keyName}: too weak`,
    `${GUIDE} (2014): ${rsaKey ? 'RSA keys' : 'keys'} under 2048 bits grade B`,
  )
  add(
    'B',
    dh !== null && dh >= 1024 && dh < 2048,
    `The server's DH group is ${dh} bits: too weak`,
    `${GUIDE} (2015, Logjam): DH under 2048 bits grades B`,
  )
  if (!scanned && facts.exchangeStrength !== null && facts.exchangeStrength < 2048) {
    add(
      'B',
      true,
      `Key exchange parameters are weak (${facts.exchangeStrength} bits)`,
      `${GUIDE} (2015): under 2048 bits grades B`,
    )
  }
  add(
    'B',
    !suites.some((s) => s.forwardSecrecy),
    scanned
      ? 'No suite with forward secrecy is accepted (RSA key exchange only)'
      : `No forward secrecy: ${facts.negotiated.cipher} was negotiated`,
    `${GUIDE} (2018): no forward secrecy grades B`,
  )
  add(
    'B',
    !suites.some((s) => s.aead),
    scanned
      ? 'No AEAD suite is accepted (CBC or stream ciphers only)'
      : `No AEAD encryption: ${facts.negotiated.cipher} was negotiated`,
    `${GUIDE} (2018): no AEAD suite grades B`,
  )
  return caps
}
