// Whose failure a failed ASN check is, and how it is worded: this server's own data files that
// cannot be read are the server side's (the ASN index) or a note (the DB-IP country, the RDAP
// registration); only what the data says of the address is the target's. The addresses are data
// only: nothing is sent to them; the RDAP directory is a closed port on loopback.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AsnSettings, createAsnDiagnostic } from '../../src/diagnostics/asn/run.ts'
import { type AsnIndex, loadAsnIndex } from '../../src/diagnostics/ip-data/asn-index.ts'
import { createNet } from '../../src/diagnostics/net/net.ts'
import { createRdapClient } from '../../src/diagnostics/rdap/rdap-client.ts'
import type { RunContext } from '../../src/diagnostics/types.ts'
import { freePort } from '../support/net/ports.ts'

/** A one-row index: 1.1.1.0/24 announced by AS13335. */
const oneRow: AsnIndex = {
  rows: { ipv4: 1, ipv6: 0 },
  announcedBy: (asn) => (asn === 13335 ? { asn, name: 'Cloudflare, Inc.', ipv4: ['1.1.1.0/24'], ipv6: [] } : undefined),
  lookup: (address) =>
    address.address === '1.1.1.1'
      ? { asn: 13335, name: 'Cloudflare, Inc.', prefix: '1.1.1.0/24', range: '1.1.1.0 - 1.1.1.255' }
      : undefined,
}
const nowhere = async () => undefined

let closed: number
let scratch: string

beforeAll(async () => {
  closed = await freePort()
  scratch = await mkdtemp(path.join(tmpdir(), 'asn-attribution-'))
})
afterAll(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true })
})

function check(input: string, data: Partial<AsnSettings>) {
  const rdap = createRdapClient({ bootstrapUrl: `http://127.0.0.1:${closed}/` })
  const diagnostic = createAsnDiagnostic({ rdap, asnIndex: async () => oneRow, lookUpLocation: nowhere, ...data })
  const net = createNet({ targetAllow: ['127.0.0.0/8'], dnsServers: ['127.0.0.1:9'], ownAddresses: [] })
  const ctx: RunContext = { signal: AbortSignal.timeout(10_000), net, progress: () => {} }
  return diagnostic.run({ input }, ctx)
}

describe("ASN check failures on this server's side", () => {
  it('an ASN index that cannot be loaded', async () => {
    const outcome = await check('1.1.1.1', { asnIndex: () => loadAsnIndex(path.join(scratch, 'missing')) })
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'server',
      error: "This server's ASN database could not be loaded (ENOENT)",
    })
  })

  it('a DB-IP database and an RDAP directory that cannot be read are notes, not failures', async () => {
    const lookUpLocation = async () => {
      await readFile(path.join(scratch, 'missing.mmdb'))
      return undefined
    }
    const outcome = await check('1.1.1.1', { lookUpLocation })
    expect(outcome).toMatchObject({ status: 'ok', result: { asn: 13335 } })
    expect(outcome.result?.notes).toEqual([
      `RDAP registration data unavailable: the RDAP directory could not be read: 127.0.0.1:${closed} (127.0.0.1): the server refused the connection`,
      "No country: this server's DB-IP database could not be loaded (ENOENT)",
    ])
  })
})

describe('ASN check failures about the target', () => {
  it('an address no autonomous system announces', async () => {
    const outcome = await check('9.9.9.9', {})
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'target',
      error: 'No autonomous system announces 9.9.9.9 in the offline ASN data',
    })
  })

  it('input that is no IP address', async () => {
    const outcome = await check('example.com', {})
    expect(outcome).toEqual({ status: 'failed', failureSource: 'target', error: 'example.com is not an IP address' })
  })
})

describe('ASN check refused by the target policy', () => {
  it('a private address', async () => {
    const outcome = await check('10.20.30.40', {})
    expect(outcome).toEqual({
      status: 'failed',
      failureSource: 'policy',
      error: '10.20.30.40 is not announced on the internet: private network (RFC 1918)',
    })
  })
})
