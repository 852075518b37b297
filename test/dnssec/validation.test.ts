// Our DNSSEC validator against a hierarchy Knot signed on loopback: every verdict, every algorithm.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDnssecValidator, validateRrset } from '../../src/diagnostics/dnssec/validate.ts'
import { createNet, type Net } from '../../src/diagnostics/net/net.ts'
import { knotAvailable } from '../support/dns/knot.ts'
import { type SignedHierarchy, startSignedHierarchy } from '../support/dns/signed-hierarchy.ts'

if (!knotAvailable) console.warn('SKIPPED: DNSSEC validation tests need knotd and keymgr (Debian package knot)')

describe.skipIf(!knotAvailable)('validateRrset() on a signed Knot hierarchy', () => {
  let lab: SignedHierarchy
  let net: Net

  beforeAll(async () => {
    lab = await startSignedHierarchy()
    net = createNet({ targetAllow: [], dnsServers: [lab.endpoint] })
  }, 60_000)
  afterAll(async () => {
    await lab?.stop()
  })

  const validate = (name: string, type: string) =>
    validateRrset(name, type, net, { signal: AbortSignal.timeout(10_000), trustAnchors: lab.trustAnchors })

  it('proves a signed answer Secure from the root anchor down, with the chain of zones', async () => {
    const v = await validate('www.ok.sec', 'A')
    expect(v.status).toBe('secure')
    expect(v.reason).toMatch(/^Secure: the www\.ok\.sec\. A set is signed by ok\.sec\. key \d+/)
    expect(v.chain.map((l) => [l.zone, l.dsSource, l.status])).toEqual([
      ['.', 'trust-anchor', 'secure'],
      ['sec.', 'parent', 'secure'],
      ['ok.sec.', 'parent', 'secure'],
    ])
    expect(v.chain[0]?.keys.map((k) => k.algorithm)).toEqual(['RSASHA256', 'RSASHA256'])
    expect(v.chain[2]?.keys.map((k) => k.role).sort()).toEqual(['KSK', 'ZSK'])
    expect(v.chain[2]?.keys.find((k) => k.role === 'KSK')).toMatchObject({ matchesDs: true, signedKeys: true })
    expect(v.chain[2]?.signatureExpiration).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    expect(v.answerSignature).toMatchObject({ signer: 'ok.sec.', algorithm: 'ECDSAP256SHA256' })
    expect(v.failureSource).toBeUndefined()
  })

  it.each([
    ['n3.sec', 'ECDSAP384SHA384'],
    ['ed.sec', 'ED25519'],
    ['rsa.sec', 'RSASHA512'],
  ])('validates a zone signed with %s (%s)', async (zone, algorithm) => {
    const v = await validate(`www.${zone}`, 'A')
    expect(v.status).toBe('secure')
    expect(v.answerSignature?.algorithm).toBe(algorithm)
    expect(v.chain.at(-1)?.keys.every((k) => k.algorithm === algorithm)).toBe(true)
  })

  it('validates a DNSKEY and a DS set asked for directly', async () => {
    expect((await validate('ok.sec', 'DNSKEY')).status).toBe('secure')
    const ds = await validate('ok.sec', 'DS')
    expect(ds.status).toBe('secure')
    expect(ds.answerSignature?.signer).toBe('sec.')
  })

  it('proves NXDOMAIN with NSEC', async () => {
    const v = await validate('nope.ok.sec', 'A')
    expect(v.status).toBe('secure')
    expect(v.reason).toBe('Secure: nope.ok.sec. does not exist (NXDOMAIN), proven by NSEC')
  })

  it('proves NXDOMAIN with NSEC3', async () => {
    const v = await validate('nope.n3.sec', 'A')
    expect(v.status).toBe('secure')
    expect(v.reason).toBe('Secure: nope.n3.sec. does not exist (NXDOMAIN), proven by NSEC3')
    expect(v.proof).toMatch(/^NSEC3 closest encloser n3\.sec\.; next closer nope\.n3\.sec\. and \*\.n3\.sec\. covered$/)
  })

  it('proves NODATA with NSEC and with NSEC3', async () => {
    expect((await validate('www.ok.sec', 'MX')).reason).toBe(
      'Secure: www.ok.sec. has no MX records (NODATA), proven by NSEC',
    )
    expect((await validate('www.n3.sec', 'MX')).reason).toBe(
      'Secure: www.n3.sec. has no MX records (NODATA), proven by NSEC3',
    )
  })

  it.each(['ok.sec', 'n3.sec'])('proves a wildcard answer and a wildcard NODATA in %s', async (zone) => {
    const answer = await validate(`host.any.${zone}`, 'A')
    expect(answer.status).toBe('secure')
    expect(answer.proof).toMatch(/, expanded from a wildcard$/)
    const nodata = await validate(`host.any.${zone}`, 'MX')
    expect(nodata.status).toBe('secure')
    expect(nodata.proof).toMatch(/answered by the wildcard \*\.any\./)
  })

  it('calls an unsigned delegation Insecure and names it', async () => {
    const v = await validate('www.unsigned.sec', 'A')
    expect(v.status).toBe('insecure')
    expect(v.insecureDelegation).toBe('unsigned.sec.')
    expect(v.reason).toBe(
      'Insecure: the delegation to unsigned.sec. is unsigned (NSEC at unsigned.sec. shows a delegation without DS)',
    )
    expect(v.chain.at(-1)).toMatchObject({ zone: 'unsigned.sec.', dsSource: 'none', status: 'insecure' })
  })

  it('calls an unsigned child under an NSEC3 opt-out parent Insecure', async () => {
    const v = await validate('www.child.opt', 'A')
    expect(v.status).toBe('insecure')
    expect(v.insecureDelegation).toBe('child.opt.')
    expect(v.reason).toMatch(
      /^Insecure: the delegation to child\.opt\. is unsigned \(an opt-out NSEC3 covers child\.opt\./,
    )
  })

  it('calls a DS that matches no key Bogus, naming the DS', async () => {
    const v = await validate('www.mismatch.sec', 'A')
    expect(v.status).toBe('bogus')
    expect(v.failureSource).toBe('target')
    expect(v.reason).toMatch(
      /^Bogus: DS does not match: the digest of DS record \d+ ECDSAP256SHA256 SHA-256 differs from the DNSKEY of mismatch\.sec\. with that tag$/,
    )
    expect(v.chain.at(-1)).toMatchObject({ zone: 'mismatch.sec.', status: 'bogus' })
  })

  it('calls a zone with a DS but no DNSKEY Bogus: missing DNSKEY', async () => {
    const v = await validate('www.nokey.sec', 'A')
    expect(v.status).toBe('bogus')
    expect(v.reason).toBe('Bogus: missing DNSKEY: nokey.sec. has a DS record but no DNSKEY records were returned')
  })

  it('calls an expired RRSIG Bogus with its expiry time', async () => {
    const v = await validate('expired.sec', 'A')
    expect(v.status).toBe('bogus')
    expect(v.reason).toMatch(
      /^Bogus: the RRSIG over the expired\.sec\. A set expired at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/,
    )
    expect(v.chain.at(-1)).toMatchObject({ zone: 'expired.sec.', status: 'secure' })
  })

  it('calls a record changed after signing Bogus: bad signature', async () => {
    const v = await validate('tampered.sec', 'A')
    expect(v.status).toBe('bogus')
    expect(v.reason).toMatch(
      /^Bogus: the RRSIG over the tampered\.sec\. A set by key \d+ does not verify \(bad signature\)$/,
    )
  })

  it('is Bogus when the trust anchor matches no root key', async () => {
    const wrong = lab.trustAnchors.map((anchor) => ({ ...anchor, digest: Buffer.alloc(32, 1) }))
    const v = await validateRrset('www.ok.sec', 'A', net, { signal: AbortSignal.timeout(5000), trustAnchors: wrong })
    expect(v.status).toBe('bogus')
    expect(v.reason).toMatch(/^Bogus: DS does not match: the digest of trust anchor \d+ RSASHA256 SHA-256/)
  })

  it('is Indeterminate, naming the server and whose failure it is, when a DNSKEY cannot be fetched', async () => {
    const silent = createNet({ targetAllow: [], dnsServers: ['127.57.0.9:9'] })
    const validator = createDnssecValidator(silent, {
      signal: AbortSignal.timeout(5000),
      trustAnchors: lab.trustAnchors,
      timeoutMs: 200,
      serverFailureSource: 'target',
    })
    const v = await validator.validate('www.ok.sec', 'A')
    expect(v.status).toBe('indeterminate')
    expect(v.failureSource).toBe('target')
    expect(v.reason).toMatch(
      /^Could not fetch the DNSKEY records of \. from 127\.57\.0\.9:9: the server (did not answer in time|could not be asked \(ECONNREFUSED\))$/,
    )
  })
})
