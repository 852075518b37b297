// Which key exchange groups the server accepts, and the size of its DH group. TLS 1.3: a hello
// listing one group and no key share makes a server that supports the group ask for it (a
// HelloRetryRequest); before TLS 1.3: a hello offering only the accepted ECDHE suites and one curve
// gets a ServerKeyExchange on that curve, or a refusal.

import type { ProtocolName, SupportedGroup } from '../../shared/tools/ssl/schema.ts'
import { suiteFor } from '../tls-grade/suite-table.ts'
import { GROUPS, type HelloVersion } from './client-hello.ts'
import { VERSION_LABELS, type VersionScan, whyNoAnswer } from './enumerate-suites.ts'
import { exchangeHello } from './hello-exchange.ts'
import type { ScanBudget } from './scan-budget.ts'

/** Curves usable before TLS 1.3 (the TLS 1.3 brainpool, finite-field and hybrid groups are not). */
const LEGACY_CURVES = GROUPS.filter((g) => g.code <= 0x001e)
const codes = (scan: VersionScan) => scan.suites.map((s) => Number(s.code))

async function probeGroup(
  budget: ScanBudget,
  version: HelloVersion,
  suites: number[],
  servername: string,
  group: number,
): Promise<boolean> {
  const flight = await budget.connect((target) =>
    exchangeHello(target, { version, suites, servername, groups: [group], keyShare: false, keyExchange: true }),
  )
  if (flight.kind !== 'hello') return false
  return version === 'TLSv1.3' ? flight.hello.group === group : flight.curve === group
}

export interface GroupsProbe {
  groups: SupportedGroup[]
  dhBits: number | null
  /** The DH prime of the DHE probe, for the well-known-prime check. */
  dhPrime: Buffer | null
}

export async function probeGroups(budget: ScanBudget, scans: VersionScan[], servername: string): Promise<GroupsProbe> {
  const found = new Map<string, SupportedGroup>()
  const record = (name: string, bits: number, protocol: ProtocolName) => {
    const entry = found.get(name) ?? { name, bits, protocols: [] }
    entry.protocols.push(protocol)
    found.set(name, entry)
  }
  const jobs: Promise<unknown>[] = []
  const tls13 = scans.find((s) => s.protocol === 'TLSv1.3' && s.status === 'accepted')
  // Curves before TLS 1.3 are asked of the newest such version with ECDHE suites.
  const legacy = scans.find((s) => s.protocol !== 'TLSv1.3' && s.suites.some((x) => x.keyExchange === 'ECDHE'))
  const plan: [VersionScan, number[], typeof GROUPS][] = []
  if (tls13) plan.push([tls13, codes(tls13), GROUPS])
  if (legacy) {
    const ecdhe = legacy.suites.filter((s) => s.keyExchange === 'ECDHE').map((s) => Number(s.code))
    plan.push([legacy, ecdhe, LEGACY_CURVES])
  }
  let failure: string | null = null
  for (const [scan, suites, groups] of plan) {
    const version = scan.protocol as HelloVersion
    for (const group of groups) {
      jobs.push(
        probeGroup(budget, version, suites, servername, group.code).then(
          (accepted) => accepted && record(group.name, group.bits, scan.protocol),
          (error: unknown) => {
            failure ??= `${VERSION_LABELS[scan.protocol]}: ${whyNoAnswer(error)}`
          },
        ),
      )
    }
  }
  const dhBits = probeDhSize(budget, scans, servername)
  await Promise.all(jobs)
  if (failure) budget.skip('some key exchange groups', failure)
  const order = GROUPS.map((g) => g.name)
  const groups = [...found.values()].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name))
  const dh = await dhBits
  return { groups, dhBits: dh?.bits ?? null, dhPrime: dh?.prime ?? null }
}

/** The DH group (size and prime) of the newest version before TLS 1.3 that accepts DHE suites. */
async function probeDhSize(
  budget: ScanBudget,
  scans: VersionScan[],
  servername: string,
): Promise<{ bits: number | null; prime: Buffer | null } | null> {
  const scan = scans.find((s) => s.protocol !== 'TLSv1.3' && s.suites.some((x) => x.keyExchange === 'DHE'))
  if (!scan) return null
  const suites = scan.suites.filter((s) => s.keyExchange === 'DHE').map((s) => Number(s.code))
  try {
    const flight = await budget.connect((target) =>
      exchangeHello(target, { version: scan.protocol as HelloVersion, suites, servername, keyExchange: true }),
    )
    if (flight.kind === 'hello' && suiteFor(flight.hello.suite).keyExchange === 'DHE') {
      return { bits: flight.dhBits, prime: flight.dhPrime ?? null }
    }
  } catch (error) {
    budget.skip('DH parameter size', whyNoAnswer(error))
  }
  return null
}
