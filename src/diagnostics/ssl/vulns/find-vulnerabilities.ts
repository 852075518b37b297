// Every known-weakness finding of the scan, in the order SSL Labs lists them; the active probes run
// under the scan's budget (its concurrency and total deadline), one connection each, alongside the
// group probes; Logjam waits for their DH group.
import type { VulnerabilityFinding } from '../../../shared/tools/ssl/schema.ts'
import type { VersionScan } from '../enumerate-suites.ts'
import type { ScanBudget } from '../scan-budget.ts'
import { clientRenegotiation } from './client-renegotiation.ts'
import { freak, logjam, poodle, secureRenegotiation, sweet32 } from './derived-findings.ts'
import { drown } from './drown.ts'
import { ccsInjection } from './early-ccs.ts'
import { compression, fallbackScsv, heartbeat } from './hello-probes.ts'
import { robot } from './robot.ts'

export interface DhGroup {
  bits: number | null
  commonPrime: string | null
}

export async function findVulnerabilities(
  budget: ScanBudget,
  scans: VersionScan[],
  servername: string,
  dhGroup: Promise<DhGroup>,
): Promise<VulnerabilityFinding[]> {
  const [bleed, ccs, clientRenego, crime, fallback, sslv2, oracle, dh] = await Promise.all([
    heartbeat(budget, scans, servername),
    ccsInjection(budget, scans),
    clientRenegotiation(budget, scans),
    compression(budget, scans, servername),
    fallbackScsv(budget, scans, servername),
    drown(budget),
    robot(budget, scans, servername),
    dhGroup,
  ])
  return [
    bleed,
    ccs,
    secureRenegotiation(scans),
    clientRenego,
    crime,
    poodle(scans),
    fallback,
    sweet32(scans),
    freak(scans),
    logjam(scans, dh.bits, dh.commonPrime),
    sslv2,
    oracle,
  ]
}
