// Mail test: the domain's MX hosts probed over SMTP (banner, EHLO, STARTTLS, open relay) and its
// mail DNS records (SPF, DMARC, DKIM, MTA-STS, TLS-RPT, BIMI), DANE and IPv6 of every MX, every
// check with a verdict and a reason.
import type { z } from 'zod'
import { mailContract } from '../../shared/tools/mail/index.ts'
import type { MailCheck, MailResult, mailRequest } from '../../shared/tools/mail/schema.ts'
import type { DsRecord } from '../dnssec/trust-anchors.ts'
import { validateRrset } from '../dnssec/validate.ts'
import { parseIpLiteral } from '../net/ip-literal.ts'
import type { TrustStore } from '../net/trust-anchors.ts'
import { type Diagnostic, failed } from '../types.ts'
import { checkBimi } from './bimi-check.ts'
import { checkDkim } from './dkim-check.ts'
import { checkDmarc } from './dmarc-check.ts'
import { heloNameFor } from './helo-name.ts'
import { checkMtaSts, type MtaStsFetchOptions } from './mta-sts-check.ts'
import { lookupMx, MAX_MX_HOSTS, type MxLookup, type MxName } from './mx-lookup.ts'
import { judgeMx } from './mx-verdict.ts'
import { type ProbeDeps, probeMailHosts } from './probe-hosts.ts'
import { DEFAULT_SMTP_TIMEOUTS, type SmtpTimeouts } from './smtp-probe.ts'
import { checkSpf } from './spf-check.ts'
import { checkTlsRpt } from './tls-rpt-check.ts'

type MailRequest = z.infer<typeof mailRequest>

export interface MailDiagnosticOptions {
  /** SMTP port of every mail host (25; tests use another). */
  smtpPort?: number
  /** Our host name for EHLO and the relay probe's sender. */
  heloName?: string
  timeouts?: Partial<SmtpTimeouts>
  mtaSts?: MtaStsFetchOptions
  /** Time for DNS and SMTP work; the rest of the deadline is left for the answer. */
  budgetMs?: number
  /** DS records DNSSEC validation of TLSA records starts from (the root's by default). */
  trustAnchors?: DsRecord[]
  /** The CAs STARTTLS certificates and the MTA-STS policy host are verified against (the registry's one trust store). */
  trust?: TrustStore
}

export const MAIL_DEADLINE_MS = 45_000
const DEFAULT_BUDGET_MS = 40_000

async function checkRecords(domain: string, mxNames: string[], deps: ProbeDeps, fetch: MtaStsFetchOptions) {
  const { resolve, net, signal } = deps
  // BIMI is judged with the DMARC policy it depends on.
  const dmarcAndBimi = checkDmarc(domain, resolve).then(async (dmarc) => ({
    dmarc,
    bimi: await checkBimi(domain, resolve, dmarc.dmarc),
  }))
  const [spf, { dmarc, bimi }, dkim, mtaSts, tlsRpt] = await Promise.all([
    checkSpf(domain, resolve),
    dmarcAndBimi,
    checkDkim(domain, resolve),
    checkMtaSts(domain, mxNames, { resolve, net, signal, fetch }),
    checkTlsRpt(domain, resolve),
  ])
  return {
    checks: [spf.check, dmarc.check, dkim.check, mtaSts.check, tlsRpt.check, bimi.check],
    records: {
      spf: spf.spf,
      dmarc: dmarc.dmarc,
      dkim: dkim.dkim,
      mtaSts: mtaSts.mtaSts,
      tlsRpt: tlsRpt.tlsRpt,
      bimi: bimi.bimi,
    },
  }
}

function hostsToProbe(domain: string, lookup: MxLookup): MxName[] {
  if (lookup.kind === 'mx') return lookup.hosts.slice(0, MAX_MX_HOSTS)
  if (lookup.kind === 'no-mx') return [{ name: domain, preference: 0 }]
  return []
}

async function testAddress(address: string, deps: ProbeDeps): Promise<MailResult> {
  const [probed] = await probeMailHosts([{ name: address, preference: 0 }], deps)
  const note: MailCheck = {
    id: 'mx',
    title: 'Mail host',
    status: 'info',
    reason: `${address} tested directly; no domain, so no MX, SPF, DMARC or DKIM`,
  }
  return {
    domain: address,
    mxSource: 'ip-literal',
    mx: probed ? [probed.host] : [],
    checks: [note, ...(probed?.checks ?? [])],
    dkim: [],
  }
}

export function createMailDiagnostic(options: MailDiagnosticOptions = {}): Diagnostic<MailRequest, MailResult> {
  const timeouts = { ...DEFAULT_SMTP_TIMEOUTS, ...options.timeouts }
  const heloName = options.heloName ?? heloNameFor(undefined)
  return {
    ...mailContract,
    deadlineMs: MAIL_DEADLINE_MS,
    async run(request, ctx) {
      if (!ctx.net.resolver) return failed('server', 'No DNS resolver is configured on this server')
      const domain = request.input.trim().toLowerCase().replace(/\.$/, '')
      const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(options.budgetMs ?? DEFAULT_BUDGET_MS)])
      const resolve = ctx.net.createRecordResolver({ signal })
      const deps: ProbeDeps = {
        net: ctx.net,
        resolve,
        signal,
        smtpPort: options.smtpPort ?? 25,
        heloName,
        domain,
        timeouts,
        ca: options.trust?.ca,
        progress: ctx.progress,
        validateDnssec: (name, type) =>
          validateRrset(name, type, ctx.net, {
            signal,
            ...(options.trustAnchors ? { trustAnchors: options.trustAnchors } : {}),
            serverFailureSource: 'server',
            timeoutMs: 5000,
          }),
      }
      const literal = parseIpLiteral(domain)
      if (literal) {
        // A denied address is the whole answer: nothing else would be tested.
        const decision = ctx.net.policy.check(literal.address)
        if (!decision.allowed) return failed('policy', ctx.net.policy.explain(decision))
        return { status: 'ok', result: await testAddress(literal.address, deps) }
      }

      const lookup = await lookupMx(domain, resolve)
      if (lookup.kind === 'nxdomain') return failed('target', `${domain} does not exist (NXDOMAIN)`)
      if (lookup.kind === 'error') return failed('server', lookup.error)
      const hosts = hostsToProbe(domain, lookup)
      ctx.progress({ stage: 'mx', hosts: hosts.map((h) => h.name) })
      const [probed, records] = await Promise.all([
        probeMailHosts(hosts, deps),
        checkRecords(
          domain,
          hosts.map((h) => h.name),
          deps,
          { ...(options.trust?.ca ? { ca: options.trust.ca } : {}), ...options.mtaSts },
        ),
      ])
      const result: MailResult = {
        domain,
        mxSource: lookup.kind === 'mx' ? 'mx' : lookup.kind === 'null-mx' ? 'null-mx' : 'address-fallback',
        mx: probed.map((p) => p.host),
        checks: [judgeMx(domain, lookup, probed), ...records.checks, ...probed.flatMap((p) => p.checks)],
        ...records.records,
      }
      return { status: 'ok', result }
    },
  }
}
