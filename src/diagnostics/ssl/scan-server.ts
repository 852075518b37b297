// The full TLS scan: suites per version (hand-built hellos, all versions at once), then groups, DH
// size, resumption and ALPN, under one budget of concurrent connections and one total deadline.
// Known weaknesses (vulns/) are probed alongside. SCTs are read from the certificate, the TLS
// extension and the stapled OCSP response.
import type { TlsScan } from '../../shared/tools/ssl/schema.ts'
import type { HelloVersion } from './client-hello.ts'
import { simulateClients } from './clients/simulate-clients.ts'
import { enumerateSuites, type VersionScan } from './enumerate-suites.ts'
import { probeAlpn, probeResumption } from './probe-features.ts'
import { probeGroups } from './probe-groups.ts'
import type { ProbeTarget } from './probe-protocols.ts'
import { createScanBudget } from './scan-budget.ts'
import { commonPrimeName } from './vulns/common-primes.ts'
import { findVulnerabilities } from './vulns/find-vulnerabilities.ts'

export const SCAN_DEADLINE_MS = 15_000
export const SCAN_CONCURRENCY = 6

const VERSIONS: HelloVersion[] = ['TLSv1.3', 'TLSv1.2', 'TLSv1.1', 'TLSv1', 'SSLv3']

/** DER of the SCT list extensions: in a certificate (1.3.6.1.4.1.11129.2.4.2) and an OCSP response (…2.4.5). */
const SCT_IN_CERTIFICATE = Buffer.from('060a2b06010401d679020402', 'hex')
const SCT_IN_OCSP = Buffer.from('060a2b06010401d679020405', 'hex')

export interface ScanOptions {
  deadlineMs?: number
  concurrency?: number
  /** The leaf certificate (DER) and the stapled OCSP response, from the main handshake. */
  leaf: Buffer
  ocspResponse: Buffer | null
}

function sctExtension(scans: VersionScan[]): TlsScan['sct']['tlsExtension'] {
  const hello = scans.find((s) => s.protocol !== 'TLSv1.3' && s.firstHello)?.firstHello
  if (!hello) return 'not-tested'
  return (hello.extensions.get(0x0012)?.length ?? 0) > 0 ? 'yes' : 'no'
}

export async function scanServer(target: ProbeTarget, options: ScanOptions): Promise<TlsScan> {
  const started = performance.now()
  const deadlineMs = options.deadlineMs ?? SCAN_DEADLINE_MS
  const budget = createScanBudget(target, deadlineMs, options.concurrency ?? SCAN_CONCURRENCY)
  const alpn = probeAlpn(budget)
  const clients = simulateClients(budget, target.servername)
  const scans = await Promise.all(VERSIONS.map((version) => enumerateSuites(budget, version, target.servername)))
  const accepted = scans.filter((s) => s.status === 'accepted').map((s) => s.protocol)
  const groupsProbe = probeGroups(budget, scans, target.servername)
  const dhGroup = groupsProbe.then((g) => ({
    bits: g.dhBits,
    commonPrime: g.dhPrime ? commonPrimeName(g.dhPrime) : null,
  }))
  const [groups, resumption, vulnerabilities, dh] = await Promise.all([
    groupsProbe,
    probeResumption(budget, accepted),
    findVulnerabilities(budget, scans, target.servername, dhGroup),
    dhGroup,
  ])
  const sctExt = sctExtension(scans)
  if (sctExt === 'not-tested' && accepted.includes('TLSv1.3')) {
    budget.skip('SCT TLS extension', 'only readable before TLS 1.3 (TLS 1.3 encrypts it)')
  }
  return {
    protocols: scans.map(({ firstHello: _, ...scan }) => scan),
    groups: groups.groups,
    dhBits: groups.dhBits,
    dhCommonPrime: dh.commonPrime,
    vulnerabilities,
    clientSimulations: await clients,
    resumption,
    alpn: await alpn,
    sct: {
      certificate: options.leaf.includes(SCT_IN_CERTIFICATE),
      tlsExtension: sctExt,
      ocsp: options.ocspResponse?.includes(SCT_IN_OCSP) ?? false,
    },
    notRun: budget.notRun,
    connections: budget.connections(),
    elapsedMs: Math.round(performance.now() - started),
  }
}
