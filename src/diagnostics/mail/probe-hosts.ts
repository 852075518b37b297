// Every mail host of the domain: its addresses (resolved once, policy-checked), reverse DNS and an
// SMTP dialogue per address, with a cap on parallel sessions and on addresses per host.
import type { MailCheck, MxAddress, MxHost } from '../../shared/tools/mail/schema.ts'
import { type IpLiteral, parseIpLiteral } from '../net/ip-literal.ts'
import type { Net } from '../net/net.ts'
import type { RecordResolver } from '../net/record-resolver.ts'
import { judgeDane, judgeTlsaLookup, lookupTlsa, type ValidateDnssec } from './dane-check.ts'
import { judgeIpv6 } from './ipv6-check.ts'
import { limitConcurrency } from './limit-concurrency.ts'
import { MAX_MX_HOSTS, type MxName } from './mx-lookup.ts'
import { lookupReverseDns } from './reverse-dns.ts'
import { judgeMxAddress } from './smtp-checks.ts'
import { probeSmtp, type SmtpTimeouts } from './smtp-probe.ts'

export const MAX_ADDRESSES_PER_HOST = 4
export const MAX_PARALLEL_SESSIONS = 5

export interface ProbeDeps {
  net: Net
  resolve: RecordResolver
  /** Ends when the probing budget runs out. */
  signal: AbortSignal
  smtpPort: number
  heloName: string
  domain: string
  timeouts: SmtpTimeouts
  /** The CAs STARTTLS certificates are verified against (the registry's trust store); Node's defaults when absent. */
  ca?: string[]
  progress(partial: unknown): void
  /** Our own DNSSEC validation of an answer (TLSA records); without it they are used unvalidated. */
  validateDnssec?: ValidateDnssec
}

export interface ProbedHost {
  host: MxHost
  checks: MailCheck[]
}

type Runner = ReturnType<typeof limitConcurrency>
/** The certificates each address presented after STARTTLS, by address. */
type Chains = Map<string, Buffer[]>

async function probeAddress(
  mx: MxName,
  address: IpLiteral,
  index: number,
  deps: ProbeDeps,
  run: Runner,
  chains: Chains,
) {
  const reverse = lookupReverseDns(address.address, deps)
  if (index >= MAX_ADDRESSES_PER_HOST) {
    return {
      address: address.address,
      ...(await reverse),
      skipped: `only the first ${MAX_ADDRESSES_PER_HOST} addresses of a host are tested`,
    }
  }
  const smtp = run(async () => {
    if (deps.signal.aborted) return undefined
    const session = await probeSmtp({
      policy: deps.net.policy,
      address,
      port: deps.smtpPort,
      mxName: mx.name,
      heloName: deps.heloName,
      domain: deps.domain,
      signal: deps.signal,
      timeouts: deps.timeouts,
      ca: deps.ca,
      onCertificates: (chain) => chains.set(address.address, chain),
    })
    deps.progress({ stage: 'smtp', host: mx.name, address: address.address })
    return session
  })
  const [ptr, session] = await Promise.all([reverse, smtp])
  const result: MxAddress = { address: address.address, ...ptr }
  if (session) result.smtp = session
  else result.skipped = 'the time budget of the test ran out'
  return result
}

async function probeHost(mx: MxName, deps: ProbeDeps, run: Runner): Promise<ProbedHost> {
  // A mail server given by its address has no name for TLSA records, and one address family.
  const named = parseIpLiteral(mx.name) === null
  const [resolution, tlsa] = await Promise.all([
    deps.net.resolveTarget(mx.name, { signal: deps.signal }),
    named ? lookupTlsa(mx.name, deps.resolve, deps.validateDnssec) : undefined,
  ])
  if (!resolution.ok) {
    // Only a fact about the host (it does not exist, it has no address) fails the check; our
    // resolver failing or the policy refusing the address leaves it not checked.
    const reason = resolution.failureSource === 'target' ? resolution.error : `not checked: ${resolution.error}`
    const status = resolution.failureSource === 'target' ? 'fail' : 'skipped'
    return {
      host: { ...mx, addresses: [], error: resolution.error, status: 'not-checked', notChecked: resolution.error },
      checks: [{ id: 'mx-address', title: 'Mail server address', status, reason, host: mx.name }],
    }
  }
  const chains: Chains = new Map()
  const addresses = await Promise.all(resolution.addresses.map((a, i) => probeAddress(mx, a, i, deps, run, chains)))
  const checks = addresses.flatMap((a) => {
    const host = `${mx.name} [${a.address}]`
    const dane = tlsa && judgeDane(tlsa, a, chains.get(a.address), host)
    return [...judgeMxAddress(a, mx.name, host), ...(dane ? [dane] : [])]
  })
  if (tlsa) checks.push(...judgeTlsaLookup(tlsa, mx.name), judgeIpv6(mx.name, addresses))
  const tlsaInfo = tlsa?.kind === 'records' ? { tlsa: tlsa.info } : {}
  return { host: { ...mx, addresses, ...judgeReach(addresses), ...tlsaInfo }, checks }
}

/** Checked when an SMTP connection was made to one of the addresses; otherwise why none was. */
export function judgeReach(addresses: MxAddress[]): Pick<MxHost, 'status' | 'notChecked'> {
  if (addresses.some((a) => a.smtp?.connectMs !== undefined)) return { status: 'checked' }
  const why = addresses.map((a) => a.skipped ?? a.smtp?.error ?? 'no connection')
  const distinct = [...new Set(why)]
  const reason =
    addresses.length === 1 || distinct.length === 1
      ? (distinct[0] ?? 'no address')
      : addresses.map((a, i) => `${a.address}: ${why[i]}`).join(', ')
  return { status: 'not-checked', notChecked: reason }
}

/** Probes up to MAX_MX_HOSTS hosts, in preference order. */
export function probeMailHosts(hosts: MxName[], deps: ProbeDeps): Promise<ProbedHost[]> {
  const run = limitConcurrency(MAX_PARALLEL_SESSIONS)
  return Promise.all(hosts.slice(0, MAX_MX_HOSTS).map((mx) => probeHost(mx, deps, run)))
}
