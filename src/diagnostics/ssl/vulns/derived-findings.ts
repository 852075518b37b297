// The weaknesses that follow from what the scan already found: suites per version (Sweet32, FREAK,
// POODLE), the DH group (Logjam) and the renegotiation_info extension of the ServerHellos (secure
// renegotiation). No connection of its own.
import type { CipherSuite, VulnerabilityFinding } from '../../../shared/tools/ssl/schema.ts'
import type { VersionScan } from '../enumerate-suites.ts'

const list = (suites: CipherSuite[]) => {
  const unique = [...new Set(suites.map((s) => s.name))]
  return unique.length > 3 ? `${unique.slice(0, 3).join(', ')} and ${unique.length - 3} more` : unique.join(', ')
}

const accepted = (scans: VersionScan[]) => scans.filter((s) => s.status === 'accepted')
const allSuites = (scans: VersionScan[]) => accepted(scans).flatMap((s) => s.suites)

/** A verdict that rests on the suites needs every version before TLS 1.3 to have been settled. */
function untestedVersions(scans: VersionScan[]): string | null {
  const open = scans.filter((s) => s.protocol !== 'TLSv1.3' && s.status === 'not-tested')
  return open.length ? `not every version could be tested (${open.map((s) => s.protocol).join(', ')})` : null
}

function fromSuites(
  scans: VersionScan[],
  id: VulnerabilityFinding['id'],
  name: string,
  weak: CipherSuite[],
  why: string,
  clean: string,
): VulnerabilityFinding {
  if (weak.length > 0) return { id, name, verdict: 'vulnerable', detail: `${why}: ${list(weak)}` }
  const open = untestedVersions(scans)
  if (open) return { id, name, verdict: 'not-tested', detail: open }
  return { id, name, verdict: 'not-vulnerable', detail: clean }
}

export function sweet32(scans: VersionScan[]): VulnerabilityFinding {
  const weak = allSuites(scans).filter((s) => /^(3DES|IDEA|RC2|DES)/.test(s.encryption))
  return fromSuites(
    scans,
    'sweet32',
    'Sweet32 (CVE-2016-2183)',
    weak,
    'accepts 64-bit block ciphers',
    'no 64-bit block cipher (3DES, IDEA, RC2, DES) is accepted',
  )
}

export function freak(scans: VersionScan[]): VulnerabilityFinding {
  const weak = allSuites(scans).filter((s) => s.export && s.keyExchange === 'RSA')
  return fromSuites(scans, 'freak', 'FREAK (CVE-2015-0204)', weak, 'accepts export RSA suites', 'no export RSA suite')
}

export function poodle(scans: VersionScan[]): VulnerabilityFinding {
  const name = 'POODLE, SSL 3.0 (CVE-2014-3566)'
  const ssl3 = scans.find((s) => s.protocol === 'SSLv3')
  if (!ssl3 || ssl3.status === 'not-tested') {
    return { id: 'poodle', name, verdict: 'not-tested', detail: ssl3?.note ?? 'SSL 3.0 could not be tested' }
  }
  const cbc = ssl3.status === 'accepted' ? ssl3.suites.filter((s) => s.encryption.includes('CBC')) : []
  if (cbc.length > 0) return { id: 'poodle', name, verdict: 'vulnerable', detail: `SSL 3.0 with CBC: ${list(cbc)}` }
  const detail = ssl3.status === 'accepted' ? 'SSL 3.0 is accepted, but with no CBC suite' : 'SSL 3.0 is not accepted'
  return { id: 'poodle', name, verdict: 'not-vulnerable', detail }
}

export function logjam(scans: VersionScan[], dhBits: number | null, commonPrime: string | null): VulnerabilityFinding {
  const name = 'Logjam (CVE-2015-4000)'
  const exportDh = allSuites(scans).filter((s) => s.export && /DH/.test(s.keyExchange))
  if (exportDh.length > 0) {
    return { id: 'logjam', name, verdict: 'vulnerable', detail: `accepts export DH suites: ${list(exportDh)}` }
  }
  const dhe = allSuites(scans).some((s) => s.keyExchange === 'DHE')
  if (dhe && dhBits === null) return { id: 'logjam', name, verdict: 'not-tested', detail: 'the DH group was not read' }
  if (dhBits !== null && dhBits < 1024) {
    return { id: 'logjam', name, verdict: 'vulnerable', detail: `DH group of ${dhBits} bits` }
  }
  if (dhBits !== null && dhBits <= 1024) {
    // A 1024-bit group is within reach of precomputation; a well-known prime is the likeliest target.
    const detail = commonPrime ? `common 1024-bit DH prime: ${commonPrime}` : 'DH group of 1024 bits (own prime)'
    return { id: 'logjam', name, verdict: 'vulnerable', detail }
  }
  const open = untestedVersions(scans)
  if (open) return { id: 'logjam', name, verdict: 'not-tested', detail: open }
  if (dhBits === null) return { id: 'logjam', name, verdict: 'not-vulnerable', detail: 'no DHE suite is accepted' }
  const prime = commonPrime ? `the well-known ${commonPrime}` : 'the server’s own prime'
  return {
    id: 'logjam',
    name,
    verdict: 'not-vulnerable',
    detail: `no export DH suite; DH group of ${dhBits} bits, ${prime}`,
  }
}

export function secureRenegotiation(scans: VersionScan[]): VulnerabilityFinding {
  const name = 'Secure renegotiation (RFC 5746)'
  const legacy = accepted(scans).filter((s) => s.protocol !== 'TLSv1.3' && s.firstHello)
  if (legacy.length === 0) {
    const only13 = accepted(scans).some((s) => s.protocol === 'TLSv1.3')
    return only13
      ? { id: 'secure-renegotiation', name, verdict: 'not-vulnerable', detail: 'TLS 1.3 only: no renegotiation' }
      : { id: 'secure-renegotiation', name, verdict: 'not-tested', detail: 'no ServerHello before TLS 1.3 was read' }
  }
  const without = legacy.filter((s) => !s.firstHello?.extensions.has(0xff01))
  if (without.length > 0) {
    const versions = without.map((s) => s.protocol).join(', ')
    return { id: 'secure-renegotiation', name, verdict: 'vulnerable', detail: `no renegotiation_info in ${versions}` }
  }
  return { id: 'secure-renegotiation', name, verdict: 'not-vulnerable', detail: 'renegotiation_info is answered' }
}
