// DANE matching (RFC 7672 with RFC 6698's fields) against real certificates from the test CA: every
// selector and matching type, a DANE-TA record for the intermediate the server sends, and misses.
import { createHash, X509Certificate } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { matchTlsa, type TlsaRecord } from '../../src/diagnostics/mail/dane-check.ts'
import {
  createTestCa,
  type IssuedCert,
  MAIL_TEST_CA,
  mailServerCert,
  opensslAvailable,
  type TestCa,
} from '../support/tls/test-ca.ts'

if (!opensslAvailable) console.warn('SKIPPED: DANE matching tests need openssl')

const der = (pem: string) => new X509Certificate(pem).raw
const pems = (bundle: string) => bundle.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []
const digest = (data: Buffer, matchingType: number) =>
  matchingType === 0
    ? data
    : createHash(matchingType === 1 ? 'sha256' : 'sha512')
        .update(data)
        .digest()

describe.skipIf(!opensslAvailable)('matchTlsa()', () => {
  let ca: TestCa
  let leaf: IssuedCert
  let other: IssuedCert
  let chain: Buffer[]

  beforeAll(async () => {
    ca = await createTestCa(MAIL_TEST_CA)
    leaf = await ca.issue(mailServerCert('mx.example.test'))
    other = await ca.issue(mailServerCert('mx.example.test'))
    chain = pems(leaf.chain).map(der)
  })
  afterAll(async () => ca?.remove())

  const selected = (pem: string, selector: number) =>
    selector === 0 ? der(pem) : new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' })
  const record = (usage: number, selector: number, matchingType: number, pem: string): TlsaRecord => ({
    usage,
    selector,
    matchingType,
    data: digest(selected(pem, selector), matchingType),
  })

  it('matches the leaf with DANE-EE for each selector and matching type', () => {
    for (const selector of [0, 1]) {
      for (const matchingType of [0, 1, 2]) {
        const r = record(3, selector, matchingType, leaf.cert)
        expect(matchTlsa([r], chain, true), `3 ${selector} ${matchingType}`).toMatchObject({ usage: 'DANE-EE' })
      }
    }
  })

  it('matches none when the records name another key or certificate', () => {
    expect(matchTlsa([record(3, 1, 1, other.cert), record(3, 0, 2, other.cert)], chain, true)).toBeUndefined()
  })

  it('matches DANE-TA on the intermediate the leaf chains to, and flags a name that does not match', () => {
    const intermediate = pems(leaf.chain)[1] ?? ''
    expect(matchTlsa([record(2, 0, 1, intermediate)], chain, true)).toMatchObject({
      usage: 'DANE-TA',
      nameMismatch: false,
    })
    expect(matchTlsa([record(2, 1, 2, intermediate)], chain, false)).toMatchObject({
      usage: 'DANE-TA',
      nameMismatch: true,
    })
    // The leaf alone: the trust anchor is not among the certificates sent.
    expect(matchTlsa([record(2, 0, 1, intermediate)], chain.slice(0, 1), true)).toBeUndefined()
  })

  it('ignores PKIX usages 0 and 1 even when their data matches', () => {
    expect(
      matchTlsa([record(1, 1, 1, leaf.cert), record(0, 0, 1, pems(leaf.chain)[1] ?? '')], chain, true),
    ).toBeUndefined()
  })
})
