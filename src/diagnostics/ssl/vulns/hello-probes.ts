// Weaknesses read from one hand-built hello each, nothing harmful sent: TLS compression (CRIME),
// TLS_FALLBACK_SCSV (a hello below the best version, carrying the SCSV) and Heartbleed (whether the
// heartbeat extension is answered at all; a server that does not offer it cannot be vulnerable).
import type { VulnerabilityFinding } from '../../../shared/tools/ssl/schema.ts'
import type { HelloVersion } from '../client-hello.ts'
import type { VersionScan } from '../enumerate-suites.ts'
import { whyNoAnswer } from '../enumerate-suites.ts'
import { exchangeHello } from '../hello-exchange.ts'
import type { ScanBudget } from '../scan-budget.ts'
import { ALERT_NAMES, type ServerFlight } from '../server-flight.ts'

const FALLBACK_SCSV = 0x5600
const INAPPROPRIATE_FALLBACK = 86
const DEFLATE = 1

/** The newest accepted version before TLS 1.3, with its suites, for a hello the server will answer. */
export function newestLegacy(scans: VersionScan[]): VersionScan | null {
  return scans.find((s) => s.protocol !== 'TLSv1.3' && s.protocol !== 'SSLv2' && s.status === 'accepted') ?? null
}

const codes = (scan: VersionScan) => scan.suites.map((s) => Number(s.code))
const refusal = (flight: ServerFlight) =>
  flight.kind === 'alert'
    ? `alert ${ALERT_NAMES[flight.description] ?? flight.description}`
    : `the server's ${flight.kind}`

async function hello(budget: ScanBudget, scan: VersionScan, servername: string, extra: object): Promise<ServerFlight> {
  const version = scan.protocol as HelloVersion
  return budget.connect((target) => exchangeHello(target, { version, suites: codes(scan), servername, ...extra }))
}

export async function compression(
  budget: ScanBudget,
  scans: VersionScan[],
  servername: string,
): Promise<VulnerabilityFinding> {
  const id = 'crime'
  const name = 'CRIME, TLS compression (CVE-2012-4929)'
  const scan = newestLegacy(scans)
  const only13 = scans.some((s) => s.protocol === 'TLSv1.3' && s.status === 'accepted')
  if (!scan) {
    const detail = only13 ? 'TLS 1.3 only: it has no compression' : 'no version before TLS 1.3 was accepted'
    return { id, name, verdict: only13 ? 'not-vulnerable' : 'not-tested', detail }
  }
  try {
    const flight = await hello(budget, scan, servername, { compression: [DEFLATE, 0] })
    if (flight.kind !== 'hello') {
      return { id, name, verdict: 'not-tested', detail: `a hello offering DEFLATE got ${refusal(flight)}` }
    }
    return flight.hello.compression === DEFLATE
      ? { id, name, verdict: 'vulnerable', detail: 'the server chose DEFLATE compression' }
      : { id, name, verdict: 'not-vulnerable', detail: 'offered DEFLATE, the server chose no compression' }
  } catch (error) {
    return { id, name, verdict: 'not-tested', detail: whyNoAnswer(error) }
  }
}

export async function fallbackScsv(
  budget: ScanBudget,
  scans: VersionScan[],
  servername: string,
): Promise<VulnerabilityFinding> {
  const id = 'fallback-scsv'
  const name = 'Downgrade prevention (TLS_FALLBACK_SCSV, RFC 7507)'
  const versions = scans.filter((s) => s.status === 'accepted' && s.protocol !== 'SSLv2')
  const lower = versions[1]
  if (!lower) {
    const detail = versions.length === 1 ? 'only one version is accepted: no fallback possible' : 'no version accepted'
    return { id, name, verdict: versions.length === 1 ? 'not-vulnerable' : 'not-tested', detail }
  }
  try {
    const version = lower.protocol as HelloVersion
    const flight = await budget.connect((target) =>
      exchangeHello(target, { version, suites: [...codes(lower), FALLBACK_SCSV], servername }),
    )
    if (flight.kind === 'alert' && flight.description === INAPPROPRIATE_FALLBACK) {
      return {
        id,
        name,
        verdict: 'not-vulnerable',
        detail: `a ${lower.protocol} hello with the SCSV got inappropriate_fallback`,
      }
    }
    if (flight.kind === 'hello') {
      return { id, name, verdict: 'vulnerable', detail: `a ${lower.protocol} hello with the SCSV was answered` }
    }
    return { id, name, verdict: 'not-tested', detail: `a ${lower.protocol} hello with the SCSV got ${refusal(flight)}` }
  } catch (error) {
    return { id, name, verdict: 'not-tested', detail: whyNoAnswer(error) }
  }
}

export async function heartbeat(
  budget: ScanBudget,
  scans: VersionScan[],
  servername: string,
): Promise<VulnerabilityFinding> {
  const id = 'heartbleed'
  const name = 'Heartbleed (CVE-2014-0160)'
  const scan = newestLegacy(scans)
  if (!scan) {
    const only13 = scans.some((s) => s.protocol === 'TLSv1.3' && s.status === 'accepted')
    const detail = only13 ? 'TLS 1.3 only: no heartbeat' : 'no version before TLS 1.3 was accepted'
    return { id, name, verdict: only13 ? 'not-vulnerable' : 'not-tested', detail }
  }
  try {
    const flight = await hello(budget, scan, servername, { heartbeat: true })
    if (flight.kind !== 'hello') {
      return { id, name, verdict: 'not-tested', detail: `a hello with heartbeat got ${refusal(flight)}` }
    }
    if (!flight.hello.extensions.has(0x000f)) {
      return { id, name, verdict: 'not-vulnerable', detail: 'the heartbeat extension is not offered' }
    }
    return {
      id,
      name,
      verdict: 'not-tested',
      detail: 'the heartbeat extension is offered; only an over-long heartbeat would tell, and the scan sends none',
    }
  } catch (error) {
    return { id, name, verdict: 'not-tested', detail: whyNoAnswer(error) }
  }
}
