// DNSSEC validation of our own (RFC 4035 §5): from the trust anchors down the DS/DNSKEY chain to
// the answer, asking every question with CD and DO set so no resolver's verdict (AD bit) is
// trusted. Zone cuts are found by asking the DS of each name from the top: a signed DS set starts
// a new zone, a proven "no DS" at a delegation ends the chain as Insecure.

import { readRrType, RR_TYPE_NUMBERS as T } from '../../shared/tools/dns/record-types.ts'
import type { DnssecChainLink, DnssecValidation } from '../../shared/tools/dns/schema.ts'
import type { FailureSource } from '../../shared/tools/tool-answer.ts'
import { type Endpoint, formatEndpoint } from '../net/endpoint.ts'
import type { Net } from '../net/net.ts'
import { algorithmName, algorithmSupported } from './algorithms.ts'
import { proveDenial, proveWildcardExpansion } from './denial.ts'
import { digestSupported } from './keys.ts'
import { ancestor, isAtOrBelow, type Labels, nameText, normalName, parseName, sameName } from './names.ts'
import { createQuestions } from './questions.ts'
import { type AnswerSections, type Rr, signaturesOf } from './records.ts'
import { checkRrset, timeText, type ZoneKey } from './rrset-signature.ts'
import { type DsRecord, loadDnssecTrustAnchors } from './trust-anchors.ts'
import { bogus, insecure, Verdict } from './verdict.ts'
import { checkZoneKeys, dsText } from './zone-keys.ts'

export interface DnssecOptions {
  /** The server asked for DS, DNSKEY and the answer; the Net's resolver when absent. */
  server?: Endpoint
  signal: AbortSignal
  /** DS records of the top zone (the root); IANA's root anchors when absent. */
  trustAnchors?: DsRecord[]
  /** Validation time in seconds since 1970; now when absent. */
  now?: number
  /** Whose failure an unanswered question is: "server" for our own resolver, "target" for one a user chose. */
  serverFailureSource?: FailureSource
  timeoutMs?: number
}

/** Validates answers through one server, sharing DS and DNSKEY answers between names. */
export function createDnssecValidator(net: Pick<Net, 'askDns' | 'resolver'>, options: DnssecOptions) {
  const server = options.server ?? net.resolver
  const where = server ? formatEndpoint(server) : 'no resolver'
  const anchors = options.trustAnchors ?? loadDnssecTrustAnchors(undefined)
  const ask = createQuestions(net, { server, signal: options.signal, timeoutMs: options.timeoutMs })
  const now = () => options.now ?? Math.floor(Date.now() / 1000)
  const keyCache = new Map<string, ReturnType<typeof checkZoneKeys>>()

  async function fetch(name: Labels, type: number, what: string): Promise<AnswerSections> {
    const fetched = await ask(name, type)
    if (fetched.ok) return fetched.answer
    throw new Verdict({
      status: 'indeterminate',
      reason: `Could not fetch ${what} from ${where}: the server ${fetched.error}`,
      failureSource: options.serverFailureSource ?? 'server',
    })
  }

  async function zoneKeys(
    zone: Labels,
    dsSet: DsRecord[],
    source: 'trust-anchor' | 'parent',
    chain: DnssecChainLink[],
  ) {
    const cacheKey = `${nameText(zone)}|${dsSet.map(dsText).join(',')}`
    let checked = keyCache.get(cacheKey)
    if (!checked) {
      const answer = await fetch(zone, T.DNSKEY, `the DNSKEY records of ${nameText(zone)}`)
      checked = checkZoneKeys(zone, dsSet, source, answer, now())
      keyCache.set(cacheKey, checked)
    }
    chain.push(checked.link)
    if (!checked.ok) throw bogus(checked.reason)
    return checked.keys
  }

  /** Signed NSEC/NSEC3 records of the authority section, each signature checked with the zone's keys. */
  function checkedDenialRecords(answer: AnswerSections, zone: Labels, keys: ZoneKey[]): Rr[] {
    const records = answer.authority.filter((r) => r.type === T.NSEC || r.type === T.NSEC3)
    const sigs = signaturesOf(answer.authority)
    for (const record of records) {
      const rrset = records.filter((r) => r.type === record.type && sameName(r.owner, record.owner))
      const check = checkRrset(
        `the ${record.type === T.NSEC ? 'NSEC' : 'NSEC3'} record ${nameText(record.owner)}`,
        rrset,
        sigs,
        zone,
        keys,
        now(),
      )
      if (!check.ok) throw bogus(check.reason)
    }
    return records
  }

  /** Walks from the anchors to the zone holding `qname`; returns that zone and its keys. */
  async function walk(qname: Labels, lastDepth: number, chain: DnssecChainLink[]) {
    let zone = anchors[0]?.owner ?? []
    if (!isAtOrBelow(qname, zone)) {
      throw new Verdict({
        status: 'indeterminate',
        reason: `No trust anchor covers ${nameText(qname)}`,
        failureSource: 'server',
      })
    }
    let keys = await zoneKeys(zone, anchors, 'trust-anchor', chain)
    for (let depth = zone.length + 1; depth <= lastDepth; depth++) {
      const child = ancestor(qname, depth)
      const childName = nameText(child)
      const answer = await fetch(child, T.DS, `the DS records of ${childName}`)
      const dsRecords = answer.answers.filter((r) => r.type === T.DS && sameName(r.owner, child))
      if (dsRecords.length > 0) {
        const check = checkRrset(
          `the DS set of ${childName}`,
          dsRecords,
          signaturesOf(answer.answers),
          zone,
          keys,
          now(),
        )
        if (!check.ok) throw bogus(check.reason)
        const dsSet = dsRecords.map((r) => ({
          owner: child,
          keyTag: r.rdata.readUInt16BE(0),
          algorithm: r.rdata[2] ?? 0,
          digestType: r.rdata[3] ?? 0,
          digest: r.rdata.subarray(4),
        }))
        const usable = dsSet.filter((ds) => algorithmSupported(ds.algorithm) && digestSupported(ds.digestType))
        if (usable.length === 0) {
          const algorithms = [...new Set(dsSet.map((ds) => algorithmName(ds.algorithm)))].join(', ')
          chain.push({
            zone: childName,
            dsSource: 'parent',
            ds: dsSet.map(dsText),
            keys: [],
            status: 'insecure',
            note: `only unsupported algorithms or digests: ${algorithms}`,
          })
          throw insecure(
            `Insecure: ${childName} is signed only with algorithms or digests this validator does not support (${algorithms})`,
            childName,
          )
        }
        keys = await zoneKeys(child, usable, 'parent', chain)
        zone = child
        continue
      }
      if (answer.rcode === 3 || answer.answers.some((r) => r.type === T.CNAME)) break
      const denial = proveDenial(child, T.DS, false, zone, checkedDenialRecords(answer, zone, keys))
      if (!denial.ok) throw bogus(`no DS for ${childName} and no valid proof of that: ${denial.reason}`)
      if (denial.kind === 'too-many-iterations') {
        throw insecure(
          `Insecure: ${nameText(zone)} uses ${denial.iterations} NSEC3 iterations, more than validators accept`,
          nameText(zone),
        )
      }
      if (denial.kind === 'insecure-delegation') {
        chain.push({ zone: childName, dsSource: 'none', ds: [], keys: [], status: 'insecure', note: denial.text })
        throw insecure(`Insecure: the delegation to ${childName} is unsigned (${denial.text})`, childName)
      }
    }
    return { zone, keys }
  }

  async function validate(name: string, type: string): Promise<DnssecValidation> {
    const qname = parseName(name)
    const checkedType = readRrType(type)
    const base = { name: normalName(name), type, server: where }
    const chain: DnssecChainLink[] = []
    try {
      if (!checkedType.ok)
        throw new Verdict({ status: 'indeterminate', reason: checkedType.message, failureSource: 'server' })
      const qtype = checkedType.number
      // A DS set lives in the parent zone, so its walk stops one label above the name.
      const { zone, keys } = await walk(qname, qtype === T.DS ? qname.length - 1 : qname.length, chain)
      const answer = await fetch(qname, qtype, `the ${type} records of ${nameText(qname)}`)
      throw await judgeAnswer(qname, qtype, type, zone, keys, answer)
    } catch (thrown) {
      if (!(thrown instanceof Verdict)) throw thrown
      return { ...base, ...thrown.validation, chain }
    }
  }

  async function judgeAnswer(
    qname: Labels,
    qtype: number,
    type: string,
    zone: Labels,
    keys: ZoneKey[],
    answer: AnswerSections,
  ) {
    const q = nameText(qname)
    const atName = answer.answers.filter((r) => sameName(r.owner, qname) && r.type !== T.RRSIG)
    const rrset = atName.filter((r) => r.type === qtype)
    const cname = atName.filter((r) => r.type === T.CNAME)
    const shown = rrset.length > 0 ? rrset : cname
    if (shown.length > 0) {
      const what = `${q} ${rrset.length > 0 ? type : 'CNAME'}`
      const check = checkRrset(`the ${what} set`, shown, signaturesOf(answer.answers), zone, keys, now())
      if (!check.ok) throw bogus(check.reason)
      const wildcard = check.sig.labels < qname.length
      if (wildcard && !proveWildcardExpansion(qname, check.sig.labels, checkedDenialRecords(answer, zone, keys))) {
        throw bogus(`${q} was answered from a wildcard without proof that ${q} itself does not exist`)
      }
      const signature = {
        signer: nameText(check.sig.signer),
        keyTag: check.sig.keyTag,
        algorithm: algorithmName(check.sig.algorithm),
        inception: timeText(check.sig.inception),
        expiration: timeText(check.sig.expiration),
      }
      const target = rrset.length === 0 ? ` (a CNAME; its target is validated on its own)` : ''
      return new Verdict({
        status: 'secure',
        reason: `Secure: the ${what} set is signed by ${signature.signer} key ${check.sig.keyTag}${wildcard ? ' (wildcard)' : ''} and chained to the trust anchor${target}`,
        proof: `RRSIG ${signature.algorithm} by key ${check.sig.keyTag}${wildcard ? ', expanded from a wildcard' : ''}`,
        answerSignature: signature,
      })
    }
    const nxdomain = answer.rcode === 3
    const denial = proveDenial(qname, qtype, nxdomain, zone, checkedDenialRecords(answer, zone, keys))
    if (!denial.ok) throw bogus(denial.reason)
    if (denial.kind === 'too-many-iterations') {
      return insecure(
        `Insecure: ${nameText(zone)} uses ${denial.iterations} NSEC3 iterations, more than validators accept`,
        nameText(zone),
      )
    }
    if (denial.kind === 'insecure-delegation') {
      return new Verdict({ status: 'secure', reason: `Secure: ${q} has no DS: ${denial.text}`, proof: denial.text })
    }
    const what = nxdomain ? `${q} does not exist (NXDOMAIN)` : `${q} has no ${type} records (NODATA)`
    return new Verdict({ status: 'secure', reason: `Secure: ${what}, proven by ${denial.proof}`, proof: denial.text })
  }

  return { validate, server: where }
}

/** Validates one answer (name and type) from the trust anchors down; the verdict, never an exception for DNS trouble. */
export function validateRrset(
  name: string,
  type: string,
  net: Pick<Net, 'askDns' | 'resolver'>,
  options: DnssecOptions,
): Promise<DnssecValidation> {
  return createDnssecValidator(net, options).validate(name, type)
}
